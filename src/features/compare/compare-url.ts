/**
 * The /compare page's URL holds the comparison (`/compare?skus=a,b,c`), so a copied link shows the same
 * table to anyone. Skus are separated by commas: a sku with a comma in it cannot be compared (Magento
 * allows one, but its own REST filters trip over it too).
 */
import { compareList } from './compare-state.ts';

export const COMPARE_PATH = '/compare';

/** The page comparing `skus`; with none, the bare page (which shows the browser's list). */
export const compareHref = (skus: readonly string[]): string =>
  skus.length === 0 ? COMPARE_PATH : `${COMPARE_PATH}?skus=${skus.map(encodeURIComponent).join(',')}`;

/** The skus a page's query names (the first four, once each), or null when it names none. */
export function skusFromQuery(search: string): string[] | null {
  const skus = compareList(
    (new URLSearchParams(search).get('skus') ?? '').split(',').map((sku) => sku.trim()),
  );
  return skus.length === 0 ? null : skus;
}
