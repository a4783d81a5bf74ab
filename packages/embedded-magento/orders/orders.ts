/** The admin's order read and status update (CONTRACT.md §5.10). */
import type { StoreSettings } from '../store-view.ts';
import { magentoDate, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import { invoicedItems, invoicedTotals, NOTHING_INVOICED } from '../invoices/invoiced.ts';
import type { OrderInput } from '../input.ts';
import { searchPage, type FieldMapping, type SearchCriteria } from '../search-criteria.ts';
import { orderItemRow, serializeOrderItem } from './items.ts';
import { orderHeader, orderTail, orderAddressRow, orderRow, type OrderRow } from './serialize.ts';
import { statusHistories } from './history.ts';
import { orderPickup } from '../inventory/order-pickup.ts';
import { STATE_OF_STATUS } from './write.ts';

export function getOrder(db: Database, id: number, settings: StoreSettings) {
  const order = db.get(orderRow, 'SELECT * FROM orders WHERE entity_id = ?', id);
  if (!order) throw errors.orderNotFound();
  return serializeOrder(db, order, settings);
}

/** An order row in Magento's full order shape, with its items, addresses and status history. */
function serializeOrder(db: Database, order: OrderRow, settings: StoreSettings) {
  const id = order.entity_id;
  const rows = db.all(orderItemRow, 'SELECT * FROM order_items WHERE order_id = ? ORDER BY item_id', id);
  const byId = new Map(rows.map((row) => [row.item_id, row]));
  const invoiced = invoicedItems(db, id);
  const invoicedOf = (itemId: number) => invoiced.get(itemId) ?? NOTHING_INVOICED;
  // Children included, as `Order::getItems()` has them; each child carries its parent item.
  const items = rows.map((item) =>
    serializeOrderItem(
      order,
      item,
      item.parent_item_id === null ? undefined : byId.get(item.parent_item_id),
      invoicedOf,
    ),
  );
  // `Order` resource's calculateItems(): an item with children is not counted, its child is.
  const itemCount = rows.filter((row) => !rows.some((other) => other.parent_item_id === row.item_id)).length;
  const addresses = db.all(
    orderAddressRow,
    'SELECT * FROM order_addresses WHERE parent_id = ? ORDER BY entity_id',
    id,
  );
  const billing = addresses.find((address) => address.address_type === 'billing');
  const shipping = addresses.find((address) => address.address_type === 'shipping');
  return {
    ...orderHeader(order, settings, billing, itemCount, invoicedTotals(db, id)),
    items,
    ...orderTail(order, items, { billing, shipping }, statusHistories(db, id), orderPickup(db, id)),
  };
}

/** `sales_order` columns a search may name; e-mails compare case-insensitively, as MySQL's collation does. */
const ORDER_COLUMNS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.keys(orderRow.shape).map((column) => [column, `o.${column}`])),
  customer_email: 'o.customer_email COLLATE NOCASE',
};

/**
 * Any other field is a column `sales_order` lacks here: SQLite refuses it, and the caller gets Magento's
 * masked 500, as MySQL's unknown-column error gives on real Magento.
 */
const orderFields: FieldMapping = {
  expression: (field) => ORDER_COLUMNS[field] ?? `o.[${field.replace(/\W/g, '')}]`,
};

/**
 * `GET /V1/orders` (`Sales/Model/OrderRepository::getList()`): the searchCriteria page of orders, each
 * in the full shape of `GET /V1/orders/:id` (COVERAGE.md row 28). The payment bridge finds the order
 * Magento placed for a quote with `quote_id`; an account page finds a customer's with `customer_id`.
 */
export function searchOrders(db: Database, criteria: SearchCriteria, settings: StoreSettings) {
  const { rows, total } = searchPage(
    db,
    { table: 'orders', alias: 'o', mapping: orderFields, tieBreak: 'o.entity_id ASC', row: orderRow },
    criteria,
  );
  return {
    items: rows.map((row) => serializeOrder(db, row, settings)),
    search_criteria: criteria,
    total_count: total,
  };
}

/** `POST /V1/orders` with `entity_id`: only the status (and its state) changes; returns the full order. */
export function saveOrder(db: Database, entity: OrderInput, settings: StoreSettings) {
  const id = entity['entity_id'];
  if (typeof id !== 'number') throw errors.required(['entity_id']);
  return db.transaction(() => {
    const order = db.get(orderRow, 'SELECT * FROM orders WHERE entity_id = ?', id);
    if (!order) throw errors.orderNotFound();
    const status = entity.status || order.status;
    const state = entity.state ?? STATE_OF_STATUS[status] ?? order.state;
    if (status !== order.status || state !== order.state) {
      const now = magentoDate();
      db.run(
        'UPDATE orders SET status = ?, state = ?, updated_at = ? WHERE entity_id = ?',
        status,
        state,
        now,
        id,
      );
      db.run(
        'INSERT INTO order_status_history (parent_id, status, comment, created_at) VALUES (?, ?, NULL, ?)',
        id,
        status,
        now,
      );
    }
    return getOrder(db, id, settings);
  });
}
