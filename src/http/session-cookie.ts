/**
 * The shopper's session cookie: the Magento customer token, HttpOnly and SameSite=Lax (Secure over
 * https), so page scripts never see it. Sign-in sets it; the per-shopper routes read it through their
 * customer session (customer-session.ts), which clears it when the session ends; the REST proxy reads it
 * itself and clears it when Magento no longer accepts the token.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { HttpError } from './errors.ts';

export const SESSION_COOKIE = 'shop_session';

/** What a Magento customer token looks like: 32 opaque characters or a JWT, visible ASCII either way. */
const TOKEN_SHAPE = /^[\x21-\x7e]{1,4096}$/;

/** The session cookie's value and whether it is shaped like a token (a forged cookie may carry anything). */
function readSession(c: Context): { value: string | undefined; wellFormed: boolean } {
  const value = getCookie(c, SESSION_COOKIE) || undefined;
  return { value, wellFormed: value !== undefined && TOKEN_SHAPE.test(value) };
}

/** The session cookie's token when it is shaped like one; undefined otherwise. */
export function wellFormedSessionToken(c: Context): string | undefined {
  const { value, wellFormed } = readSession(c);
  return wellFormed ? value : undefined;
}

/**
 * The customer token of the request's session, if any. A cookie that cannot hold a token (control
 * characters, spaces, a megabyte) is the client's error: 400, and the cookie is dropped, rather than a
 * header Magento's client would refuse to send and a false "Magento unreachable".
 */
export function sessionToken(c: Context, siteUrl: string): string | undefined {
  const { value, wellFormed } = readSession(c);
  if (value !== undefined && !wellFormed)
    throw new HttpError(400, 'Your session is not valid. Please sign in again.', {
      'Set-Cookie': clearSessionCookie(siteUrl),
    });
  return value;
}

/**
 * `Set-Cookie` for a cookie page scripts never see: HttpOnly, SameSite=Lax, Secure over https. Written
 * out rather than with Hono's `setCookie`, whose attribute order differs: the order is part of what the
 * tests and the README pin down.
 */
export const privateCookie = (
  name: string,
  value: string,
  options: { readonly path: string; readonly maxAgeSeconds: number; readonly siteUrl: string },
): string =>
  [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.siteUrl.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');

/** `Set-Cookie` for the session. */
export const sessionCookie = (token: string, maxAgeSeconds: number, siteUrl: string): string =>
  privateCookie(SESSION_COOKIE, token, { path: '/', maxAgeSeconds, siteUrl });

/** `Set-Cookie` that ends the session. */
export const clearSessionCookie = (siteUrl: string): string => sessionCookie('', 0, siteUrl);
