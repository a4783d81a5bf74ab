/**
 * Capturing an approved PayPal order and reading what PayPal says of it, as the bridge's notification.
 * The capture carries `PayPal-Request-Id: capture-{code}`, the same on every replica and every retry, so
 * the return, the webhook and recovery can all capture and PayPal charges once. PayPal's refusals
 * (Orders v2, "Capture payment for order"): INSTRUMENT_DECLINED (the payer must choose again),
 * ORDER_ALREADY_CAPTURED (success: the capture is read from the order), ORDER_NOT_APPROVED (a return
 * that is not one), ORDER_EXPIRED / RESOURCE_NOT_FOUND (the approval ran out). Nothing is captured for
 * an order that could not be placed (`captureIfOrderable`).
 */
import type { PaymentRecord } from '../../payment-records.ts';
import type { BeforeTaking, NotOrderable, ProviderNotification } from '../../provider.ts';
import { issueOf, type PayPalApi } from './api.ts';
import { captureOf, type Capture, type PayPalOrder } from './wire.ts';

/** PayPal would not capture, for a reason the shopper is told in plain words (`issue`). */
export interface Refusal {
  readonly refused: true;
  readonly issue: string;
}

/** The approval ran out (three hours for an order PayPal's payer never completed). */
const EXPIRED = new Set(['ORDER_EXPIRED', 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID']);

export const notification = (
  record: PaymentRecord,
  status: string,
  outcome: ProviderNotification['outcome'],
  detail = '',
): ProviderNotification => ({
  code: record.code,
  providerRef: record.providerRef,
  status,
  outcome,
  detail,
  fields: {},
});

/** What a capture's status means for the payment. */
export function captureNotice(record: PaymentRecord, capture: Capture): ProviderNotification {
  const reason = capture.status_details?.reason ?? '';
  switch (capture.status) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      return notification(record, 'COMPLETED', 'paid', capture.id);
    case 'PENDING':
      return notification(record, 'PENDING', 'pending', reason);
    default:
      return notification(record, 'DECLINED', 'declined', `capture ${capture.status} ${reason}`.trim());
  }
}

/** An order's own state as a notification; undefined while it is still the payer's to approve. */
export function orderNotice(record: PaymentRecord, order: PayPalOrder): ProviderNotification | undefined {
  const capture = captureOf(order);
  if (capture) return captureNotice(record, capture);
  if (order.status === 'VOIDED')
    return notification(record, 'VOIDED', 'cancelled', 'PayPal voided the order');
  return undefined;
}

export const expiredNotice = (record: PaymentRecord): ProviderNotification =>
  notification(record, 'EXPIRED', 'cancelled', 'the PayPal approval expired');

/** Captures `record`'s PayPal order (once, whoever asks), or says why PayPal would not. */
export async function capture(
  api: PayPalApi,
  record: PaymentRecord,
): Promise<ProviderNotification | Refusal> {
  const answer = await api.captureOrder(record.providerRef, `capture-${record.code}`);
  if (answer.ok) {
    const captured = captureOf(answer.value);
    return captured
      ? captureNotice(record, captured)
      : notification(record, 'PENDING', 'pending', `order ${answer.value.status} without a capture`);
  }
  const issue = issueOf(answer.error);
  if (issue === 'INSTRUMENT_DECLINED')
    return notification(record, issue, 'declined', answer.error.message ?? '');
  if (EXPIRED.has(issue)) return expiredNotice(record);
  if (issue === 'ORDER_ALREADY_CAPTURED') {
    const order = await api.getOrder(record.providerRef);
    const said = order.ok ? orderNotice(record, order.value) : undefined;
    if (said) return said;
  }
  return { refused: true, issue };
}

/** The status word of a payment left uncaptured because its order could not be placed, by reason. */
export const NOT_TAKEN = { changed: 'BASKET_CHANGED', stock: 'SOLD_OUT' } as const;

/** The same for any reason: a check's refusal is named by the check (`COLLECTION_REFUSED`). */
export const notTaken = (not: NotOrderable): string =>
  not.reason === 'refused' ? `${not.check.toUpperCase()}${REFUSED_BY}` : NOT_TAKEN[not.reason];

const REFUSED_BY = '_REFUSED';

/** The check that refused a payment left uncaptured, named by its status word; undefined for another. */
export const refusedBy = (status: string): string | undefined =>
  status.endsWith(REFUSED_BY) ? status.slice(0, -REFUSED_BY.length).toLowerCase() : undefined;

/**
 * Captures `record`'s PayPal order only if its Magento order can still be placed: otherwise nothing is
 * taken and the payment ends (the approval lapses on PayPal's side by itself).
 */
export async function captureIfOrderable(
  api: PayPalApi,
  record: PaymentRecord,
  before: BeforeTaking,
): Promise<ProviderNotification | Refusal> {
  const not = await before.orderable(record);
  if (not) return notification(record, notTaken(not), 'cancelled', `not captured: ${not.detail}`);
  return capture(api, record);
}

export const isRefusal = (value: ProviderNotification | Refusal): value is Refusal => 'refused' in value;
