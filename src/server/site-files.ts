/**
 * Finding a URL's file in the built site's client folder (`/x` and `/x/` → `x/index.html`, nothing
 * outside the folder, no hidden files, nothing of the trade price files) and describing it once: its content hash (for the ETag) and its
 * precompressed `.br`/`.gz` siblings.
 */
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, type ZlibOptions } from 'node:zlib';
import { pathSegments } from '../http/site-paths.ts';
import { TRADE_PRICES_BASE } from '../features/trade/index.ts';
import {
  CODINGS,
  isCompressible,
  liveLayers,
  locateIn,
  MIN_COMPRESS_BYTES,
  SUFFIX,
  type Coding,
} from '../publish/index.ts';

export interface Found {
  readonly path: string;
  /** Relative to the client folder, with `/` separators. */
  readonly relative: string;
  readonly stats: Stats;
}

export interface Described {
  readonly key: string;
  /** Content hash, without quotes; each encoding gets its own strong ETag from it. */
  readonly hash: string;
  readonly siblings: Partial<Record<Coding, { readonly path: string; readonly size: number }>>;
}

/** Files bigger than this are not read whole: their ETag comes from size and time, and they are not compressed. */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const MAX_DESCRIBED = 50_000;

export interface SiteFiles {
  /** A file by its path relative to the client folder. */
  file(relative: string): Promise<Found | undefined>;
  /** The file a URL path names. */
  lookup(pathname: string): Promise<Found | undefined>;
  /** Hash and siblings, looked up when the file is first seen (the build writes siblings before the swap). */
  describe(found: Found): Promise<Described>;
}

type Siblings = Described['siblings'];

const DECODE: Readonly<Record<Coding, (data: Buffer, options: ZlibOptions) => Promise<Buffer>>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
};

/** Whether the file may go out compressed (static-site.ts), so whether it has siblings worth finding. */
const wantsSiblings = (found: Found): boolean =>
  isCompressible(found.path) &&
  found.stats.size >= MIN_COMPRESS_BYTES &&
  found.stats.size <= MAX_BUFFERED_BYTES;

/**
 * The siblings `known` lacks, added to it. A sibling counts when it decodes to the file's bytes, whatever
 * the files' times say: a build carries the live build's siblings of an asset as links older than the
 * file it wrote itself, and a copied build has the times of the copy. A sibling of other bytes (the file
 * changed after the build) is left, and the server compresses afresh.
 */
async function siblingsOf(found: Found, known: Siblings, content: () => Promise<Buffer>): Promise<Siblings> {
  const siblings: Siblings = { ...known };
  if (!wantsSiblings(found)) return siblings;
  for (const coding of CODINGS) {
    if (siblings[coding]) continue;
    const path = found.path + SUFFIX[coding];
    const sibling = await stat(path).catch(() => undefined);
    if (!sibling?.isFile()) continue;
    const expected = await content();
    // Decoding stops past the file's length: a sibling that grows beyond it is not this file's.
    const decoded = await readFile(path)
      .then((data) => DECODE[coding](data, { maxOutputLength: expected.length }))
      .catch(() => undefined);
    if (decoded?.equals(expected)) siblings[coding] = { path, size: sibling.size };
  }
  return siblings;
}

/** Whether every sibling the file may have was found: no need to look again. */
const complete = (found: Found, siblings: Siblings): boolean =>
  !wantsSiblings(found) || CODINGS.every((coding) => siblings[coding]);

async function hashOf(found: Found, content: () => Promise<Buffer>): Promise<string> {
  if (found.stats.size > MAX_BUFFERED_BYTES)
    return `${found.stats.size.toString(36)}-${Math.round(found.stats.mtimeMs).toString(36)}`;
  return createHash('sha256')
    .update(await content())
    .digest('base64url')
    .slice(0, 27);
}

/**
 * The files of the build `dist` points at (`clientDir` is `dist/client`), found through its layers
 * (src/publish/releases/layers.ts): a warm build's own files first, then the whole build underneath.
 */
export function createSiteFiles(clientDir: string): SiteFiles {
  const root = resolve(clientDir);
  const layers = liveLayers(dirname(root));
  const described = new Map<string, Described & { readonly lookAgainAt: number }>();

  async function file(relative: string): Promise<Found | undefined> {
    const path = join(root, relative);
    if (path !== root && !path.startsWith(root + sep)) return undefined;
    const name = relative.split(sep).join('/');
    const found = await locateIn(layers(), name);
    return found ? { ...found, relative: name } : undefined;
  }

  return {
    file,
    async lookup(pathname) {
      const segments = pathSegments(pathname);
      // A customer group's own prices are served only to its customers (src/server/shopper/trade.ts).
      if (!segments || segments[0] === TRADE_PRICES_BASE) return undefined;
      const base = segments.join('/');
      if (base === '' || pathname.endsWith('/')) return file(join(base, 'index.html'));
      return (await file(base)) ?? (await file(join(base, 'index.html')));
    },
    async describe(found) {
      const key = `${found.stats.ino}:${found.stats.size}:${found.stats.mtimeMs}`;
      const before = described.get(found.path);
      const known = before?.key === key ? before : undefined;
      // Siblings come a moment after their files (a warm build's, src/publish/render/warm.ts; a whole build
      // published before compressing, warm-worker.ts), one coding after the other: look again for those missing.
      if (known && (complete(found, known.siblings) || Date.now() < known.lookAgainAt)) return known;
      let read: Promise<Buffer> | undefined;
      const content = () => (read ??= readFile(found.path));
      const hash = known?.hash ?? (await hashOf(found, content));
      const siblings = await siblingsOf(found, known?.siblings ?? {}, content);
      const entry = { key, hash, siblings, lookAgainAt: Date.now() + 1000 };
      if (described.size >= MAX_DESCRIBED) described.clear();
      described.set(found.path, entry);
      return entry;
    },
  };
}
