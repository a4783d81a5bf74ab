/**
 * The transaction's life as a pure function. A payment is REGISTERED when the provider accepts it; one
 * authorised notification claims it (PLACING) while it places the Magento order, which ends PAID, or
 * FAILED when the order cannot be placed or does not match; a declined, aborted or failed payment goes
 * from REGISTERED straight to FAILED (the stored value; the provider's status word says ABORT). A claim
 * whose lease ran out may be taken again by a later authorised notification.
 */
import { PAYMENT_STATES, type PaymentState } from './payment-records.ts';

export type PaymentEvent =
  /** An authorised notification takes the transaction to place its order. */
  | 'claim'
  /** An authorised notification takes over a claim whose lease ran out. */
  | 'reclaim'
  /** The order was placed and matches the amount. */
  | 'placed'
  /** The order could not be placed, or its total differs. */
  | 'notPlaced'
  /** The provider declined, aborted or failed the payment. */
  | 'declined';

export type Transition =
  { readonly ok: true; readonly next: PaymentState } | { readonly ok: false; readonly refusal: string };

const TABLE: Readonly<Record<PaymentEvent, Partial<Record<PaymentState, PaymentState>>>> = {
  claim: { REGISTERED: 'PLACING' },
  reclaim: { PLACING: 'PLACING' },
  placed: { PLACING: 'PAID' },
  notPlaced: { PLACING: 'FAILED' },
  declined: { REGISTERED: 'FAILED' },
};

export function transition(state: PaymentState, event: PaymentEvent): Transition {
  const next = TABLE[event][state];
  return next ? { ok: true, next } : { ok: false, refusal: `${event} is not allowed from ${state}` };
}

/** The states an event may start from: the guard the store's conditional update applies. */
export function statesBefore(event: PaymentEvent): PaymentState[] {
  return Object.keys(TABLE[event]).filter((state): state is PaymentState => isState(state));
}

const isState = (value: string): value is PaymentState => PAYMENT_STATES.some((state) => state === value);

/** Whether a notification can no longer change the transaction. */
export const isFinal = (state: PaymentState): state is 'PAID' | 'FAILED' =>
  state === 'PAID' || state === 'FAILED';
