/**
 * The wish-list model (Magento_Wishlist, Open Source): one list per customer, created on first use, and
 * its items. What a shopper sees of a list is its visible items only: rows whose product is enabled and
 * visible in the storefront, as the item collection's visibility filter leaves them (WISHLIST.md §4.1); the
 * rows themselves stay, so a product enabled again comes back with its quantity.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { countRow, magentoDate, sqlNumber, type Database } from '../db.ts';
import type { SuperAttribute } from '../graphql/configurable.ts';

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

/** What a configurable item was added with; none for a simple product's item. */
export interface ItemConfig {
  /** The buy request's `super_attribute` (empty when added without options). */
  readonly superAttribute: SuperAttribute;
  /** The child the choice resolved to (`simple_product`), if it matched one. */
  readonly childId: number | undefined;
}

const itemOptionRow = z.object({ product_id: sqlNumber, code: z.string(), value: z.string().nullable() });
const pair = z.tuple([z.number(), z.number()]);
const buyRequest = z.object({ super_attribute: z.array(pair).catch([]) });

/** The item's stored configuration (`wishlist_item_option`), or undefined for an item that has none. */
export function itemConfig(db: Database, itemId: number): ItemConfig | undefined {
  const options = db.all(
    itemOptionRow,
    'SELECT product_id, code, value FROM wishlist_item_option WHERE wishlist_item_id = ? ORDER BY option_id',
    itemId,
  );
  const request = options.find((option) => option.code === 'info_buyRequest');
  if (!request) return undefined;
  const parsed = buyRequest.safeParse(JSON.parse(request.value ?? '{}'));
  return {
    superAttribute: parsed.success ? parsed.data.super_attribute : [],
    childId: options.find((option) => option.code === 'simple_product')?.product_id,
  };
}

/**
 * `Item::representProduct()`: two items are the same line when their options other than the buy request
 * agree, which for a configurable is the child and the values that chose it; a configurable added without
 * a matching choice is the same line as another without one.
 */
const representKey = (config: ItemConfig | undefined): string =>
  config?.childId === undefined
    ? ''
    : JSON.stringify([config.childId, config.superAttribute.filter(([, value]) => value !== 0)]);

function saveConfig(db: Database, itemId: number, qty: number, config: ItemConfig | undefined): void {
  db.run('DELETE FROM wishlist_item_option WHERE wishlist_item_id = ?', itemId);
  if (!config) return;
  db.run(
    `INSERT INTO wishlist_item_option (wishlist_item_id, product_id, code, value)
     SELECT wishlist_item_id, product_id, 'info_buyRequest', ? FROM wishlist_item WHERE wishlist_item_id = ?`,
    JSON.stringify({ qty, super_attribute: config.superAttribute }),
    itemId,
  );
  if (config.childId !== undefined)
    db.run(
      "INSERT INTO wishlist_item_option (wishlist_item_id, product_id, code, value) VALUES (?, ?, 'simple_product', ?)",
      itemId,
      config.childId,
      String(config.childId),
    );
}

/** The first row of the list (by id) that represents the product so configured, other than `exceptId`. */
export function representingItem(
  db: Database,
  wishlistId: number,
  productId: number,
  config: ItemConfig | undefined,
  exceptId?: number,
): WishlistItemRow | undefined {
  const key = representKey(config);
  return db
    .all(
      wishlistItemRow,
      `SELECT ${ITEM_COLUMNS} FROM wishlist_item i WHERE i.wishlist_id = ? AND i.product_id = ?
       ORDER BY i.wishlist_item_id`,
      wishlistId,
      productId,
    )
    .find(
      (row) =>
        row.wishlist_item_id !== exceptId && representKey(itemConfig(db, row.wishlist_item_id)) === key,
    );
}

/** Whether the item, as stored, represents the product so configured. */
export const represents = (db: Database, itemId: number, config: ItemConfig | undefined): boolean =>
  representKey(itemConfig(db, itemId)) === representKey(config);

/**
 * `Wishlist::addNewItem()` → `_addCatalogProduct()`: the row that already represents the product (same
 * product, same configuration) gets the quantity, replaced when `forciblySetQty` (an add) or added to (an
 * update merging into another line); otherwise a new row. `Item::setQty()` stores a negative quantity as
 * 1. Answers the id of the row that holds the product now.
 */
export function putItem(
  db: Database,
  wishlistId: number,
  productId: number,
  qty: number,
  config?: ItemConfig,
  forciblySetQty = true,
): number {
  const stored = qty < 0 ? 1 : qty;
  const existing = representingItem(db, wishlistId, productId, config);
  if (existing) {
    const total = forciblySetQty ? stored : existing.qty + stored;
    db.run('UPDATE wishlist_item SET qty = ? WHERE wishlist_item_id = ?', total, existing.wishlist_item_id);
    return existing.wishlist_item_id;
  }
  const itemId = db.run(
    `INSERT INTO wishlist_item (wishlist_id, product_id, store_id, added_at, description, qty)
     VALUES (?, ?, ?, ?, NULL, ?)`,
    wishlistId,
    productId,
    STORE_ID,
    magentoDate(),
    stored,
  ).lastInsertRowid;
  saveConfig(db, itemId, stored, config);
  return itemId;
}

/** A line that stays itself through an update keeps the new request as its buy request. */
export function replaceConfig(db: Database, itemId: number, qty: number, config: ItemConfig | undefined) {
  saveConfig(db, itemId, qty, config);
}

/** Adds to a line's quantity (another line merged into it). */
export function addItemQty(db: Database, itemId: number, qty: number): void {
  db.run('UPDATE wishlist_item SET qty = qty + ? WHERE wishlist_item_id = ?', qty < 0 ? 1 : qty, itemId);
}

/** `updateProductsInWishlist` on a line that stays itself: its new quantity (negative stored as 1). */
export function setItemQty(db: Database, itemId: number, qty: number): void {
  db.run('UPDATE wishlist_item SET qty = ? WHERE wishlist_item_id = ?', qty < 0 ? 1 : qty, itemId);
}

/** `updateProductsInWishlist`'s `description`, which replaces the item's. */
export function setItemDescription(db: Database, itemId: number, description: string | null): void {
  db.run('UPDATE wishlist_item SET description = ? WHERE wishlist_item_id = ?', description, itemId);
}

export function deleteItem(db: Database, itemId: number): void {
  db.run('DELETE FROM wishlist_item WHERE wishlist_item_id = ?', itemId);
}

/** `ResourceModel\ClearWishlist`: one DELETE of every row, hidden ones too; the list row is not saved. */
export function clearItems(db: Database, wishlistId: number): void {
  db.run('DELETE FROM wishlist_item WHERE wishlist_id = ?', wishlistId);
}
