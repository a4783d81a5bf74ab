/**
 * The owners of card transactions recorded before they had one (issue 50). Until then a customer's
 * transactions were found by e-mail address, so the export of a later account opened with a deleted
 * customer's address held that customer's payments. Each customer-cart row still without an owner is given
 * the customer Magento names for it: the order's customer once an order was placed, else the quote's. A row
 * Magento names nobody for (the account was deleted, or the quote was cleaned up with no order) is
 * anonymised, as a deleted account's rows are: it belongs to nobody.
 *
 * The replica that leads recovery runs it when it takes the lead; it is idempotent, and once every row
 * has its owner it is one query that finds nothing.
 */
import { z } from 'zod';
import { MagentoApiError, magentoFetch, type IntegrationConfig } from '../magento/client.ts';
import type { SharedStore } from '../store/shared-store.ts';
import { preparePaymentsTable } from './payment-table.ts';

/** The Magento customer of an order or a quote: null when Magento names none, or knows no such thing. */
export interface OwnersInMagento {
  ofOrder(orderId: number): Promise<number | null>;
  ofQuote(cartId: number): Promise<number | null>;
}

const orderCustomerSchema = z.object({ customer_id: z.number().nullable().optional() });
const quoteCustomerSchema = z.object({
  customer: z.object({ id: z.number().nullable().optional() }).optional(),
});

/** Reads with the integration token; an order or quote Magento no longer has names nobody. */
export function ownersInMagento(config: IntegrationConfig): OwnersInMagento {
  const read = async <T>(path: string, schema: z.ZodType<T>): Promise<T | null> => {
    try {
      return await magentoFetch(config, { path, schema });
    } catch (error) {
      if (error instanceof MagentoApiError && error.status === 404) return null;
      throw error;
    }
  };
  return {
    ofOrder: async (orderId) => (await read(`/orders/${orderId}`, orderCustomerSchema))?.customer_id ?? null,
    ofQuote: async (cartId) => (await read(`/carts/${cartId}`, quoteCustomerSchema))?.customer?.id ?? null,
  };
}

const unownedSchema = z.object({ code: z.string(), cart_id: z.number(), order_id: z.number().nullable() });

/** Gives every unowned customer-cart row its owner, or anonymises it; how many of each. */
export async function assignOwners(
  store: SharedStore,
  magento: OwnersInMagento,
): Promise<{ assigned: number; anonymised: number }> {
  await preparePaymentsTable(store);
  const rows = await store.query(
    "SELECT code, cart_id, order_id FROM payments WHERE cart_kind = 'customer' AND customer_id IS NULL AND email <> ''",
  );
  let assigned = 0;
  let anonymised = 0;
  for (const row of rows.map((found) => unownedSchema.parse(found))) {
    const owner =
      (row.order_id === null ? null : await magento.ofOrder(row.order_id)) ??
      (await magento.ofQuote(row.cart_id));
    const at = new Date().toISOString();
    // Only a row still unowned is changed: a deletion running meanwhile has the last word.
    const unowned = "code = ? AND customer_id IS NULL AND email <> ''";
    if (owner === null) {
      anonymised += await store.run(`UPDATE payments SET email = '', updated_at = ? WHERE ${unowned}`, [
        at,
        row.code,
      ]);
    } else {
      assigned += await store.run(`UPDATE payments SET customer_id = ?, updated_at = ? WHERE ${unowned}`, [
        owner,
        at,
        row.code,
      ]);
    }
  }
  return { assigned, anonymised };
}
