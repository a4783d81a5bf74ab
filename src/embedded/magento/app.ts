/**
 * The embedded Magento back end as a Node request handler: media files, then `/rest/...` calls routed,
 * authorized, bound and answered like Magento 2.4. Any failure becomes Magento's error body; nothing
 * unexpected leaks a stack trace (the 500 message is Magento's masked one).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { authorize, resolveCaller, type TokenLifetimes } from './auth.ts';
import type { CartSettings } from './carts.ts';
import type { Database } from './db.ts';
import { contentTypeUnsupported, errors, MagentoError } from './errors.ts';
import { applyFields, parseFields, parsePhpQuery } from './query.ts';
import { resolveStore, Router } from './router.ts';
import { createRoutes } from './routes.ts';

export interface MagentoAppOptions {
  readonly db: Database;
  /** Folder holding `catalog/product/...`. */
  readonly mediaDir: string;
  readonly cart: CartSettings;
  readonly tokens: TokenLifetimes;
  readonly adminUsername: string;
  /** Largest accepted request body in bytes. */
  readonly maxBodyBytes: number;
  readonly log?: (message: string) => void;
}

const MEDIA_PREFIXES = ['/media/catalog/product/', '/pub/media/catalog/product/'];
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw errors.requestTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw errors.requestTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `Rest/Request::getBodyParams()`: an empty body needs no Content-Type; otherwise JSON in UTF-8. */
function parseBody(text: string, contentType: string | undefined): unknown {
  if (text.trim() === '') return undefined;
  if (!contentType || contentType.trim() === '') throw errors.contentTypeEmpty();
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim());
  if (!/^[\w.+-]+\/[\w.+-]+$/.test(mediaType)) throw errors.contentTypeInvalid();
  const charset = parameters.find((part) => part.toLowerCase().startsWith('charset='));
  if (charset && !/^charset="?utf-8"?$/i.test(charset)) throw errors.charsetNotUtf8();
  if (mediaType.toLowerCase() !== 'application/json') throw contentTypeUnsupported(mediaType);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw errors.decodingError();
  }
}

export function createMagentoApp(options: MagentoAppOptions) {
  const { db } = options;
  const router = new Router(
    createRoutes({
      db,
      cart: options.cart,
      tokens: options.tokens,
      admin: { username: options.adminUsername },
    }),
  );
  const mediaRoot = normalize(join(options.mediaDir, 'catalog', 'product'));

  async function serveMedia(path: string, res: ServerResponse): Promise<boolean> {
    const prefix = MEDIA_PREFIXES.find((candidate) => path.startsWith(candidate));
    if (!prefix) return false;
    let relative = '';
    try {
      relative = decodeURIComponent(path.slice(prefix.length));
    } catch {
      // A malformed escape names no file: leave `relative` empty so the path is refused below (404).
    }
    const file = normalize(join(mediaRoot, relative));
    const type = MEDIA_TYPES[extname(file).toLowerCase()];
    const info =
      file.startsWith(mediaRoot + '/') && type ? await stat(file).catch(() => undefined) : undefined;
    if (!info?.isFile() || !type) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
      return true;
    }
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': info.size,
      'Cache-Control': 'public, max-age=86400',
      'Last-Modified': info.mtime.toUTCString(),
    });
    createReadStream(file).pipe(res);
    return true;
  }

  async function handleRest(req: IncomingMessage, path: string, query: string): Promise<unknown> {
    const located = resolveStore(path);
    if (!located) throw errors.routeNotFound();
    const { route, params } = router.match(req.method ?? 'GET', located.path);
    const caller = resolveCaller(db, req.headers.authorization);
    authorize(caller, route.resource);
    const body =
      req.method === 'POST' || req.method === 'PUT'
        ? parseBody(await readBody(req, options.maxBodyBytes), req.headers['content-type'])
        : undefined;
    const result = await route.handle({ params, query, body, caller, scope: located.scope });
    const fields = parsePhpQuery(query)['fields'];
    return typeof fields === 'string' && fields !== '' ? applyFields(result, parseFields(fields)) : result;
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (req.method === 'GET' && (await serveMedia(url.pathname, res))) return;
      const result = await handleRest(req, url.pathname, url.search.slice(1));
      send(res, 200, result);
    } catch (error) {
      if (error instanceof MagentoError) {
        send(res, error.status, error.toBody());
        return;
      }
      options.log?.(
        `Unexpected error on ${req.method} ${url.pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      send(res, 500, errors.internal().toBody());
    }
  };
}
