/**
 * Sale prices as Magento applies them (COMMERCE-BASICS §5.2): a product's special price counts while the
 * store's wall clock (Europe/London, read as if it were UTC, in whole seconds) is within its dates, the
 * to-date counting through the end of its day (`Timezone::isScopeDateInInterval` adds 86,400 s), and the
 * price that applies is the lowest of the regular price, the special price and a catalogue price rule's
 * (`BasePrice`). Pages are files, so the build prices them at one instant (`pricedAt`) and records when the
 * next price changes (`priceChanges`): the publisher republishes the pages concerned then.
 */
import { wallClockAsUtc } from '@cleaning-shop/kit/wall-clock.ts';
import { exclVat } from './money.ts';
import type { Product, SpecialPrice } from './types.ts';
import { withVariants } from './variants.ts';
import { keptParts } from './kept-parts.ts';

/** The shop's time zone (Magento's `general/locale/timezone`): special prices' dates are days there. */
export const STORE_TIME_ZONE = 'Europe/London';

const SECOND = 1000;
const DAY = 86_400 * SECOND;

/** The store's wall clock at `at`, read as a UTC time (Magento's `scopeTimeStamp`), in ms. */
export const storeWallClock = (at: number): number => wallClockAsUtc(STORE_TIME_ZONE, at);

/** The store's day at `at`, `YYYY-MM-DD`. */
export const shopDay = (at: number): string => new Date(storeWallClock(at)).toISOString().slice(0, 10);

/** `2026-06-01 00:00:00` (or `2026-06-01`) as a UTC time of the same wall clock, in ms; NaN when unreadable. */
export function parseWallClock(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text.trim());
  if (!match) return NaN;
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = match;
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
}

/**
 * The first instant at which the store's wall clock reads `wall` or later (`YYYY-MM-DD HH:MM:SS`): the
 * instant itself, or, for a time the clocks skip in spring (01:30 on the last Sunday of March), the moment
 * they jump to 02:00. In the hour that repeats in autumn, the first of the two.
 */
export function londonWallClockToInstant(wall: string): number {
  const target = parseWallClock(wall);
  if (Number.isNaN(target)) throw new Error(`Not a date and time: ${wall}`);
  // London is UTC or UTC+1: the instant is target - 1 h or target itself; take the first that reaches it.
  for (const offset of [60 * 60 * SECOND, 0]) {
    const candidate = target - offset;
    if (storeWallClock(candidate) === target) return candidate;
  }
  // Skipped by the spring change: the wall clock goes from before it straight past it, at target - 1 h + 1 h.
  let low = target - 2 * 60 * 60 * SECOND;
  let high = target + 60 * 60 * SECOND;
  while (high - low > SECOND) {
    const middle = Math.floor((low + high) / 2 / SECOND) * SECOND;
    if (storeWallClock(middle) >= target) high = middle;
    else low = middle;
  }
  return high;
}

/** The special price's bounds on the store's wall clock (ms, UTC-read): applies while from ≤ now ≤ until. */
function window(special: SpecialPrice): { from: number; until: number } {
  const from = special.from ? parseWallClock(special.from) : NaN;
  const to = special.to ? parseWallClock(special.to) : NaN;
  return {
    from: Number.isNaN(from) ? -Infinity : from,
    until: Number.isNaN(to) ? Infinity : to + DAY,
  };
}

/** The instant the store's wall clock first reads `wall` (ms, UTC-read) or later: `londonWallClockToInstant`. */
const instantOf = (wall: number): number =>
  londonWallClockToInstant(new Date(wall).toISOString().replace('T', ' ').slice(0, 19));

/**
 * The instants (epoch ms) `special` starts and stops applying: its from-date's wall-clock time, and the first
 * second past its to-date's day; -Infinity and Infinity where it has no such date.
 */
export function specialPriceInstants(special: SpecialPrice): { from: number; until: number } {
  const { from, until } = window(special);
  return {
    from: Number.isFinite(from) ? instantOf(from) : -Infinity,
    until: Number.isFinite(until) ? instantOf(until + SECOND) : Infinity,
  };
}

/** Whether `special` applies at `at` (Magento's rule, in whole seconds of the store's wall clock). */
export function specialPriceApplies(special: SpecialPrice, at: number): boolean {
  const now = Math.floor(storeWallClock(at) / SECOND) * SECOND;
  const { from, until } = window(special);
  return now >= from && now <= until;
}

/** A product's price incl VAT that applies at `at`, and whether it is below the regular price. */
function applyingPrice(product: Product, at: number, rule: number | undefined): number | null {
  const regular = product.regularPriceInclVat;
  const candidates = [
    regular,
    rule,
    product.specialPrice && specialPriceApplies(product.specialPrice, at)
      ? product.specialPrice.priceInclVat
      : undefined,
  ].filter((price): price is number => typeof price === 'number' && price > 0);
  return candidates.length === 0 ? null : Math.min(...candidates);
}

/**
 * Each product as priced, kept while its price that applies is the same: a run priced at another instant
 * answers the same object for an unchanged product, so what the site keeps per product (its page's
 * fingerprint, its listings' filter indexes: kept-parts.ts) is not worked out again for a product on sale.
 */
const priced = keptParts<Product, Product>();

/** One product priced at `at`: the sale (or rule) price and "was" the regular price while it is lower. */
function priceOne(product: Product, at: number, rule: number | undefined): Product {
  if (product.configurable) return product;
  const regular = product.regularPriceInclVat;
  const price = applyingPrice(product, at, rule);
  if (price === null || regular === null || price >= regular) {
    if (product.wasInclVat === null && product.priceInclVat === regular) return product;
    return priced(product, [regular], () => ({
      ...product,
      priceInclVat: regular,
      priceExclVat: product.regularPriceExclVat,
      wasInclVat: null,
      wasExclVat: null,
    }));
  }
  return priced(product, [price], () => ({
    ...product,
    priceInclVat: price,
    priceExclVat: exclVat(price),
    wasInclVat: regular,
    wasExclVat: product.regularPriceExclVat ?? exclVat(regular),
  }));
}

/**
 * The products with the prices that apply at `at` (special prices within their dates, and the rule prices a
 * price reconciliation found, by sku), configurable parents priced again from their children.
 */
export function pricedAt(
  products: readonly Product[],
  at: number,
  rulePrices: Readonly<Record<string, number>> = {},
): Product[] {
  return withVariants(products.map((product) => priceOne(product, at, rulePrices[product.sku])));
}

/** A coming instant at which a product's price that applies changes. */
export interface PriceChangeAt {
  /** ISO 8601, UTC. */
  at: string;
  sku: string;
  name: string;
  before: number | null;
  after: number | null;
}

/**
 * The price changes due after `after` (epoch ms), soonest first: each product's special price starting (at
 * its from-date's wall-clock time) and ending (the first second past its to-date's day), where that changes
 * the price that applies. Products with no page of their own count too: their parent's price is theirs.
 */
export function priceChanges(
  products: readonly Product[],
  after: number,
  rulePrices: Readonly<Record<string, number>> = {},
): PriceChangeAt[] {
  const changes: { ms: number; change: PriceChangeAt }[] = [];
  for (const product of products) {
    if (!product.specialPrice || product.configurable) continue;
    const { from, until } = specialPriceInstants(product.specialPrice);
    const rule = rulePrices[product.sku];
    for (const instant of [from, until]) {
      if (!Number.isFinite(instant) || instant <= after) continue;
      const before = applyingPrice(product, instant - SECOND, rule);
      const later = applyingPrice(product, instant, rule);
      if (before === later) continue;
      changes.push({
        ms: instant,
        change: {
          at: new Date(instant).toISOString(),
          sku: product.sku,
          name: product.name,
          before,
          after: later,
        },
      });
    }
  }
  return changes
    .sort((a, b) => a.ms - b.ms || (a.change.sku < b.change.sku ? -1 : a.change.sku > b.change.sku ? 1 : 0))
    .map(({ change }) => change);
}
