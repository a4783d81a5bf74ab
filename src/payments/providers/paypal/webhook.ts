/**
 * `POST /payments/paypal/webhook`: PayPal's events, verified as PayPal asks (the verify-webhook-signature
 * call with the delivery's PAYPAL-* headers and the shop's webhook id), acted on once per event id across
 * replicas (the shared store remembers them), and answered 200 once acted on, so PayPal stops delivering:
 * - CHECKOUT.ORDER.APPROVED: the payer approved (and perhaps closed the tab): capture and settle, if the
 *   order can still be placed; else end it with nothing taken.
 * - PAYMENT.CAPTURE.COMPLETED / DENIED: the capture's outcome settles the payment.
 * - PAYMENT.CAPTURE.REFUNDED: the refund (in PayPal's dashboard) is noted on the payment.
 * A bad signature is 400 and changes nothing; an event for no transaction of ours is 200 (nothing to do);
 * an outcome not known yet, or PayPal not answering, is 503, and PayPal delivers the event again.
 */
import type { Context } from 'hono';
import { describeError } from '../../../http/index.ts';
import { pence } from '../../bridge/basket.ts';
import type { PaymentRecord } from '../../payment-records.ts';
import { OutcomeUnknownError, type PaymentSettlement } from '../../provider.ts';
import { PayPalUnavailable, type PayPalApi } from './api.ts';
import { captureIfOrderable, captureNotice, isRefusal } from './capture.ts';
import { PAYPAL } from './settings.ts';
import { captureSchema, eventSchema, linkOf, orderSchema, refundSchema, type WebhookEvent } from './wire.ts';

const MAX_BODY = 64 * 1024;

const answer = (status: number, text: string) =>
  new Response(`${text}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

async function byOrder(settlement: PaymentSettlement, orderId: string | undefined) {
  return orderId ? settlement.findByRef(PAYPAL, orderId) : undefined;
}

/** The transaction a capture belongs to: by its order's id, else by the code it carries. */
async function ofCapture(settlement: PaymentSettlement, resource: unknown) {
  const parsed = captureSchema.safeParse(resource);
  if (!parsed.success) return undefined;
  const found = await byOrder(settlement, parsed.data.supplementary_data?.related_ids?.order_id);
  const record = found ?? (parsed.data.custom_id ? await settlement.find(parsed.data.custom_id) : undefined);
  return record?.provider === PAYPAL ? { record, capture: parsed.data } : undefined;
}

async function refunded(settlement: PaymentSettlement, api: PayPalApi, resource: unknown): Promise<boolean> {
  const refund = refundSchema.safeParse(resource);
  if (!refund.success) return false;
  let record: PaymentRecord | undefined = refund.data.invoice_id
    ? await settlement.find(refund.data.invoice_id)
    : undefined;
  if (record?.provider !== PAYPAL) {
    const captureId = linkOf(refund.data.links, 'up')?.split('/').pop();
    const captured = captureId ? await api.getCapture(captureId) : undefined;
    record = captured?.ok
      ? await byOrder(settlement, captured.value.supplementary_data?.related_ids?.order_id)
      : undefined;
  }
  if (!record) return false;
  const total = refund.data.seller_payable_breakdown?.total_refunded_amount ?? refund.data.amount;
  await settlement.refunded(record, pence(Number(total.value)));
  return true;
}

/** Acts on one verified event; false when it names no transaction of ours. */
async function act(settlement: PaymentSettlement, api: PayPalApi, event: WebhookEvent): Promise<boolean> {
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED': {
      const order = orderSchema.safeParse(event.resource);
      const record = order.success ? await byOrder(settlement, order.data.id) : undefined;
      if (!record) return false;
      if (record.state !== 'REGISTERED') return true;
      const said = await captureIfOrderable(api, record, settlement);
      if (!isRefusal(said)) await settlement.settle(record, said);
      return true;
    }
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.DENIED': {
      const found = await ofCapture(settlement, event.resource);
      if (found) await settlement.settle(found.record, captureNotice(found.record, found.capture));
      return found !== undefined;
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
      return refunded(settlement, api, event.resource);
    default:
      return true;
  }
}

export async function webhook(c: Context, settlement: PaymentSettlement, api: PayPalApi): Promise<Response> {
  const text = await c.req.text();
  if (text.length > MAX_BODY) return answer(413, 'Too large.');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return answer(400, 'Not JSON.');
  }
  const event = eventSchema.safeParse(json);
  if (!event.success) return answer(400, 'Not a webhook event.');
  try {
    if (!(await api.verifyWebhook(c.req.raw.headers, json))) {
      // Unverified, the event says nothing for certain: its id is logged only as a claim, quoted and cut short.
      settlement.log(
        `PayPal webhook refused: its signature does not verify (claimed id ${JSON.stringify(event.data.id.slice(0, 40))})`,
      );
      return answer(400, 'Signature not verified.');
    }
    if (await settlement.events.seen(PAYPAL, event.data.id)) return answer(200, 'Already done.');
    if (!(await act(settlement, api, event.data)))
      settlement.log(`PayPal webhook ${event.data.event_type} ${event.data.id}: no payment of ours`);
    await settlement.events.remember(PAYPAL, event.data.id);
    return answer(200, 'Done.');
  } catch (error) {
    if (!(error instanceof OutcomeUnknownError || error instanceof PayPalUnavailable)) throw error;
    settlement.log(
      `PayPal webhook ${event.data.id} not answered (PayPal will deliver it again): ${describeError(error)}`,
    );
    return answer(503, 'Not known yet; please deliver again.');
  }
}
