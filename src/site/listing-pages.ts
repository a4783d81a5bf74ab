/**
 * The pre-rendered pages of every listing (DESIGN.md §4): each category's products, in the merchandiser's
 * order with unavailable ones last, 12 to a page at `/{listing}` and `/{listing}/page/{n}`, and the
 * category's filter index as a hashed static file. Worked out once per catalogue snapshot (with the
 * product pages' paths of that snapshot) and shared by the listing route, the index files' route, the
 * sitemap and the render plan's fingerprints.
 */
import { createHash } from 'node:crypto';
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import { browse, DEFAULT_PAGE_SIZE, DEFAULT_STATE, type Browsed } from '../features/listing/browse.ts';
import { buildListingIndex, type ValueProblem } from '../features/listing/build-index.ts';
import type { IndexedProduct, ListingIndex } from '../features/listing/listing-index.ts';
import { pagePath } from '../components/catalogue/listing-view.ts';
import { allListings, type Listing } from '../components/catalogue/listings.ts';

/** Where the filter index files are served. */
export const LISTING_INDEX_BASE = '/listing-data';

export interface ListingData {
  listing: Listing;
  index: ListingIndex;
  /** The index as served, and its URL (`/listing-data/{category id}.{content hash}.json`). */
  text: string;
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

function build(
  catalogue: CatalogueIndex,
  hrefBySku: Hrefs,
): { data: ListingData[]; problems: ValueProblem[] } {
  const problems: ValueProblem[] = [];
  const byCategory = new Map<number, Omit<ListingData, 'listing'>>();
  const data = allListings(catalogue).map((listing): ListingData => {
    const id = listing.categoryId;
    let built = id === null ? undefined : byCategory.get(id);
    if (!built) {
      const products = id === null ? [] : (catalogue.byCategory.get(id) ?? []);
      const index = buildListingIndex(products, catalogue.catalogue.attributes, hrefBySku, problems);
      const text = JSON.stringify(index);
      const hash = createHash('sha256').update(text).digest('base64url').slice(0, 12);
      const browsed = browse(index, DEFAULT_STATE);
      built = { index, text, url: `${LISTING_INDEX_BASE}/${id ?? 'none'}.${hash}.json`, browsed };
      if (id !== null) byCategory.set(id, built);
    }
    return { listing, ...built };
  });
  return { data, problems };
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
