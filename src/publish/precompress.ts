/**
 * Writes `.br` and `.gz` siblings of the built site's text files, which the server sends as they are.
 * Files unchanged since the previous build take that build's siblings instead of being compressed again,
 * which keeps a rebuild after one product change quick.
 */
import { availableParallelism } from 'node:os';
import { copyFile, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isCompressible, MIN_COMPRESS_BYTES } from './content-types.ts';
import { BUILD_LEVELS, CODINGS, compress, FAST_BUILD_LEVELS, SUFFIX, type Levels } from './encoding.ts';

export interface PrecompressResult {
  files: number;
  /** Files whose siblings were copied from the previous build. */
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
const THOROUGH_LIMIT_BYTES = 4 * 1024 * 1024;

async function* textFiles(dir: string, relative = ''): AsyncGenerator<string> {
  for (const entry of await readdir(join(dir, relative), { withFileTypes: true })) {
    const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) yield* textFiles(dir, path);
    else if (entry.isFile() && isCompressible(entry.name)) yield path;
  }
}

/** Copies the previous build's siblings when the file is byte-identical and both siblings are there. */
async function reuse(previousDir: string | undefined, relative: string, content: Buffer, target: string) {
  if (!previousDir) return false;
  const previous = join(previousDir, relative);
  const before = await readFile(previous).catch(() => undefined);
  if (!before?.equals(content)) return false;
  const siblings = await Promise.all(
    CODINGS.map((coding) => stat(previous + SUFFIX[coding]).catch(() => undefined)),
  );
  if (siblings.some((sibling) => !sibling?.isFile())) return false;
  await Promise.all(CODINGS.map((coding) => copyFile(previous + SUFFIX[coding], target + SUFFIX[coding])));
  return true;
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
  const bulk: Levels = bytes <= THOROUGH_LIMIT_BYTES ? BUILD_LEVELS : FAST_BUILD_LEVELS;
  let reused = 0;
  let brotliBytes = 0;
  let next = 0;

  const worker = async (): Promise<void> => {
    for (let item = files[next++]; item; item = files[next++]) {
      const target = join(clientDir, item.relative);
      const content = await readFile(target);
      if (await reuse(options.previousClientDir, item.relative, content, target)) {
        reused += 1;
        brotliBytes += (await stat(target + SUFFIX.br)).size;
        continue;
      }
      // Hashed assets are downloaded by every visitor and compressed once: always the smallest.
      const levels = item.relative.startsWith('_astro/') ? BUILD_LEVELS : bulk;
      for (const coding of CODINGS) {
        const body = await compress(content, coding, levels);
        // A sibling that saves almost nothing costs a decode for nothing.
        if (body.length < content.length * 0.95) {
          await writeFile(target + SUFFIX[coding], body);
          if (coding === 'br') brotliBytes += body.length;
        } else if (coding === 'br') brotliBytes += content.length;
      }
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
