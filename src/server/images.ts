/**
 * `GET /img/{width}/{format}/catalog/product/{file}`: a Magento product picture, resized on demand
 * (DESIGN.md §4), and `GET /img/{width}/{format}/wysiwyg/{file}`: a picture of the editors' CMS blocks
 * (SVG too, drawn at the width asked). Only the allow-listed widths and formats and safe paths in those two
 * folders; the source comes from Magento media; each result is written once to a disk cache and served from it afterwards;
 * concurrent requests for the same uncached picture share one transform. 304s come from Hono's `etag()`.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import sharp from 'sharp';
import type { ImageFormat } from '../catalogue/images.ts';
import { errorMessage, textReply } from '../http/index.ts';
import { parseImagePath, type ImageRequest } from '../http/site-paths.ts';
import { CACHE_IMMUTABLE, rawPath } from './static-site.ts';

export interface ImageRouteOptions {
  /** Magento's product media, e.g. `http://127.0.0.1:8080/media/catalog/product` (no trailing slash). */
  readonly mediaBaseUrl: string;
  /** Where transformed pictures are kept, as `{width}/{format}/catalog/product/{file}`. */
  readonly cacheDir: string;
  /** How long to wait for Magento media (default 10 s). */
  readonly fetchTimeoutMs?: number;
  /** Larger sources are refused (default 25 MB). */
  readonly maxSourceBytes?: number;
  readonly log?: (message: string) => void;
}

const CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = { webp: 'image/webp', jpeg: 'image/jpeg' };
const NOT_FOUND_CACHE = 'public, max-age=60';

/** Magento's `media/wysiwyg`, beside the product pictures' `media/catalog/product`. */
export const wysiwygBaseUrl = (mediaBaseUrl: string): string =>
  `${mediaBaseUrl.replace(/\/+$/, '').replace(/\/catalog\/product$/, '')}/wysiwyg`;

/** Pixels per inch at which a drawing is `width` pixels wide (72 draws it at its own size). */
async function drawingDensity(source: Buffer, width: number): Promise<number> {
  const { width: drawn } = await sharp(source).metadata();
  return drawn ? Math.min(2400, Math.max(72, (72 * width) / drawn)) : 72;
}

/**
 * The transform: never wider than the source (a drawing is drawn at the width asked), aspect kept,
 * orientation applied, metadata dropped.
 */
export async function transformImage(
  source: Buffer,
  width: number,
  format: ImageFormat,
  drawing = false,
): Promise<Buffer> {
  const density = drawing ? await drawingDensity(source, width) : undefined;
  const pipeline = sharp(source, { limitInputPixels: 40_000_000, ...(density ? { density } : {}) })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  return format === 'webp'
    ? pipeline.webp({ quality: 75, effort: 2 }).toBuffer()
    : pipeline
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 78, progressive: true, mozjpeg: false })
        .toBuffer();
}

class ImageRouteError extends Error {
  readonly status: 404 | 502;
  constructor(status: 404 | 502, message: string) {
    super(message);
    this.name = 'ImageRouteError';
    this.status = status;
  }
}

async function fetchSource(options: ImageRouteOptions, request: ImageRequest): Promise<Buffer> {
  const base =
    request.folder === 'wysiwyg'
      ? wysiwygBaseUrl(options.mediaBaseUrl)
      : options.mediaBaseUrl.replace(/\/+$/, '');
  const url = `${base}${request.file}`;
  const maxBytes = options.maxSourceBytes ?? 25 * 1024 * 1024;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(options.fetchTimeoutMs ?? 10_000) });
  } catch (error) {
    options.log?.(`Image source ${url} unreachable: ${errorMessage(error)}`);
    throw new ImageRouteError(502, 'Bad Gateway: Magento media is unreachable');
  }
  if (response.status === 404) {
    await response.body?.cancel();
    throw new ImageRouteError(404, 'Not Found');
  }
  if (!response.ok) {
    await response.body?.cancel();
    options.log?.(`Image source ${url} answered ${response.status}`);
    throw new ImageRouteError(502, `Bad Gateway: Magento media answered ${response.status}`);
  }
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw new ImageRouteError(502, 'Bad Gateway: the source picture is too large');
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > maxBytes) throw new ImageRouteError(502, 'Bad Gateway: the source picture is too large');
  return body;
}

/** Writes beside the target and renames, so a reader never sees half a file. A failed write is only logged. */
async function writeCache(cacheFile: string, output: Buffer, log: ImageRouteOptions['log']): Promise<void> {
  const temporary = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await mkdir(dirname(cacheFile), { recursive: true });
    await writeFile(temporary, output);
    await rename(temporary, cacheFile);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    log?.(`Image cache not written (${cacheFile}): ${errorMessage(error)}`);
  }
}

async function produce(options: ImageRouteOptions, request: ImageRequest, cacheFile: string) {
  const source = await fetchSource(options, request);
  let output: Buffer;
  try {
    output = await transformImage(source, request.width, request.format, /\.svg$/i.test(request.file));
  } catch (error) {
    options.log?.(`Image ${request.file} could not be transformed: ${errorMessage(error)}`);
    throw new ImageRouteError(502, 'Bad Gateway: the source is not a readable picture');
  }
  await writeCache(cacheFile, output, options.log);
  return output;
}

const etagOf = (body: Buffer): string =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

const picture = (body: Buffer, format: ImageFormat): Response =>
  new Response(new Uint8Array(body), {
    headers: {
      'Cache-Control': CACHE_IMMUTABLE,
      ETag: etagOf(body),
      'Content-Type': CONTENT_TYPES[format],
      'Content-Length': String(body.length),
    },
  });

/** The image route as a Hono sub-app: every method of `/img/…` is its own (405 for all but GET and HEAD). */
export function createImageRoutes(options: ImageRouteOptions): Hono {
  const cacheRoot = resolve(options.cacheDir);
  const inFlight = new Map<string, Promise<Buffer>>();

  function transformed(request: ImageRequest, cacheFile: string): Promise<Buffer> {
    const pending = inFlight.get(cacheFile);
    if (pending) return pending;
    const promise = produce(options, request, cacheFile).finally(() => inFlight.delete(cacheFile));
    inFlight.set(cacheFile, promise);
    return promise;
  }

  return new Hono()
    .get('/img/:path{.*}', etag(), async (c) => {
      const request = parseImagePath(rawPath(c));
      const cacheFile = request
        ? join(cacheRoot, String(request.width), request.format, request.folder, request.file)
        : '';
      if (!request || !cacheFile.startsWith(cacheRoot + sep))
        return textReply(404, 'Not Found', { 'Cache-Control': NOT_FOUND_CACHE });
      const cached = await readFile(cacheFile).catch(() => undefined);
      if (cached) return picture(cached, request.format);
      try {
        return picture(await transformed(request, cacheFile), request.format);
      } catch (error) {
        if (!(error instanceof ImageRouteError)) throw error;
        const cache = error.status === 404 ? NOT_FOUND_CACHE : 'no-store';
        return textReply(error.status, error.message, { 'Cache-Control': cache });
      }
    })
    .all('/img/:path{.*}', () => textReply(405, 'Method Not Allowed', { Allow: 'GET, HEAD' }));
}
