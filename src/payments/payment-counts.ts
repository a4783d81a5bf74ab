/**
 * How many payment records are in each state, and how many payments are owed back or given back, counted
 * in the payments table (payment-table.ts) when an operator asks (/metrics and the status page's figures).
 */
import { z } from 'zod';
import type { SharedStore } from '../store/shared-store.ts';
import { GIVE_BACK_STATES, PAYMENT_STATES, type GiveBackState, type PaymentState } from './payment-table.ts';

export interface PaymentCounts {
  readonly byState: Readonly<Record<PaymentState, number>>;
  /** FAILED payments whose money is owed back (OWED) or was given back (DONE). */
  readonly byGiveBack: Readonly<Record<GiveBackState, number>>;
}

const noneByState = (): Record<PaymentState, number> => ({ REGISTERED: 0, PLACING: 0, PAID: 0, FAILED: 0 });
const noneByGiveBack = (): Record<GiveBackState, number> => ({ OWED: 0, DONE: 0 });

/** No table yet: no payment. */
export const NO_PAYMENTS: PaymentCounts = { byState: noneByState(), byGiveBack: noneByGiveBack() };

// COUNT(*) is a bigint PostgreSQL sends as text.
const countRow = z.object({
  state: z.enum(PAYMENT_STATES),
  give_back: z.enum(GIVE_BACK_STATES).nullable(),
  records: z.coerce.number(),
});

/** The counts in `store`'s payments table, which must exist (`preparePaymentsTable`). */
export async function countPayments(store: SharedStore): Promise<PaymentCounts> {
  const rows = await store.query(
    'SELECT state, give_back, COUNT(*) AS records FROM payments GROUP BY state, give_back',
  );
  const byState = noneByState();
  const byGiveBack = noneByGiveBack();
  for (const row of rows.map((each) => countRow.parse(each))) {
    byState[row.state] += row.records;
    if (row.give_back) byGiveBack[row.give_back] += row.records;
  }
  return { byState, byGiveBack };
}
