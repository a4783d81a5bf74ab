/**
 * Cart items: add, change, remove and list, with stock and sale-quantity limits enforced and each line
 * priced for its quantity and the quote's customer group (`pricing.ts`). A configurable is added with its
 * chosen options and sold as the child they choose (`configurable.ts`).
 */
import { findProductById, findProductBySku, SALE_QTY, type ProductRecord } from '../catalog/products.ts';
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import type { CartItemInput, ProductOptionInput } from '../input.ts';
import {
  chooseChild,
  hasSalableChild,
  parseOptions,
  productOptionOf,
  type ItemOption,
} from './configurable.ts';
import { customerGroupOf, linePrices, unitPrice } from './pricing.ts';
import { itemRow, type ItemRow, type QuoteRow } from './rows.ts';
import type { StoreSettings } from '../store-view.ts';

export const items = (db: Database, quoteId: number): ItemRow[] =>
  db.all(itemRow, 'SELECT * FROM quote_items WHERE quote_id = ? ORDER BY item_id', quoteId);

const soldItem = itemRow.extend({
  weight: sqlNumber,
  sold_id: sqlNumber.nullable(),
  sold_name: z.string().nullable(),
  sold_price: sqlNumber.nullable(),
});
export type SoldItem = z.output<typeof soldItem>;

/**
 * The quote's lines with the product each sells, found by the line's sku (a configurable's chosen child):
 * its id, name, price and weight (none counts as 0); the `sold_*` fields are null when it is gone.
 */
export const soldItems = (db: Database, quoteId: number): SoldItem[] =>
  db.all(
    soldItem,
    `SELECT i.*, COALESCE(p.weight, 0) AS weight, p.id AS sold_id, p.name AS sold_name, p.price AS sold_price
     FROM quote_items i LEFT JOIN products p ON p.sku = i.sku
     WHERE i.quote_id = ? ORDER BY i.item_id`,
    quoteId,
  );

/** `CartItemInterface` in its getters' order; `product_option` only on a line with options. */
export const serializeItem = (item: ItemRow, quoteId: string = String(item.quote_id)) => ({
  item_id: item.item_id,
  sku: item.sku,
  qty: item.qty,
  name: item.name,
  price: item.price,
  product_type: item.product_type,
  quote_id: quoteId,
  ...(item.product_option === null
    ? {}
    : { product_option: productOptionOf(parseOptions(item.product_option)) }),
});

/** What a line's stock and sale limits are checked on: the product sold (a configurable's child). */
type Stocked = Pick<ProductRecord, 'is_qty_decimal' | 'is_in_stock' | 'qty'>;

/**
 * The quantity a line may hold, checked as Magento 2.4's InventorySales `IsCorrectQtyCondition` does
 * before any stock check: the minimum and maximum sale quantity, then whole units unless the product is
 * `is_qty_decimal`; then the salable quantity ("The requested qty is not available").
 */
function checkLineQty(product: Stocked, qty: number): void {
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

/**
 * What a line sells: the product the shopper named (the line's product, name and type) and the product
 * sold (its sku, price, tiers and stock), the same for a simple product, the chosen child for a
 * configurable; with the choice, null for a product without options.
 */
interface Sale {
  readonly line: Pick<ProductRecord, 'id' | 'name' | 'type_id'>;
  readonly sold: Stocked & Pick<ProductRecord, 'id' | 'sku' | 'price'>;
  readonly options: readonly ItemOption[] | null;
}

/**
 * `Quote::addProduct`'s checks for an enabled product: a configurable none of whose children sells is
 * "not available"; otherwise its options must choose a child.
 */
function saleOf(
  db: Database,
  product: ProductRecord,
  productOption: ProductOptionInput | null | undefined,
): Sale {
  if (product.type_id !== 'configurable') return { line: product, sold: product, options: null };
  if (!hasSalableChild(db, product.id)) throw errors.productNotAvailable();
  const { child, options } = chooseChild(db, product.id, productOption);
  return { line: product, sold: child, options };
}

const priceOf = (db: Database, store: StoreSettings, quote: QuoteRow, sale: Sale, qty: number): number =>
  unitPrice(db, store, sale.sold, customerGroupOf(db, quote), qty);

/**
 * Puts `qty` of the sale in the cart: onto the line already selling the same product (the same child,
 * for a configurable: the same options), or a new line; the line's whole quantity must be in stock. One
 * line per sku: a child already in the cart on its own cannot also come as its configurable's choice.
 */
function putSale(db: Database, store: StoreSettings, quote: QuoteRow, sale: Sale, qty: number): number {
  const line = db.get(
    itemRow,
    'SELECT * FROM quote_items WHERE quote_id = ? AND sku = ?',
    quote.id,
    sale.sold.sku,
  );
  if (line && line.product_id !== sale.line.id) throw errors.cannotAddItem();
  const wanted = (line?.qty ?? 0) + qty;
  checkLineQty(sale.sold, wanted);
  const price = priceOf(db, store, quote, sale, wanted);
  const options = sale.options === null ? null : JSON.stringify(sale.options);
  if (line) {
    db.run(
      'UPDATE quote_items SET qty = ?, price = ?, name = ?, product_option = ? WHERE item_id = ?',
      wanted,
      price,
      sale.line.name,
      options,
      line.item_id,
    );
    return line.item_id;
  }
  return db.run(
    `INSERT INTO quote_items (quote_id, product_id, sku, name, price, qty, product_type, product_option)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    quote.id,
    sale.line.id,
    sale.sold.sku,
    sale.line.name,
    price,
    qty,
    sale.line.type_id,
    options,
  ).lastInsertRowid;
}

function serializedRow(db: Database, itemId: number) {
  const item = db.get(itemRow, 'SELECT * FROM quote_items WHERE item_id = ?', itemId);
  if (!item) throw errors.internal();
  return serializeItem(item);
}

/**
 * Adds a product, or more of it to its existing line, priced by the store's clock; the total asked for must
 * be in stock.
 */
export function addItem(db: Database, quote: QuoteRow, cartItem: CartItemInput, store: StoreSettings) {
  const qty = validQty(cartItem['qty']);
  const sku = cartItem.sku ?? '';
  return db.transaction(() => {
    const product = findProductBySku(db, sku);
    if (!product) throw errors.productNotFound();
    if (product.status !== 1) throw errors.productNotAvailable();
    const itemId = putSale(db, store, quote, saleOf(db, product, cartItem.product_option), qty);
    touch(db, quote.id);
    return serializedRow(db, itemId);
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

/** Whether an update carries a new choice (`CartItemProcessor::convertToBuyRequest` gives a buy request). */
const choosesAgain = (item: ItemRow, productOption: ProductOptionInput | null | undefined): boolean =>
  item.product_type === 'configurable' &&
  (productOption?.extension_attributes?.configurable_item_options ?? []).length > 0;

/**
 * `PUT …/items/:itemId`: a new quantity, priced afresh (a tier reached or left). A configurable's line
 * sent new options is `Quote::updateItem`: the same child keeps the line; another child takes the
 * line's place, as a new line or onto the line already holding that child, and that line is the answer.
 */
export function updateItem(
  db: Database,
  quote: QuoteRow,
  itemId: number,
  cartItem: CartItemInput,
  store: StoreSettings,
) {
  const qty = validQty(cartItem['qty']);
  return db.transaction(() => {
    const item = requireItem(db, quote, itemId);
    if (choosesAgain(item, cartItem.product_option)) {
      const parent = findProductById(db, item.product_id);
      if (!parent || parent.status !== 1) throw errors.productNotAvailable();
      const sale = saleOf(db, parent, cartItem.product_option);
      if (sale.sold.sku !== item.sku) {
        db.run('DELETE FROM quote_items WHERE item_id = ?', itemId);
        const moved = putSale(db, store, quote, sale, qty);
        touch(db, quote.id);
        return serializedRow(db, moved);
      }
      db.run(
        'UPDATE quote_items SET product_option = ? WHERE item_id = ?',
        JSON.stringify(sale.options),
        itemId,
      );
    }
    const sold = findProductBySku(db, item.sku);
    if (!sold || sold.status !== 1) throw errors.productNotAvailable();
    checkLineQty(sold, qty);
    const price = unitPrice(db, store, sold, customerGroupOf(db, quote), qty);
    db.run('UPDATE quote_items SET qty = ?, price = ? WHERE item_id = ?', qty, price, itemId);
    touch(db, quote.id);
    return serializedRow(db, itemId);
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

/** The lines at today's prices, as a cart read gives them (serialize.ts, `serializeCart`). */
export function listItems(db: Database, quote: QuoteRow, quoteIdOnWire: string, store: StoreSettings) {
  repriceItems(db, quote, store);
  return items(db, quote.id).map((item) => serializeItem(item, quoteIdOnWire));
}

/**
 * Stores each line's price as a collection now works it out (`collectTotals()->save()`): after a guest's
 * cart becomes a customer's, its lines are priced for the customer's group; a sale begun or ended since the
 * last write shows in the lines' prices.
 */
export function repriceItems(
  db: Database,
  quote: Pick<QuoteRow, 'id' | 'customer_id'>,
  store: StoreSettings,
): void {
  const lines = soldItems(db, quote.id);
  const prices = linePrices(db, store, lines, customerGroupOf(db, quote));
  lines.forEach((line, index) => {
    const price = prices[index] ?? line.price;
    if (price !== line.price)
      db.run('UPDATE quote_items SET price = ? WHERE item_id = ?', price, line.item_id);
  });
}
