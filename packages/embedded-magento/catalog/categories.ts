/** The category tree (§5.1) and one category, from the `categories` table. */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import { categoryProductRow } from './products.ts';

const categoryRow = z.object({
  id: sqlNumber,
  parent_id: sqlNumber,
  name: z.string(),
  url_key: z.string(),
  is_active: sqlNumber.nullable(),
  position: sqlNumber,
  level: sqlNumber,
  path: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
type CategoryRow = z.output<typeof categoryRow>;

const categoryId = categoryRow.pick({ id: true });
const productInCategory = categoryProductRow.pick({ category_id: true, product_id: true });

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
  const rows = db.all(categoryRow, 'SELECT * FROM categories ORDER BY position, id');
  const byParent = new Map<number, CategoryRow[]>();
  for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
  const direct = new Map<number, Set<number>>();
  for (const link of db.all(productInCategory, 'SELECT category_id, product_id FROM category_products')) {
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
  const row = db.get(categoryRow, 'SELECT * FROM categories WHERE id = ?', id);
  if (!row) throw errors.noSuchEntity('id', id);
  const children = db.all(
    categoryId,
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

const assignedRow = z.object({ id: sqlNumber, sku: z.string(), position: sqlNumber });

/** The store view's root category (Default Category) and the path every category of that store starts with. */
const STORE_ROOT = { id: 2, path: '1/2' } as const;

/** Enabled and in the catalog, the search or both: what the store's category-product index holds. */
const INDEXED = 'p.status = 1 AND p.visibility IN (2, 3, 4)';

/**
 * `GET /V1/categories/:categoryId/products` (`CategoryLinkManagement::getAssignedProducts()`):
 * `{sku, position, category_id}` per product, `category_id` the requested id as a string.
 *
 * - Store `all` (0) joins the assignments themselves: exactly the products assigned to this category,
 *   with their merchandising position, whatever their status or visibility.
 * - A store view reads its category-product index (`Indexer/Category/Product/AbstractAction`): only
 *   enabled products visible in the catalog or search. Every category here is an anchor, so products of
 *   its active descendants come too, once each, at their own position + 10000 unless also assigned
 *   directly; the store's root category holds every indexed product; Root Catalog is outside the store.
 *
 * The collection sets no order; rows come in product id order, as the database would return them.
 */
export function assignedProducts(db: Database, id: number, storeId: number) {
  const category = db.get(categoryRow, 'SELECT * FROM categories WHERE id = ?', id);
  if (!category) throw errors.noSuchEntity('id', id);
  const categoryId = String(id);
  if (storeId === 0) {
    return db
      .all(
        assignedRow,
        `SELECT p.id, p.sku, cp.position FROM category_products cp JOIN products p ON p.id = cp.product_id
         WHERE cp.category_id = ? ORDER BY p.id`,
        id,
      )
      .map((row) => ({ sku: row.sku, position: row.position, category_id: categoryId }));
  }
  const positions = new Map<number, { sku: string; position: number }>();
  const put = (rows: z.output<typeof assignedRow>[]) => {
    for (const row of rows) positions.set(row.id, { sku: row.sku, position: row.position });
  };
  // Later steps overwrite earlier ones, as the indexer's INSERT … ON DUPLICATE KEY UPDATE does.
  if (id === STORE_ROOT.id) {
    put(
      db.all(
        assignedRow,
        `SELECT p.id, p.sku, COALESCE((SELECT MIN(position) FROM category_products WHERE product_id = p.id), 0) AS position
         FROM products p WHERE ${INDEXED}`,
      ),
    );
  }
  const inStore = category.path === STORE_ROOT.path || category.path.startsWith(`${STORE_ROOT.path}/`);
  if (inStore) {
    put(
      db.all(
        assignedRow,
        `SELECT p.id, p.sku,
           COALESCE((SELECT position FROM category_products WHERE category_id = ? AND product_id = p.id),
                    MIN(cp.position) + 10000) AS position
         FROM category_products cp
         JOIN categories c ON c.id = cp.category_id
         JOIN products p ON p.id = cp.product_id
         WHERE c.path LIKE ? AND c.is_active = 1 AND ${INDEXED}
         GROUP BY p.id`,
        id,
        `${category.path}/%`,
      ),
    );
  }
  if (category.path.startsWith(`${STORE_ROOT.path}/`)) {
    put(
      db.all(
        assignedRow,
        `SELECT p.id, p.sku, cp.position FROM category_products cp JOIN products p ON p.id = cp.product_id
         WHERE cp.category_id = ? AND ${INDEXED}`,
        id,
      ),
    );
  }
  return [...positions.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => ({ sku: row.sku, position: row.position, category_id: categoryId }));
}
