/**
 * The payment bridge's HTTP face on the storefront server, a Hono sub-app:
 * - `POST /payments/start` (same origin, JSON `{guestCode?, method?}`): the shopper's own cart (session
 *   cookie, else the guest cart code) is registered with the provider taking `method` (card when absent);
 *   answers `{code, nextUrl}`. The e-mail is the customer's, or a guest's billing address's (an `email`
 *   field is ignored).
 * - each provider's own routes (`PaymentProvider.routes`): Opayo's notification, PayPal's return, cancel
 *   and webhook.
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
import { paymentTexts } from './texts.ts';
import type { PaymentBridge, StartRequest } from './bridge.ts';
import { PAYMENT_METHODS, type PaymentMethod } from './provider.ts';

const STATUS_PREFIX = '/payments/status/';
const CODE = /^[A-Za-z0-9-]{40}$/;

const startBody = z
  .object({
    guestCode: z.string().max(64).optional(),
    method: z.enum(PAYMENT_METHODS).optional(),
  })
  .optional();

export interface PaymentRoutesConfig {
  /** Its providers' callbacks are mounted beside the bridge's own routes. */
  readonly bridge: PaymentBridge;
  readonly siteUrl: string;
  readonly log?: (message: string) => void;
}

/**
 * `POST /payments/start`: the session's customer's cart, else the guest's; 409 when there is neither. A
 * token Magento refuses is `SessionEnded` (bridge/register.ts), answered by the customer session.
 */
async function start(
  bridge: PaymentBridge,
  token: string | undefined,
  guestCode: string,
  method: PaymentMethod,
): Promise<Response> {
  if (!token && !isMaskedCartId(guestCode)) throw new HttpError(409, paymentTexts.emptyCart);
  const cart: StartRequest['cart'] = token
    ? { kind: 'customer', token }
    : { kind: 'guest', guestCart: guestCode };
  return jsonReply(200, await bridge.start({ cart, method }));
}

/** `GET /payments/status/{code}`: that one transaction's status; 404 for a code nobody was given. */
async function status(c: Context, bridge: PaymentBridge): Promise<Response> {
  const code = new URL(c.req.url).pathname.slice(STATUS_PREFIX.length);
  const found = CODE.test(code) ? await bridge.status(code) : undefined;
  if (!found) throw new HttpError(404, paymentTexts.unknownPayment);
  return jsonReply(200, found);
}

export function createPaymentRoutes(config: PaymentRoutesConfig): Hono {
  const { bridge, siteUrl } = config;
  const log = config.log ?? ((message: string) => console.warn(message));
  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      log(`Payment route ${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
      return new HttpError(502, paymentTexts.startFailed);
    }),
  );

  routes.post(
    '/payments/start',
    sameOrigin(siteUrl),
    limitBody(4 * 1024),
    jsonOnly,
    jsonBody(startBody, paymentTexts.emptyCart),
    // Never the shopper's own data, so no-store as before; a cookie that holds no token is refused.
    customerSession({ siteUrl, privateAnswers: false, malformedCookie: 'refuse' }),
    (c) => {
      const body = c.req.valid('json');
      return start(bridge, c.var.customerToken, body?.guestCode ?? '', body?.method ?? 'card');
    },
  );
  routes.all('/payments/start', methodNotAllowed('POST'));
  for (const provider of bridge.providers) routes.route('/', provider.routes(bridge.settlement));
  const statusPath = `${STATUS_PREFIX}:code{.*}`;
  routes.get(statusPath, (c) => status(c, bridge));
  routes.all(statusPath, methodNotAllowed('GET, HEAD'));
  return routes;
}
