/**
 * A customer's own rows in the payment bridge's table (payment-records.ts), for their data export and
 * their account's deletion (issues 41, 50). A customer's transaction is one whose basket was their
 * account's, found by the account's Magento id: never by e-mail address, which a customer can change and
 * a later account can take (a guest checkout with the same address is nobody's account's, as in Magento).
 *
 * The export leaves out what is the shop's and not about them: the provider's secret for the transaction,
 * the acknowledgement sent to the provider, leases. Deleting an account forgets the transactions that
 * came to nothing (FAILED) and anonymises the others: a paid one is the payment record of an order the
 * merchant must keep for tax, and one still under way (REGISTERED, PLACING) is left to finish, both kept
 * with no account and no e-mail address, as the privacy page promises.
 */
import { z } from 'zod';
import type { SharedStore } from '../store/shared-store.ts';
import type { CustomerPayment, CustomerPayments, Forgotten } from './views.ts';
import { PAYMENT_STATES, preparePaymentsTable } from './payment-table.ts';

export type { CustomerPayment, CustomerPayments, Forgotten };

const rowSchema = z
  .object({
    code: z.string(),
    provider: z.string(),
    method: z.string().nullable(),
    provider_ref: z.string(),
    amount_pence: z.coerce.number(),
    refunded_pence: z.coerce.number().nullable(),
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
    method: row.method ?? 'card',
    providerReference: row.provider_ref,
    amount: row.amount_pence / 100,
    refunded: (row.refunded_pence ?? 0) / 100,
    currency: row.currency,
    state: row.state,
    orderNumber: row.order_number,
    basket: row.cart_lines === '' ? [] : row.cart_lines.split('\n'),
    failure: row.failure,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));

/** The customers' rows in `store`'s payments table (created if missing, as the bridge would). */
export function customerPayments(store: SharedStore): CustomerPayments {
  return {
    async of(customerId) {
      await preparePaymentsTable(store);
      const rows = await store.query(
        `SELECT code, provider, method, provider_ref, amount_pence, refunded_pence, currency, state, order_number, cart_lines, failure,
           created_at, updated_at FROM payments WHERE customer_id = ? ORDER BY created_at, code`,
        [customerId],
      );
      return rows.map((row) => rowSchema.parse(row));
    },
    async forget(customerId) {
      await preparePaymentsTable(store);
      const deleted = await store.run("DELETE FROM payments WHERE customer_id = ? AND state = 'FAILED'", [
        customerId,
      ]);
      const anonymised = await store.run(
        "UPDATE payments SET customer_id = NULL, email = '', updated_at = ? WHERE customer_id = ?",
        [new Date().toISOString(), customerId],
      );
      return { deleted, anonymised };
    },
  };
}

/** No payments at all (no payments file yet): nothing to show, nothing to forget. */
export const NO_CUSTOMER_PAYMENTS: CustomerPayments = {
  of: () => Promise.resolve([]),
  forget: () => Promise.resolve({ deleted: 0, anonymised: 0 }),
};
