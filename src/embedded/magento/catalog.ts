/**
 * Catalogue reads and admin writes: the category tree (§5.1), product search (§5.2, §4), product attribute
 * metadata (frontend labels) and admin product saves, serialized in Magento's wire order and types.
 */
import type { SQLInputValue } from 'node:sqlite';
import { magentoDate, type Database } from './db.ts';
import { errors } from './errors.ts';
import type { Input } from './input.ts';
import { limitSql, orderSql, whereSql, type FieldMapping, type SearchCriteria } from './search-criteria.ts';

// ---- Products -------------------------------------------------------------------------------------

interface ProductRow {
  id: number;
  sku: string;
  name: string;
  attribute_set_id: number;
  price: number;
  status: number;
  visibility: number;
  type_id: string;
  weight: number | null;
  qty: number;
  is_in_stock: number;
  is_qty_decimal: number;
  created_at: string;
  updated_at: string;
  attributes: string;
  media: string;
  links: string;
}

export interface MediaEntry {
  id: number;
  media_type: string;
  label: string | null;
  position: number;
  disabled: boolean;
  types: string[];
  file: string;
}

export interface ProductLink {
  sku: string;
  link_type: string;
  linked_product_sku: string;
  linked_product_type: string;
  position: number;
}

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

const productFields: FieldMapping = {
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

function serializeProduct(row: ProductRow, categories: { category_id: number; position: number }[]) {
  const attributes = JSON.parse(row.attributes) as Record<string, unknown>;
  const customAttributes = Object.entries(attributes)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([attribute_code, value]) => ({ attribute_code, value }));
  customAttributes.push({
    attribute_code: 'category_ids',
    value: categories.map((c) => String(c.category_id)),
  });
  return {
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
    extension_attributes: {
      website_ids: [1],
      category_links: categories.map((c) => ({ position: c.position, category_id: String(c.category_id) })),
      stock_item: stockItem(row),
    },
    product_links: JSON.parse(row.links) as ProductLink[],
    options: [],
    media_gallery_entries: JSON.parse(row.media) as MediaEntry[],
    tier_prices: [],
    custom_attributes: customAttributes,
  };
}

function categoriesOf(db: Database, productIds: number[]) {
  const byProduct = new Map<number, { category_id: number; position: number }[]>();
  if (productIds.length === 0) return byProduct;
  // Chunked to stay under SQLite's bound-parameter limit on pageSize=0 reads of big catalogues.
  for (let start = 0; start < productIds.length; start += 500) {
    const chunk = productIds.slice(start, start + 500);
    const rows = db.all<{ product_id: number; category_id: number; position: number }>(
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

export function searchProducts(db: Database, criteria: SearchCriteria) {
  const where = whereSql(criteria, productFields);
  const total =
    db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM products p ${where.sql}`, ...where.params)?.n ?? 0;
  const rows = db.all<ProductRow>(
    `SELECT p.* FROM products p ${where.sql} ${orderSql(criteria, productFields, 'p.id ASC')} ${limitSql(criteria, total)}`,
    ...where.params,
  );
  const categories = categoriesOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => serializeProduct(row, categories.get(row.id) ?? [])),
    search_criteria: criteria,
    total_count: total,
  };
}

export function getProduct(db: Database, sku: string) {
  const row = db.get<ProductRow>('SELECT * FROM products p WHERE sku = ?', sku);
  if (!row) throw errors.productNotFound();
  return serializeProduct(row, categoriesOf(db, [row.id]).get(row.id) ?? []);
}

export interface ProductRecord {
  id: number;
  sku: string;
  name: string;
  price: number;
  status: number;
  type_id: string;
  qty: number;
  is_in_stock: number;
  is_qty_decimal: number;
}

export const findProductBySku = (db: Database, sku: string): ProductRecord | undefined =>
  db.get<ProductRecord>(
    'SELECT id, sku, name, price, status, type_id, qty, is_in_stock, is_qty_decimal FROM products WHERE sku = ?',
    sku,
  );

/**
 * Admin `POST /V1/products` (create, or update when the sku exists) and `PUT /V1/products/:sku`: the way
 * an editor's change arrives from Magento. Given fields replace, custom attributes merge by code.
 */
export function saveProduct(db: Database, product: Input, skuFromPath?: string) {
  const sku = skuFromPath ?? (typeof product['sku'] === 'string' ? product['sku'] : undefined);
  if (!sku) throw errors.required(['sku']);
  return db.transaction(() => {
    const existing = db.get<ProductRow>('SELECT * FROM products p WHERE sku = ?', sku);
    const now = magentoDate();
    const attributes: Record<string, unknown> = existing
      ? (JSON.parse(existing.attributes) as Record<string, unknown>)
      : {};
    for (const entry of (product['custom_attributes'] as
      { attribute_code?: string; value?: unknown }[] | undefined) ?? []) {
      if (!entry.attribute_code || entry.attribute_code === 'category_ids') continue;
      // undefined is dropped by JSON.stringify: a null value removes the attribute.
      if (entry.value === null || entry.value === undefined) attributes[entry.attribute_code] = undefined;
      else attributes[entry.attribute_code] = typeof entry.value === 'string' ? entry.value : entry.value;
    }
    const extension = (product['extension_attributes'] ?? {}) as {
      stock_item?: { qty?: unknown; is_in_stock?: unknown; is_qty_decimal?: unknown };
      category_links?: { category_id?: unknown; position?: unknown }[];
    };
    const pickNumber = (value: unknown, fallback: number) =>
      typeof value === 'number'
        ? value
        : typeof value === 'string' && value !== ''
          ? Number(value)
          : fallback;
    const name = (product['name'] as string | undefined) ?? existing?.name;
    if (!name) throw errors.required(['name']);
    const values = {
      name,
      attribute_set_id: pickNumber(product['attribute_set_id'], existing?.attribute_set_id ?? 4),
      price: pickNumber(product['price'], existing?.price ?? 0),
      status: pickNumber(product['status'], existing?.status ?? 1),
      visibility: pickNumber(product['visibility'], existing?.visibility ?? 4),
      type_id: (product['type_id'] as string | undefined) ?? existing?.type_id ?? 'simple',
      weight: product['weight'] === undefined ? (existing?.weight ?? null) : pickNumber(product['weight'], 0),
      qty: pickNumber(extension.stock_item?.qty, existing?.qty ?? 0),
      is_in_stock:
        extension.stock_item?.is_in_stock === undefined
          ? (existing?.is_in_stock ?? 1)
          : extension.stock_item.is_in_stock === true || extension.stock_item.is_in_stock === 1
            ? 1
            : 0,
      is_qty_decimal:
        extension.stock_item?.is_qty_decimal === undefined
          ? (existing?.is_qty_decimal ?? 0)
          : extension.stock_item.is_qty_decimal === true || extension.stock_item.is_qty_decimal === 1
            ? 1
            : 0,
      media:
        product['media_gallery_entries'] === undefined
          ? (existing?.media ?? '[]')
          : JSON.stringify(product['media_gallery_entries']),
      links:
        product['product_links'] === undefined
          ? (existing?.links ?? '[]')
          : JSON.stringify(
              (product['product_links'] as Record<string, unknown>[]).map((link) => ({
                sku,
                link_type: String(link['link_type'] ?? 'related'),
                linked_product_sku: String(link['linked_product_sku'] ?? ''),
                linked_product_type: String(link['linked_product_type'] ?? 'simple'),
                position: pickNumber(link['position'], 0),
              })),
            ),
    };
    const params: SQLInputValue[] = [
      values.name,
      values.attribute_set_id,
      values.price,
      values.status,
      values.visibility,
      values.type_id,
      values.weight,
      values.qty,
      values.is_in_stock,
      values.is_qty_decimal,
      JSON.stringify(attributes),
      values.media,
      values.links,
      now,
    ];
    let id: number;
    if (existing) {
      db.run(
        `UPDATE products SET name = ?, attribute_set_id = ?, price = ?, status = ?, visibility = ?, type_id = ?, weight = ?,
         qty = ?, is_in_stock = ?, is_qty_decimal = ?, attributes = ?, media = ?, links = ?, updated_at = ? WHERE id = ?`,
        ...params,
        existing.id,
      );
      id = existing.id;
    } else {
      id = db.run(
        `INSERT INTO products (name, attribute_set_id, price, status, visibility, type_id, weight, qty, is_in_stock,
         is_qty_decimal, attributes, media, links, updated_at, created_at, sku)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ...params,
        now,
        sku,
      ).lastInsertRowid;
    }
    if (extension.category_links) {
      db.run('DELETE FROM category_products WHERE product_id = ?', id);
      for (const link of extension.category_links) {
        db.run(
          'INSERT OR REPLACE INTO category_products (category_id, product_id, position) VALUES (?, ?, ?)',
          pickNumber(link.category_id, 0),
          id,
          pickNumber(link.position, 0),
        );
      }
    }
    return getProduct(db, sku);
  });
}

// ---- Categories -----------------------------------------------------------------------------------

interface CategoryRow {
  id: number;
  parent_id: number;
  name: string;
  url_key: string;
  is_active: number | null;
  position: number;
  level: number;
  path: string;
  created_at: string;
  updated_at: string;
}

interface CategoryTree {
  id: number;
  parent_id: number;
  name: string;
  is_active: boolean | null;
  position: number;
  level: number;
  product_count: number;
  children_data: CategoryTree[];
}

/** `GET /V1/categories`: from Default Category (id 2) in a store view, from Root Catalog (id 1) for `all`. */
export function categoryTree(
  db: Database,
  storeId: number,
  rootCategoryId?: number,
  depth?: number,
): CategoryTree {
  const rows = db.all<CategoryRow>('SELECT * FROM categories ORDER BY position, id');
  const byParent = new Map<number, CategoryRow[]>();
  for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
  const direct = new Map<number, Set<number>>();
  for (const link of db.all<{ category_id: number; product_id: number }>(
    'SELECT category_id, product_id FROM category_products',
  )) {
    const set = direct.get(link.category_id) ?? new Set<number>();
    set.add(link.product_id);
    direct.set(link.category_id, set);
  }
  // Anchor categories count their descendants' products too.
  const productsUnder = (id: number): Set<number> => {
    const all = new Set(direct.get(id));
    for (const child of byParent.get(id) ?? [])
      for (const product of productsUnder(child.id)) all.add(product);
    return all;
  };
  const rootId = rootCategoryId ?? (storeId === 0 ? 1 : 2);
  const root = rows.find((row) => row.id === rootId);
  if (!root) throw errors.noSuchEntity('id', rootId);
  const build = (row: CategoryRow, remaining: number | undefined): CategoryTree => ({
    id: row.id,
    parent_id: row.parent_id,
    name: row.name,
    is_active: row.is_active === null ? null : row.is_active === 1,
    position: row.position,
    level: row.level,
    product_count: productsUnder(row.id).size,
    children_data:
      remaining === 0
        ? []
        : (byParent.get(row.id) ?? []).map((child) =>
            build(child, remaining === undefined ? undefined : remaining - 1),
          ),
  });
  return build(root, depth);
}

/** `GET /V1/categories/:categoryId` (CategoryInterface), which is where a category's url_key lives. */
export function getCategory(db: Database, id: number) {
  const row = db.get<CategoryRow>('SELECT * FROM categories WHERE id = ?', id);
  if (!row) throw errors.noSuchEntity('id', id);
  const children = db.all<{ id: number }>(
    'SELECT id FROM categories WHERE parent_id = ? ORDER BY position, id',
    id,
  );
  return {
    id: row.id,
    parent_id: row.parent_id,
    name: row.name,
    is_active: row.is_active === 1,
    position: row.position,
    level: row.level,
    children: children.map((child) => child.id).join(','),
    created_at: row.created_at,
    updated_at: row.updated_at,
    path: row.path,
    available_sort_by: [],
    include_in_menu: true,
    custom_attributes: [
      ...(row.url_key ? [{ attribute_code: 'url_key', value: row.url_key }] : []),
      { attribute_code: 'display_mode', value: 'PRODUCTS' },
      { attribute_code: 'is_anchor', value: '1' },
    ],
  };
}

// ---- Product attributes ---------------------------------------------------------------------------

interface AttributeRow {
  attribute_id: number;
  code: string;
  label: string;
  frontend_input: string;
  backend_type: string;
  is_user_defined: number;
  is_required: number;
  position: number;
}

const ATTRIBUTE_COLUMNS: Readonly<Record<string, string>> = {
  attribute_id: 'a.attribute_id',
  attribute_code: 'a.code',
  frontend_input: 'a.frontend_input',
  backend_type: 'a.backend_type',
  is_user_defined: 'a.is_user_defined',
  is_required: 'a.is_required',
  default_frontend_label: 'a.label',
  frontend_label: 'a.label',
  position: 'a.position',
};

const attributeFields: FieldMapping = { expression: (field) => ATTRIBUTE_COLUMNS[field] ?? 'NULL' };

const serializeAttribute = (row: AttributeRow) => ({
  is_wysiwyg_enabled: false,
  is_html_allowed_on_front: row.frontend_input === 'textarea',
  used_for_sort_by: false,
  is_filterable: false,
  is_filterable_in_search: false,
  is_used_in_grid: true,
  is_visible_in_grid: false,
  is_filterable_in_grid: true,
  position: row.position,
  apply_to: [],
  is_searchable: '0',
  is_visible_in_advanced_search: '0',
  is_comparable: '0',
  is_used_for_promo_rules: '0',
  is_visible_on_front: row.is_user_defined ? '1' : '0',
  used_in_product_listing: '0',
  is_visible: true,
  scope: 'global',
  attribute_id: row.attribute_id,
  attribute_code: row.code,
  frontend_input: row.frontend_input,
  entity_type_id: '4',
  is_required: row.is_required === 1,
  options: [],
  is_user_defined: row.is_user_defined === 1,
  default_frontend_label: row.label,
  frontend_labels: [],
  backend_type: row.backend_type,
  is_unique: '0',
  validation_rules: [],
});

export function searchAttributes(db: Database, criteria: SearchCriteria) {
  const where = whereSql(criteria, attributeFields);
  const total =
    db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM attributes a ${where.sql}`, ...where.params)?.n ?? 0;
  const rows = db.all<AttributeRow>(
    `SELECT a.* FROM attributes a ${where.sql} ${orderSql(criteria, attributeFields, 'a.attribute_id ASC')} ${limitSql(criteria, total)}`,
    ...where.params,
  );
  return { items: rows.map(serializeAttribute), search_criteria: criteria, total_count: total };
}

export function getAttribute(db: Database, code: string) {
  const row = db.get<AttributeRow>('SELECT * FROM attributes WHERE code = ?', code);
  if (!row) throw errors.attributeNotFound(code);
  return serializeAttribute(row);
}
