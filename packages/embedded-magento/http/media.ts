/**
 * Media as Magento's web server serves it, under `/media/` and `/pub/media/`: product pictures
 * (`catalog/product/`) and the pictures CMS content shows (`wysiwyg/`, where Magento's media gallery
 * keeps them). Only known image types, never outside the folder, 404 otherwise.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

/** The folders of the media directory that are served, each under both URL prefixes. */
const MEDIA_FOLDERS = ['catalog/product', 'wysiwyg'];
const URL_PREFIXES = ['/media/', '/pub/media/'];
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

/** The picture a GET names, or undefined when the path is not under a served media folder. */
export function serveMedia(mediaDir: string, rawPath: string): Promise<Response> | undefined {
  for (const urlPrefix of URL_PREFIXES) {
    for (const folder of MEDIA_FOLDERS) {
      const prefix = `${urlPrefix}${folder}/`;
      if (rawPath.startsWith(prefix))
        return mediaFile(normalize(join(mediaDir, folder)), rawPath.slice(prefix.length));
    }
  }
  return undefined;
}
