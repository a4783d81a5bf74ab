/**
 * The shopper's session cookie: the Magento customer token, HttpOnly and SameSite=Lax (Secure over
 * https), so page scripts never see it. The session routes set and clear it; the REST proxy and the
 * payment routes read it and clear it when Magento no longer accepts the token.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

export const SESSION_COOKIE = 'shop_session';

/** The customer token of the request's session, if any. */
export const sessionToken = (c: Context): string | undefined => getCookie(c, SESSION_COOKIE) || undefined;

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
