/**
 * What a product carries besides its own row: a configurable's options and child links
 * (`catalog_product_super_attribute`, `catalog_product_super_link`) and tier prices
 * (`catalog_product_entity_tier_price`), read for a whole page of products at once (a few queries per
 * 500 products, never one per product), so a pageSize=0 read of a big catalogue stays fast.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { jsonArray } from '../json.ts';

/** `GroupManagementInterface::CUST_GROUP_ALL`: a tier price for every customer group. */
export const ALL_GROUPS = 32000;

const optionRow = z.object({
  id: sqlNumber,
  product_id: sqlNumber,
  attribute_id: sqlNumber,
  label: z.string(),
  position: sqlNumber,
  is_use_default: sqlNumber,
  value_indexes: z.string(),
  attribute_label: z.string().nullable(),
});
const linkRow = z.object({ parent_id: sqlNumber, child_id: sqlNumber });
const tierRow = z.object({
  product_id: sqlNumber,
  customer_group_id: sqlNumber,
  qty: sqlNumber,
  value: sqlNumber,
  percentage_value: sqlNumber.nullable(),
  website_id: sqlNumber,
});
export type TierRow = z.output<typeof tierRow>;

/** `ConfigurableProduct\Api\Data\OptionInterface` in its getters' (wire) order. */
export interface ConfigurableOption {
  id: number;
  attribute_id: string;
  label: string;
  position: number;
  is_use_default: boolean;
  values: { value_index: number }[];
  product_id: number;
}

/** `Catalog\Api\Data\ProductTierPriceInterface` in wire order. */
export interface ProductTierPrice {
  customer_group_id: number;
  qty: number;
  value: number;
  extension_attributes: { percentage_value?: number; website_id: number };
}

export interface ProductExtras {
  options: Map<number, ConfigurableOption[]>;
  links: Map<number, number[]>;
  tiers: Map<number, TierRow[]>;
}

/** Rows for many ids, in chunks under SQLite's bound-parameter limit. */
function chunked<T>(ids: readonly number[], read: (chunk: number[], marks: string) => T[]): T[] {
  const out: T[] = [];
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    out.push(...read(chunk, chunk.map(() => '?').join(',')));
  }
  return out;
}

function group<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const byKey = new Map<number, T[]>();
  for (const row of rows) {
    const list = byKey.get(key(row));
    if (list) list.push(row);
    else byKey.set(key(row), [row]);
  }
  return byKey;
}

export function serializeOption(row: z.output<typeof optionRow>): ConfigurableOption {
  return {
    id: row.id,
    attribute_id: String(row.attribute_id),
    // A label left empty (or "use default") reads as the attribute's own label, as the admin shows it.
    label: row.label !== '' && row.is_use_default === 0 ? row.label : (row.attribute_label ?? row.label),
    position: row.position,
    is_use_default: row.is_use_default === 1,
    values: jsonArray(row.value_indexes)
      .filter((value): value is number => typeof value === 'number')
      .map((value_index) => ({ value_index })),
    product_id: row.product_id,
  };
}

const OPTION_SELECT = `SELECT o.id, o.product_id, o.attribute_id, o.label, o.position, o.is_use_default, o.value_indexes,
  a.label AS attribute_label FROM configurable_options o LEFT JOIN attributes a ON a.attribute_id = o.attribute_id`;

/** The options of one configurable, by position. */
export const optionsOf = (db: Database, productId: number): ConfigurableOption[] =>
  db
    .all(optionRow, `${OPTION_SELECT} WHERE o.product_id = ? ORDER BY o.position, o.id`, productId)
    .map(serializeOption);

/** The child ids of one configurable, in id order. */
export const childIdsOf = (db: Database, parentId: number): number[] =>
  db
    .all(
      linkRow,
      'SELECT parent_id, child_id FROM configurable_links WHERE parent_id = ? ORDER BY child_id',
      parentId,
    )
    .map((row) => row.child_id);

/**
 * The options and links of the configurables among `configurableIds`, and the tier prices of all
 * `productIds`.
 */
export function productExtras(
  db: Database,
  productIds: readonly number[],
  configurableIds: readonly number[],
): ProductExtras {
  const options = chunked(configurableIds, (chunk, marks) =>
    db.all(
      optionRow,
      `${OPTION_SELECT} WHERE o.product_id IN (${marks}) ORDER BY o.position, o.id`,
      ...chunk,
    ),
  );
  const links = chunked(configurableIds, (chunk, marks) =>
    db.all(
      linkRow,
      `SELECT parent_id, child_id FROM configurable_links WHERE parent_id IN (${marks}) ORDER BY child_id`,
      ...chunk,
    ),
  );
  const tiers = chunked(productIds, (chunk, marks) =>
    db.all(
      tierRow,
      `SELECT product_id, customer_group_id, qty, value, percentage_value, website_id FROM tier_prices
       WHERE product_id IN (${marks}) ORDER BY qty, customer_group_id, value_id`,
      ...chunk,
    ),
  );
  const optionLists = new Map<number, ConfigurableOption[]>();
  for (const [id, rows] of group(options, (row) => row.product_id))
    optionLists.set(id, rows.map(serializeOption));
  const linkLists = new Map<number, number[]>();
  for (const [id, rows] of group(links, (row) => row.parent_id))
    linkLists.set(
      id,
      rows.map((row) => row.child_id),
    );
  return { options: optionLists, links: linkLists, tiers: group(tiers, (row) => row.product_id) };
}

/** The tier prices of one product. */
export const tierRowsOf = (db: Database, productId: number): TierRow[] =>
  productExtras(db, [productId], []).tiers.get(productId) ?? [];

/**
 * A percentage tier's price is the product's price less the percentage (`percentage_value` kept beside
 * it, COMMERCE-BASICS §4.1), worked out on read so it follows a later price change; a fixed tier is its
 * stored value.
 */
export const tierValue = (row: TierRow, price: number): number =>
  row.percentage_value === null ? row.value : Math.round(price * (100 - row.percentage_value)) / 100;

export function serializeTierPrices(rows: readonly TierRow[], price: number): ProductTierPrice[] {
  return rows.map((row) => ({
    customer_group_id: row.customer_group_id,
    qty: row.qty,
    value: tierValue(row, price),
    extension_attributes: {
      ...(row.percentage_value === null ? {} : { percentage_value: row.percentage_value }),
      website_id: row.website_id,
    },
  }));
}
