/**
 * Magento_ProductAlert's rows as its models keep them (`Model/Price.php`, `Model/Stock.php` and their
 * resource models): one alert per customer, product and website, found by `loadByParam` before a save, so
 * subscribing twice keeps one row. A price alert keeps the product's final price for the customer's group
 * at subscription (the controller's `setPrice($product->getFinalPrice())`); a new stock subscription of a
 * product whose alert was sent starts again (status 0), as deleting and re-adding it would.
 */
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { finalPrice, priceFactsOf } from '../carts/pricing.ts';
import { SELLABLE } from '../catalog/render-info.ts';
import { scopeTimestamp, WEBSITE_ID, type StoreSettings } from '../store-view.ts';
import type { AlertKind } from './errors.ts';

const TABLE = { stock: 'product_alert_stock', price: 'product_alert_price' } as const;
const ID = { stock: 'alert_stock_id', price: 'alert_price_id' } as const;

export const alertRow = z.object({
  id: sqlNumber,
  customer_id: sqlNumber,
  product_id: sqlNumber,
  price: sqlNumber.nullable(),
  add_date: z.string(),
  sent_at: z.string().nullable(),
  send_count: sqlNumber,
  status: sqlNumber,
});
export type AlertRow = z.output<typeof alertRow>;

/** The columns of either table under one set of names (`price` is null for a stock alert). */
const columns = (kind: AlertKind): string =>
  kind === 'stock'
    ? `${ID.stock} AS id, customer_id, product_id, NULL AS price, add_date, send_date AS sent_at, send_count, status`
    : `${ID.price} AS id, customer_id, product_id, price, add_date, last_send_date AS sent_at, send_count, status`;

export function customerAlerts(db: Database, kind: AlertKind, customerId: number): AlertRow[] {
  return db.all(
    alertRow,
    `SELECT ${columns(kind)} FROM ${TABLE[kind]} WHERE customer_id = ? AND website_id = ? ORDER BY ${ID[kind]}`,
    customerId,
    WEBSITE_ID,
  );
}

export function findAlert(db: Database, kind: AlertKind, customerId: number, productId: number) {
  return db.get(
    alertRow,
    `SELECT ${columns(kind)} FROM ${TABLE[kind]} WHERE customer_id = ? AND product_id = ? AND website_id = ?`,
    customerId,
    productId,
    WEBSITE_ID,
  );
}

/** Every alert of a kind still to look at, by customer then product (`AlertProcessor`'s collection order). */
export function pendingAlerts(db: Database, kind: AlertKind): AlertRow[] {
  const unsent = kind === 'stock' ? 'AND status = 0' : '';
  return db.all(
    alertRow,
    `SELECT ${columns(kind)} FROM ${TABLE[kind]} WHERE website_id = ? ${unsent} ORDER BY customer_id, product_id`,
    WEBSITE_ID,
  );
}

/** Saves the customer's alert of the product: a new row, or the one there (a price alert's price renewed). */
export function saveAlert(
  db: Database,
  kind: AlertKind,
  alert: { customerId: number; productId: number; price?: number },
): void {
  const known = findAlert(db, kind, alert.customerId, alert.productId);
  if (kind === 'price') {
    if (known)
      db.run(
        `UPDATE ${TABLE.price} SET price = ?, status = 0 WHERE ${ID.price} = ?`,
        alert.price ?? 0,
        known.id,
      );
    else
      db.run(
        `INSERT INTO ${TABLE.price} (customer_id, product_id, price, website_id, store_id, add_date)
         VALUES (?, ?, ?, ?, 1, ?)`,
        alert.customerId,
        alert.productId,
        alert.price ?? 0,
        WEBSITE_ID,
        magentoDate(),
      );
    return;
  }
  if (known) db.run(`UPDATE ${TABLE.stock} SET status = 0 WHERE ${ID.stock} = ?`, known.id);
  else
    db.run(
      `INSERT INTO ${TABLE.stock} (customer_id, product_id, website_id, store_id, add_date) VALUES (?, ?, ?, 1, ?)`,
      alert.customerId,
      alert.productId,
      WEBSITE_ID,
      magentoDate(),
    );
}

export function deleteAlert(db: Database, kind: AlertKind, customerId: number, productId: number): void {
  db.run(
    `DELETE FROM ${TABLE[kind]} WHERE customer_id = ? AND product_id = ? AND website_id = ?`,
    customerId,
    productId,
    WEBSITE_ID,
  );
}

/** `deleteCustomer($customerId, $websiteId)`: every alert of the kind the customer has on the website. */
export function deleteCustomerAlerts(db: Database, kind: AlertKind, customerId: number): void {
  db.run(`DELETE FROM ${TABLE[kind]} WHERE customer_id = ? AND website_id = ?`, customerId, WEBSITE_ID);
}

/** What the mailing writes of an alert it e-mailed: sent, once more, and a price alert's new price. */
export function markSent(db: Database, kind: AlertKind, id: number, price?: number): void {
  const now = magentoDate();
  if (kind === 'stock')
    db.run(
      `UPDATE ${TABLE.stock} SET send_date = ?, send_count = send_count + 1, status = 1 WHERE ${ID.stock} = ?`,
      now,
      id,
    );
  else
    db.run(
      `UPDATE ${TABLE.price} SET price = ?, last_send_date = ?, send_count = send_count + 1, status = 1
       WHERE ${ID.price} = ?`,
      price ?? 0,
      now,
      id,
    );
}

const idRow = z.object({ id: sqlNumber, price: sqlNumber, type_id: z.string() });

/** `ProductSalability::isSalable`: enabled and in stock; a configurable while one of its children sells. */
export const isSalable = (db: Database, productId: number): boolean =>
  db.get(
    z.object({ id: sqlNumber }),
    `SELECT p.id FROM products p WHERE p.id = ? AND ${SELLABLE}`,
    productId,
  ) !== undefined;

/**
 * `$product->getFinalPrice()` with the customer's group set: the lowest of the price, the group's tier at
 * one and the special price within its dates; a configurable's is its cheapest salable child's. Undefined
 * for a configurable with nothing to sell.
 */
export function finalPriceFor(
  db: Database,
  store: StoreSettings,
  productId: number,
  group: number,
): number | undefined {
  const product = db.get(idRow, 'SELECT id, price, type_id FROM products WHERE id = ?', productId);
  if (!product) return undefined;
  const priced =
    product.type_id === 'configurable'
      ? db.all(
          idRow,
          `SELECT p.id, p.price, p.type_id FROM configurable_links l JOIN products p ON p.id = l.child_id
           WHERE l.parent_id = ? AND p.status = 1 AND p.is_in_stock = 1 AND p.qty > 0`,
          productId,
        )
      : [product];
  if (priced.length === 0) return undefined;
  const facts = priceFactsOf(db, priced);
  const at = scopeTimestamp(store);
  const prices = priced.flatMap((one) => {
    const own = facts.get(one.id);
    return own ? [finalPrice(own, group, 1, at)] : [];
  });
  return prices.length === 0 ? undefined : Math.min(...prices);
}

const groupRow = z.object({ group_id: sqlNumber });

export const customerGroup = (db: Database, customerId: number): number =>
  db.get(groupRow, 'SELECT group_id FROM customers WHERE id = ?', customerId)?.group_id ?? 1;
