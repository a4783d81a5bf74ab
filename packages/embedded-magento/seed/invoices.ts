/**
 * The seeded orders' invoices: every order the seed wrote as processing or complete was invoiced on its
 * way there (Magento makes an order processing by invoicing it, and complete by invoicing and shipping
 * it), so each gets its invoice, made by the same code as `POST /V1/order/:orderId/invoice`, dated when
 * its history says it became processing (when it was placed if it never was).
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { invoiceOrder } from '../invoices/invoice-order.ts';

const uninvoiced = z.object({ entity_id: sqlNumber, at: z.string() });

/**
 * Invoices, in full, each processing or complete order that has no invoice yet; their states are left
 * as written. Runs after every order is seeded, inside the seed's transaction. Returns how many it made.
 */
export function seedInvoices(db: Database): number {
  const orders = db.all(
    uninvoiced,
    `SELECT o.entity_id, COALESCE(
       (SELECT MIN(h.created_at) FROM order_status_history h WHERE h.parent_id = o.entity_id AND h.status = 'processing'),
       o.created_at) AS at
     FROM orders o
     WHERE o.state IN ('processing', 'complete')
       AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.entity_id)
     ORDER BY at, o.entity_id`,
  );
  for (const order of orders) invoiceOrder(db, order.entity_id, {}, { at: order.at, asRecorded: true });
  return orders.length;
}
