/**
 * The shopper's compare list: the skus of up to four products, in the order they were added, kept in
 * localStorage (`compare`, a JSON list) so it lasts across pages and visits, and followed from other
 * tabs (@nanostores/persistent listens to `storage` events). A stored value that is not such a list
 * (corrupt, or from another version) reads as an empty list. The buttons and the tray (compare.client.ts)
 * and the /compare page share it; the page's URL is what a shared link carries (compare-url.ts).
 */
import { persistentAtom } from '@nanostores/persistent';
import { asListOf, asString, readJson } from '@cleaning-shop/kit/reader.ts';

export const COMPARE_KEY = 'compare';
/** How many products a comparison holds: four columns still fit a laptop's screen side by side. */
export const COMPARE_MAX = 4;

/** Distinct non-empty skus, the first `COMPARE_MAX` in order. */
export const compareList = (skus: readonly string[]): string[] =>
  [...new Set(skus.filter((sku) => sku !== ''))].slice(0, COMPARE_MAX);

/** A stored value as a list: anything but a JSON list of strings reads as empty. */
export function decodeCompareList(stored: string): string[] {
  return compareList(asListOf(readJson(stored), asString) ?? []);
}

export const $compare = persistentAtom<string[]>(COMPARE_KEY, [], {
  // An empty list leaves nothing behind in storage.
  encode: (skus) => (skus.length > 0 ? JSON.stringify(skus) : undefined),
  decode: decodeCompareList,
});

/** Adds `sku` at the end; false, changing nothing, when the list is full (already there: true). */
export function addToCompare(sku: string): boolean {
  const skus = $compare.get();
  if (skus.includes(sku)) return true;
  if (skus.length >= COMPARE_MAX) return false;
  $compare.set([...skus, sku]);
  return true;
}

export function removeFromCompare(sku: string): void {
  $compare.set($compare.get().filter((item) => item !== sku));
}

export function clearCompare(): void {
  $compare.set([]);
}

/** Makes `skus` the list (the /compare page's URL wins over what the browser held). */
export function setCompare(skus: readonly string[]): void {
  $compare.set(compareList(skus));
}
