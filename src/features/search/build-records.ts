/**
 * The record shards of a search index (files.ts `d/{n}.json`), at build time (build.ts): each product's
 * listing tuple, the short description its result card shows, its rating and, for a configurable whose
 * children's prices differ, theirs. A shard is built again only when its products (or their children,
 * paths or the columns) changed.
 */
import { metaDescription } from '../../catalogue/fields.ts';
import type { CatalogueAttribute, Product } from '../../catalogue/types.ts';
import { variantQuery } from '../../catalogue/variants.ts';
import type { KeyedParts } from '../../catalogue/kept-parts.ts';
import { type attributeIndex, buildListingIndex, P, type ListingIndex } from '../listing/index.ts';
import { withApplications } from './jobs-build.ts';
import { SORTED_PROPERTIES } from './property.ts';
import type { RecordShard, SearchRecord, VariantPrices } from './files.ts';

/** Short descriptions on result cards are cut (at a word) to this many characters. */
const SUMMARY_MAX = 160;

/** What the records are made of. */
interface RecordsOf {
  v: string;
  /** Products per record shard. */
  size: number;
  /** The products in the index's order. */
  products: readonly Product[];
  bySku: ReadonlyMap<string, Product>;
  hrefBySku: ReadonlyMap<string, string>;
  /** What the listing's columns depend on besides the products (build.ts `Build.context`). */
  context: string;
}

/**
 * The products as the results page lists them (its filters, sorts and the records' columns): the
 * attributes Magento marks filterable in search, every property a query may sort by ("widest",
 * property.ts), and each product's own applications among the jobs' (`ja`, jobs-build.ts).
 */
export function searchListing(
  input: {
    attributes: readonly CatalogueAttribute[];
    hrefBySku: ReadonlyMap<string, string>;
    attributesOf?: typeof attributeIndex | undefined;
  },
  products: readonly Product[],
  ja: readonly string[],
): ListingIndex {
  const attributes = input.attributes.map((attribute) => ({
    ...attribute,
    filterable: attribute.filterableInSearch,
    sortable: attribute.sortable || SORTED_PROPERTIES.has(attribute.code),
  }));
  const index = buildListingIndex(products, attributes, input.hrefBySku, [], input.attributesOf);
  return withApplications(index, products, ja);
}

/** Every record shard, the kept one where its inputs are the same (`shards`, swept after). */
export function recordShards(
  shards: KeyedParts<number, RecordShard>,
  { v, size, products, bySku, hrefBySku, context }: RecordsOf,
  listing: ListingIndex,
): RecordShard[] {
  const columns = JSON.stringify([context, listing.columns]);
  const records: RecordShard[] = [];
  for (let start = 0; start < products.length; start += size) {
    const shown = products.slice(start, start + size);
    const children = shown.flatMap((product) => childrenOf(product, bySku));
    const inputs = [v, columns, ...shown, ...children, ...shown.map(({ sku }) => hrefBySku.get(sku))];
    records.push(
      shards.get(start / size, inputs, () => ({
        v,
        i: start / size,
        d: listing.products.slice(start, start + size).map((row, at): SearchRecord => {
          const summary = metaDescription(shown[at]?.shortDescription ?? '', SUMMARY_MAX);
          const rating = listing.rating?.[row[P.sku]];
          const sizes = shown[at] ? variantPrices(shown[at], bySku) : null;
          if (sizes) return [...row, summary, rating ?? 0, sizes];
          return rating ? [...row, summary, rating] : [...row, summary];
        }),
      })),
    );
  }
  shards.sweep();
  return records;
}

/** A configurable's children in the catalogue (none for another product). */
const childrenOf = (product: Product, bySku: ReadonlyMap<string, Product>): Product[] =>
  (product.configurable?.variants ?? []).flatMap(({ sku }) => bySku.get(sku) ?? []);

/**
 * A configurable's children's prices by the query choosing each (files.ts `VariantPrices`), when they
 * differ (its card then is the cheapest's, which a search opening it at another child must not show).
 */
function variantPrices(product: Product, bySku: ReadonlyMap<string, Product>): VariantPrices | null {
  const configurable = product.configurable;
  if (!configurable || !product.priceFrom) return null;
  const prices: VariantPrices = {};
  for (const variant of configurable.variants) {
    const child = bySku.get(variant.sku);
    const query = variantQuery(configurable.attributes, variant.values);
    if (child && query !== '') prices[query] = [child.priceInclVat, child.priceExclVat];
  }
  return Object.keys(prices).length > 0 ? prices : null;
}
