/**
 * Step 4, status: what `/paid` may tell the browser; the stored state, never anything the browser sent.
 * Pending says no more; failed says what became of money the provider took (refunding, refunded); paid
 * adds the order's number (Magento's `increment_id`), which `place` stored when it read the order back.
 * When that read failed, the number is read here once by the recorded order id and stored; best effort:
 * the answer waits for it only briefly and never fails for it.
 */
import type { PaymentRecord } from '../payment-records.ts';
import type { PaymentMethod } from '../provider.ts';
import { describe, type BridgeDeps } from './deps.ts';
import { orderNumberOf } from '../../parse/order-number.ts';
import { REPLICA_TIMINGS } from '../../store/replica-timings.ts';

export type PaymentStatus = 'pending' | 'paid' | 'failed';

/** Money the provider took for an order that could not be placed: being refunded, or refunded. */
export interface RefundAnswer {
  readonly state: 'refunding' | 'refunded';
  /** Pence. */
  readonly amount: number;
  readonly way: PaymentMethod;
}

/**
 * The status answer: for a paid transaction, the order's number when it is known; for a failed one whose
 * money was taken, its refund.
 */
export type PaymentStatusAnswer =
  | { readonly status: 'pending' }
  | { readonly status: 'failed'; readonly refund?: RefundAnswer }
  | { readonly status: 'paid'; readonly order?: string };

/** What a failed transaction's shopper is told of their money: nothing was taken, or its refund. */
function failed(record: PaymentRecord): PaymentStatusAnswer {
  if (record.giveBack === null) return { status: 'failed' };
  const refunded = record.giveBack === 'DONE';
  if (refunded && record.refundedPence === 0) return { status: 'failed' };
  const amount = refunded ? record.refundedPence : record.amountPence;
  return {
    status: 'failed',
    refund: { state: refunded ? 'refunded' : 'refunding', amount, way: record.method },
  };
}

/**
 * The number as the paid page may show it: one the order pages accept as it is (`orderNumberOf`), else
 * undefined (logged when Magento gave an odd one).
 */
export function shownOrderNumber(
  deps: BridgeDeps,
  orderId: number,
  number: string | undefined,
): string | undefined {
  if (number === undefined || orderNumberOf(number) === number) return number;
  deps.log(`Order ${orderId}: its number ${JSON.stringify(number.slice(0, 40))} is not shown`);
  return undefined;
}

/** Reads the number of a PAID transaction's order and stores it; undefined when it cannot be had. */
async function readNumber(deps: BridgeDeps, record: PaymentRecord): Promise<string | undefined> {
  const { orderId } = record;
  if (orderId === null) return undefined;
  try {
    const number = shownOrderNumber(deps, orderId, (await deps.magento.readOrder(orderId)).number);
    if (number !== undefined) await deps.store.recordOrderNumber(record.code, number);
    return number;
  } catch (error) {
    deps.log(`Payment ${record.code}: the number of order ${orderId} not read: ${describe(error)}`);
    return undefined;
  }
}

/** `work`'s value, or undefined once `ms` have passed (the work itself is not stopped). */
async function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function status(deps: BridgeDeps, code: string): Promise<PaymentStatusAnswer | undefined> {
  const record = await deps.store.get(code);
  if (!record) return undefined;
  if (record.state === 'FAILED') return failed(record);
  if (record.state !== 'PAID') return { status: 'pending' };
  const order =
    record.orderNumber ?? (await within(readNumber(deps, record), REPLICA_TIMINGS.orderNumberWaitMs));
  return order === undefined ? { status: 'paid' } : { status: 'paid', order };
}
