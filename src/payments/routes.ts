/**
 * The payment bridge's HTTP face on the storefront server, a Hono sub-app:
 * - `POST /payments/start` (same origin, JSON `{guestCode?}`): the shopper's own cart (session cookie,
 *   else the guest cart code) is registered with the provider; answers `{code, nextUrl}`. The e-mail is
 *   the customer's, or a guest's billing address's (an `email` field is ignored).
 * - `POST /payments/opayo/notify`: the provider's server-to-server notification (form-encoded), answered
 *   in the provider's format (CRLF `Name=Value` lines for Opayo), or 503 while its outcome is not known.
 * - `GET /payments/status/{code}`: `{status: pending | paid | failed}` of that one transaction, and for a
 *   paid one the order's number (`{status: 'paid', order: '000000123'}`, when known); nothing else.
 */
import { isMaskedCartId } from '../magento/wire/shopper-cart.ts';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  clearSessionCookie,
  describeError,
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  methodNotAllowed,
  sameOrigin,
  sessionToken,
} from '../http/index.ts';
import { strings } from '../strings.ts';
import type { PaymentBridge, StartRequest } from './bridge.ts';

export const NOTIFY_PATH = '/payments/opayo/notify';
const STATUS_PREFIX = '/payments/status/';
const CODE = /^[A-Za-z0-9-]{40}$/;

const startBody = z
  .object({
    guestCode: z.string().max(64).optional(),
  })
  .optional();

export interface PaymentRoutesConfig {
  readonly bridge: PaymentBridge;
  readonly siteUrl: string;
  readonly log?: (message: string) => void;
}

export function createPaymentRoutes(config: PaymentRoutesConfig): Hono {
  const { bridge, siteUrl } = config;
  const log = config.log ?? ((message: string) => console.warn(message));
  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      const notify = c.req.path === NOTIFY_PATH;
      log(`Payment route ${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
      // A notification answered 500 is sent again by the provider; the shopper sees a clear message.
      return notify
        ? new HttpError(500, 'Please try again.')
        : new HttpError(502, strings.checkout.startFailed);
    }),
  );

  routes.post(
    '/payments/start',
    sameOrigin(siteUrl),
    limitBody(4 * 1024),
    jsonOnly,
    jsonBody(startBody, strings.checkout.emptyCart),
    async (c) => {
      const body = c.req.valid('json');
      const token = sessionToken(c, siteUrl);
      const guestCode = body?.guestCode ?? '';
      if (!token && !isMaskedCartId(guestCode)) throw new HttpError(409, strings.checkout.emptyCart);
      const cart: StartRequest['cart'] = token
        ? { kind: 'customer', token }
        : { kind: 'guest', guestCart: guestCode };
      try {
        return jsonReply(200, await bridge.start({ cart }));
      } catch (error) {
        // Magento refused the customer's token: the session is over, end it here too.
        if (error instanceof HttpError && error.status === 401)
          throw new HttpError(401, error.message, { 'Set-Cookie': clearSessionCookie(siteUrl) });
        throw error;
      }
    },
  );
  routes.all('/payments/start', methodNotAllowed('POST'));

  routes.post(NOTIFY_PATH, limitBody(16 * 1024), async (c) => {
    let reply: Awaited<ReturnType<PaymentBridge['notify']>>;
    try {
      reply = await bridge.notify(await c.req.text());
    } catch (error) {
      // The outcome is not known (another replica is placing the order, the store is down): a 503 with no
      // acknowledgement is "not answered", so the provider sends the notification again, whereas a valid
      // Status=ERROR would be final and void a payment whose order may yet be completed.
      log(`Payment notification not answered (the provider will retry): ${describeError(error)}`);
      return new Response('The outcome is not known yet; please send the notification again.\n', {
        status: 503,
        headers: {
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'no-store',
          'Retry-After': '5',
        },
      });
    }
    const body = Buffer.from(reply.body, 'latin1');
    return new Response(body, {
      headers: {
        'Content-Type': reply.contentType,
        'Content-Length': String(body.length),
        'Cache-Control': 'no-store',
      },
    });
  });
  routes.all(NOTIFY_PATH, methodNotAllowed('POST'));

  const statusPath = `${STATUS_PREFIX}:code{.*}`;
  routes.get(statusPath, async (c: Context) => {
    const code = new URL(c.req.url).pathname.slice(STATUS_PREFIX.length);
    const found = CODE.test(code) ? await bridge.status(code) : undefined;
    if (!found) throw new HttpError(404, strings.checkout.unknownPayment);
    return jsonReply(200, found);
  });
  routes.all(statusPath, methodNotAllowed('GET, HEAD'));
  return routes;
}
