/** The request body as Magento's `Rest/Request::getBodyParams()` reads it, with the size limit first. */
import { contentTypeUnsupported, errors } from '../errors.ts';

/** Reads at most `limit` bytes (413 beyond), whether or not a Content-Length was declared. */
export async function readBody(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw errors.requestTooLarge();
  if (!request.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.length;
    if (size > limit) throw errors.requestTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** An empty body needs no Content-Type; otherwise it must be JSON in UTF-8. */
export function parseBody(text: string, contentType: string | undefined): unknown {
  if (text.trim() === '') return undefined;
  if (!contentType || contentType.trim() === '') throw errors.contentTypeEmpty();
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim());
  if (!/^[\w.+-]+\/[\w.+-]+$/.test(mediaType)) throw errors.contentTypeInvalid();
  const charset = parameters.find((part) => part.toLowerCase().startsWith('charset='));
  if (charset && !/^charset="?utf-8"?$/i.test(charset)) throw errors.charsetNotUtf8();
  if (mediaType.toLowerCase() !== 'application/json') throw contentTypeUnsupported(mediaType);
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    throw errors.decodingError();
  }
}

/** A JSON answer as Magento sends one: never cached, its length declared. */
export const jsonResponse = (status: number, body: unknown): Response => {
  const text = JSON.stringify(body);
  return new Response(text, {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(text)),
      'Cache-Control': 'no-store',
    },
  });
};
