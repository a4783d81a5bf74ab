/**
 * `POST /v2/checkout/orders` and `GET /v2/checkout/orders/{id}`. A created order with
 * `payment_source.paypal` is PAYER_ACTION_REQUIRED with a `payer-action` link to the approval page
 * (without one, CREATED with an `approve` link), and lives for the order lifetime (PayPal: 3 hours to
 * approve, then 3 hours to capture); past it PayPal no longer knows the order: 404 RESOURCE_NOT_FOUND.
 */
import type { Context } from 'hono';
import type { PayPalStore } from './db.ts';
import { notFound, payPalError, sendError, sendJson } from './errors.ts';
import { answerOnce, readJson, replay, wantsRepresentation } from './http.ts';
import { newResourceId } from './ids.ts';
import { orderRequestSchema, schemaDetails } from './order-request.ts';
import { refuseOrder } from './order-rules.ts';
import type { OrderRecord } from './records.ts';
import { orderLinks, orderView, paymentSourceView } from './views.ts';

export interface OrderRouteOptions {
  readonly store: PayPalStore;
  readonly baseUrl: string;
  readonly currencies: readonly string[];
  /** How long an order can be approved, and an approved order captured. */
  readonly orderTtlMs: number;
  readonly now: () => number;
}

/** The order while PayPal still knows it: a completed order stays; any other expires. */
export function liveOrder(
  options: Pick<OrderRouteOptions, 'store' | 'now'>,
  id: string,
): OrderRecord | undefined {
  const order = options.store.order(id);
  if (!order) return undefined;
  return order.status === 'COMPLETED' || order.expiresAt > options.now() ? order : undefined;
}

/** The whole order with its capture and refunds, as GET and `Prefer: return=representation` show it. */
export function fullOrder(options: Pick<OrderRouteOptions, 'store' | 'baseUrl'>, order: OrderRecord) {
  const capture = options.store.captureOf(order.id);
  const refunds = capture ? options.store.refundsOf(capture.id) : [];
  return orderView(options.baseUrl, { order, capture, refunds });
}

export function createOrderRoutes(options: OrderRouteOptions) {
  const { store } = options;

  async function create(c: Context): Promise<Response> {
    const replayed = replay(c, options, 'create-order');
    if (replayed) return replayed;
    const read = await readJson(c, 'orders');
    if (!read.ok) return sendError(c, read.error);
    const parsed = orderRequestSchema.safeParse(read.body, { reportInput: true });
    if (!parsed.success)
      return sendError(c, payPalError('INVALID_REQUEST', 'orders', schemaDetails(parsed.error, read.body)));
    const refusal = refuseOrder(read.body, parsed.data, options.currencies);
    if (refusal)
      return sendError(
        c,
        payPalError(
          refusal.status === 400 ? 'INVALID_REQUEST' : 'UNPROCESSABLE_ENTITY',
          'orders',
          refusal.details,
        ),
      );
    const now = options.now();
    const id = newResourceId();
    const status = parsed.data.payment_source?.paypal ? 'PAYER_ACTION_REQUIRED' : 'CREATED';
    store.insertOrder(id, parsed.data, status, now, now + options.orderTtlMs);
    const order = store.order(id);
    if (!order) throw new Error(`Order ${id} was not stored`);
    const body = wantsRepresentation(c)
      ? orderView(options.baseUrl, { order })
      : { id, status, payment_source: paymentSourceView(order), links: orderLinks(options.baseUrl, order) };
    return answerOnce(c, options, 'create-order', 201, body);
  }

  function get(c: Context): Response {
    const id = c.req.param('id') ?? '';
    const order = liveOrder(options, id);
    return order ? sendJson(c, 200, fullOrder(options, order)) : sendError(c, notFound('orders', id));
  }

  return { create, get };
}
