/** Cart items: add, change, remove and list, with stock and sale-quantity limits enforced. */
import { findProductBySku, SALE_QTY, type ProductRecord } from '../catalog/products.ts';
import { magentoDate, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import type { CartItemInput } from '../input.ts';
import { itemRow, type ItemRow, type QuoteRow } from './rows.ts';

export const items = (db: Database, quoteId: number): ItemRow[] =>
  db.all(itemRow, 'SELECT * FROM quote_items WHERE quote_id = ? ORDER BY item_id', quoteId);

export const serializeItem = (item: ItemRow, quoteId: string = String(item.quote_id)) => ({
  item_id: item.item_id,
  sku: item.sku,
  qty: item.qty,
  name: item.name,
  price: item.price,
  product_type: item.product_type,
  quote_id: quoteId,
});

/**
 * The quantity a line may hold, checked as Magento 2.4's InventorySales `IsCorrectQtyCondition` does
 * before any stock check: the minimum and maximum sale quantity, then whole units unless the product is
 * `is_qty_decimal`; then the salable quantity ("The requested qty is not available").
 */
function checkLineQty(product: ProductRecord, qty: number): void {
  if (qty < SALE_QTY.min) throw errors.qtyBelowMinSale(SALE_QTY.min);
  if (qty > SALE_QTY.max) throw errors.qtyAboveMaxSale();
  if (product.is_qty_decimal !== 1 && !Number.isInteger(qty)) throw errors.qtyNotDecimal();
  if (product.is_in_stock !== 1 || qty > product.qty) throw errors.qtyNotAvailable();
}

function validQty(qty: unknown): number {
  if (typeof qty !== 'number' || !Number.isFinite(qty) || qty <= 0)
    throw errors.invalidFieldValue('qty', qty ?? null);
  return qty;
}

function touch(db: Database, quoteId: number): void {
  db.run('UPDATE quotes SET updated_at = ? WHERE id = ?', magentoDate(), quoteId);
}

/** Adds a product, or more of it to its existing line; the total asked for must be in stock. */
export function addItem(db: Database, quote: QuoteRow, cartItem: CartItemInput) {
  const qty = validQty(cartItem['qty']);
  const sku = cartItem.sku ?? '';
  return db.transaction(() => {
    const product = findProductBySku(db, sku);
    if (!product) throw errors.productNotFound();
    if (product.status !== 1) throw errors.productNotAvailable();
    const line = db.get(itemRow, 'SELECT * FROM quote_items WHERE quote_id = ? AND sku = ?', quote.id, sku);
    const wanted = (line?.qty ?? 0) + qty;
    checkLineQty(product, wanted);
    let itemId: number;
    if (line) {
      db.run(
        'UPDATE quote_items SET qty = ?, price = ?, name = ? WHERE item_id = ?',
        wanted,
        product.price,
        product.name,
        line.item_id,
      );
      itemId = line.item_id;
    } else {
      itemId = db.run(
        'INSERT INTO quote_items (quote_id, product_id, sku, name, price, qty, product_type) VALUES (?, ?, ?, ?, ?, ?, ?)',
        quote.id,
        product.id,
        product.sku,
        product.name,
        product.price,
        qty,
        product.type_id,
      ).lastInsertRowid;
    }
    touch(db, quote.id);
    const item = db.get(itemRow, 'SELECT * FROM quote_items WHERE item_id = ?', itemId);
    if (!item) throw errors.internal();
    return serializeItem(item);
  });
}

function requireItem(db: Database, quote: QuoteRow, itemId: number): ItemRow {
  const item = db.get(
    itemRow,
    'SELECT * FROM quote_items WHERE item_id = ? AND quote_id = ?',
    itemId,
    quote.id,
  );
  if (!item) throw errors.cartItemNotFound(String(quote.id), itemId);
  return item;
}

export function updateItem(db: Database, quote: QuoteRow, itemId: number, cartItem: CartItemInput) {
  const qty = validQty(cartItem['qty']);
  return db.transaction(() => {
    const item = requireItem(db, quote, itemId);
    const product = findProductBySku(db, item.sku);
    if (!product || product.status !== 1) throw errors.productNotAvailable();
    checkLineQty(product, qty);
    db.run('UPDATE quote_items SET qty = ?, price = ? WHERE item_id = ?', qty, product.price, itemId);
    touch(db, quote.id);
    return serializeItem({ ...item, qty, price: product.price });
  });
}

export function deleteItem(db: Database, quote: QuoteRow, itemId: number): true {
  return db.transaction(() => {
    requireItem(db, quote, itemId);
    db.run('DELETE FROM quote_items WHERE item_id = ?', itemId);
    touch(db, quote.id);
    return true;
  });
}

export function listItems(db: Database, quote: QuoteRow, quoteIdOnWire: string) {
  return items(db, quote.id).map((item) => serializeItem(item, quoteIdOnWire));
}
