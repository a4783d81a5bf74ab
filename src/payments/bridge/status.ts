/**
 * Step 4, status: what `/paid` may tell the browser; the stored state, never anything the browser sent.
 * Pending and failed say no more; paid adds the order's number (Magento's `increment_id`), which `place`
 * stored when it read the order back. When that read failed, the number is read here once by the
 * recorded order id and stored; best effort: the answer waits for it only briefly and never fails for it.
 */
import type { PaymentRecord } from '../payment-records.ts';
import { describe, type BridgeDeps } from './deps.ts';
import { orderNumberOf } from '../../features/orders/order.ts';
import { REPLICA_TIMINGS } from '../../store/replica-timings.ts';

export type PaymentStatus = 'pending' | 'paid' | 'failed';

/** The status answer: for a paid transaction, the order's number when it is known. */
export type PaymentStatusAnswer =
  { readonly status: 'pending' | 'failed' } | { readonly status: 'paid'; readonly order?: string };

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
  if (record.state === 'FAILED') return { status: 'failed' };
  if (record.state !== 'PAID') return { status: 'pending' };
  const order =
    record.orderNumber ?? (await within(readNumber(deps, record), REPLICA_TIMINGS.orderNumberWaitMs));
  return order === undefined ? { status: 'paid' } : { status: 'paid', order };
}
