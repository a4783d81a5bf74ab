/**
 * The wish-list model (Magento_Wishlist, Open Source): one list per customer, created on first use, and
 * its items. What a shopper sees of a list is its visible items only: rows whose product is enabled and
 * visible in the storefront, as the item collection's visibility filter leaves them (WISHLIST.md §4.1); the
 * rows themselves stay, so a product enabled again comes back with its quantity.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { countRow, magentoDate, sqlNumber, type Database } from '../db.ts';

export const wishlistRow = z.object({
  wishlist_id: sqlNumber,
  customer_id: sqlNumber,
  sharing_code: z.string(),
  updated_at: z.string(),
});
export type WishlistRow = z.output<typeof wishlistRow>;

export const wishlistItemRow = z.object({
  wishlist_item_id: sqlNumber,
  wishlist_id: sqlNumber,
  product_id: sqlNumber,
  qty: sqlNumber,
  description: z.string().nullable(),
  added_at: z.string(),
});
export type WishlistItemRow = z.output<typeof wishlistItemRow>;

/** The only store view of the embedded shop, as Magento stamps it on each item. */
const STORE_ID = 1;

/** Catalog `Visibility::getVisibleInSiteIds()`: catalog, search, or both; enabled products only. */
const VISIBLE = 'p.status = 1 AND p.visibility IN (2, 3, 4)';

const WISHLIST_COLUMNS = 'wishlist_id, customer_id, sharing_code, updated_at';
const ITEM_COLUMNS = 'i.wishlist_item_id, i.wishlist_id, i.product_id, i.qty, i.description, i.added_at';

export const findWishlist = (db: Database, wishlistId: number): WishlistRow | undefined =>
  db.get(wishlistRow, `SELECT ${WISHLIST_COLUMNS} FROM wishlist WHERE wishlist_id = ?`, wishlistId);

export const wishlistOfCustomer = (db: Database, customerId: number): WishlistRow | undefined =>
  db.get(wishlistRow, `SELECT ${WISHLIST_COLUMNS} FROM wishlist WHERE customer_id = ?`, customerId);

/**
 * `Wishlist::loadByCustomerId($id, true)`: the customer's list, saved on the spot when there is none yet,
 * with Magento's 32-character sharing code (an md5-sized random hex string).
 */
export function ensureWishlist(db: Database, customerId: number): WishlistRow {
  return db.transaction(() => {
    db.run(
      `INSERT INTO wishlist (customer_id, shared, sharing_code, updated_at) VALUES (?, 0, ?, ?)
       ON CONFLICT (customer_id) DO NOTHING`,
      customerId,
      randomBytes(16).toString('hex'),
      magentoDate(),
    );
    const row = wishlistOfCustomer(db, customerId);
    if (!row) throw new Error(`Wish list of customer ${String(customerId)} not saved`);
    return row;
  });
}

/** `Wishlist::beforeSave()`: every save of the list stamps `updated_at` with the UTC time. */
export function touchWishlist(db: Database, wishlistId: number): void {
  db.run('UPDATE wishlist SET updated_at = ? WHERE wishlist_id = ?', magentoDate(), wishlistId);
}

export const countVisibleItems = (db: Database, wishlistId: number): number =>
  db.get(
    countRow,
    `SELECT COUNT(*) AS n FROM wishlist_item i JOIN products p ON p.id = i.product_id
     WHERE i.wishlist_id = ? AND ${VISIBLE}`,
    wishlistId,
  )?.n ?? 0;

/** Visible items in database order (ascending id, Magento's collection has no sort); all without a page. */
export function visibleItems(
  db: Database,
  wishlistId: number,
  page?: { readonly size: number; readonly number: number },
): WishlistItemRow[] {
  const sql = `SELECT ${ITEM_COLUMNS} FROM wishlist_item i JOIN products p ON p.id = i.product_id
    WHERE i.wishlist_id = ? AND ${VISIBLE} ORDER BY i.wishlist_item_id`;
  if (!page) return db.all(wishlistItemRow, sql, wishlistId);
  return db.all(
    wishlistItemRow,
    `${sql} LIMIT ? OFFSET ?`,
    wishlistId,
    page.size,
    (page.number - 1) * page.size,
  );
}

export const findItem = (db: Database, itemId: number): WishlistItemRow | undefined =>
  db.get(wishlistItemRow, `SELECT ${ITEM_COLUMNS} FROM wishlist_item i WHERE i.wishlist_item_id = ?`, itemId);

/** `Wishlist::getItem()`: the item when it is one of the list's visible items. */
export const visibleItemOf = (
  db: Database,
  wishlistId: number,
  itemId: number,
): WishlistItemRow | undefined =>
  db.get(
    wishlistItemRow,
    `SELECT ${ITEM_COLUMNS} FROM wishlist_item i JOIN products p ON p.id = i.product_id
     WHERE i.wishlist_item_id = ? AND i.wishlist_id = ? AND ${VISIBLE}`,
    itemId,
    wishlistId,
  );

/**
 * `Wishlist::addNewItem($product, $buyRequest, forciblySetQty: true)`: a product already in the list keeps
 * its row and gets the new quantity (replaced, not added); otherwise a new row. `Item::setQty()` stores a
 * negative quantity as 1.
 */
export function putItem(db: Database, wishlistId: number, productId: number, qty: number): void {
  const stored = qty < 0 ? 1 : qty;
  const existing = db.get(
    wishlistItemRow,
    `SELECT ${ITEM_COLUMNS} FROM wishlist_item i WHERE i.wishlist_id = ? AND i.product_id = ?
     ORDER BY i.wishlist_item_id LIMIT 1`,
    wishlistId,
    productId,
  );
  if (existing) {
    db.run('UPDATE wishlist_item SET qty = ? WHERE wishlist_item_id = ?', stored, existing.wishlist_item_id);
    return;
  }
  db.run(
    `INSERT INTO wishlist_item (wishlist_id, product_id, store_id, added_at, description, qty)
     VALUES (?, ?, ?, ?, NULL, ?)`,
    wishlistId,
    productId,
    STORE_ID,
    magentoDate(),
    stored,
  );
}

export function deleteItem(db: Database, itemId: number): void {
  db.run('DELETE FROM wishlist_item WHERE wishlist_item_id = ?', itemId);
}

/** `ResourceModel\ClearWishlist`: one DELETE of every row, hidden ones too; the list row is not saved. */
export function clearItems(db: Database, wishlistId: number): void {
  db.run('DELETE FROM wishlist_item WHERE wishlist_id = ?', wishlistId);
}
