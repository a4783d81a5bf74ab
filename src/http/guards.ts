/**
 * The checks every state-changing route of the storefront makes, as middleware: the request comes from
 * this site (Origin), its body is bounded, and a body is JSON. Each refuses with an `HttpError`.
 */
import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { HttpError } from './errors.ts';

/**
 * Cross-site request forgery guard: the browser's Origin (always sent on same-origin POST/PUT/DELETE
 * fetches) must be the shop's configured public origin (SITE_URL), and a browser's `Sec-Fetch-Site` must
 * agree. Never the request's own Host header: an attacker who points a name of theirs at the shop chooses
 * the Host and the Origin alike.
 */
export function isSameOrigin(headers: Headers, siteUrl: string): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return false;
  return headers.get('origin') === new URL(siteUrl).origin;
}

/** 403 unless the request comes from this site. */
export const sameOrigin =
  (siteUrl: string): MiddlewareHandler =>
  async (c, next) => {
    if (!isSameOrigin(c.req.raw.headers, siteUrl))
      throw new HttpError(403, 'Cross-site requests are not allowed.');
    await next();
  };

/**
 * 403 for a read another site asks for: a browser's `Sec-Fetch-Site` says cross-site or same-site, or an
 * Origin other than the shop's is sent. A shopper's own visit (same-origin, or typed: `none`) and clients
 * that send neither header pass. For reads that answer a shopper's own data (SameSite=Lax already keeps
 * the session cookie off most cross-site requests; this refuses the rest).
 */
export const notCrossSite =
  (siteUrl: string): MiddlewareHandler =>
  async (c, next) => {
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    if (
      site === 'cross-site' ||
      site === 'same-site' ||
      (origin !== undefined && origin !== new URL(siteUrl).origin)
    )
      throw new HttpError(403, 'Cross-site requests are not allowed.');
    await next();
  };

/** 413 for a body over `maxBytes`, whether it declares its length or streams. */
export const limitBody = (maxBytes: number): MiddlewareHandler =>
  bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new HttpError(413, 'The request is too large.');
    },
  });

const mediaType = (header: string | undefined): string =>
  (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** 415 for a body that is not declared JSON; an empty body passes (what it means is the route's call). */
export const jsonOnly: MiddlewareHandler = async (c, next) => {
  const text = await c.req.text();
  if (text.trim() !== '' && mediaType(c.req.header('content-type')) !== 'application/json')
    throw new HttpError(415, 'Send JSON (Content-Type: application/json).');
  await next();
};

const wellFormed = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * The JSON body parsed by `schema` (read it with `c.req.valid('json')`); 400 with `message` when the
 * schema refuses it, 400 when it is not JSON at all. Put `jsonOnly` before it. An empty body is judged by
 * the schema as `{}` (Hono's validator reads only bodies that are declared JSON).
 */
export function jsonBody<Schema extends z.ZodType>(schema: Schema, message: string) {
  const validate = zValidator('json', schema, (result) => {
    if (!result.success) throw new HttpError(400, message);
  });
  const checked: typeof validate = async (c, next) => {
    const text = await c.req.text();
    if (text.trim() === '') {
      const headers = new Headers(c.req.raw.headers);
      headers.delete('content-type');
      c.req.raw = new Request(c.req.url, { method: c.req.method, headers });
    } else if (!wellFormed(text)) throw new HttpError(400, 'The request body is not valid JSON.');
    return validate(c, next);
  };
  return checked;
}

/** 405, with the methods the path does answer when given. */
export const methodNotAllowed =
  (allow?: string, message = 'Method not allowed.'): MiddlewareHandler =>
  () => {
    throw new HttpError(405, message, allow === undefined ? {} : { Allow: allow });
  };
