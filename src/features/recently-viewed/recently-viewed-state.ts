/**
 * The products this browser viewed last (recently-viewed.ts has the rules): kept in localStorage, so
 * they outlive the visit; other tabs follow through the storage event (@nanostores/persistent), so a
 * product viewed in one tab is in every tab's list and a view recorded in one never undoes another's.
 */
import { persistentAtom } from '@nanostores/persistent';
import { decodeRecentlyViewed, RECENTLY_VIEWED_KEY, withViewed } from './recently-viewed.ts';

/** Skus, newest first; empty when nothing or nothing readable is stored. */
export const $recentlyViewed = persistentAtom<string[]>(RECENTLY_VIEWED_KEY, [], {
  encode: JSON.stringify,
  decode: decodeRecentlyViewed,
});

/** The product page's visit: its product becomes the newest (in place of `replacing`, another choice of it). */
export function recordView(sku: string, replacing?: string): void {
  $recentlyViewed.set(withViewed($recentlyViewed.get(), sku, replacing));
}

/** Products that no longer have a page leave the list. */
export function forgetViewed(skus: readonly string[]): void {
  $recentlyViewed.set($recentlyViewed.get().filter((sku) => !skus.includes(sku)));
}
