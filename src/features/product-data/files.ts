/**
 * Where a product's facts file is (facts.ts): a fixed number of files under one folder, a sku's file found
 * from the sku alone. A module of its own, so a script that only needs to find a file (the compare tray,
 * in every page's shell) does not bundle the facts reader with it.
 */

export const PRODUCT_DATA_BASE = '/product-data';

/**
 * How many files the facts are spread over: a fixed number, so any page finds a sku's file from the sku
 * alone, with no manifest. About 1 product a file at 250 products, 40 (about 5 KB brotli) at 10,000.
 */
export const PRODUCT_DATA_SHARDS = 256;

/**
 * The file a sku's facts are in: FNV-1a of its UTF-16 code units, modulo the number of files. The same hash
 * as `@cleaning-shop/kit/buckets.ts` `bucketOf` (a unit test holds them equal), written out here because this
 * module is in every page's shell: through the shared function the shell's minified code came out 60 B
 * larger (brotli), and the configurable product page's script is within a few bytes of its 15 KB budget.
 */
export function productDataShard(sku: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < sku.length; i++) hash = Math.imul(hash ^ sku.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % PRODUCT_DATA_SHARDS;
}

export const productDataUrl = (shard: number): string => `${PRODUCT_DATA_BASE}/${shard}.json`;
