/**
 * Request and response plumbing of the sandbox: form bodies read the way the ISO 8859-1 gateway reads
 * them (UTF-8 when the escapes are valid UTF-8, otherwise Latin-1), protocol replies as CRLF text, and
 * hosted pages with headers that keep them private and CSP-strict.
 */
import type { Context } from 'hono';
import { sendText } from '@cleaning-shop/kit/sandbox-pages.ts';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { formatReply } from '@cleaning-shop/contracts/opayo/protocol.ts';

/** Largest form body read: a 7,500-character basket and 20,000 of BasketXML fit with room to spare. */
export const MAX_FORM_BYTES = 256 * 1024;

/** Hono's body-size limit for the form-posting routes, answering as the sandbox always has. */
export const formBodyLimit = bodyLimit({
  maxSize: MAX_FORM_BYTES,
  onError: (c) => sendText(c, 413, `The request body is larger than ${MAX_FORM_BYTES} bytes.\n`),
});

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

/**
 * The form fields of a request, read through `formBodyLimit`, as `schema` declares them. Not
 * `c.req.parseBody()`: that decodes every escape as UTF-8, and the gateway takes ISO 8859-1 too (§1.2).
 */
export async function readForm<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  const bytes = Buffer.from(await c.req.arrayBuffer());
  return schema.parse(parseForm(bytes.toString('latin1')));
}

/** A protocol reply (§2.1): HTTP 200, text/plain, CRLF Name=Value lines, whatever the Status. */
export function sendReply(c: Context, fields: Readonly<Record<string, string>>): Response {
  return c.body(formatReply(fields), 200, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
}

export function sendJson(c: Context, body: unknown): Response {
  return c.body(JSON.stringify(body, null, 2), 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
}
