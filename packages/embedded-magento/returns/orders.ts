/**
 * What the returns module reads of an order (Magento's `OrderRepositoryInterface`, as its resolvers and
 * `OrderEligibility` use it): the order's owner, status, date and store, its lines, and the names a return
 * is made out to (`Order::getCustomerName()`, the billing address's `getName()`).
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { jsonRecord, optionalString } from '../json.ts';

const orderRow = z.object({
  entity_id: sqlNumber,
  increment_id: z.string(),
  customer_id: sqlNumber.nullable(),
  customer_email: z.string(),
  customer_firstname: z.string().nullable(),
  customer_lastname: z.string().nullable(),
  status: z.string(),
  store_id: sqlNumber,
  created_at: z.string(),
});
export type ReturnOrder = z.output<typeof orderRow>;

const orderLineRow = z.object({
  item_id: sqlNumber,
  order_id: sqlNumber,
  product_id: sqlNumber,
  sku: z.string(),
  name: z.string(),
  qty: sqlNumber,
  product_type: z.string(),
  parent_item_id: sqlNumber.nullable(),
});
export type ReturnOrderLine = z.output<typeof orderLineRow>;

const COLUMNS =
  'entity_id, increment_id, customer_id, customer_email, customer_firstname, customer_lastname, status, store_id, created_at';

export const findOrder = (db: Database, orderId: number): ReturnOrder | undefined =>
  db.get(orderRow, `SELECT ${COLUMNS} FROM orders WHERE entity_id = ?`, orderId);

export const findOrderByNumber = (db: Database, incrementId: string): ReturnOrder | undefined =>
  db.get(orderRow, `SELECT ${COLUMNS} FROM orders WHERE increment_id = ?`, incrementId);

export const orderLines = (db: Database, orderId: number): ReturnOrderLine[] =>
  db.all(
    orderLineRow,
    `SELECT item_id, order_id, product_id, sku, name, qty, product_type, parent_item_id
     FROM order_items WHERE order_id = ? ORDER BY item_id`,
    orderId,
  );

/** `Order::getCustomerName()`: first and last name, or "Guest" when the order has no first name. */
export function orderCustomerName(order: ReturnOrder): string {
  if (!order.customer_firstname) return 'Guest';
  return `${order.customer_firstname} ${order.customer_lastname ?? ''}`.trim();
}

const addressRow = z.object({ data: z.string() });

/** The billing address's `getName()` (first and last name), or '' without one. */
export function billingName(db: Database, orderId: number): string {
  const row = db.get(
    addressRow,
    "SELECT data FROM order_addresses WHERE parent_id = ? AND address_type = 'billing'",
    orderId,
  );
  if (!row) return '';
  const data = jsonRecord(row.data);
  return [optionalString(data['firstname']), optionalString(data['lastname'])]
    .filter((part) => part !== undefined && part !== '')
    .join(' ');
}
