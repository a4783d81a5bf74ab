/**
 * What a sync changed of the products (sync.ts): the skus it read anew and dropped, and which of them the
 * snapshot's next write writes (rows.ts), when syncs before it were held unwritten.
 */
import type { Product } from './types.ts';

/** Products added or changed, and removed. */
export interface ProductChange {
  readonly updated: readonly string[];
  readonly removed: readonly string[];
}

/** Products added or changed, and removed, between two snapshots. */
export function diffProducts(
  before: readonly Product[],
  after: readonly Product[],
): { updated: string[]; removed: string[] } {
  const previous = new Map(before.map((product) => [product.sku, product]));
  const now = new Set(after.map((product) => product.sku));
  // An incremental sync carries the unchanged products over as the same objects: no need to serialise them.
  const changed = (product: Product): boolean => {
    const old = previous.get(product.sku);
    return old !== product && (old === undefined || JSON.stringify(old) !== JSON.stringify(product));
  };
  return {
    updated: after.filter(changed).map((product) => product.sku),
    removed: before.filter((product) => !now.has(product.sku)).map((product) => product.sku),
  };
}

/**
 * The products the write of a sync writes: `diff`, since the catalogue it started from, with what the
 * syncs before it read and did not write yet (`previous`, held in memory); undefined: every product.
 */
export function productsToWrite(
  previous: { readonly unwritten?: unknown; readonly unwrittenProducts?: ProductChange } | undefined,
  diff: ProductChange,
): ProductChange | undefined {
  if (!previous?.unwritten) return diff;
  const before = previous.unwrittenProducts;
  return (
    before && { updated: [...before.updated, ...diff.updated], removed: [...before.removed, ...diff.removed] }
  );
}
