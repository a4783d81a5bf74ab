/**
 * Giving back a PayPal payment whose order could not be placed: the order's capture is refunded in full
 * (Payments v2, `POST /v2/payments/captures/{id}/refund`) under `PayPal-Request-Id: refund-{code}`, the
 * same on every replica and every retry, so PayPal refunds once however often the bridge asks. The refund
 * carries the shop's transaction code as `invoice_id`, which the PAYMENT.CAPTURE.REFUNDED webhook is
 * matched by.
 */
import { pence } from '../../bridge/basket.ts';
import type { PaymentRecord } from '../../payment-records.ts';
import type { GiveBackResult } from '../../provider.ts';
import { issueOf, type PayPalApi } from './api.ts';
import { captureOf, type Capture } from './wire.ts';

const NOTE_TO_PAYER = 'We could not place your order, so we have refunded this payment in full.';

/** A capture that took nothing (declined, failed) leaves nothing to give back. */
const tookNothing = (capture: Capture | undefined): boolean =>
  capture === undefined || capture.status === 'DECLINED' || capture.status === 'FAILED';

export async function giveBack(api: PayPalApi, record: PaymentRecord): Promise<GiveBackResult> {
  const order = await api.getOrder(record.providerRef);
  if (!order.ok) return { ok: false, detail: `order not read (${issueOf(order.error)})` };
  const capture = captureOf(order.value);
  if (tookNothing(capture)) return { ok: true, refundedPence: 0 };
  if (!capture || capture.status === 'PENDING') return { ok: false, detail: 'the capture is still pending' };
  const refund = await api.refundCapture(capture.id, `refund-${record.code}`, {
    invoice_id: record.code,
    note_to_payer: NOTE_TO_PAYER,
  });
  if (refund.ok) {
    const total = refund.value.seller_payable_breakdown?.total_refunded_amount ?? refund.value.amount;
    return { ok: true, refundedPence: pence(Number(total.value)) };
  }
  // Refunded already (by staff in PayPal's dashboard, say): nothing is left to give back.
  if (issueOf(refund.error) === 'CAPTURE_FULLY_REFUNDED')
    return { ok: true, refundedPence: pence(Number(capture.amount?.value ?? 0)) };
  return { ok: false, detail: `refund refused (${issueOf(refund.error)})` };
}
