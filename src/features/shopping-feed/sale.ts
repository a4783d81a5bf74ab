/**
 * What the feed says a product costs: its `price`, and while a sale applies (Magento's special price within
 * its dates, or a catalogue rule's) the regular price as `price` with the sale's as `sale_price`, and the
 * special price's dates as `sale_price_effective_date` in the shop's time zone. A sale due later is given
 * with its dates too, so Google starts it on time whenever it last fetched the feed; the price that applies
 * at the build's instant (`feedEffectivePrice`) is always the one the product's page shows.
 */
import { specialPriceApplies, specialPriceInstants, storeWallClock } from '../../catalogue/special-prices.ts';
import type { Product } from '../../catalogue/types.ts';

const MINUTE = 60_000;

/** When a sale price applies: from `from` (inclusive) until `until` (exclusive), epoch ms, whole minutes. */
export interface SaleWindow {
  readonly from: number;
  readonly until: number;
}

/** A product's prices in the feed, GBP incl VAT. */
export interface FeedPrice {
  /** `price`: the regular price while a sale applies or is due. */
  readonly price: number;
  /** `sale_price` and, when the sale has an end, `sale_price_effective_date`. */
  readonly sale: { readonly price: number; readonly window: SaleWindow | null } | null;
}

/**
 * A special price's window to the minute (the feed's precision): from its from-date's time, else since
 * ever (the epoch), until the end of its to-date's day (00:00 the day after); null when it has no end, which
 * the feed says by leaving the dates out (the sale applies until the feed says otherwise).
 */
function windowOf(product: Pick<Product, 'specialPrice'>): SaleWindow | null {
  if (!product.specialPrice) return null;
  const { from, until } = specialPriceInstants(product.specialPrice);
  if (!Number.isFinite(until)) return null;
  const start = Number.isFinite(from) ? from : 0;
  return { from: Math.floor(start / MINUTE) * MINUTE, until: Math.floor(until / MINUTE) * MINUTE };
}

/**
 * The feed's prices of a product priced at `at` (special-prices.ts `pricedAt`; `rule` its catalogue rule
 * price, if any); null when it has none (Google takes no item without a price).
 */
export function feedPrice(
  product: Pick<Product, 'priceInclVat' | 'wasInclVat' | 'specialPrice'>,
  at: number,
  rule?: number,
): FeedPrice | null {
  const shown = product.priceInclVat;
  if (shown === null) return null;
  const special = product.specialPrice;
  if (product.wasInclVat !== null) {
    // On sale now. Its dates are the special price's when that is what applies (not a rule's price).
    const own = special !== null && special.priceInclVat === shown && rule !== shown;
    const window = own && specialPriceApplies(special, at) ? windowOf(product) : null;
    return { price: product.wasInclVat, sale: { price: shown, window } };
  }
  // A sale due later, below what applies now: given with its dates, which have not begun.
  if (special && special.priceInclVat > 0 && special.priceInclVat < shown) {
    const window = windowOf(product);
    if (window && window.from > at) return { price: shown, sale: { price: special.priceInclVat, window } };
  }
  return { price: shown, sale: null };
}

/** The price that applies at `at` by what the feed says: the sale price within its dates, else the price. */
export function feedEffectivePrice(price: FeedPrice, at: number): number {
  const { sale } = price;
  if (!sale) return price.price;
  if (!sale.window) return sale.price;
  return at >= sale.window.from && at < sale.window.until ? sale.price : price.price;
}

/** An instant as Google's date-time: the shop's wall clock to the minute, with its offset. */
export function googleDateTime(at: number): string {
  const whole = Math.floor(at / 1000) * 1000;
  const wall = storeWallClock(whole);
  const offset = Math.round((wall - whole) / MINUTE);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${new Date(wall).toISOString().slice(0, 16)}${sign}${hours}${minutes}`;
}

/** `sale_price_effective_date`: start and end as Google's date-times, joined by `/`. */
export const googleInterval = (window: SaleWindow): string =>
  `${googleDateTime(window.from)}/${googleDateTime(window.until)}`;

/** One of Google's date-times (`YYYY-MM-DDThh:mm[±hhmm]` or `…Z`) as an instant; NaN when it is not one. */
function parseGoogleDateTime(text: string): number {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::\d{2})?(Z|[+-]\d{2}:?\d{2})$/.exec(text.trim());
  if (!match) return NaN;
  const [, local = '', zone = ''] = match;
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  return Date.parse(`${local}:00${offset}`);
}

/** A `sale_price_effective_date` read back (as Merchant Center reads it); null when it is not one. */
export function parseGoogleInterval(text: string): SaleWindow | null {
  const [from = '', until = '', ...rest] = text.split('/');
  const window = { from: parseGoogleDateTime(from), until: parseGoogleDateTime(until) };
  return rest.length === 0 && !Number.isNaN(window.from) && !Number.isNaN(window.until) ? window : null;
}
