/**
 * Sorting, filtering and paging a category from its filter index, as pure functions: the listing's
 * browser script runs them on every change, and the build runs them for the pre-rendered pages' filter
 * counts, so both show the same numbers. The state they apply, and its URL, are browse-state.ts's.
 *
 * Filters combine as shoppers expect from layered navigation: AND across filters, OR within one. A
 * filter's counts are what each of its values would give with the other filters as they are (so a
 * checked value's neighbours still show what adding them would bring); a value that would give nothing
 * counts 0. Unavailable products go last in every order the shopper chooses; the default order is the
 * merchandiser's, whatever the stock (a stock change moves no pre-rendered card). Prices are filtered and
 * sorted in the form the shopper reads them (incl or excl VAT), ratings as the cards read them ("4 stars &
 * up" holds the cards that say "Rated 4 out of 5" or more).
 */
import { starsOf } from '../reviews/index.ts';
import type { VatForm } from '../vat/index.ts';
import {
  P,
  PRICE,
  RATING,
  type Facet,
  type IndexedProduct,
  type ListingIndex,
  type RatingPair,
} from './listing-index.ts';
import { DEFAULT_SORT, facetKeys, RATING_SORT, type BrowseState } from './browse-state.ts';

export { DEFAULT_PAGE_SIZE, isPageSize, PAGE_SIZES } from './page-size.ts';

/** Does a band contain `value`? The last band includes its upper bound. */
export const inBand = (value: number, [from, to]: readonly [number, number], last: boolean): boolean =>
  value >= from && (value < to || (last && value === to));

/**
 * The price the shopper reads (the header's VAT choice): price filters and sorts go by it, so a band
 * "£100–£200" holds the cards showing £100 to £200.
 */
const shownPrice = (product: IndexedProduct, vat: VatForm): number | null =>
  vat === 'excl' ? product[P.exclVat] : product[P.inclVat];

/**
 * Indexes of a facet's values (options or bands) that the product has. `rating` is the product's (the
 * index's `rating`): a product rated 4.2 has "3 stars & up" as well as "4 stars & up", so checking
 * either finds it, and each value counts every product at or above it.
 */
export function valueIndexes(
  product: IndexedProduct,
  facet: Facet,
  column: number,
  vat: VatForm = 'incl',
  rating?: RatingPair,
): number[] {
  if (facet.code === RATING && facet.kind === 'options') {
    // The stars as the card reads them ("Rated 4 out of 5" for 79 %), so the card and the filter agree.
    const stars = rating ? Number(starsOf(rating[0])) : 0;
    return facet.options.flatMap(([key], at) => (stars >= Number(key) ? [at] : []));
  }
  if (facet.kind === 'range') {
    const value = facet.code === PRICE ? shownPrice(product, vat) : product[P.values][column];
    if (typeof value !== 'number') return [];
    const at = facet.bands.findIndex((band, i) => inBand(value, band, i === facet.bands.length - 1));
    return at === -1 ? [] : [at];
  }
  const value = product[P.values][column];
  return typeof value === 'number' ? [value] : Array.isArray(value) ? value : [];
}

export interface Counts {
  /** Per facet code, per value: how many products that value would give with the other filters. */
  facets: Record<string, number[]>;
  /** How many products "in stock only" would give with the filters. */
  inStock: number;
  /** How many products "Collect today" would give with the filters; absent until the live answer is in. */
  collect?: number;
}

export interface Browsed {
  /** Every product that matches, in the chosen order. */
  results: IndexedProduct[];
  /** The page shown (clamped to the last page) and how many pages there are. */
  page: number;
  pageCount: number;
  /** The products of the page shown. */
  shown: IndexedProduct[];
  counts: Counts;
}

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

type Compare = (a: IndexedProduct, b: IndexedProduct) => number;

/** null and missing values last, whatever the direction. */
function byValue(read: (product: IndexedProduct) => unknown, direction: 1 | -1): Compare {
  return (a, b) => {
    const x = read(a);
    const y = read(b);
    const xs = Array.isArray(x) ? x[0] : x;
    const ys = Array.isArray(y) ? y[0] : y;
    if (xs === null || xs === undefined) return ys === null || ys === undefined ? 0 : 1;
    if (ys === null || ys === undefined) return -1;
    if (typeof xs === 'number' && typeof ys === 'number') return (xs - ys) * direction;
    return collator.compare(String(xs), String(ys)) * direction;
  };
}

/** Highest average first, more reviews first among equals, products without reviews last. */
function byRating(ratings: NonNullable<ListingIndex['rating']>): Compare {
  const read = (product: IndexedProduct): RatingPair => ratings[product[P.sku]] ?? [-1, 0];
  return (a, b) => {
    const [x, xCount] = read(a);
    const [y, yCount] = read(b);
    return y - x || yCount - xCount;
  };
}

function comparator(
  sort: string,
  index: Pick<ListingIndex, 'columns' | 'rating'>,
  vat: VatForm,
): Compare | null {
  switch (sort) {
    case RATING_SORT:
      return byRating(index.rating ?? {});
    case 'price-asc':
      return byValue((p) => shownPrice(p, vat), 1);
    case 'price-desc':
      return byValue((p) => shownPrice(p, vat), -1);
    case 'name-asc':
      return (a, b) => collator.compare(a[P.name], b[P.name]);
    case 'newest':
      return (a, b) => b[P.created] - a[P.created];
    default: {
      const column = index.columns.indexOf(sort.replace(/-asc$/, ''));
      return column === -1 ? null : byValue((p) => p[P.values][column], 1);
    }
  }
}

export interface BrowseOptions {
  /**
   * The SKUs that can be collected today from the shopper's point (`/collect/today`, simple products'):
   * "Collect today" keeps the products among them. Until it is known the filter keeps every product.
   */
  collectable?: ReadonlySet<string> | undefined;
}

/**
 * The products in the chosen order. The default is the merchandiser's (or the search's) order as it is,
 * whatever the stock, so a stock change moves no card on the pre-rendered pages; a sort the shopper chooses
 * puts unavailable products last, then goes by the sort, then by position.
 */
export function sortProducts(
  products: readonly IndexedProduct[],
  sort: string,
  index: Pick<ListingIndex, 'columns' | 'rating'>,
  vat: VatForm = 'incl',
): IndexedProduct[] {
  if (sort === DEFAULT_SORT) return [...products];
  const position = new Map(products.map((product, at) => [product, at]));
  const compare = comparator(sort, index, vat);
  return [...products].sort(
    (a, b) =>
      b[P.inStock] - a[P.inStock] ||
      (compare ? compare(a, b) : 0) ||
      (position.get(a) ?? 0) - (position.get(b) ?? 0),
  );
}

/**
 * Applies a state to an index. Each product is tested once per facet; a product failing exactly one
 * facet still counts for that facet's values, which is what its count means.
 */
export function browse(
  index: ListingIndex,
  state: BrowseState,
  vat: VatForm = 'incl',
  options: BrowseOptions = {},
): Browsed {
  const { facets, columns, rating = {} } = index;
  const columnOf = facets.map((facet) => columns.indexOf(facet.code));
  const chosen = facets.map((facet) => {
    const keys = new Set(state.filters[facet.code] ?? []);
    return facetKeys(facet).flatMap((key, at) => (keys.has(key) ? [at] : []));
  });
  const { collectable } = options;
  const counts: Counts = {
    facets: Object.fromEntries(facets.map((facet) => [facet.code, facetKeys(facet).map(() => 0)])),
    inStock: 0,
    ...(collectable ? { collect: 0 } : {}),
  };
  const collecting = state.collect && collectable !== undefined;
  const matching: IndexedProduct[] = [];
  for (const product of index.products) {
    const rated = rating[product[P.sku]];
    const has = facets.map((facet, f) => valueIndexes(product, facet, columnOf[f] ?? -1, vat, rated));
    const failing = facets.flatMap((_, f) => {
      const wanted = chosen[f] ?? [];
      return wanted.length === 0 || wanted.some((at) => has[f]?.includes(at)) ? [] : [f];
    });
    const stocked = product[P.inStock] === 1;
    const collected = collectable?.has(product[P.sku]) ?? true;
    if (failing.length === 0 && stocked && (collected || !collecting)) counts.inStock += 1;
    if (failing.length === 0 && collected && (stocked || !state.inStock) && counts.collect !== undefined)
      counts.collect += 1;
    if (state.inStock && !stocked) continue;
    if (collecting && !collected) continue;
    if (failing.length > 1) continue;
    facets.forEach((facet, f) => {
      if (failing.length === 1 && failing[0] !== f) return;
      const tally = counts.facets[facet.code];
      if (tally) for (const at of has[f] ?? []) tally[at] = (tally[at] ?? 0) + 1;
    });
    if (failing.length === 0) matching.push(product);
  }
  const results = sortProducts(matching, state.sort, index, vat);
  const pageCount = Math.max(1, Math.ceil(results.length / state.perPage));
  const page = Math.min(state.page, pageCount);
  const start = (page - 1) * state.perPage;
  return { results, page, pageCount, shown: results.slice(start, start + state.perPage), counts };
}

/** The page numbers to link around `page`: first, last and a window of two either side. */
export function pageWindow(page: number, pageCount: number, reach = 2): number[] {
  const from = Math.max(1, page - reach);
  const to = Math.min(pageCount, page + reach);
  return Array.from({ length: to - from + 1 }, (_, at) => from + at);
}
