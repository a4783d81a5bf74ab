/**
 * Siblings made after a build is live (the publisher's renderer process does it, warm-worker.ts): the
 * `.br`/`.gz` files of a whole build published without them, and of the files each warm run wrote. One
 * file at a time, giving way (`quiet`) whenever a sync or a run is under way: those put a price live, this
 * only saves bytes; until a sibling exists the server compresses the file as it sends it.
 *
 * Builds are pruned while this works (builds.ts keeps the last few): a run's files are compressed in the
 * newest build that holds them (a file an earlier run wrote is carried into the next layer as a hard link,
 * so its siblings belong there), and a file or build that is gone is left alone.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isCompressible, MIN_COMPRESS_BYTES, textFiles } from './content-types.ts';
import { CODINGS, SUFFIX, type Levels } from './encoding.ts';
import { errorCode } from './files.ts';
import { compressFile } from './precompress.ts';

/** Waits until no sync or run is under way. */
export type Quiet = () => Promise<void>;

/** A build folder and the levels its files are compressed at. */
export interface LevelledBuild {
  readonly dir: string;
  readonly levels: Levels;
}

/** Writes the siblings of one text file of `build`; false when it is too small, or it or its build is gone. */
async function compressOne(build: LevelledBuild, file: string): Promise<boolean> {
  const client = join(build.dir, 'client');
  const content = await readFile(join(client, file)).catch(() => undefined);
  if (!content || content.length < MIN_COMPRESS_BYTES) return false;
  try {
    await compressFile(client, file, content, { bulk: build.levels });
    return true;
  } catch (error) {
    // Gone: the file or its build was removed meanwhile.
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}

/** Writes the siblings a live build's text files lack (a whole build published with none); how many. */
export async function compressBuild(build: LevelledBuild, quiet: Quiet): Promise<number> {
  const client = join(build.dir, 'client');
  let compressed = 0;
  for await (const file of textFiles(client)) {
    await quiet();
    if (!existsSync(client)) break;
    const target = join(client, file);
    if (CODINGS.every((coding) => existsSync(target + SUFFIX[coding]))) continue;
    if (await compressOne(build, file)) compressed += 1;
  }
  return compressed;
}

/**
 * The files of warm runs still without siblings: `add` queues a run's files and makes its build the one
 * they are compressed in; they are compressed in the background, one at a time. `idle` resolves when the
 * queue is empty (tests).
 */
export function siblingsLater(quiet: Quiet, log: (line: string) => void) {
  const files = new Set<string>();
  let newest: LevelledBuild | undefined;
  let draining: Promise<void> | undefined;
  const drain = async () => {
    for (const file of files) {
      await quiet();
      files.delete(file);
      if (newest) await compressOne(newest, file);
    }
  };
  return {
    add(build: LevelledBuild, written: readonly string[]): void {
      newest = build;
      for (const file of written) if (isCompressible(file)) files.add(file);
      draining ??= drain()
        .catch((error: unknown) => log(`Compressing a build's new files failed: ${String(error)}`))
        .finally(() => (draining = undefined));
    },
    idle: async (): Promise<void> => {
      while (draining) await draining;
    },
  };
}
