/**
 * The built site's files: path resolution (`/x` and `/x/` → `x/index.html`, nothing outside the client
 * folder), rewrites for client-rendered routes, real 404 pages, compression (precompressed siblings or
 * on the fly), cache headers and ETag/304.
 */
import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { contentTypeOf, isCompressible, MIN_COMPRESS_BYTES } from './content-types.ts';
import {
  CODINGS,
  compress,
  CompressionCache,
  negotiateEncoding,
  ON_THE_FLY_LEVELS,
  SUFFIX,
  type Coding,
  type Encoding,
} from './encoding.ts';
import { etagMatches } from './http.ts';

/** A path prefix whose unknown URLs are answered by one page (status 200): client-rendered routes. */
export interface Rewrite {
  /** e.g. `/search/`: any URL below it, which has no file of its own. */
  readonly prefix: string;
  /** The page that renders them, relative to the client folder, e.g. `search/index.html`. */
  readonly file: string;
}

/** The page answering unknown URLs below a prefix, with status 404. The first existing match wins. */
export interface NotFoundPage {
  readonly prefix: string;
  readonly file: string;
}

export const DEFAULT_REWRITES: readonly Rewrite[] = [
  { prefix: '/search/', file: 'search/index.html' },
  { prefix: '/customer/manage/', file: 'customer/manage/index.html' },
];

export const DEFAULT_NOT_FOUND_PAGES: readonly NotFoundPage[] = [
  { prefix: '/home-garden/', file: 'category-not-found/index.html' },
  { prefix: '/professional/', file: 'category-not-found/index.html' },
  { prefix: '/', file: '404.html' },
];

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages: any cache may keep them but must revalidate (cheap with ETag), so a rebuild is live at once. */
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';
/** Unhashed public files (favicon, robots.txt, search index): a few minutes, then revalidate. */
export const CACHE_SHORT = 'public, max-age=300';

export function cacheControlFor(relative: string): string {
  if (relative.startsWith('_astro/')) return CACHE_IMMUTABLE;
  if (relative.endsWith('.html')) return CACHE_REVALIDATE;
  return CACHE_SHORT;
}

export interface StaticSiteOptions {
  readonly clientDir: string;
  readonly rewrites?: readonly Rewrite[];
  readonly notFoundPages?: readonly NotFoundPage[];
  /** Memory for on-the-fly compressed bodies (default 32 MB). */
  readonly compressionCacheBytes?: number;
}

export interface StaticSite {
  /** Answers from a file or a rewrite; false when the URL names neither. GET and HEAD only. */
  serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  /** Answers 404 with the not-found page for the URL. */
  notFound(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
}

interface Found {
  readonly path: string;
  readonly relative: string;
  readonly stats: Stats;
}

interface Described {
  readonly key: string;
  /** Content hash, without quotes; each encoding gets its own strong ETag from it. */
  readonly hash: string;
  readonly siblings: Partial<Record<Coding, { readonly path: string; readonly size: number }>>;
}

/** Files bigger than this are not read whole: their ETag comes from size and time, and they are not compressed. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const MAX_DESCRIBED = 50_000;

/**
 * The URL path as folder segments, decoded; undefined when a segment could escape the folder or names a
 * hidden file (`..`, an encoded slash or NUL, a dotfile other than `.well-known`), or asks for a
 * precompressed sibling directly.
 */
export function pathSegments(pathname: string): string[] | undefined {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return undefined;
    if (segment.startsWith('.') && segment !== '.well-known') return undefined;
    segments.push(segment);
  }
  const last = segments.at(-1);
  if (last !== undefined && /\.(br|gz)$/.test(last)) return undefined;
  return segments;
}

export function createStaticSite(options: StaticSiteOptions): StaticSite {
  const root = resolve(options.clientDir);
  const rewrites = options.rewrites ?? DEFAULT_REWRITES;
  const notFoundPages = options.notFoundPages ?? DEFAULT_NOT_FOUND_PAGES;
  const compressed = new CompressionCache(options.compressionCacheBytes ?? 32 * 1024 * 1024);
  const described = new Map<string, Described>();

  async function file(relative: string): Promise<Found | undefined> {
    const path = join(root, relative);
    if (path !== root && !path.startsWith(root + sep)) return undefined;
    const stats = await stat(path).catch(() => undefined);
    return stats?.isFile() ? { path, relative: relative.split(sep).join('/'), stats } : undefined;
  }

  async function lookup(pathname: string): Promise<Found | undefined> {
    const segments = pathSegments(pathname);
    if (!segments) return undefined;
    const base = segments.join('/');
    if (base === '' || pathname.endsWith('/')) return file(join(base, 'index.html'));
    return (await file(base)) ?? (await file(join(base, 'index.html')));
  }

  /** Hash and siblings of a file, looked up when it is first seen (the build writes siblings before the swap). */
  async function describe(found: Found): Promise<Described> {
    const key = `${found.stats.ino}:${found.stats.size}:${found.stats.mtimeMs}`;
    const known = described.get(found.path);
    if (known?.key === key) return known;
    const hash =
      found.stats.size <= MAX_BUFFERED_BYTES
        ? createHash('sha256')
            .update(await readFile(found.path))
            .digest('base64url')
            .slice(0, 27)
        : `${found.stats.size.toString(36)}-${Math.round(found.stats.mtimeMs).toString(36)}`;
    const siblings: Described['siblings'] = {};
    if (isCompressible(found.path)) {
      for (const coding of CODINGS) {
        const path = found.path + SUFFIX[coding];
        const sibling = await stat(path).catch(() => undefined);
        // A sibling older than its file is stale (the file changed after the build): compress afresh.
        if (sibling?.isFile() && sibling.mtimeMs >= found.stats.mtimeMs)
          siblings[coding] = { path, size: sibling.size };
      }
    }
    const entry = { key, hash, siblings };
    if (described.size >= MAX_DESCRIBED) described.clear();
    described.set(found.path, entry);
    return entry;
  }

  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    found: Found,
    status: 200 | 404,
  ): Promise<void> {
    const entry = await describe(found);
    const compressible = isCompressible(found.path);
    const size = found.stats.size;
    const encoding: Encoding =
      compressible && size >= MIN_COMPRESS_BYTES && size <= MAX_BUFFERED_BYTES
        ? negotiateEncoding(req.headers['accept-encoding'])
        : 'identity';
    const headers: Record<string, string | number> = {
      'Content-Type': contentTypeOf(found.path),
      'Cache-Control': status === 200 ? cacheControlFor(found.relative) : CACHE_REVALIDATE,
    };
    if (compressible) headers['Vary'] = 'Accept-Encoding';
    if (status === 200) {
      const etag = `"${entry.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
      headers['ETag'] = etag;
      if (etagMatches(req.headers['if-none-match'], etag)) {
        delete headers['Content-Type'];
        res.writeHead(304, headers).end();
        return;
      }
    }
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;

    const sibling = encoding === 'identity' ? undefined : entry.siblings[encoding];
    if (encoding === 'identity' || sibling) {
      headers['Content-Length'] = sibling?.size ?? size;
      res.writeHead(status, headers);
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      await pipeline(createReadStream(sibling?.path ?? found.path), res).catch(() => res.destroy());
      return;
    }
    const body = await compressed.get(`${found.path}\0${entry.key}\0${encoding}`, async () =>
      compress(await readFile(found.path), encoding, ON_THE_FLY_LEVELS),
    );
    headers['Content-Length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return {
    async serve(req, res, url) {
      let found = await lookup(url.pathname);
      if (!found) {
        // The page served is fixed, so any path below the prefix may use it: a search term may hold an
        // encoded slash or a stray '%' that would never be accepted as a file path.
        const rewrite = rewrites.find((candidate) => url.pathname.startsWith(candidate.prefix));
        if (rewrite) found = await file(rewrite.file);
      }
      if (!found) return false;
      await send(req, res, found, 200);
      return true;
    },

    async notFound(req, res, url) {
      for (const page of notFoundPages) {
        if (!url.pathname.startsWith(page.prefix)) continue;
        const found = await file(page.file);
        if (found) {
          await send(req, res, found, 404);
          return;
        }
      }
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_REVALIDATE });
      res.end(req.method === 'HEAD' ? undefined : 'Not Found');
    },
  };
}
