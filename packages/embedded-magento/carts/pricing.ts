/**
 * The unit price a cart line is sold at (COMMERCE-BASICS §4.3, §5.2): the lowest of the product's price,
 * its best tier price for the line's quantity and the quote's customer group, and its special price while
 * the store's clock is within its dates, never below 0. Worked out whenever a line's quantity changes and
 * whenever totals are collected, as Magento's subtotal collector calls
 * `Catalog\Model\Product\Type\Price::getFinalPrice($qty, $product)` on every `collectTotals()`; so a
 * guest's cart signed into takes the customer's group at once, and a sale starting at midnight is charged
 * from midnight. A configurable line is priced by its chosen child (tiers and special prices live on the
 * children), with the line's quantity. The facts are read for many products at once (two queries however
 * many), and the price itself is a pure function of them.
 */
import { z } from 'zod';
import { ALL_GROUPS } from '../catalog/product-extras.ts';
import { specialPriceAt, specialPriceOf, type SpecialPrice } from '../catalog/special-price.ts';
import { sqlNumber, type Database } from '../db.ts';
import { roundMoney } from '../money.ts';
import { scopeTimestamp, type StoreSettings } from '../store-view.ts';
import type { QuoteRow } from './rows.ts';

/** The group a guest's quote is priced for. */
export const NOT_LOGGED_IN = 0;

const groupRow = z.object({ group_id: sqlNumber });

/** The quote's customer group: the customer's (General, 1, if the customer is gone), NOT LOGGED IN for a guest. */
export function customerGroupOf(db: Database, quote: Pick<QuoteRow, 'customer_id'>): number {
  if (quote.customer_id === null) return NOT_LOGGED_IN;
  return db.get(groupRow, 'SELECT group_id FROM customers WHERE id = ?', quote.customer_id)?.group_id ?? 1;
}

const tierRow = z.object({
  product_id: sqlNumber,
  customer_group_id: sqlNumber,
  qty: sqlNumber,
  value: sqlNumber,
  percentage_value: sqlNumber.nullable(),
});
type Tier = z.output<typeof tierRow>;

const specialRow = z.object({
  id: sqlNumber,
  special_price: z.unknown(),
  special_from_date: z.unknown(),
  special_to_date: z.unknown(),
});

/** What a product's selling price is worked out from. */
export interface PriceFacts {
  /** The product's own (regular) price. */
  readonly price: number;
  /** Its tiers on website 0 (all) or 1 (the shop's), by quantity then as saved. */
  readonly tiers: readonly Tier[];
  readonly special: SpecialPrice | undefined;
}

/** A product as pricing names it: its id and its own price. */
export interface Priced {
  readonly id: number;
  readonly price: number;
}

/** Kept well under SQLite's bound-parameter limit, however many products a page or a cart holds. */
const CHUNK = 500;

function inChunks<T>(ids: readonly number[], read: (chunk: readonly number[]) => T[]): T[] {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) rows.push(...read(ids.slice(start, start + CHUNK)));
  return rows;
}

const marks = (ids: readonly number[]) => ids.map(() => '?').join(',');

/** Each product's price facts, by id: its tiers and special price, in two queries per 500 products. */
export function priceFactsOf(db: Database, products: readonly Priced[]): Map<number, PriceFacts> {
  const ids = [...new Set(products.map((product) => product.id))];
  const tiers = new Map<number, Tier[]>();
  const tierRows = inChunks(ids, (chunk) =>
    db.all(
      tierRow,
      `SELECT product_id, customer_group_id, qty, value, percentage_value FROM tier_prices
       WHERE product_id IN (${marks(chunk)}) AND website_id IN (0, 1) ORDER BY product_id, qty, value_id`,
      ...chunk,
    ),
  );
  for (const tier of tierRows) tiers.set(tier.product_id, [...(tiers.get(tier.product_id) ?? []), tier]);
  const specials = new Map(
    inChunks(ids, (chunk) =>
      db.all(
        specialRow,
        `SELECT id, json_extract(attributes, '$.special_price') AS special_price,
                json_extract(attributes, '$.special_from_date') AS special_from_date,
                json_extract(attributes, '$.special_to_date') AS special_to_date
         FROM products WHERE id IN (${marks(chunk)})`,
        ...chunk,
      ),
    ).map((row) => [row.id, specialPriceOf(row)]),
  );
  return new Map(
    products.map((product) => [
      product.id,
      { price: product.price, tiers: tiers.get(product.id) ?? [], special: specials.get(product.id) },
    ]),
  );
}

/** A percentage tier is the product's price less the percentage; a fixed tier its value. */
const tierPrice = (tier: Tier, price: number): number =>
  tier.percentage_value === null ? tier.value : roundMoney(price * (1 - tier.percentage_value / 100));

const appliesTo = (tier: Tier, group: number) =>
  tier.customer_group_id === group || tier.customer_group_id === ALL_GROUPS;

/**
 * `Type\Price::getTierPrice($qty, $product)`, its loop as Magento writes it: from the product's price at
 * quantity 1, a tier of the group or of ALL GROUPS whose quantity the line reaches replaces the price
 * found so far when it is lower, never for a smaller quantity than the one already found, and an ALL GROUPS
 * tier never displaces the group's own tier at the same quantity.
 */
function bestTier(tiers: readonly Tier[], price: number, group: number, qty: number): number {
  let found = { price, qty: 1, group: ALL_GROUPS };
  for (const tier of tiers) {
    if (!appliesTo(tier, group)) continue;
    if (qty < tier.qty) continue;
    if (tier.qty < found.qty) continue;
    if (tier.qty === found.qty && found.group !== ALL_GROUPS && tier.customer_group_id === ALL_GROUPS)
      continue;
    const candidate = tierPrice(tier, price);
    if (candidate < found.price) found = { price: candidate, qty: tier.qty, group: tier.customer_group_id };
  }
  return found.price;
}

/**
 * The price one unit sells for in a line of `qty` for `group` when the store's wall clock reads `at`
 * (`scopeTimestamp`): `getBasePrice` (the lower of the best tier and the special price within its dates),
 * then `max(0, …)`. A special price above the price changes nothing.
 */
export function finalPrice(facts: PriceFacts, group: number, qty: number, at: number): number {
  const tiered = facts.tiers.length === 0 ? facts.price : bestTier(facts.tiers, facts.price, group, qty);
  const special = specialPriceAt(facts.special, at);
  return Math.max(0, roundMoney(special === undefined ? tiered : Math.min(tiered, special)));
}

/**
 * The least one unit can sell for, for `group`, at any quantity (the price index's `min_price`, a
 * listing's "as low as"): the final price at quantity 1 or the group's lowest tier, whichever is lower.
 */
export function minimalPrice(facts: PriceFacts, group: number, at: number): number {
  const tiers = facts.tiers.filter((tier) => appliesTo(tier, group)).map((t) => tierPrice(t, facts.price));
  return Math.max(0, roundMoney(Math.min(finalPrice(facts, group, 1, at), ...tiers)));
}

/** The price one unit of `product` sells for now in a line of `qty` for `group`. */
export function unitPrice(
  db: Database,
  store: StoreSettings,
  product: Priced,
  group: number,
  qty: number,
): number {
  const facts = priceFactsOf(db, [product]).get(product.id);
  return facts ? finalPrice(facts, group, qty, scopeTimestamp(store)) : product.price;
}

/** A cart line as pricing reads it: its quantity, stored price and the product it sells (null once gone). */
export interface PricedLine {
  readonly qty: number;
  readonly price: number;
  readonly sold_id: number | null;
  readonly sold_price: number | null;
}

/**
 * Each line's unit price now, for `group`, in the lines' order: its sold product's (the line's sku: the
 * product, or a configurable's child, as `soldItems` joins it) for the line's quantity; the stored price if
 * that product is gone.
 */
export function linePrices(
  db: Database,
  store: StoreSettings,
  lines: readonly PricedLine[],
  group: number,
): number[] {
  const sold = lines.flatMap((line) =>
    line.sold_id === null || line.sold_price === null ? [] : [{ id: line.sold_id, price: line.sold_price }],
  );
  const facts = priceFactsOf(db, sold);
  const at = scopeTimestamp(store);
  return lines.map((line) => {
    const known = line.sold_id === null ? undefined : facts.get(line.sold_id);
    return known ? finalPrice(known, group, line.qty, at) : line.price;
  });
}
