/**
 * Product pictures as Magento's web server serves them, under `/media/catalog/product/` and
 * `/pub/media/catalog/product/`: only known image types, never outside the media folder, 404 otherwise.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const MEDIA_PREFIXES = ['/media/catalog/product/', '/pub/media/catalog/product/'];
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

const notFound = () =>
  new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

async function mediaFile(mediaRoot: string, relativeEscaped: string): Promise<Response> {
  let relative = '';
  try {
    relative = decodeURIComponent(relativeEscaped);
  } catch {
    // A malformed escape names no file: leave `relative` empty so the path is refused below (404).
  }
  const file = normalize(join(mediaRoot, relative));
  const type = MEDIA_TYPES[extname(file).toLowerCase()];
  const info = file.startsWith(mediaRoot + '/') && type ? await stat(file).catch(() => undefined) : undefined;
  if (!info?.isFile() || !type) return notFound();
  // Demo pictures are small: read whole rather than streamed.
  const body = await readFile(file);
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': type,
      'Content-Length': String(info.size),
      'Cache-Control': 'public, max-age=86400',
      'Last-Modified': info.mtime.toUTCString(),
    },
  });
}

/** The picture a GET names, or undefined when the path is not under a media prefix. */
export function serveMedia(mediaRoot: string, rawPath: string): Promise<Response> | undefined {
  const prefix = MEDIA_PREFIXES.find((candidate) => rawPath.startsWith(candidate));
  return prefix === undefined ? undefined : mediaFile(mediaRoot, rawPath.slice(prefix.length));
}

/** `mediaDir` holds `catalog/product/...`. */
export const mediaRoot = (mediaDir: string): string => normalize(join(mediaDir, 'catalog', 'product'));
