/** Small HTTP helpers shared by the storefront server's routes. */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A route of the storefront server: answers the request and returns true, or returns false to let the
 * next route try. Routes run in order, for every method; a route must not write before deciding it owns
 * the request.
 */
export type RouteHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) => Promise<boolean> | boolean;

/** If-None-Match against a strong ETag, with the weak comparison RFC 9110 §13.1.2 prescribes for it. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** The request target as a URL; a path starting `//` stays a path (never read as a host). */
export function requestUrl(req: IncomingMessage): URL | undefined {
  const target = req.url ?? '/';
  try {
    if (target.startsWith('/')) return new URL(`http://storefront.invalid${target}`);
    const absolute = new URL(target);
    return absolute.protocol === 'http:' || absolute.protocol === 'https:' ? absolute : undefined;
  } catch {
    return undefined;
  }
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
  head = false,
): void {
  const body = Buffer.from(`${text}\n`);
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': body.length,
    ...headers,
  });
  res.end(head ? undefined : body);
}

export const isReadMethod = (req: IncomingMessage): boolean => req.method === 'GET' || req.method === 'HEAD';
