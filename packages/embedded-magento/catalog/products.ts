/**
 * Product reads (§5.2, §4): search with searchCriteria and one product by sku, serialized in Magento's
 * wire order and types, and the stock record carts check.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import { jsonArray, jsonRecord } from '../json.ts';
import type { FieldSelector } from '../query.ts';
import { searchPage, type FieldMapping, type SearchCriteria } from '../search-criteria.ts';
import { productExtras, serializeTierPrices, type ProductExtras } from './product-extras.ts';

export const productRow = z.object({
  id: sqlNumber,
  sku: z.string(),
  name: z.string(),
  attribute_set_id: sqlNumber,
  price: sqlNumber,
  status: sqlNumber,
  visibility: sqlNumber,
  type_id: z.string(),
  weight: sqlNumber.nullable(),
  qty: sqlNumber,
  is_in_stock: sqlNumber,
  is_qty_decimal: sqlNumber,
  created_at: z.string(),
  updated_at: z.string(),
  attributes: z.string(),
  media: z.string(),
  links: z.string(),
});
export type ProductRow = z.output<typeof productRow>;

/** A product's place in a category (`category_products`). */
export const categoryProductRow = z.object({
  category_id: sqlNumber,
  product_id: sqlNumber,
  position: sqlNumber,
});

const PRODUCT_COLUMNS: Readonly<Record<string, string>> = {
  entity_id: 'p.id',
  id: 'p.id',
  sku: 'p.sku',
  name: 'p.name',
  attribute_set_id: 'p.attribute_set_id',
  price: 'p.price',
  status: 'p.status',
  visibility: 'p.visibility',
  type_id: 'p.type_id',
  weight: 'p.weight',
  created_at: 'p.created_at',
  updated_at: 'p.updated_at',
};

const attributeExpression = (code: string): string =>
  `json_extract(p.attributes, '$."${code.replace(/["'\\]/g, '')}"')`;

export const productFields: FieldMapping = {
  expression: (field) => PRODUCT_COLUMNS[field] ?? attributeExpression(field),
  custom(filter) {
    if (filter.field === 'category_id') {
      const ids = filter.value.split(',').map((v) => v.trim());
      const negate = filter.condition_type === 'nin' || filter.condition_type === 'neq';
      return {
        sql: `p.id ${negate ? 'NOT ' : ''}IN (SELECT product_id FROM category_products WHERE category_id IN (${ids.map(() => '?').join(', ')}))`,
        params: ids,
      };
    }
    if (filter.field === 'store_id' || filter.field === 'store' || filter.field === 'website_id') {
      // One website (1) with one store view (1); store 0 is the admin scope and sees everything.
      const ids = filter.value.split(',').map((v) => v.trim());
      const known = filter.field === 'website_id' ? ['1'] : ['0', '1', 'default', 'admin'];
      return { sql: ids.some((id) => known.includes(id)) ? '1' : '0', params: [] };
    }
    return undefined;
  },
};

/** The shop's stock configuration (Magento's defaults): the quantities one cart line may hold. */
export const SALE_QTY = { min: 1, max: 10000 } as const;

const stockItem = (row: ProductRow) => ({
  item_id: row.id,
  product_id: row.id,
  stock_id: 1,
  qty: row.qty,
  is_in_stock: row.is_in_stock === 1,
  is_qty_decimal: row.is_qty_decimal === 1,
  show_default_notification_message: false,
  use_config_min_qty: true,
  min_qty: 0,
  use_config_min_sale_qty: 1,
  min_sale_qty: SALE_QTY.min,
  use_config_max_sale_qty: true,
  max_sale_qty: SALE_QTY.max,
  use_config_backorders: true,
  backorders: 0,
  use_config_notify_stock_qty: true,
  notify_stock_qty: 1,
  use_config_qty_increments: true,
  qty_increments: 0,
  use_config_enable_qty_inc: true,
  enable_qty_increments: false,
  use_config_manage_stock: true,
  manage_stock: true,
  low_stock_date: null,
  is_decimal_divided: false,
  stock_status_changed_auto: 0,
});

/** A product's own columns: what its row holds besides attributes, media, links and stock. */
const columnRow = productRow.pick({
  id: true,
  sku: true,
  name: true,
  attribute_set_id: true,
  price: true,
  status: true,
  visibility: true,
  type_id: true,
  weight: true,
  created_at: true,
  updated_at: true,
});
type ColumnRow = z.output<typeof columnRow>;
const COLUMN_KEYS: ReadonlySet<string> = new Set(Object.keys(columnRow.shape));
const COLUMN_SQL = [...COLUMN_KEYS].map((key) => `p.${key}`).join(', ');

/** A product's own columns as the answer's first keys, in Magento's wire order (no `weight` when none). */
const ownColumns = (row: ColumnRow) => ({
  id: row.id,
  sku: row.sku,
  name: row.name,
  attribute_set_id: row.attribute_set_id,
  price: row.price,
  status: row.status,
  visibility: row.visibility,
  type_id: row.type_id,
  created_at: row.created_at,
  updated_at: row.updated_at,
  ...(row.weight === null ? {} : { weight: row.weight }),
});

/**
 * One product in Magento's wire order. A configurable's options and child links come after the category
 * links and before the stock item: Magento's configurable read handler runs inside the product's load,
 * the stock item is added after it (`AfterProductLoad`); other types have neither key.
 */
function serializeProduct(
  row: ProductRow,
  categories: { category_id: number; position: number }[],
  extras: ProductExtras,
) {
  const attributes = jsonRecord(row.attributes);
  const customAttributes = Object.entries(attributes)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([attribute_code, value]) => ({ attribute_code, value }));
  customAttributes.push({
    attribute_code: 'category_ids',
    value: categories.map((c) => String(c.category_id)),
  });
  return {
    ...ownColumns(row),
    extension_attributes: {
      website_ids: [1],
      category_links: categories.map((c) => ({ position: c.position, category_id: String(c.category_id) })),
      ...(row.type_id === 'configurable'
        ? {
            configurable_product_options: extras.options.get(row.id) ?? [],
            configurable_product_links: extras.links.get(row.id) ?? [],
          }
        : {}),
      stock_item: stockItem(row),
    },
    product_links: jsonArray(row.links),
    options: [],
    media_gallery_entries: jsonArray(row.media),
    tier_prices: serializeTierPrices(extras.tiers.get(row.id) ?? [], row.price),
    custom_attributes: customAttributes,
  };
}

function categoriesOf(db: Database, productIds: number[]) {
  const byProduct = new Map<number, { category_id: number; position: number }[]>();
  if (productIds.length === 0) return byProduct;
  // Chunked to stay under SQLite's bound-parameter limit on pageSize=0 reads of big catalogues.
  for (let start = 0; start < productIds.length; start += 500) {
    const chunk = productIds.slice(start, start + 500);
    const rows = db.all(
      categoryProductRow,
      `SELECT product_id, category_id, position FROM category_products WHERE product_id IN (${chunk.map(() => '?').join(',')}) ORDER BY category_id`,
      ...chunk,
    );
    for (const row of rows) {
      const list = byProduct.get(row.product_id) ?? [];
      list.push({ category_id: row.category_id, position: row.position });
      byProduct.set(row.product_id, list);
    }
  }
  return byProduct;
}

const productSource = { table: 'products', alias: 'p', mapping: productFields, tieBreak: 'p.id ASC' };

/**
 * Whether the answer's `fields` keep nothing of each item but its own columns (the storefront's sweep of
 * every product's `sku, status, visibility, updated_at`): then those columns are all that is read. The
 * answer is the same (app.ts applies `fields` to it as to any); a whole catalogue is not made into
 * products to be cut down to four keys each.
 */
function columnsOnly(fields: FieldSelector | undefined): boolean {
  const items = fields?.get('items');
  return items instanceof Map && [...items].every(([key, nested]) => nested === true && COLUMN_KEYS.has(key));
}

export function searchProducts(db: Database, criteria: SearchCriteria, fields?: FieldSelector) {
  if (columnsOnly(fields)) {
    const { rows, total } = searchPage(
      db,
      { ...productSource, row: columnRow, columns: COLUMN_SQL },
      criteria,
    );
    return { items: rows.map(ownColumns), search_criteria: criteria, total_count: total };
  }
  const { rows, total } = searchPage(db, { ...productSource, row: productRow }, criteria);
  const ids = rows.map((row) => row.id);
  const categories = categoriesOf(db, ids);
  const extras = productExtras(
    db,
    ids,
    rows.filter((row) => row.type_id === 'configurable').map((row) => row.id),
  );
  return {
    items: rows.map((row) => serializeProduct(row, categories.get(row.id) ?? [], extras)),
    search_criteria: criteria,
    total_count: total,
  };
}

export function getProduct(db: Database, sku: string) {
  const row = db.get(productRow, 'SELECT * FROM products p WHERE sku = ?', sku);
  if (!row) throw errors.productNotFound();
  return serializeRow(db, row);
}

/** One product row as the GET answers it. */
export function serializeRow(db: Database, row: ProductRow) {
  const extras = productExtras(db, [row.id], row.type_id === 'configurable' ? [row.id] : []);
  return serializeProduct(row, categoriesOf(db, [row.id]).get(row.id) ?? [], extras);
}

/** What a cart checks of a product: its price, availability and stock. */
export const productRecord = productRow.pick({
  id: true,
  sku: true,
  name: true,
  price: true,
  status: true,
  type_id: true,
  qty: true,
  is_in_stock: true,
  is_qty_decimal: true,
});
export type ProductRecord = z.output<typeof productRecord>;

export const findProductBySku = (db: Database, sku: string): ProductRecord | undefined =>
  db.get(
    productRecord,
    'SELECT id, sku, name, price, status, type_id, qty, is_in_stock, is_qty_decimal FROM products WHERE sku = ?',
    sku,
  );

export const findProductById = (db: Database, id: number): ProductRecord | undefined =>
  db.get(
    productRecord,
    'SELECT id, sku, name, price, status, type_id, qty, is_in_stock, is_qty_decimal FROM products WHERE id = ?',
    id,
  );

/**
 * `DELETE /V1/products/:sku` (`ProductRepository::deleteById()`): `true`, or the GET's 404 for an unknown
 * sku. The product's category assignments go with it (foreign key), and so do the cart lines holding it
 * (Magento's `quote_item.product_id` cascades too); ordered items keep their copy of the product.
 */
export function deleteProduct(db: Database, sku: string): true {
  return db.transaction(() => {
    const row = db.get(productRecord, 'SELECT * FROM products WHERE sku = ?', sku);
    if (!row) throw errors.productNotFound();
    db.run('DELETE FROM quote_items WHERE product_id = ?', row.id);
    db.run('DELETE FROM products WHERE id = ?', row.id);
    return true;
  });
}
