/**
 * The wish list's own pure rules: what a sku may look like, how a guest's list is kept in localStorage (read
 * tolerantly: anything corrupt reads as an empty list), and how many products it may hold. The guest's list
 * lives in this browser; a signed-in customer's in Magento (wishlist-state.ts, server wishlist.ts).
 */
import { readJson } from '@cleaning-shop/kit/reader.ts';

/** Where this browser keeps the guest's wish list: a JSON list of skus, oldest first. */
export const WISHLIST_KEY = 'wishlist';

/**
 * How many products a wish list holds here: the guest's list, and what a sign-in merges into the
 * customer's. Magento sets no limit; this keeps the stored value, and the sign-in's body, small.
 */
export const MAX_WISHLIST = 100;

/** Magento's longest sku (catalog_product_entity.sku is varchar(64)). */
export const MAX_SKU_LENGTH = 64;

/** A sku as Magento keeps it: 1 to 64 characters, no control characters, no spaces around it. */
export const isSku = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= MAX_SKU_LENGTH &&
  value.trim() === value &&
  /^[^\p{Cc}]+$/u.test(value);

/**
 * The guest's list as stored, or [] when it is missing or corrupt: entries that are not skus are dropped,
 * each sku is kept once, and no more than MAX_WISHLIST.
 */
export function decodeSkus(stored: string | null | undefined): string[] {
  const value = readJson(stored);
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter(isSku))].slice(0, MAX_WISHLIST);
}

export const encodeSkus = (skus: readonly string[]): string => JSON.stringify(skus);

/** The list with `sku` added at its end, or removed when it was there. */
export const toggled = (skus: readonly string[], sku: string): string[] =>
  skus.includes(sku) ? skus.filter((kept) => kept !== sku) : [...skus, sku];
