/**
 * Writes `.br` and `.gz` siblings of the built site's text files, which the server sends as they are.
 * Files unchanged since the previous build take that build's siblings (hard links) instead of being
 * compressed again, which keeps a rebuild after one product change quick. The site build compresses
 * each page as Astro writes it (site-pass.ts, with `compressFile`); `precompressSite` does a whole folder.
 */
import { availableParallelism } from 'node:os';
import { readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { MIN_COMPRESS_BYTES, textFiles } from './content-types.ts';
import { linkOrCopy } from './files.ts';
import {
  BUILD_LEVELS,
  CODINGS,
  compress,
  FAST_BUILD_LEVELS,
  levelsFor,
  SUFFIX,
  type Levels,
} from './encoding.ts';

export interface PrecompressResult {
  files: number;
  /** Files whose siblings were taken from the previous build. */
  reused: number;
  brotliQuality: number;
  bytes: number;
  brotliBytes: number;
  ms: number;
}

/**
 * Up to this much text, pages get brotli 11 (~1 MB/s per core: a few seconds); above it the fast levels,
 * so 10,000 pages take seconds, not many minutes.
 */
export const THOROUGH_LIMIT_BYTES = 4 * 1024 * 1024;

/** The levels of a site with `bytes` of text to compress (files of at least MIN_COMPRESS_BYTES). */
export const bulkLevels = (bytes: number): Levels =>
  bytes <= THOROUGH_LIMIT_BYTES ? BUILD_LEVELS : FAST_BUILD_LEVELS;

/** Takes the previous build's siblings when the file is byte-identical and both siblings are there. */
async function reuse(previousDir: string | undefined, relative: string, content: Buffer, target: string) {
  if (!previousDir) return false;
  const previous = join(previousDir, relative);
  const before = await readFile(previous).catch(() => undefined);
  if (!before?.equals(content)) return false;
  const siblings = await Promise.all(
    CODINGS.map((coding) => stat(previous + SUFFIX[coding]).catch(() => undefined)),
  );
  if (siblings.some((sibling) => !sibling?.isFile())) return false;
  await Promise.all(CODINGS.map((coding) => linkOrCopy(previous + SUFFIX[coding], target + SUFFIX[coding])));
  // The build wrote the file anew, so it is younger than the siblings it takes. The bytes are the previous
  // build's, so its time is too: nothing that goes by times takes the siblings for stale (the server checks
  // that a sibling decodes to its file, src/server/site-files.ts).
  const { atime, mtime } = await stat(previous);
  await utimes(target, atime, mtime);
  return true;
}

/** What compressing one file did. */
export interface Compressed {
  readonly reused: boolean;
  /** Size of what a brotli client gets: the `.br` sibling, or the file itself when none was worth it. */
  readonly brotliBytes: number;
}

/**
 * Writes the siblings of `relative` (whose bytes are `content`), or takes the previous build's. With
 * `replacing`, siblings already there are removed first: they may be links to a previous build's files,
 * which are never written again, or be left from an older version of the file.
 */
export async function compressFile(
  clientDir: string,
  relative: string,
  content: Buffer,
  options: {
    readonly bulk: Levels;
    readonly previousClientDir?: string | undefined;
    readonly replacing?: boolean;
  },
): Promise<Compressed> {
  const target = join(clientDir, relative);
  if (options.replacing)
    await Promise.all(CODINGS.map((coding) => rm(target + SUFFIX[coding], { force: true })));
  if (await reuse(options.previousClientDir, relative, content, target))
    return { reused: true, brotliBytes: (await stat(target + SUFFIX.br)).size };
  const levels = levelsFor(relative, options.bulk);
  let brotliBytes = content.length;
  for (const coding of CODINGS) {
    const body = await compress(content, coding, levels);
    // A sibling that saves almost nothing costs a decode for nothing.
    if (body.length < content.length * 0.95) {
      // Whole or not at all: a warm build's siblings are written while the server may serve the file.
      const written = join(dirname(target), `.${basename(target)}${SUFFIX[coding]}.tmp`);
      await writeFile(written, body);
      await rename(written, target + SUFFIX[coding]);
      if (coding === 'br') brotliBytes = body.length;
    }
  }
  return { reused: false, brotliBytes };
}

export async function precompressSite(
  clientDir: string,
  options: { previousClientDir?: string | undefined; concurrency?: number } = {},
): Promise<PrecompressResult> {
  const started = performance.now();
  const files: { relative: string; size: number }[] = [];
  let bytes = 0;
  for await (const relative of textFiles(clientDir)) {
    const { size } = await stat(join(clientDir, relative));
    if (size < MIN_COMPRESS_BYTES) continue;
    files.push({ relative, size });
    bytes += size;
  }
  const bulk = bulkLevels(bytes);
  let reused = 0;
  let brotliBytes = 0;
  let next = 0;

  const worker = async (): Promise<void> => {
    for (let item = files[next++]; item; item = files[next++]) {
      const content = await readFile(join(clientDir, item.relative));
      const result = await compressFile(clientDir, item.relative, content, {
        bulk,
        previousClientDir: options.previousClientDir,
      });
      if (result.reused) reused += 1;
      brotliBytes += result.brotliBytes;
    }
  };
  const concurrency = options.concurrency ?? Math.max(2, availableParallelism());
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  return {
    files: files.length,
    reused,
    brotliQuality: bulk.brotli,
    bytes,
    brotliBytes,
    ms: Math.round(performance.now() - started),
  };
}
