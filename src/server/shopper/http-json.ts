/** JSON in and out for the shopper routes: bounded bodies, Origin checks, cookies. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...(text === '' ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** Reads the body as text, refusing more than `limit` bytes (413). */
export async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > limit)
    throw new HttpError(413, 'The request is too large.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, 'The request is too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON bodies only: anything else is refused with 415. */
export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const text = await readBody(req, limit);
  if (text.trim() === '') return undefined;
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, 'Send JSON (Content-Type: application/json).');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}

/**
 * Cross-site request forgery guard for state-changing calls: the browser's Origin (always sent on
 * same-origin POST/PUT/DELETE fetches) must be this site, as configured or as addressed.
 */
export function isSameOrigin(req: IncomingMessage, siteUrl: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = req.headers.origin;
  if (!origin) return false;
  const allowed = new Set([new URL(siteUrl).origin]);
  if (req.headers.host) {
    allowed.add(`http://${req.headers.host}`);
    allowed.add(`https://${req.headers.host}`);
  }
  return allowed.has(origin);
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at === -1) continue;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    try {
      if (name) cookies.set(name, decodeURIComponent(value));
    } catch {
      // a malformed cookie is ignored
    }
  }
  return cookies;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
}

export const serializeCookie = (name: string, value: string, options: CookieOptions): string =>
  [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
