/** Content types of the files the built site holds, and which of them are worth compressing. */
import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';

const UTF8 = '; charset=utf-8';

/**
 * Folders whose file names carry a hash of their content, so their files never change: Astro's bundles.
 * Served cached for a year and compressed once at the highest levels.
 */
const HASHED_FOLDERS = ['_astro/'];

export const isHashedAsset = (relative: string): boolean =>
  HASHED_FOLDERS.some((folder) => relative.startsWith(folder));

const TYPES: Readonly<Record<string, string>> = {
  '.html': `text/html${UTF8}`,
  '.css': `text/css${UTF8}`,
  '.js': `text/javascript${UTF8}`,
  '.mjs': `text/javascript${UTF8}`,
  '.json': `application/json${UTF8}`,
  '.map': `application/json${UTF8}`,
  '.webmanifest': `application/manifest+json${UTF8}`,
  '.xml': `application/xml${UTF8}`,
  '.txt': `text/plain${UTF8}`,
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

/** Text formats: brotli or gzip shrink them several times over. Images and fonts are compressed already. */
const COMPRESSIBLE = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.map',
  '.webmanifest',
  '.xml',
  '.txt',
  '.svg',
]);

export const contentTypeOf = (file: string): string =>
  TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

export const isCompressible = (file: string): boolean => COMPRESSIBLE.has(extname(file).toLowerCase());

/**
 * Below this size compression saves about what its own header costs (`Content-Encoding: br`); such files go
 * out as they are. Small script chunks are common (a page's shared modules split by who imports them) and
 * brotli still halves one of 400 bytes, so the bar is low.
 */
export const MIN_COMPRESS_BYTES = 256;

/**
 * The text files under `dir` (relative paths with `/`): the files the build compresses, scans and checks,
 * without their `.br`/`.gz` siblings. A folder that cannot be read yields nothing; `skip` leaves out
 * the files of the folders it names (pages taken whole from the live build: `{url key}` or a listing's
 * `home-garden/pressure-washer/page/2`).
 */
export async function* textFiles(
  dir: string,
  skip?: ReadonlySet<string>,
  relative = '',
): AsyncGenerator<string> {
  const entries = await readdir(join(dir, relative), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
    // A product page's folder holds nothing else: skipped whole, without reading it.
    if (relative === '' && skip?.has(entry.name)) continue;
    if (entry.isDirectory()) yield* textFiles(dir, skip, path);
    // A listing page's folder (`home-garden/pressure-washer`) also holds other pages' folders.
    else if (entry.isFile() && isCompressible(entry.name) && !skip?.has(relative)) yield path;
  }
}
