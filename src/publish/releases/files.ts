/**
 * The file-system steps builds share: an error's code, a hard link that falls back to a copy across file
 * systems, and linking many files into a new build at once. Every build's files are linked from the one
 * before where they did not change (a partial build's pages, a layer's carried files, unchanged siblings).
 */
import { copyFile, link, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The `code` of a file-system error (`EEXIST`, `ENOENT`…), if it has one. */
export const errorCode = (error: unknown): unknown =>
  error instanceof Error && 'code' in error ? error.code : undefined;

/** Hard-links `from` to `to` (a copy across file systems): the previous build's files are never written again. */
export async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EXDEV' || code === 'EPERM') await copyFile(from, to);
    else throw error;
  }
}

/** Runs `task` over the items, `concurrency` of them at a time, each item once. */
export async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let at = next++; at < items.length; at = next++) {
      const item = items[at];
      if (item !== undefined) await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

/** Files linked at a time: each waits on the disk, and libuv has four threads for it. */
const FILES_AT_ONCE = 16;

/**
 * Links `files` (relative paths) from `from` into `to` (`linkOrCopy`), creating the folders they need,
 * several at a time; a file already there is kept.
 */
export async function linkFiles(from: string, to: string, files: readonly string[]): Promise<void> {
  // One mkdir per folder, which every file of it waits for.
  const folders = new Map<string, Promise<unknown>>();
  await forEachConcurrently(files, FILES_AT_ONCE, async (file) => {
    const folder = dirname(join(to, file));
    let made = folders.get(folder);
    if (!made) folders.set(folder, (made = mkdir(folder, { recursive: true })));
    await made;
    try {
      await linkOrCopy(join(from, file), join(to, file));
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
  });
}
