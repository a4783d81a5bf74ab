/**
 * Who a guest booking a service is: a random id in a private cookie (HttpOnly, SameSite=Lax, sent only to
 * `/service-bookings`), given with the free days the form loads first, else with the first booking. A
 * guest's idempotency keys are scoped to it (bookings.server.ts), so another browser sending the same key
 * is refused instead of answered with the booking. 256 random bits: nobody can guess another's, so it needs
 * no signature; the shop keeps only a hash of it, mixed into each booking's request check.
 */
import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { privateCookie } from '../../http/index.ts';

export const GUEST_COOKIE = 'shop_booking_guest';
const GUEST_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Long enough for any form left open; a new id only means a new scope for new forms' keys. */
const GUEST_SECONDS = 30 * 24 * 3600;

/** What `bookingGuest` puts on the context (Hono's `Variables`). */
export interface BookingGuest {
  Variables: {
    /** The browser's guest id: the cookie's, or one made for this answer, which sets the cookie. */
    bookingGuest: string;
  };
}

export function bookingGuest(siteUrl: string): MiddlewareHandler<BookingGuest> {
  return async (c, next) => {
    const held = getCookie(c, GUEST_COOKIE);
    const guest = held !== undefined && GUEST_SHAPE.test(held) ? held : randomBytes(32).toString('base64url');
    c.set('bookingGuest', guest);
    await next();
    if (guest !== held) {
      const cookie = privateCookie(GUEST_COOKIE, guest, {
        path: '/service-bookings',
        maxAgeSeconds: GUEST_SECONDS,
        siteUrl,
      });
      c.header('Set-Cookie', cookie, { append: true });
    }
  };
}
