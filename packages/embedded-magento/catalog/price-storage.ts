/**
 * Magento's price storage for tier prices (COMMERCE-BASICS §4.2; `Catalog\Model\Product\Price\
 * TierPriceStorage`, `TierPriceFactory`, `Validation\TierPriceValidator`): read the tiers of many skus,
 * add or update, replace, and delete them in bulk. Customer groups travel by code (`all groups` for
 * ALL GROUPS); unknown skus are dropped from reads; a write never throws for a bad row but answers it as
 * a result item and saves the good rows (`[]` when all were good).
 */
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { withBody, type Route } from '../http/route.ts';
import { m } from '../input.ts';
import { groupCodes } from '../customers/groups.ts';
import { ALL_GROUPS } from './product-extras.ts';

/**
 * The customer groups by id and by code (the `customer_groups` table), with ALL GROUPS read back lowercase
 * (`TierPriceFactory::$allGroupsValue`); codes match in any case, as MySQL's collation makes Magento's
 * `TierPriceFactory::retrieveGroupValue()` look them up.
 */
function groupNames(db: Database) {
  const codes = groupCodes(db);
  codes.set(ALL_GROUPS, 'all groups');
  return {
    code: (id: number): string => codes.get(id) ?? String(id),
    id: (code: string): number | undefined =>
      [...codes].find(([, name]) => name.toLowerCase() === code.toLowerCase())?.[0],
  };
}

const tierPriceDto = m.dto({
  price: m.float(),
  price_type: m.string(),
  website_id: m.int(),
  sku: m.string(),
  customer_group: m.string(),
  quantity: m.float(),
  extension_attributes: m.mixed(),
});
type TierPriceInput = z.output<typeof tierPriceDto>;
const pricesBody = m.params({ prices: m.array(tierPriceDto) });
const skusBody = m.params({ skus: m.array(m.string()) });

const storedRow = z.object({
  sku: z.string(),
  price: sqlNumber,
  customer_group_id: sqlNumber,
  qty: sqlNumber,
  value: sqlNumber,
  percentage_value: sqlNumber.nullable(),
  website_id: sqlNumber,
});
const idRow = z.object({ id: sqlNumber, sku: z.string() });

/** `TierPriceInterface` in its getters' order. */
function serialize(row: z.output<typeof storedRow>, groupCode: (id: number) => string) {
  const discount = row.percentage_value !== null;
  return {
    price: discount ? row.percentage_value : row.value,
    price_type: discount ? 'discount' : 'fixed',
    website_id: row.website_id,
    sku: row.sku,
    customer_group: groupCode(row.customer_group_id),
    quantity: row.qty,
  };
}

/** `TierPriceStorage::get`: the tiers of the skus that exist, unknown ones dropped silently. */
export function tierPricesOf(db: Database, skus: readonly (string | null)[]) {
  const wanted = [...new Set(skus.filter((sku): sku is string => typeof sku === 'string'))];
  if (wanted.length === 0) return [];
  const { code } = groupNames(db);
  return db
    .all(
      storedRow,
      `SELECT p.sku, p.price, t.customer_group_id, t.qty, t.value, t.percentage_value, t.website_id
       FROM tier_prices t JOIN products p ON p.id = t.product_id
       WHERE p.sku IN (${wanted.map(() => '?').join(',')}) ORDER BY p.id, t.qty, t.customer_group_id, t.value_id`,
      ...wanted,
    )
    .map((row) => serialize(row, code));
}

interface Failure {
  message: string;
  parameters: string[];
}

const ROW_ID = 'Row ID: SKU = %SKU, Website ID: %websiteId, Customer Group: %customerGroup, Quantity: %qty.';
const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

interface ValidRow {
  productId: number;
  customerGroupId: number;
  qty: number;
  websiteId: number;
  fixed: number | null;
  percentage: number | null;
}

/**
 * `TierPriceValidator::validate`: each failed check of a row is a result item whose parameters are the
 * phrase's named values in order (the checked value first, then SKU, website, group and quantity); the
 * rows with no failure are returned for saving.
 */
function validate(
  db: Database,
  prices: readonly (TierPriceInput | null)[],
): { valid: ValidRow[]; failures: Failure[] } {
  const failures: Failure[] = [];
  const valid: ValidRow[] = [];
  const seen = new Set<string>();
  const groups = groupNames(db);
  const skus = prices.map((price) => price?.sku).filter((sku): sku is string => typeof sku === 'string');
  const ids = new Map(
    skus.length === 0
      ? []
      : db
          .all(idRow, `SELECT id, sku FROM products WHERE sku IN (${skus.map(() => '?').join(',')})`, ...skus)
          .map((row) => [row.sku, row.id]),
  );
  for (const price of prices) {
    if (!price) continue;
    const row = [text(price.sku), text(price.website_id), text(price.customer_group), text(price.quantity)];
    const fail = (what: string, first?: unknown) =>
      failures.push({
        message: `${what} ${ROW_ID}`,
        parameters: first === undefined ? row : [text(first), ...row],
      });
    const before = failures.length;
    const productId = price.sku ? ids.get(price.sku) : undefined;
    if (productId === undefined) fail('Invalid attribute SKU = %SKU.');
    const type = price.price_type ?? '';
    const amount = price.price;
    if (amount === null || amount === undefined || amount < 0 || (type === 'discount' && amount > 100))
      fail('Invalid attribute Price = %price.', amount);
    if (type !== 'fixed' && type !== 'discount') fail('Invalid attribute Price Type = %priceType.', type);
    const qty = price.quantity;
    if (qty === null || qty === undefined || qty < 1) fail('Invalid attribute Quantity = %qty.');
    // Price scope is global: tiers are for website 0, all websites.
    if (price.website_id !== 0) fail('Invalid attribute Website ID = %websiteId.');
    const group = groups.id(price.customer_group ?? '');
    if (group === undefined) fail('No such entity with Customer Group = %customerGroup.');
    const key = [price.sku, price.website_id, group, qty].join('|');
    if (failures.length === before && seen.has(key))
      fail(
        'We found a duplicate website, tier price, customer group and quantity: Customer Group = %customerGroup, Website ID = %websiteId, Quantity = %qty.',
      );
    seen.add(key);
    if (failures.length > before || productId === undefined || group === undefined || !qty || amount == null)
      continue;
    valid.push({
      productId,
      customerGroupId: group,
      qty,
      websiteId: 0,
      fixed: type === 'fixed' ? amount : null,
      percentage: type === 'discount' ? amount : null,
    });
  }
  return { valid, failures };
}

function insert(db: Database, row: ValidRow): void {
  db.run(
    `INSERT INTO tier_prices (product_id, customer_group_id, qty, value, percentage_value, website_id)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (product_id, customer_group_id, qty, website_id)
     DO UPDATE SET value = excluded.value, percentage_value = excluded.percentage_value`,
    row.productId,
    row.customerGroupId,
    row.qty,
    row.fixed ?? 0,
    row.percentage,
    row.websiteId,
  );
}

/** A product whose prices changed is saved again (its updated_at), so a storefront's sync sees it. */
const touch = (db: Database, productIds: Iterable<number>) => {
  for (const id of new Set(productIds))
    db.run('UPDATE products SET updated_at = ? WHERE id = ?', magentoDate(), id);
};

export type TierWrite = 'update' | 'replace' | 'delete';

/** `TierPriceStorage::update`, `replace` and `delete`: the failures as result items, the good rows written. */
export function writeTierPrices(db: Database, mode: TierWrite, prices: readonly (TierPriceInput | null)[]) {
  return db.transaction(() => {
    const { valid, failures } = validate(db, prices);
    if (mode === 'replace') {
      for (const id of new Set(valid.map((row) => row.productId)))
        db.run('DELETE FROM tier_prices WHERE product_id = ?', id);
    }
    for (const row of valid) {
      if (mode === 'delete') {
        db.run(
          'DELETE FROM tier_prices WHERE product_id = ? AND customer_group_id = ? AND qty = ? AND website_id = ?',
          row.productId,
          row.customerGroupId,
          row.qty,
          row.websiteId,
        );
      } else insert(db, row);
    }
    touch(
      db,
      valid.map((row) => row.productId),
    );
    return failures.map((failure) => ({ message: failure.message, parameters: failure.parameters }));
  });
}

export function priceStorageRoutes(db: Database): Route[] {
  // Catalog/etc/webapi.xml (2.2+): the price storage routes are behind the catalog resource.
  const resource = 'Magento_Catalog::catalog';
  return [
    {
      method: 'POST',
      path: '/V1/products/tier-prices-information',
      resource,
      ...withBody(skusBody, (_, { skus }) => tierPricesOf(db, skus)),
    },
    {
      method: 'POST',
      path: '/V1/products/tier-prices',
      resource,
      ...withBody(pricesBody, (_, { prices }) => writeTierPrices(db, 'update', prices)),
    },
    {
      method: 'PUT',
      path: '/V1/products/tier-prices',
      resource,
      ...withBody(pricesBody, (_, { prices }) => writeTierPrices(db, 'replace', prices)),
    },
    {
      method: 'POST',
      path: '/V1/products/tier-prices-delete',
      resource,
      ...withBody(pricesBody, (_, { prices }) => writeTierPrices(db, 'delete', prices)),
    },
  ];
}
