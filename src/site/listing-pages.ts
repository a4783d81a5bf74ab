/**
 * The pre-rendered pages of every listing (DESIGN.md §4): each category's products, in the merchandiser's
 * order whatever their stock (a stock change moves no card), 12 to a page at `/{listing}` and `/{listing}/page/{n}`, and the
 * category's filter index as a static file. Worked out once per catalogue snapshot (with the
 * product pages' paths of that snapshot) and shared by the listing route, the index files' route, the
 * sitemap and the render plan's fingerprints.
 */
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import {
  attributeIndex,
  type AttributeIndex,
  browse,
  DEFAULT_PAGE_SIZE,
  type Browsed,
  DEFAULT_STATE,
  buildListingIndex,
  type ValueProblem,
  type IndexedProduct,
  type ListingIndex,
  type ListingIndexHead,
  type ListingIndexPart,
  pagePath,
  splitListingIndex,
} from '../features/listing/index.ts';
import { allListings, type Listing } from './listings.ts';
import { keptParts, keyedParts, type KeyedParts } from '../catalogue/kept-parts.ts';
import type { Product } from '../catalogue/types.ts';
import { textFingerprint } from './fingerprint.ts';
import { fitIndex } from '../catalogue/fits.ts';
import { partsListings } from './parts-listings.ts';

/** Where the filter index files are served. */
export const LISTING_INDEX_BASE = '/listing-data';

export interface ListingData {
  listing: Listing;
  index: ListingIndex;
  /**
   * The index's URL (`/listing-data/{category id}.json`, a parts page's `/listing-data/fits-{slug}.json`). It does not change with the content: a page
   * names its index, so a hash in the name would put every product's price into every page of its
   * category. The file is revalidated like a page and purged from the CDN when it changes.
   */
  url: string;
  /** The unfiltered category in the default order, and its counts: what the pre-rendered pages show. */
  browsed: Browsed;
}

export interface ListingPage {
  data: ListingData;
  /** 1-based. */
  page: number;
  /** The products of this page. */
  shown: IndexedProduct[];
  /** Root-relative path of this page. */
  path: string;
}

const memo = new WeakMap<CatalogueIndex, { data: ListingData[]; problems: ValueProblem[] }>();

/** The product pages' paths by sku (`ProductRoutes.hrefBySku`): the cards' links. */
type Hrefs = ReadonlyMap<string, string>;

type CategoryIndex = Omit<ListingData, 'listing'> & { readonly problems: readonly ValueProblem[] };

/**
 * Each listing's filter index, kept between runs while its products (in order), their links and the
 * attributes are the same: a price saved rebuilds the indexes of the product's categories and parts pages only.
 */
const categoryIndexes = keyedParts<string, CategoryIndex>();

/** A listing's products and the name of its index file: a category's, or the parts of a model (a parts page). */
function listingSource(catalogue: CatalogueIndex, listing: Listing) {
  if (listing.model !== null) {
    const model = fitIndex(catalogue).byKey.get(listing.model.key);
    return { file: `fits-${model?.slug ?? 'none'}`, products: model?.parts ?? [] };
  }
  const id = listing.categoryId;
  return { file: String(id ?? 'none'), products: id === null ? [] : (catalogue.byCategory.get(id) ?? []) };
}

type Source = ReturnType<typeof listingSource>;

/**
 * Each listing's filters and values of its products' specifications (`AttributeIndex`), kept while the
 * attributes and every product's specifications are the same: a price or stock change, most saves, makes
 * the index's prices and stock again, not its filters (at 10,000 products a detergent's 90 parts pages'
 * indexes took 0.6 s, nearly all of it here).
 */
const attributeIndexes = keyedParts<string, AttributeIndex>();

/** What `attributeIndex` reads of a product, as a fingerprint made once per product object. */
const specifications = keptParts<Product, string>();
const specificationsOf = (product: Product): string =>
  specifications(product, [], () =>
    textFingerprint(
      JSON.stringify([
        product.sku,
        product.technicalData,
        product.configurable?.attributes ?? null,
        product.configurable?.variants.map((variant) => variant.values) ?? null,
      ]),
    ),
  );

/**
 * `attributeIndex`, kept in `parts` under `key` while the attributes (`attributesKey`, their JSON) and every
 * product's specifications are the same.
 */
export const keptAttributeIndex =
  (parts: KeyedParts<string, AttributeIndex>, key: string, attributesKey: string): typeof attributeIndex =>
  (products, attributes) =>
    parts.get(key, [attributesKey, ...products.map(specificationsOf)], () =>
      attributeIndex(products, attributes),
    );

function categoryIndex(
  catalogue: CatalogueIndex,
  { file, products }: Source,
  hrefBySku: Hrefs,
  attributes: string,
) {
  const inputs = [attributes, ...products, ...products.map(({ sku }) => hrefBySku.get(sku))];
  return categoryIndexes.get(file, inputs, () => {
    const problems: ValueProblem[] = [];
    const index = buildListingIndex(
      products,
      catalogue.catalogue.attributes,
      hrefBySku,
      problems,
      keptAttributeIndex(attributeIndexes, file, attributes),
    );
    const url = `${LISTING_INDEX_BASE}/${file}.json`;
    return { index, url, browsed: browse(index, DEFAULT_STATE), problems };
  });
}

function build(
  catalogue: CatalogueIndex,
  hrefBySku: Hrefs,
): { data: ListingData[]; problems: ValueProblem[] } {
  const attributes = JSON.stringify(catalogue.catalogue.attributes);
  const byFile = new Map<string, CategoryIndex>();
  const listings = [...allListings(catalogue), ...partsListings(catalogue, hrefBySku)];
  const data = listings.map((listing): ListingData => {
    const source = listingSource(catalogue, listing);
    let built = byFile.get(source.file);
    if (!built) {
      built = categoryIndex(catalogue, source, hrefBySku, attributes);
      byFile.set(source.file, built);
    }
    const { index, url, browsed } = built;
    return { listing, index, url, browsed };
  });
  categoryIndexes.sweep();
  // Every listing's, whether or not its index was made again this run: the next change to it needs it.
  for (const file of byFile.keys()) attributeIndexes.keep(file);
  attributeIndexes.sweep();
  return { data, problems: [...byFile.values()].flatMap((built) => built.problems) };
}

function listingData(catalogue: CatalogueIndex, hrefBySku: Hrefs) {
  let built = memo.get(catalogue);
  if (!built) {
    built = build(catalogue, hrefBySku);
    memo.set(catalogue, built);
  }
  return built;
}

/** Every listing with its filter index and pages. */
export const allListingData = (catalogue: CatalogueIndex, hrefBySku: Hrefs): ListingData[] =>
  listingData(catalogue, hrefBySku).data;

/**
 * Each listing's part files (features/listing/index-parts.ts), kept while their products are the same
 * objects: a part a save did not change is the same object, so its file is neither written out nor
 * hashed again (data-files.ts).
 */
const indexParts = keyedParts<string, ListingIndexPart>();

/** Each index's files, kept while it is the same object (an unchanged listing's head too). */
const indexFiles = keptParts<ListingIndex, ReturnType<typeof splitListingIndex>>();

/**
 * The filter index files: each listing's, by its file name (`24`, `fits-k-5`), a long listing's as a head
 * and parts (`24.1` …), each file once.
 */
export function listingIndexFiles(
  catalogue: CatalogueIndex,
  hrefBySku: Hrefs,
): { readonly file: string; readonly data: ListingIndex | ListingIndexHead | ListingIndexPart }[] {
  const byUrl = new Map(
    allListingData(catalogue, hrefBySku)
      .filter(({ listing }) => listing.categoryId !== null || listing.model !== null)
      .map((data) => [data.url, data.index]),
  );
  const files = [...byUrl].flatMap(([url, index]) => {
    const file = url.slice(LISTING_INDEX_BASE.length + 1, -'.json'.length);
    const partFile = (part: number) => `${file}.${part}`;
    const { head, parts } = indexFiles(index, [], () =>
      splitListingIndex(
        index,
        (part) => `${LISTING_INDEX_BASE}/${partFile(part)}.json`,
        (part, products, make) => indexParts.get(partFile(part), products, make),
      ),
    );
    // An unchanged index's parts are carried to the next run, for when its listing changes.
    parts?.forEach((_, at) => indexParts.keep(partFile(at + 1)));
    return [{ file, data: head }, ...(parts ?? []).map((data, at) => ({ file: partFile(at + 1), data }))];
  });
  indexParts.sweep();
  return files;
}

/** Malformed filterable values met while building the indexes (data faults, reported by the build). */
export function listingValueProblems(catalogue: CatalogueIndex, hrefBySku: Hrefs): ValueProblem[] {
  const seen = new Set<string>();
  return listingData(catalogue, hrefBySku).problems.filter(({ sku, code }) => {
    const key = `${sku}\0${code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How many of an attribute's malformed values a warning quotes. */
const QUOTED_PROBLEMS = 3;

/**
 * The build's warnings for malformed filterable values, one line per attribute (at 100,000 products the
 * seed's messy values were 2,200 lines of one warning each): how many products, the first few quoted.
 */
export function valueProblemLines(problems: readonly ValueProblem[]): string[] {
  const byCode = Map.groupBy(problems, ({ code }) => code);
  return [...byCode].map(([code, all]) => {
    if (all.length === 1 && all[0])
      return `Product ${all[0].sku}: ${code} "${all[0].value}" is not a number; it is in no band of that filter.`;
    const quoted = all.slice(0, QUOTED_PROBLEMS).map(({ sku, value }) => `${sku} "${value}"`);
    const more = all.length > QUOTED_PROBLEMS ? ', …' : '';
    return `${all.length} products: ${code} is not a number (${quoted.join(', ')}${more}); they are in no band of that filter.`;
  });
}

/** Every pre-rendered listing page. */
export const allListingPages = (catalogue: CatalogueIndex, hrefBySku: Hrefs): ListingPage[] =>
  allListingData(catalogue, hrefBySku).flatMap((data) =>
    Array.from({ length: data.browsed.pageCount }, (_, at) => ({
      data,
      page: at + 1,
      shown: data.browsed.results.slice(at * DEFAULT_PAGE_SIZE, (at + 1) * DEFAULT_PAGE_SIZE),
      path: pagePath(data.listing, at + 1),
    })),
  );
