/**
 * A customer's own rows in the payment bridge's table (payment-records.ts), for their data export and
 * their account's deletion (issue 41). A customer's transaction is one whose basket was their account's
 * (`cart_kind` customer) under their e-mail address; a guest checkout with the same address is nobody's
 * account's, as in Magento.
 *
 * The export leaves out what is the shop's and not about them: the provider's secret for the transaction,
 * the acknowledgement sent to the provider, leases. Deleting an account forgets the transactions that
 * came to nothing (FAILED); a paid one is the payment record of an order the merchant must keep for tax,
 * so it stays with that order, and one still under way (REGISTERED, PLACING) is left to finish.
 */
import { z } from 'zod';
import type { SharedStore } from '../store/shared-store.ts';
import { PAYMENT_STATES, preparePaymentsTable } from './payment-records.ts';

/** One of the customer's card transactions, as their data export shows it. */
export interface CustomerPayment {
  /** The shop's reference for the transaction (the provider's VendorTxCode). */
  readonly reference: string;
  readonly provider: string;
  /** The provider's own reference for it. */
  readonly providerReference: string;
  readonly amount: number;
  readonly currency: string;
  readonly state: (typeof PAYMENT_STATES)[number];
  /** The order it paid for, once placed. */
  readonly orderNumber: string | null;
  /** The basket when the shopper pressed Pay: `sku×qty` lines. */
  readonly basket: readonly string[];
  readonly failure: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface CustomerPayments {
  /** The customer's transactions, oldest first. */
  of(email: string): Promise<CustomerPayment[]>;
  /** Deletes the customer's failed transactions; answers how many. */
  forget(email: string): Promise<number>;
}

const rowSchema = z
  .object({
    code: z.string(),
    provider: z.string(),
    provider_ref: z.string(),
    amount_pence: z.coerce.number(),
    currency: z.string(),
    state: z.enum(PAYMENT_STATES),
    order_number: z.string().nullable(),
    cart_lines: z.string(),
    failure: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .transform((row): CustomerPayment => ({
    reference: row.code,
    provider: row.provider,
    providerReference: row.provider_ref,
    amount: row.amount_pence / 100,
    currency: row.currency,
    state: row.state,
    orderNumber: row.order_number,
    basket: row.cart_lines === '' ? [] : row.cart_lines.split('\n'),
    failure: row.failure,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));

const OF_CUSTOMER = "cart_kind = 'customer' AND LOWER(email) = LOWER(?)";

/** The customer's rows in `store`'s payments table (created if missing, as the bridge would). */
export function customerPayments(store: SharedStore): CustomerPayments {
  return {
    async of(email) {
      await preparePaymentsTable(store);
      const rows = await store.query(
        `SELECT code, provider, provider_ref, amount_pence, currency, state, order_number, cart_lines, failure,
           created_at, updated_at FROM payments WHERE ${OF_CUSTOMER} ORDER BY created_at, code`,
        [email.trim()],
      );
      return rows.map((row) => rowSchema.parse(row));
    },
    async forget(email) {
      await preparePaymentsTable(store);
      return store.run(`DELETE FROM payments WHERE ${OF_CUSTOMER} AND state = 'FAILED'`, [email.trim()]);
    },
  };
}

/** No payments at all (no payments file yet): nothing to show, nothing to forget. */
export const NO_CUSTOMER_PAYMENTS: CustomerPayments = {
  of: () => Promise.resolve([]),
  forget: () => Promise.resolve(0),
};
