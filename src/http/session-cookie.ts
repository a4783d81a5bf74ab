/**
 * The shopper's session cookie: the Magento customer token, HttpOnly and SameSite=Lax (Secure over
 * https), so page scripts never see it. The session routes set and clear it; the REST proxy and the
 * payment routes read it and clear it when Magento no longer accepts the token.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { HttpError } from './errors.ts';

export const SESSION_COOKIE = 'shop_session';

/** What a Magento customer token looks like: 32 opaque characters or a JWT, visible ASCII either way. */
const TOKEN_SHAPE = /^[\x21-\x7e]{1,4096}$/;

/** The session cookie's token when it is shaped like one (a forged cookie may carry anything). */
export function wellFormedSessionToken(c: Context): string | undefined {
  const value = getCookie(c, SESSION_COOKIE);
  return value && TOKEN_SHAPE.test(value) ? value : undefined;
}

/**
 * The customer token of the request's session, if any. A cookie that cannot hold a token (control
 * characters, spaces, a megabyte) is the client's error: 400, and the cookie is dropped, rather than a
 * header Magento's client would refuse to send and a false "Magento unreachable".
 */
export function sessionToken(c: Context, siteUrl: string): string | undefined {
  if (!getCookie(c, SESSION_COOKIE)) return undefined;
  const token = wellFormedSessionToken(c);
  if (!token)
    throw new HttpError(400, 'Your session is not valid. Please sign in again.', {
      'Set-Cookie': clearSessionCookie(siteUrl),
    });
  return token;
}

/**
 * `Set-Cookie` for the session. Written out rather than with Hono's `setCookie`, whose attribute order
 * differs: the order is part of what the tests and the README pin down.
 */
export const sessionCookie = (token: string, maxAgeSeconds: number, siteUrl: string): string =>
  [
    `${SESSION_COOKIE}=${encodeURIComponent(token)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
    ...(siteUrl.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');

/** `Set-Cookie` that ends the session. */
export const clearSessionCookie = (siteUrl: string): string => sessionCookie('', 0, siteUrl);
