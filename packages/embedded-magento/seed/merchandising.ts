/**
 * What a shop's staff add to the generated products, each from its own deterministic stream (never the
 * main one, so every value drawn before stays as it was): creation and save dates, the power source of
 * machines, select values as option ids, the odd malformed number typed into a numeric field, the gift-set
 * category's one product, and each category's merchandising order.
 */
import { FAMILIES } from './data/families.ts';
import { GIFT_SET_CATEGORY } from './data/categories.ts';
import { NUMERIC_FILTER_CODES, type PowerSource } from './data/attributes.ts';
import { createRandom, seedFor, type Random } from './random.ts';
import type { Slot } from './slots.ts';
import type { SeedAttribute, SeedProduct } from './types.ts';

/** A product as `makeProduct` draws it, before merchandising. */
export type GeneratedProduct = Omit<SeedProduct, 'categoryPositions' | 'createdAt' | 'updatedAt'>;

/** Products were created over the two years before this moment (UTC), and last saved no later. */
export const CATALOGUE_DATE = Date.UTC(2026, 10, 1);
const DAY_MS = 86_400_000;
const CATALOGUE_DAYS = 730;

/** Share of numeric filter values entered the way real data entry goes wrong. */
const RATE_MALFORMED_NUMBER = 0.01;
/** Products first in every category: sellable ones picked to lead the listing. */
const FEATURED_PER_CATEGORY = 3;

const UNITS: Readonly<Record<string, string>> = {
  max_pressure_bar: 'bar',
  flow_rate_lh: 'l/h',
  power_w: 'W',
  weight_kg: 'kg',
  cable_length_m: 'm',
  tank_capacity_l: 'l',
  working_width_mm: 'mm',
  sound_pressure_db: 'dB(A)',
};

const magentoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Created on one of the 730 days before CATALOGUE_DATE in office hours; a third never saved since. */
export function catalogueDates(r: Random): { createdAt: string; updatedAt: string } {
  const day = CATALOGUE_DATE - (1 + Math.floor(r.next() * CATALOGUE_DAYS)) * DAY_MS;
  const created = day + (7 * 3600 + Math.floor(r.next() * 12 * 3600)) * 1000;
  const saved = r.next();
  const updated =
    saved < 0.35 ? created : created + Math.floor((r.next() * (CATALOGUE_DATE - created)) / 1000) * 1000;
  return { createdAt: magentoDate(created), updatedAt: magentoDate(updated) };
}

/** One of weighted choices; the weights add up to 1. */
function weighted(r: Random, choices: readonly (readonly [PowerSource, number])[]): PowerSource {
  const u = r.next();
  let sum = 0;
  for (const [choice, weight] of choices) {
    sum += weight;
    if (u < sum) return choice;
  }
  return choices[choices.length - 1]?.[0] ?? 'Mains electric';
}

/**
 * What a machine runs on, as its name and range say: anything called battery, cordless, Bp or handheld
 * runs on a battery; otherwise by range and audience (home pressure washers mostly mains, professional
 * ones also petrol or diesel; push sweepers by hand; municipal machines diesel; …).
 */
function powerSource(r: Random, slot: Slot, name: string): PowerSource {
  const { def } = slot;
  if (/\b(Battery|Cordless|Bp|Handheld)\b/.test(name)) return 'Battery';
  switch (def.family) {
    case 'pressure':
      if (def.audience === 'HG') {
        return def.code === 'mobile-cleaning'
          ? 'Battery'
          : weighted(r, [
              ['Mains electric', 0.92],
              ['Battery', 0.08],
            ]);
      }
      return name.includes('Hot Water')
        ? weighted(r, [
            ['Mains electric', 0.8],
            ['Diesel', 0.2],
          ])
        : weighted(r, [
            ['Mains electric', 0.7],
            ['Petrol', 0.2],
            ['Diesel', 0.1],
          ]);
    case 'floor':
      if (def.code === 'electric-wiping-mop' || name.includes('Ride-on')) return 'Battery';
      if (def.code === 'floor-scrubbers-scrubber-dryers') {
        return weighted(r, [
          ['Battery', 0.65],
          ['Mains electric', 0.35],
        ]);
      }
      return 'Mains electric';
    case 'sweeper': {
      if (def.audience === 'HG') return 'Manual';
      if (def.code === 'municipal-equipment') {
        return weighted(r, [
          ['Diesel', 0.85],
          ['Battery', 0.15],
        ]);
      }
      const variant = /\bKM \d+\/\d+ (C|G|R)\b/.exec(name)?.[1];
      if (variant === 'C') return 'Manual';
      if (variant === 'G') return 'Petrol';
      if (variant === 'R') {
        return weighted(r, [
          ['Petrol', 0.4],
          ['Diesel', 0.4],
          ['Battery', 0.2],
        ]);
      }
      return weighted(r, [
        ['Battery', 0.5],
        ['Petrol', 0.5],
      ]);
    }
    case 'window':
      return 'Battery';
    case 'garden':
      return weighted(r, [
        ['Battery', 0.7],
        ['Mains electric', 0.2],
        ['Petrol', 0.1],
      ]);
    default:
      return 'Mains electric';
  }
}

/** A numeric value as it sometimes arrives from a supplier's sheet: prose, approximate, with its unit. */
function malformed(r: Random, code: string, value: string): string {
  const variant = r.int(0, 3);
  if (variant === 0) return 'see data sheet';
  if (variant === 1) return `approx. ${value}`;
  if (variant === 2) return `${value} ${UNITS[code] ?? ''}`.trim();
  return value.includes('.') ? value.replace('.', ',') : `${value},0`;
}

/** Option ids by attribute code and label. */
function optionIds(attributes: readonly SeedAttribute[]): Map<string, Map<string, string>> {
  return new Map(
    attributes
      .filter((a) => a.options.length > 0)
      .map((a) => [a.code, new Map(a.options.map((o) => [o.label, String(o.id)]))]),
  );
}

/** The product's own additions: dates, power source, select values as option ids, malformed numbers. */
function enrich(
  seed: number,
  product: GeneratedProduct,
  slot: Slot,
  options: Map<string, Map<string, string>>,
): Omit<SeedProduct, 'categoryPositions'> {
  const r = createRandom(seedFor(seed, `product:${product.sku}`));
  const { createdAt, updatedAt } = catalogueDates(r);
  const labels = { ...product.customAttributes };
  if (FAMILIES[slot.def.family].role === 'machine')
    labels['power_source'] = powerSource(r, slot, product.name);
  const attrs: Record<string, string> = {};
  for (const [code, label] of Object.entries(labels)) {
    const ids = options.get(code);
    if (!ids) attrs[code] = label;
    // A select holds an option or nothing: an empty value is no value.
    else if (label !== '') {
      const id = ids.get(label);
      if (id === undefined) throw new Error(`${product.sku}: "${label}" is no option of ${code}`);
      attrs[code] = id;
    }
  }
  for (const code of NUMERIC_FILTER_CODES) {
    const value = attrs[code];
    const typo = r.chance(RATE_MALFORMED_NUMBER);
    if (typo && value !== undefined && value !== '') attrs[code] = malformed(r, code, value);
  }
  return { ...product, customAttributes: attrs, createdAt, updatedAt };
}

/** The one sellable window vac the gift-set category holds: the first of the window-vac category's own. */
function giftSetProduct(products: readonly GeneratedProduct[], slots: readonly Slot[]): number {
  const candidates = slots
    .map((slot, index) => ({ slot, index }))
    .filter(({ slot }) => slot.def.id === GIFT_SET_CATEGORY.parentId && slot.guaranteed);
  const pick = candidates.find(({ slot }) => slot.child === undefined) ?? candidates[0];
  return pick && products[pick.index] ? pick.index : -1;
}

/**
 * Each category's merchandising order, 1..n: a few featured sellable products first, then the other
 * sellable ones, then those a shopper cannot buy now (disabled, out of stock, not visible), each group
 * shuffled from the category's own stream.
 */
function categoryPositions(
  seed: number,
  products: readonly Omit<SeedProduct, 'categoryPositions'>[],
  slots: readonly Slot[],
): Map<number, Record<number, number>> {
  const members = new Map<number, number[]>();
  products.forEach((product, index) => {
    for (const categoryId of product.categoryIds) {
      const list = members.get(categoryId);
      if (list) list.push(index);
      else members.set(categoryId, [index]);
    }
  });
  const byProduct = new Map<number, Record<number, number>>();
  for (const [categoryId, indices] of [...members].sort(([a], [b]) => a - b)) {
    const r = createRandom(seedFor(seed, `category:${String(categoryId)}`));
    const sellable = (i: number) => {
      const p = products[i];
      return p !== undefined && p.status === 1 && p.visibility === 4 && p.isInStock;
    };
    const guaranteed = indices.filter((i) => slots[i]?.guaranteed);
    const featured = r.sample(guaranteed, FEATURED_PER_CATEGORY);
    const rest = indices.filter((i) => !featured.includes(i));
    const order = [
      ...featured,
      ...r.sample(
        rest.filter((i) => sellable(i)),
        rest.length,
      ),
      ...r.sample(
        rest.filter((i) => !sellable(i)),
        rest.length,
      ),
    ];
    order.forEach((i, position) => {
      const own = byProduct.get(i);
      if (own) own[categoryId] = position + 1;
      else byProduct.set(i, { [categoryId]: position + 1 });
    });
  }
  return byProduct;
}

export function merchandise(
  seed: number,
  generated: readonly GeneratedProduct[],
  slots: readonly Slot[],
  attributes: readonly SeedAttribute[],
): SeedProduct[] {
  const options = optionIds(attributes);
  const products = generated.map((product, i) => {
    const slot = slots[i];
    if (!slot) throw new Error(`no slot for ${product.sku}`);
    return enrich(seed, product, slot, options);
  });
  const gift = products[giftSetProduct(generated, slots)];
  if (gift) gift.categoryIds = [...gift.categoryIds, GIFT_SET_CATEGORY.id];
  const positions = categoryPositions(seed, products, slots);
  return products.map((product, i) => ({ ...product, categoryPositions: positions.get(i) ?? {} }));
}
