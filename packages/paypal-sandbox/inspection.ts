/**
 * The sandbox's test controls, like the Opayo sandbox's inspection: `GET /sandbox/orders` (every order
 * with the payer's funding choice, its capture and refunds), `POST /sandbox/orders/{id}/expire` (ages an
 * order past its lifetime), `POST /sandbox/orders/{id}/deny-capture` (its capture will be DECLINED, with
 * PAYMENT.CAPTURE.DENIED), `POST /sandbox/captures/{id}/refund` (a refund from PayPal's dashboard:
 * optional JSON `{ "amount": "1.00" }`, raises PAYMENT.CAPTURE.REFUNDED), and the webhook queue:
 * `GET /sandbox/webhooks`, `POST /sandbox/webhooks/pause` / `resume` (hold deliveries back, as when
 * the shop must learn of an approval from CHECKOUT.ORDER.APPROVED alone) and `POST
 * /sandbox/webhooks/{id}/resend`.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { PayPalStore } from './db.ts';
import type { Deliveries } from './deliveries.ts';
import { notFound, sendError, sendJson } from './errors.ts';
import { readJson } from './http.ts';
import { toValue } from './order-rules.ts';
import type { Choice, OrderRecord } from './records.ts';
import { refundCapture, type RefundOptions } from './refunds.ts';
import { refundView } from './views.ts';

export const INSPECTION_PATH = '/sandbox';

export interface InspectionOptions extends RefundOptions {
  readonly deliveries: Deliveries;
}

/** How the payer funded the order: PayPal balance, Pay Later (Pay in 3), or a card that will decline. */
const FUNDING: Readonly<Record<Choice, string>> = {
  pay: 'PAYPAL',
  'pay-in-3': 'PAY_LATER',
  decline: 'DECLINED_CARD',
};

const iso = (time: number | undefined): string | null =>
  time === undefined ? null : new Date(time).toISOString();

function orderSummary(store: PayPalStore, order: OrderRecord, now: number) {
  const unit = order.request.purchase_units[0];
  const capture = store.captureOf(order.id);
  return {
    id: order.id,
    status: order.status,
    expired: order.status !== 'COMPLETED' && order.expiresAt <= now,
    amount: unit?.amount.value ?? null,
    currency: unit?.amount.currency_code ?? null,
    brandName: order.request.payment_source?.paypal.experience_context?.brand_name ?? null,
    funding: order.choice ? FUNDING[order.choice] : null,
    payerId: order.payerId ?? null,
    createdAt: iso(order.createdAt),
    approvedAt: iso(order.approvedAt),
    expiresAt: iso(order.expiresAt),
    captures: capture
      ? [
          {
            id: capture.id,
            status: capture.status,
            amount: toValue(capture.pence),
            refunded: toValue(capture.refundedPence),
            refunds: store.refundsOf(capture.id).map((refund) => ({
              id: refund.id,
              amount: toValue(refund.pence),
              createdAt: iso(refund.createdAt),
            })),
          },
        ]
      : [],
  };
}

/** An event body the sandbox wrote itself, shown as JSON. */
const parseStored = (body: string): unknown => {
  const parsed: unknown = JSON.parse(body);
  return parsed;
};

const dashboardRefund = z.object({ amount: z.string().optional() });

export function createInspection(options: InspectionOptions) {
  const { store, deliveries } = options;
  return {
    orders: (c: Context) =>
      sendJson(c, 200, { orders: store.orders().map((order) => orderSummary(store, order, options.now())) }),

    expire(c: Context) {
      const id = c.req.param('id') ?? '';
      if (!store.expire(id, options.now())) return sendError(c, notFound('orders', id));
      const order = store.order(id);
      return sendJson(c, 200, order ? orderSummary(store, order, options.now()) : {});
    },

    denyCapture(c: Context) {
      const id = c.req.param('id') ?? '';
      if (!store.denyCapture(id)) return sendError(c, notFound('orders', id));
      const order = store.order(id);
      return sendJson(c, 200, order ? orderSummary(store, order, options.now()) : {});
    },

    async refund(c: Context) {
      const id = c.req.param('id') ?? '';
      const read = await readJson(c, 'payments');
      if (!read.ok) return sendError(c, read.error);
      const body = dashboardRefund.safeParse(read.body);
      const amount = body.success ? body.data.amount : undefined;
      const capture = store.captureById(id);
      const outcome = refundCapture(
        options,
        id,
        amount && capture ? { amount: { currency_code: capture.currency, value: amount } } : {},
      );
      if (!outcome.ok) return sendError(c, outcome.error);
      return sendJson(c, 201, refundView(options.baseUrl, outcome.refund, outcome.capture));
    },

    webhooks: (c: Context) =>
      sendJson(c, 200, {
        paused: deliveries.paused,
        events: store.events.events().map((event) => ({
          id: event.id,
          eventType: event.eventType,
          resourceId: event.resourceId,
          state: event.state,
          attempts: event.attempts,
          nextAttemptAt: event.state === 'pending' ? iso(event.nextAt) : null,
          lastStatus: event.lastStatus ?? null,
          lastProblem: event.lastProblem ?? null,
          createdAt: iso(event.createdAt),
          deliveredAt: iso(event.deliveredAt),
          event: parseStored(event.body),
        })),
      }),

    pause(c: Context) {
      deliveries.pause();
      return sendJson(c, 200, { paused: true });
    },

    async resume(c: Context) {
      await deliveries.resume();
      return sendJson(c, 200, { paused: false });
    },

    async resend(c: Context) {
      const id = c.req.param('id') ?? '';
      if (!store.events.resend(id, options.now()))
        return sendError(c, notFound('notifications', id, 'event_id'));
      await deliveries.deliver(id);
      return sendJson(c, 200, { id, state: store.events.event(id)?.state ?? null });
    },
  };
}
