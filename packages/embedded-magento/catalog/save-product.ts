/**
 * Admin `POST /V1/products` (create, or update when the sku exists) and `PUT /V1/products/:sku`: the way
 * an editor's change arrives from Magento. Given fields replace, custom attributes merge by code (a special
 * price and its dates in Magento's stored form); a configurable's options and child links and any
 * product's tier prices are replaced when given (save-configurable.ts).
 */
import type { SQLInputValue } from 'node:sqlite';
import { magentoDate, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import type { ProductInput } from '../input.ts';
import { jsonRecord, optionalString, record, records, type JsonRecord } from '../json.ts';
import { getProduct, productRow, type ProductRow } from './products.ts';
import { saveProductParts } from './save-configurable.ts';
import { SPECIAL_PRICE_ATTRIBUTES, storedSpecialValue } from './special-price.ts';
import { isOneOf } from '@cleaning-shop/kit/reader.ts';

const pickNumber = (value: unknown, fallback: number) =>
  typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : fallback;

/** Magento's stock flags: given as true or 1, else false; left out keeps the stored flag. */
const flag = (value: unknown, stored: number): number =>
  value === undefined ? stored : value === true || value === 1 ? 1 : 0;

/**
 * The special price and its dates are stored as Magento's decimal and datetime attributes give them back
 * (`"19.990000"`, `"2026-06-01 00:00:00"`); an empty one is removed.
 */
const isSpecialPrice = (code: string): boolean => isOneOf(SPECIAL_PRICE_ATTRIBUTES, code);

function mergedAttributes(product: ProductInput, existing: ProductRow | undefined): JsonRecord {
  const attributes = existing ? jsonRecord(existing.attributes) : {};
  for (const entry of records(product['custom_attributes'])) {
    const code = optionalString(entry['attribute_code']);
    if (!code || code === 'category_ids') continue;
    // undefined is dropped by JSON.stringify: a null value removes the attribute.
    const value = isSpecialPrice(code) ? storedSpecialValue(code, entry['value']) : entry['value'];
    attributes[code] = value === null || value === undefined ? undefined : value;
  }
  return attributes;
}

function productLinks(product: ProductInput, existing: ProductRow | undefined, sku: string): string {
  if (product['product_links'] === undefined) return existing?.links ?? '[]';
  return JSON.stringify(
    records(product['product_links']).map((link) => ({
      sku,
      link_type: String(link['link_type'] ?? 'related'),
      linked_product_sku: String(link['linked_product_sku'] ?? ''),
      linked_product_type: String(link['linked_product_type'] ?? 'simple'),
      position: pickNumber(link['position'], 0),
    })),
  );
}

/** The column values in the order the UPDATE and INSERT below list them. */
function columnValues(product: ProductInput, existing: ProductRow | undefined, sku: string): SQLInputValue[] {
  const name = optionalString(product['name']) ?? existing?.name;
  if (!name) throw errors.required(['name']);
  const stock = record(record(product['extension_attributes'])['stock_item']);
  const media = product['media_gallery_entries'];
  return [
    name,
    pickNumber(product['attribute_set_id'], existing?.attribute_set_id ?? 4),
    pickNumber(product['price'], existing?.price ?? 0),
    pickNumber(product['status'], existing?.status ?? 1),
    pickNumber(product['visibility'], existing?.visibility ?? 4),
    optionalString(product['type_id']) ?? existing?.type_id ?? 'simple',
    product['weight'] === undefined ? (existing?.weight ?? null) : pickNumber(product['weight'], 0),
    pickNumber(stock['qty'], existing?.qty ?? 0),
    flag(stock['is_in_stock'], existing?.is_in_stock ?? 1),
    flag(stock['is_qty_decimal'], existing?.is_qty_decimal ?? 0),
    JSON.stringify(mergedAttributes(product, existing)),
    media === undefined ? (existing?.media ?? '[]') : JSON.stringify(media),
    productLinks(product, existing, sku),
  ];
}

function saveCategoryLinks(db: Database, productId: number, product: ProductInput): void {
  const links = record(product['extension_attributes'])['category_links'];
  // Left out (or null) keeps the product's categories; a list, even empty, replaces them.
  if (!Array.isArray(links)) return;
  db.run('DELETE FROM category_products WHERE product_id = ?', productId);
  for (const link of records(links)) {
    db.run(
      'INSERT OR REPLACE INTO category_products (category_id, product_id, position) VALUES (?, ?, ?)',
      pickNumber(link['category_id'], 0),
      productId,
      pickNumber(link['position'], 0),
    );
  }
}

export function saveProduct(db: Database, product: ProductInput, skuFromPath?: string) {
  const sku = skuFromPath ?? optionalString(product['sku']);
  if (!sku) throw errors.required(['sku']);
  return db.transaction(() => {
    const existing = db.get(productRow, 'SELECT * FROM products p WHERE sku = ?', sku);
    const now = magentoDate();
    const values = [...columnValues(product, existing, sku), now];
    let id: number;
    if (existing) {
      db.run(
        `UPDATE products SET name = ?, attribute_set_id = ?, price = ?, status = ?, visibility = ?, type_id = ?, weight = ?,
         qty = ?, is_in_stock = ?, is_qty_decimal = ?, attributes = ?, media = ?, links = ?, updated_at = ? WHERE id = ?`,
        ...values,
        existing.id,
      );
      id = existing.id;
    } else {
      id = db.run(
        `INSERT INTO products (name, attribute_set_id, price, status, visibility, type_id, weight, qty, is_in_stock,
         is_qty_decimal, attributes, media, links, updated_at, created_at, sku)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ...values,
        now,
        sku,
      ).lastInsertRowid;
    }
    saveCategoryLinks(db, id, product);
    // A child saved on its own leaves its parent's row (and updated_at) alone, as in Magento: the
    // storefront joins children to their parent on every read, so a child's new price reaches the card.
    saveProductParts(db, id, optionalString(product['type_id']) ?? existing?.type_id ?? 'simple', product);
    return getProduct(db, sku);
  });
}
