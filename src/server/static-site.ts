/**
 * The built site's files as Hono handlers: path resolution (site-files.ts), rewrites for client-rendered
 * routes, real 404 pages, compression (the build's precompressed `.br`/`.gz` siblings, or on the fly
 * into a small cache) and cache headers. Each 200 carries a strong ETag per encoding; the server's
 * `etag()` middleware answers 304 from it. Hono's `serveStatic` is not used: it cannot choose siblings
 * by weight, keep one ETag per encoding, rewrite or answer with a 404 page. Each answer also tells a CDN
 * how long to keep it, its surrogate keys and the build it came from (src/cdn/headers.ts).
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { edgeHeaders, NO_EDGE_CACHING, withSharedMaxAge, type EdgeCaching } from '../cdn/headers.ts';
import { fileForUrlPath, fileKey, surrogateKeysFor } from '../cdn/keys.ts';
import { DEFAULT_REWRITES, rewriteFor, type Rewrite } from '../http/site-paths.ts';
import { FEED_BASE } from '../features/shopping-feed/index.ts';
import {
  compress,
  CompressionCache,
  contentTypeOf,
  isCompressible,
  isHashedAsset,
  levelsFor,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
  ON_THE_FLY_LEVELS,
  type Encoding,
} from '../publish/index.ts';
import { liveBuildId } from './build-id.ts';
import { createSiteFiles, MAX_BUFFERED_BYTES, type Described, type Found } from './site-files.ts';

/** The page answering unknown URLs below a prefix, with status 404. The first existing match wins. */
export interface NotFoundPage {
  readonly prefix: string;
  readonly file: string;
}

export const DEFAULT_NOT_FOUND_PAGES: readonly NotFoundPage[] = [
  { prefix: '/home-garden/', file: 'category-not-found/index.html' },
  { prefix: '/professional/', file: 'category-not-found/index.html' },
  { prefix: '/', file: '404.html' },
];

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Pages and data files: browsers must revalidate (cheap with ETag), so a rebuild is live at once; a CDN
 * that a publish purges may keep them longer (`s-maxage`, src/cdn/headers.ts).
 */
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';
/** Other unhashed public files (favicon, robots.txt): a few minutes, then revalidate. */
export const CACHE_SHORT = 'public, max-age=300';

/** The shopping feed's files: written with the pages, and fetched by Merchant Center as they are now. */
const FEED_FOLDER = `${FEED_BASE.slice(1)}/`;

export function cacheControlFor(relative: string, edge: EdgeCaching = NO_EDGE_CACHING): string {
  if (isHashedAsset(relative)) return CACHE_IMMUTABLE;
  if (relative.endsWith('.html') || relative.endsWith('.json') || relative.startsWith(FEED_FOLDER))
    return withSharedMaxAge(CACHE_REVALIDATE, edge);
  return withSharedMaxAge(CACHE_SHORT, edge);
}

export interface StaticSiteOptions {
  readonly clientDir: string;
  readonly rewrites?: readonly Rewrite[];
  readonly notFoundPages?: readonly NotFoundPage[];
  /** Memory for on-the-fly compressed bodies (default 32 MB). */
  readonly compressionCacheBytes?: number;
  /** How long a CDN may keep answers, and whether it reads `Cache-Tag` (default: as long as browsers). */
  readonly edge?: EdgeCaching;
  /** The live build's id, for `X-Build-Id` (default: read from the build `clientDir` belongs to). */
  readonly buildId?: () => string | undefined;
}

export interface StaticSite {
  /** GET and HEAD: answers from a file or a rewrite, or passes the request on when the URL names neither. */
  readonly serve: MiddlewareHandler;
  /** The not-found page for the URL, with status 404. */
  notFound(c: Context): Promise<Response>;
}

/** The request's path exactly as sent (Hono's `c.req.path` is already partly decoded). */
export const rawPath = (c: Context): string => new URL(c.req.url).pathname;

/** Text worth compressing, of a size where it pays and that is read whole. */
function encodingFor(found: Found, acceptEncoding: string | undefined): Encoding {
  const size = found.stats.size;
  return isCompressible(found.path) && size >= MIN_COMPRESS_BYTES && size <= MAX_BUFFERED_BYTES
    ? negotiateEncoding(acceptEncoding)
    : 'identity';
}

interface Answer {
  readonly found: Found;
  readonly status: 200 | 404;
  /** Surrogate keys: the file's, and for a 404 the missing file's too (its publish purges the 404). */
  readonly keys: readonly string[];
}

function headersFor(
  answer: Answer,
  entry: Described,
  encoding: Encoding,
  edge: EdgeCaching,
  buildId?: string,
) {
  const { found, status } = answer;
  const headers: Record<string, string> = {
    'Content-Type': contentTypeOf(found.path),
    'Cache-Control':
      status === 200 ? cacheControlFor(found.relative, edge) : withSharedMaxAge(CACHE_REVALIDATE, edge),
    ...edgeHeaders(answer.keys, edge, buildId),
  };
  if (isCompressible(found.path)) headers['Vary'] = 'Accept-Encoding';
  // Only what exists answers with an ETag: a 404 page stands for a URL that has no content.
  if (status === 200) headers['ETag'] = `"${entry.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  return headers;
}

/** A file as a web stream, read as the client takes it; cancelling it (a 304, a client gone) closes the file. */
function fileStream(path: string): ReadableStream<Uint8Array> {
  const chunks = createReadStream(path)[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done }: IteratorResult<Buffer> = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}

export function createStaticSite(options: StaticSiteOptions): StaticSite {
  const files = createSiteFiles(options.clientDir);
  const rewrites = options.rewrites ?? DEFAULT_REWRITES;
  const notFoundPages = options.notFoundPages ?? DEFAULT_NOT_FOUND_PAGES;
  const compressed = new CompressionCache(options.compressionCacheBytes ?? 32 * 1024 * 1024);
  const edge = options.edge ?? NO_EDGE_CACHING;
  const buildId = options.buildId ?? liveBuildId(dirname(resolve(options.clientDir)));

  async function respond(c: Context, answer: Answer): Promise<Response> {
    const { found, status } = answer;
    const entry = await files.describe(found);
    const encoding = encodingFor(found, c.req.header('accept-encoding'));
    const headers = headersFor(answer, entry, encoding, edge, buildId());
    const head = c.req.method === 'HEAD';
    const sibling = encoding === 'identity' ? undefined : entry.siblings[encoding];
    if (encoding === 'identity' || sibling) {
      headers['Content-Length'] = String(sibling?.size ?? found.stats.size);
      return new Response(head ? null : fileStream(sibling?.path ?? found.path), { status, headers });
    }
    // No sibling yet (a build published before its compression, warm-worker.ts) or none of these bytes.
    const levels = levelsFor(found.relative, ON_THE_FLY_LEVELS);
    const body = await compressed.get(`${found.path}\0${entry.key}\0${encoding}`, async () =>
      compress(await readFile(found.path), encoding, levels),
    );
    headers['Content-Length'] = String(body.length);
    return new Response(head ? null : new Uint8Array(body), { status, headers });
  }

  return {
    async serve(c, next) {
      const pathname = rawPath(c);
      let found = await files.lookup(pathname);
      // The page served is fixed, so any path below the prefix may use it: a search term may hold an
      // encoded slash or a stray '%' that would never be accepted as a file path.
      const rewrite = found ? undefined : rewriteFor(pathname, rewrites);
      if (rewrite) found = await files.file(rewrite.file);
      if (!found) return next();
      return respond(c, { found, status: 200, keys: surrogateKeysFor(found.relative) });
    },

    async notFound(c) {
      const pathname = rawPath(c);
      for (const page of notFoundPages) {
        if (!pathname.startsWith(page.prefix)) continue;
        const found = await files.file(page.file);
        if (!found) continue;
        const missing = fileForUrlPath(pathname);
        const keys = surrogateKeysFor(found.relative);
        return respond(c, {
          found,
          status: 404,
          keys: missing ? [...new Set([fileKey(missing), ...keys])] : keys,
        });
      }
      return new Response(c.req.method === 'HEAD' ? null : 'Not Found', {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_REVALIDATE },
      });
    },
  };
}
