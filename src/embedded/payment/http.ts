/**
 * Request and response plumbing of the sandbox: form bodies read the way the ISO 8859-1 gateway reads
 * them (UTF-8 when the escapes are valid UTF-8, otherwise Latin-1), protocol replies as CRLF text, and
 * hosted pages with headers that keep them private and CSP-strict.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatReply } from '../../payments/opayo/protocol.ts';

/** Largest form body read: a 7,500-character basket and 20,000 of BasketXML fit with room to spare. */
export const MAX_FORM_BYTES = 256 * 1024;

export class BodyTooLarge extends Error {
  constructor(limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
    this.name = 'BodyTooLarge';
  }
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit) throw new BodyTooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** One percent-decoded form component: UTF-8 if it is valid UTF-8, else ISO 8859-1 (§1.2). */
function decodeComponent(raw: string): string {
  const bytes: number[] = [];
  const text = raw.replace(/\+/g, ' ');
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    const hex = text.slice(i + 1, i + 3);
    if (char === '%' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i) & 0xff);
    }
  }
  const buffer = Buffer.from(bytes);
  try {
    return utf8.decode(buffer);
  } catch {
    return buffer.toString('latin1');
  }
}

/**
 * `application/x-www-form-urlencoded` fields of a body given as a binary (Latin-1) string, one character
 * per byte; the first of repeated names wins.
 */
export function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = decodeComponent(at < 0 ? pair : pair.slice(0, at));
    const value = decodeComponent(at < 0 ? '' : pair.slice(at + 1));
    if (name !== '' && !(name in fields)) fields[name] = value;
  }
  return fields;
}

export async function readForm(req: IncomingMessage, limit: number): Promise<Record<string, string>> {
  return parseForm((await readBody(req, limit)).toString('latin1'));
}

/** A protocol reply (§2.1): HTTP 200, text/plain, CRLF Name=Value lines, whatever the Status. */
export function sendReply(res: ServerResponse, fields: Readonly<Record<string, string>>, status = 200): void {
  const body = formatReply(fields);
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  // No script at all; one same-origin stylesheet. form-action is left out on purpose: browsers apply it to
  // the redirect that follows a form POST, and the payment ends with a redirect to the shop.
  'Content-Security-Policy': "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

export function sendPage(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { ...PAGE_HEADERS, 'Content-Length': Buffer.byteLength(html) });
  res.end(html);
}

/** 303 See Other: the browser GETs the shop's RedirectURL after its POST to the card page. */
export function sendRedirect(res: ServerResponse, location: string, html: string): void {
  res.writeHead(303, { ...PAGE_HEADERS, Location: location, 'Content-Length': Buffer.byteLength(html) });
  res.end(html);
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendJson(res: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}
