/**
 * The products this browser viewed last, as skus, newest first (recently-viewed-state.ts keeps them in
 * localStorage): the pure rules, so the store, the product page's recording and the "Recently viewed" section
 * agree on them.
 */
import { readJson } from '@cleaning-shop/kit/reader.ts';

/** Where the list is kept (localStorage), as JSON: an array of skus, newest first. */
export const RECENTLY_VIEWED_KEY = 'recentlyViewed';

/** How many products the list remembers. */
export const RECENTLY_VIEWED_LIMIT = 8;

/** Magento's longest sku. */
const SKU_MAX = 64;

const isSku = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value.length <= SKU_MAX;

/**
 * The list with `sku` first: moved there if it was already in it, the oldest dropped beyond the limit.
 * `replacing` leaves the list too: a configurable product's page records its chosen child, and another
 * choice on the same page takes that child's place rather than adding a second size.
 */
export const withViewed = (list: readonly string[], sku: string, replacing?: string): string[] =>
  [sku, ...list.filter((other) => other !== sku && other !== replacing)].slice(0, RECENTLY_VIEWED_LIMIT);

/**
 * The stored list read tolerantly: anything but a JSON array of skus (corrupt, edited, from an older
 * shop) is an empty list; unusable entries are dropped, the first of repeated skus kept, the limit applied.
 */
export function decodeRecentlyViewed(stored: string): string[] {
  const value = readJson(stored);
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter(isSku))].slice(0, RECENTLY_VIEWED_LIMIT);
}

/** What a "Recently viewed" section shows: the list without the product on screen (and its chosen child), if any. */
export const shownRecentlyViewed = (list: readonly string[], ...current: (string | undefined)[]): string[] =>
  list.filter((sku) => !current.includes(sku));
