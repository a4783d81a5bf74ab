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
  customerSession,
  describeError,
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  methodNotAllowed,
  sameOrigin,
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

/**
 * `POST /payments/start`: the session's customer's cart, else the guest's; 409 when there is neither. A
 * token Magento refuses is `SessionEnded` (bridge/register.ts), answered by the customer session.
 */
async function start(bridge: PaymentBridge, token: string | undefined, guestCode: string): Promise<Response> {
  if (!token && !isMaskedCartId(guestCode)) throw new HttpError(409, strings.checkout.emptyCart);
  const cart: StartRequest['cart'] = token
    ? { kind: 'customer', token }
    : { kind: 'guest', guestCart: guestCode };
  return jsonReply(200, await bridge.start({ cart }));
}

/** `POST /payments/opayo/notify`: the provider's notification, answered in its own format. */
async function notify(c: Context, bridge: PaymentBridge, log: (message: string) => void): Promise<Response> {
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
}

/** `GET /payments/status/{code}`: that one transaction's status; 404 for a code nobody was given. */
async function status(c: Context, bridge: PaymentBridge): Promise<Response> {
  const code = new URL(c.req.url).pathname.slice(STATUS_PREFIX.length);
  const found = CODE.test(code) ? await bridge.status(code) : undefined;
  if (!found) throw new HttpError(404, strings.checkout.unknownPayment);
  return jsonReply(200, found);
}

export function createPaymentRoutes(config: PaymentRoutesConfig): Hono {
  const { bridge, siteUrl } = config;
  const log = config.log ?? ((message: string) => console.warn(message));
  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      const notifying = c.req.path === NOTIFY_PATH;
      log(`Payment route ${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
      // A notification answered 500 is sent again by the provider; the shopper sees a clear message.
      return notifying
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
    // Never the shopper's own data, so no-store as before; a cookie that holds no token is refused.
    customerSession({ siteUrl, privateAnswers: false, malformedCookie: 'refuse' }),
    (c) => start(bridge, c.var.customerToken, c.req.valid('json')?.guestCode ?? ''),
  );
  routes.all('/payments/start', methodNotAllowed('POST'));
  routes.post(NOTIFY_PATH, limitBody(16 * 1024), (c) => notify(c, bridge, log));
  routes.all(NOTIFY_PATH, methodNotAllowed('POST'));
  const statusPath = `${STATUS_PREFIX}:code{.*}`;
  routes.get(statusPath, (c) => status(c, bridge));
  routes.all(statusPath, methodNotAllowed('GET, HEAD'));
  return routes;
}
