/**
 * A minimal `sales_shipment`: what shipping an order records (its items' `qty_shipped`, a shipment and
 * its items, with InventoryShipping's source code) and the order state that follows, as
 * `Order\StateResolver::getStateForOrder($order, [IN_PROGRESS])` decides it after `ShipOrder` and
 * `InvoiceOrder`: complete once nothing is left to invoice or to ship, else processing.
 */
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { invoicedItems } from '../invoices/invoiced.ts';

const itemRow = z.object({
  item_id: sqlNumber,
  sku: z.string(),
  qty: sqlNumber,
  qty_shipped: sqlNumber,
  product_type: z.string(),
});
type ShipItem = z.output<typeof itemRow>;

export const orderShipItems = (db: Database, orderId: number): ShipItem[] =>
  db.all(
    itemRow,
    'SELECT item_id, sku, qty, qty_shipped, product_type FROM order_items WHERE order_id = ? ORDER BY item_id',
    orderId,
  );

/** `Order::canShip()`: not held, canceled or closed, and an item has something left to ship. */
export const canShip = (state: string, items: readonly ShipItem[]): boolean =>
  !['holded', 'canceled', 'closed', 'complete'].includes(state) &&
  items.some((item) => item.qty > item.qty_shipped);

/** Whether the order has shipments (`ShipmentRepository::getList` by `order_id`). */
export const hasShipment = (db: Database, orderId: number): boolean =>
  db.get(z.object({ n: sqlNumber }), 'SELECT COUNT(*) AS n FROM shipments WHERE order_id = ?', orderId)?.n !==
  0;

/** Ships what is left of every item from `sourceCode`: the shipment, its items, the items' `qty_shipped`. */
export function shipOrder(db: Database, orderId: number, sourceCode: string): ShipItem[] {
  const items = orderShipItems(db, orderId).filter((item) => item.qty > item.qty_shipped);
  const simple = items.filter((item) => item.product_type !== 'configurable');
  const total = simple.reduce((sum, item) => sum + item.qty - item.qty_shipped, 0);
  const shipmentId = db.run(
    'INSERT INTO shipments (order_id, source_code, total_qty, created_at) VALUES (?, ?, ?, ?)',
    orderId,
    sourceCode,
    total,
    magentoDate(),
  ).lastInsertRowid;
  for (const item of simple)
    db.run(
      'INSERT INTO shipment_items (parent_id, order_item_id, sku, qty) VALUES (?, ?, ?, ?)',
      shipmentId,
      item.item_id,
      item.sku,
      item.qty - item.qty_shipped,
    );
  db.run('UPDATE order_items SET qty_shipped = qty WHERE order_id = ?', orderId);
  return simple;
}

const invoicableRow = z.object({ item_id: sqlNumber, qty: sqlNumber });

/** `Order::canInvoice()` as far as quantities go: an item (a child's parent invoices for it) not fully invoiced. */
export function canInvoiceItems(db: Database, orderId: number): boolean {
  const invoiced = invoicedItems(db, orderId);
  return db
    .all(
      invoicableRow,
      'SELECT item_id, qty FROM order_items WHERE order_id = ? AND parent_item_id IS NULL',
      orderId,
    )
    .some((item) => (invoiced.get(item.item_id)?.qty ?? 0) < item.qty);
}

/** The state (and its default status) after an invoice or a shipment: complete when nothing is left to do. */
export function stateInProgress(db: Database, orderId: number): { state: string; status: string } {
  const items = orderShipItems(db, orderId);
  const done = !canInvoiceItems(db, orderId) && !items.some((item) => item.qty > item.qty_shipped);
  return done ? { state: 'complete', status: 'complete' } : { state: 'processing', status: 'processing' };
}
