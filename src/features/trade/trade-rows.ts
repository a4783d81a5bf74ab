/**
 * The Trade price file in the browser (site/trade-price-files.ts writes it, the server's Trade gate sends it):
 * fetched once per visit and kept in sessionStorage, so the pages after the first swap their prices without
 * a request. Read tolerantly: a row that is not what the build writes is no row (the page's price stands). A
 * 401 or 403 means the customer is not (or no longer) Trade: the marker goes.
 */
import { isRecord, readJson } from '@cleaning-shop/kit/reader.ts';
import { TRADE_PRICES_URL } from './trade-files.ts';
import { forgetTrade, TRADE_ROWS_KEY } from './trade-marker.ts';

/** `qty` or more at this price each: [qty, incl VAT, excl VAT]. */
export type TradeTier = readonly [qty: number, inclVat: number, exclVat: number];

/** A product's Trade prices (catalogue/trade-prices.ts `TradeRow`). */
export interface TradePrice {
  readonly inclVat: number;
  readonly exclVat: number;
  readonly tiers: readonly TradeTier[];
  /** A configurable's card: the cheapest of children whose Trade prices differ ("from £X"). */
  readonly from: boolean;
}

export interface TradePrices {
  /** The sku's Trade prices, or undefined when it has none (the page's prices stand). */
  of(sku: string): TradePrice | undefined;
}

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isTier = (value: unknown): value is TradeTier =>
  Array.isArray(value) && value.length === 3 && value.every(isAmount);

function priceOf(row: unknown): TradePrice | undefined {
  if (!Array.isArray(row) || !isAmount(row[0]) || !isAmount(row[1]) || !Array.isArray(row[2]))
    return undefined;
  const tiers: unknown[] = row[2];
  if (!tiers.every(isTier)) return undefined;
  return { inclVat: row[0], exclVat: row[1], tiers, from: row[3] === 1 };
}

function pricesIn(text: string): TradePrices | undefined {
  const file = readJson(text);
  const rows = isRecord(file) && file['v'] === 1 ? file['rows'] : undefined;
  if (!isRecord(rows)) return undefined;
  const table = new Map(Object.entries(rows));
  return { of: (sku) => priceOf(table.get(sku)) };
}

function kept(): TradePrices | undefined {
  try {
    const text = sessionStorage.getItem(TRADE_ROWS_KEY);
    return text === null ? undefined : pricesIn(text);
  } catch {
    return undefined;
  }
}

async function fetched(): Promise<TradePrices | undefined> {
  let response: Response;
  try {
    response = await fetch(TRADE_PRICES_URL, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    return undefined;
  }
  if (response.status === 401 || response.status === 403) forgetTrade();
  if (!response.ok) return undefined;
  const text = await response.text();
  const prices = pricesIn(text);
  try {
    if (prices) sessionStorage.setItem(TRADE_ROWS_KEY, text);
  } catch {
    // no room: the next page asks again (the browser's cache answers with a 304)
  }
  return prices;
}

let visit: Promise<TradePrices | undefined> | undefined;

/** The Trade customer's prices for this visit: kept from an earlier page, else fetched once. */
export function tradePricesForVisit(): Promise<TradePrices | undefined> {
  visit ??= Promise.resolve(kept() ?? fetched());
  return visit;
}
