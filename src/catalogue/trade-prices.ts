/**
 * What a customer group pays, worked out from the catalogue snapshot as Magento's cart would charge it
 * (COMMERCE-BASICS §4.3, §5.2; the embedded back end's `carts/pricing.ts` follows the same rule): for a line
 * of `qty`, `Catalog\Model\Product\Type\Price::getFinalPrice` takes the lowest of the best tier of the group
 * or of ALL GROUPS the quantity reaches (`getTierPrice`'s loop) and the price that applies now (the
 * special price within its dates, a catalogue rule's price: the product's `priceInclVat` as the build priced
 * it, special-prices.ts), never below 0. The trade price file (site/trade-price-files.ts) holds the Trade
 * group's unit price at quantity 1 and its quantity prices, for the products where they differ from what the
 * pages show everyone.
 */
import { keptParts } from './kept-parts.ts';
import { exclVat } from './money.ts';
import { ALL_GROUPS, type Product, type TierPrice } from './types.ts';

/** A group no tier names: what everyone gets, ALL GROUPS' tiers only (what the pages show). */
const EVERYONE = -1;

const roundMoney = (amount: number): number => Math.round(amount * 100) / 100;

const appliesTo = (tier: TierPrice, group: number): boolean =>
  tier.customerGroupId === group || tier.customerGroupId === ALL_GROUPS;

/**
 * `Type\Price::getTierPrice($qty)`, its loop as Magento writes it (and `carts/pricing.ts` `bestTier`): from
 * the regular price at quantity 1, a tier of the group or of ALL GROUPS the quantity reaches replaces the
 * price found so far when lower, never for a smaller quantity than the one found, and an ALL GROUPS tier
 * never displaces the group's own tier at the same quantity.
 */
export function bestTier(tiers: readonly TierPrice[], regular: number, group: number, qty: number): number {
  let found = { price: regular, qty: 1, group: ALL_GROUPS };
  for (const tier of tiers) {
    if (!appliesTo(tier, group) || qty < tier.qty || tier.qty < found.qty) continue;
    if (tier.qty === found.qty && found.group !== ALL_GROUPS && tier.customerGroupId === ALL_GROUPS) continue;
    if (tier.priceInclVat < found.price)
      found = { price: tier.priceInclVat, qty: tier.qty, group: tier.customerGroupId };
  }
  return found.price;
}

type Priced = Pick<Product, 'regularPriceInclVat' | 'priceInclVat' | 'tierPrices'>;

/**
 * The price one unit sells for, incl VAT, in a line of `qty` for `group`: the best tier (Magento lists a
 * product's tiers by quantity, as the snapshot keeps them) or the price that applies now, whichever is
 * lower; null for a product without a price.
 */
export function groupPriceAt(product: Priced, group: number, qty: number): number | null {
  const now = product.priceInclVat;
  const regular = product.regularPriceInclVat ?? now;
  if (regular === null || now === null) return null;
  const tiers = [...product.tierPrices].sort((a, b) => a.qty - b.qty);
  return Math.max(0, roundMoney(Math.min(bestTier(tiers, regular, group, qty), now)));
}

/** A quantity price: `qty` or more at this price each, incl and excl VAT. */
export type TradeTier = [qty: number, inclVat: number, exclVat: number];

/**
 * The quantity prices `group` gets beyond one: each quantity a tier of the group or of ALL GROUPS names,
 * at the price a line of that quantity is charged, kept when it is lower than every smaller quantity's
 * (a line that saves nothing says nothing, as `tierLines` on the pages).
 */
export function groupTiers(product: Priced, group: number, unit: number): TradeTier[] {
  const quantities = [
    ...new Set(product.tierPrices.filter((t) => appliesTo(t, group) && t.qty > 1).map((t) => t.qty)),
  ].sort((a, b) => a - b);
  const lines: TradeTier[] = [];
  let lowest = unit;
  for (const qty of quantities) {
    const price = groupPriceAt(product, group, qty);
    if (price === null || price >= lowest) continue;
    lines.push([qty, price, exclVat(price)]);
    lowest = price;
  }
  return lines;
}

/**
 * One product's Trade prices as the file holds them: `[unit incl VAT, unit excl VAT, tiers]`, and for a
 * configurable product whose children's Trade prices differ, a fourth element `1` ("from £X").
 */
export type TradeRow =
  [inclVat: number, exclVat: number, tiers: TradeTier[]] | [number, number, TradeTier[], 1];

const samePrice = (a: number | null, b: number | null): boolean =>
  a !== null && b !== null && Math.abs(a - b) < 0.005;

const sameTiers = (a: readonly TradeTier[], b: readonly TradeTier[]): boolean =>
  a.length === b.length &&
  a.every((tier, at) => tier[0] === b[at]?.[0] && samePrice(tier[1], b[at]?.[1] ?? null));

/**
 * A simple product's (or a configurable's child's) row for `group`, or null when the group pays what the
 * page already shows (its price, and ALL GROUPS' quantity prices) or it has no price.
 */
export function tradeRowOf(product: Product, group: number): TradeRow | null {
  const unit = groupPriceAt(product, group, 1);
  if (unit === null || product.priceInclVat === null) return null;
  const tiers = groupTiers(product, group, unit);
  if (samePrice(unit, product.priceInclVat) && sameTiers(tiers, groupTiers(product, EVERYONE, unit)))
    return null;
  // The page's own excl VAT figure where the unit price is the page's (Magento's sales_price may differ).
  const unitExcl = samePrice(unit, product.priceInclVat)
    ? (product.priceExclVat ?? exclVat(unit))
    : exclVat(unit);
  return [unit, unitExcl, tiers];
}

/**
 * A configurable product's card row: its cheapest child's price for `group` ("from" when the children's
 * differ), or null when that is what the card already shows.
 */
export function parentRowOf(children: readonly Product[], group: number, shown: Product): TradeRow | null {
  const units = children.map((child) => groupPriceAt(child, group, 1)).filter((unit) => unit !== null);
  if (units.length === 0) return null;
  const cheapest = Math.min(...units);
  const from = new Set(units).size > 1;
  if (samePrice(cheapest, shown.priceInclVat) && from === shown.priceFrom) return null;
  return from ? [cheapest, exclVat(cheapest), [], 1] : [cheapest, exclVat(cheapest), []];
}

/**
 * Every product's row for `group`, by sku, in the catalogue's order: simple products and children by their
 * own prices, configurable parents by their children's (the products must be priced for the build's
 * instant, `pricedAt`). Only the products whose price or quantity prices for the group differ.
 */
export function tradeRows(products: readonly Product[], group: number): Record<string, TradeRow> {
  const bySku = new Map(products.map((product) => [product.sku, product]));
  const rows: Record<string, TradeRow> = {};
  for (const product of products) {
    const children = product.configurable?.variants.flatMap((variant) => bySku.get(variant.sku) ?? []);
    // Kept per product object between a warm renderer's runs: a run works out the products that changed.
    const row = keptRows(product, [group, ...(children ?? [])], () =>
      children ? parentRowOf(children, group, product) : tradeRowOf(product, group),
    );
    if (row) rows[product.sku] = row;
  }
  return rows;
}

const keptRows = keptParts<Product, TradeRow | null>();
