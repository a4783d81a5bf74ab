/**
 * The payment bridge's memory, a table in the shared store (src/store: PostgreSQL shared by every
 * replica, or an SQLite file on one host; the same SQL for both). One row per registered transaction,
 * holding what the server-to-server notification needs to place the order later without the shopper's
 * cookie (the provider's own data, the amount, Magento's quote id and the cart's lines), and the
 * transaction's state:
 *
 *   REGISTERED ──OK──▶ PLACING ──order placed──▶ PAID
 *        │                 └────placement failed──▶ FAILED
 *        └──NOTAUTHED / REJECTED / ABORT / ERROR──▶ FAILED
 *
 * Every transition is a compare-and-set on the state, so of two notifications arriving together, at one
 * replica or two, only one places the order; the reply given for the final state is stored, so a
 * repeated notification gets the same answer. A claim is a lease compared on the store's clock, renewed
 * while its holder places the order, so the claim of a replica that died is taken over once it runs out.
 * A claim remembers the authorised status it was made for, so recovery can finish a PLACING transaction
 * without waiting for the provider to notify again; an order id is recorded by one transaction only. A
 * PAID transaction keeps its order's number (Magento's `increment_id`), which the paid page shows; it is
 * written once, when known. No customer token is kept: the order is placed with the integration token
 * (older files may hold one, erased as soon as the transaction is final).
 */
import { onceUntilFailure, type SharedStore } from '../store/shared-store.ts';
import { preparePaymentsTable, type PaymentSql } from './payment-table.ts';
import { paymentAfter, type PaymentAfter } from './payment-after.ts';
import { paymentMoves, type PaymentMoves } from './payment-moves.ts';
import { paymentReads, type PaymentReads } from './payment-reads.ts';

export {
  PAYMENT_STATES,
  type GiveBackState,
  type Acknowledgement,
  type NewPayment,
  type PaymentRecord,
  type PaymentState,
} from './payment-table.ts';
export type { FinalState } from './payment-moves.ts';

/** The bridge's transactions: found (payment-reads.ts), moved (payment-moves.ts), and what came after (payment-after.ts). */
export type PaymentStore = PaymentReads & PaymentMoves & PaymentAfter;

/**
 * The payments table in `store` (created on first use, so opening touches nothing). The caller owns
 * `store` and closes it.
 */
export function openPaymentStore(store: SharedStore): PaymentStore {
  /** The table, created once; a store that was down is asked again by the next call. */
  const prepared = onceUntilFailure(() => preparePaymentsTable(store));
  const sql: PaymentSql = {
    clock: store.clock,
    query: async (text, params) => {
      await prepared();
      return store.query(text, params);
    },
    changed: async (text, params) => {
      await prepared();
      return (await store.run(text, params)) === 1;
    },
  };
  return { ...paymentReads(sql), ...paymentMoves(sql), ...paymentAfter(sql) };
}
