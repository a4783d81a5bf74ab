/**
 * Builds the search index files (see `search-index.ts` for their shape) from the catalogue, at build time.
 *
 * What is searchable: products with visibility 4 ("catalog, search", as the spec's search filter reads)
 * that have a page of their own, since every result links to one. Results are listed by name (then sku,
 * so equal names keep a stable order), which is also the order of the names file.
 *
 * Shard size: a result list shows 24 cards, and their shards are fetched before they show. Small shards
 * keep that cheap when the first 24 results are scattered over the alphabet (the usual case: "pump"
 * matches names from A to Z), large ones save requests when they are not. `scripts/bench-search.ts`
 * prints both: at 10,000 products 16 costs the least in the scattered case and about the same as 32
 * otherwise, for a request or so more.
 */
import { createHash } from 'node:crypto';
import { metaDescription } from '../../catalogue/seo.ts';
import type { Product } from '../../catalogue/types.ts';
import {
  frontCode,
  type SearchDetailRecord,
  type SearchNamesFile,
  type SearchShard,
} from './search-index.ts';

export const DEFAULT_SHARD_SIZE = 16;
/** Short descriptions are cut (at a word) to this many characters: a card shows a few lines. */
export const SUMMARY_MAX = 160;

export interface BuiltSearchIndex {
  /** The names file as written. */
  names: SearchNamesFile;
  shards: SearchShard[];
  /** The names in list order, as the browser decodes them. */
  list: string[];
}

/** The products search covers, given those that have a page (`productRoutes(…).routed`). */
export const searchableProducts = (withPage: readonly Product[]): Product[] =>
  withPage.filter((product) => product.visibility === 4);

const byName = (a: Product, b: Product): number =>
  a.name.localeCompare(b.name, 'en-GB') || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);

const toRecord = (product: Product): SearchDetailRecord => [
  product.urlKey,
  product.priceInclVat,
  product.priceExclVat,
  product.thumbnail?.file ?? '',
  metaDescription(product.shortDescription, SUMMARY_MAX),
  product.sku,
];

/** The index of `products` (already filtered by `searchableProducts`). */
export function buildSearchIndex(
  products: readonly Product[],
  options: { shardSize?: number } = {},
): BuiltSearchIndex {
  const shardSize = options.shardSize ?? DEFAULT_SHARD_SIZE;
  if (!Number.isInteger(shardSize) || shardSize < 1)
    throw new RangeError(`Search index shard size must be a whole number ≥ 1, not ${shardSize}`);
  const sorted = [...products].sort(byName);
  const names = sorted.map((product) => product.name);
  const records = sorted.map(toRecord);
  const version = createHash('sha256')
    .update(JSON.stringify([shardSize, names, records]))
    .digest('base64url')
    .slice(0, 12);
  const shards: SearchShard[] = [];
  for (let start = 0, i = 0; start < records.length; start += shardSize, i += 1)
    shards.push({ v: version, i, d: records.slice(start, start + shardSize) });
  return { names: { v: version, s: shardSize, n: frontCode(names) }, shards, list: names };
}
