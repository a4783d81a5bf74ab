/**
 * The search results page's data (spec §2 Search page, issue 23), worked out alike by the storefront
 * server (the first page in the HTML, and the whole page without JavaScript) and by the page's browser
 * script (sorting, filtering and paging after that): the engine's ranked matches, their records as a
 * filter index for the listing's pure functions (features/listing/browse.ts), and the page a state shows.
 *
 * The index's products are the matches in the engine's order, so the listing's default sort ("position")
 * is relevance, kept as it is. Its filters are the ones the core lists
 * (the attributes Magento marks `is_filterable_in_search`, price and rating) narrowed to the matches:
 * options no match has are left out, and numeric filters get bands over the matches' own values, as a
 * category listing's bands are over its products'; a filter no match has a value of is left out (rating
 * when none has reviews).
 */
import {
  browse,
  type Counts,
  DEFAULT_SORT,
  DEFAULT_STATE,
  parseState,
  type BrowseState,
  P,
  PRICE,
  RATING,
  type ColumnValue,
  type Facet,
  type IndexedProduct,
  type ListingIndex,
  type RatingPair,
  niceBands,
} from '../../features/listing/index.ts';
import type { VatForm } from '../../features/vat/index.ts';
import type { SearchAnswer, SearchEngine } from '../../features/search/engine.ts';
import { withinPrice } from '../../features/search/price.ts';
import type { SearchCore, SearchRecord } from '../../features/search/files.ts';

/**
 * The most matches the page sorts and filters, and the most record files (`d/{n}.json`) that may take.
 * Sorting and the filters' counts need every match's record, and records come 32 to a file of about
 * 1.5 KB brotli, numbered in the shop's own order, so a query's matches cluster: at 10,000 products
 * "pressure washer" finds 1,487 in 68 files (100 KB), "steam" 972 in 77. Past these caps the download
 * grows with the catalogue rather than with what the shopper asked (every product of a brand in every
 * file), and so many results are better narrowed by a category or another word than filtered: the page
 * then lists them in the engine's order, page by page, fetching only each page's records, and says so.
 */
export const MAX_FILTERED_MATCHES = 2000;
export const MAX_FILTERED_FILES = 100;

/** The answer a search gives the results page: ids, count, categories, "Did you mean", the core. */
export type ResultsAnswer = Pick<
  SearchAnswer,
  | 'ids'
  | 'total'
  | 'categories'
  | 'didYouMean'
  | 'corrected'
  | 'relaxed'
  | 'price'
  | 'sort'
  | 'notSold'
  | 'variants'
  | 'core'
>;

/**
 * How many matches to rank for a state: all of them when they are few enough to filter, else the best as
 * far as the page asked for (past the cap the results are only paged through in the engine's order).
 */
export const rankLimit = (state: Pick<BrowseState, 'page' | 'perPage'>): number =>
  Math.max(MAX_FILTERED_MATCHES + 1, state.page * state.perPage);

/** The search for a results page of `term` at `state` (a blank term finds nothing). */
export async function searchFor(
  engine: SearchEngine,
  term: string,
  state: Pick<BrowseState, 'page' | 'perPage'>,
): Promise<ResultsAnswer> {
  if (term.trim() === '')
    return {
      ids: [],
      total: 0,
      categories: [],
      didYouMean: null,
      corrected: false,
      relaxed: null,
      price: null,
      sort: null,
      notSold: null,
      variants: {},
      core: await engine.core(),
    };
  return engine.search(term, { limit: rankLimit(state) });
}

/** Whether the matches are few enough to sort and filter (see MAX_FILTERED_MATCHES). */
export function canFilter(answer: Pick<SearchAnswer, 'ids' | 'total' | 'core'>): boolean {
  if (answer.total > MAX_FILTERED_MATCHES || answer.ids.length < answer.total) return false;
  const files = new Set(answer.ids.map((id) => Math.floor(id / answer.core.s)));
  return files.size <= MAX_FILTERED_FILES;
}

/** The matches as a filter index (their ratings its `rating`), and each one's short description. */
export interface MatchesIndex {
  index: ListingIndex;
  summaries: Map<IndexedProduct, string>;
}

const valuesOf = (value: ColumnValue): number[] =>
  typeof value === 'number' ? [value] : Array.isArray(value) ? value : [];

/**
 * The filter index of the matches' records, in the order given (best first): the core's filters
 * narrowed to the matches (see the module's comment), option values renumbered to match.
 */
export function matchesIndex(
  core: Pick<SearchCore, 'facets' | 'sorts' | 'columns'>,
  records: readonly SearchRecord[],
): MatchesIndex {
  const { columns } = core;
  const values = records.map((record) => [...record[P.values]]);
  const rating: Record<string, RatingPair> = {};
  for (const record of records) if (record[11]) rating[record[P.sku]] = record[11];
  const rated = Object.keys(rating).length > 0;
  const facets: Facet[] = [];
  for (const facet of core.facets) {
    if (facet.code === RATING) {
      // Its values are whole stars, read from the ratings: kept as they are while any match has reviews.
      if (rated) facets.push(facet);
      continue;
    }
    const column = columns.indexOf(facet.code);
    if (facet.kind === 'range') {
      const numbers = records.flatMap((record, at) => {
        const value = facet.code === PRICE ? record[P.inclVat] : values[at]?.[column];
        return typeof value === 'number' ? [value] : [];
      });
      const bands = niceBands(numbers);
      if (bands.length > 0) facets.push({ ...facet, bands });
      continue;
    }
    if (column === -1) continue;
    const present = new Set(values.flatMap((row) => valuesOf(row[column] ?? null)));
    if (present.size === 0) continue;
    const kept = facet.options.flatMap((_, at) => (present.has(at) ? [at] : []));
    const renumbered = new Map(kept.map((old, at) => [old, at]));
    for (const row of values) {
      const value = row[column] ?? null;
      if (typeof value === 'number') row[column] = renumbered.get(value) ?? null;
      else if (Array.isArray(value))
        row[column] = value.flatMap((old) => {
          const now = renumbered.get(old);
          return now === undefined ? [] : [now];
        });
    }
    facets.push({ ...facet, options: kept.map((at) => facet.options[at] ?? ['', '']) });
  }
  const sorts = core.sorts.filter(({ code }) => {
    const column = columns.indexOf(code);
    return values.some((row) => row[column] !== null && row[column] !== undefined);
  });
  const summaries = new Map<IndexedProduct, string>();
  const products = records.map((record, at): IndexedProduct => {
    const product: IndexedProduct = [
      record[P.sku],
      record[P.name],
      record[P.path],
      record[P.image],
      record[P.alt],
      record[P.inclVat],
      record[P.exclVat],
      record[P.inStock],
      record[P.created],
      values[at] ?? [],
    ];
    summaries.set(product, record[10]);
    return product;
  });
  return {
    index: { facets, sorts, columns: [...columns], products, ...(rated ? { rating } : {}) },
    summaries,
  };
}

/**
 * The matches' filter index from the engine, or null when there are too many to filter; the query's
 * price, if it asked for one, already applied.
 */
export async function loadMatchesIndex(
  engine: SearchEngine,
  answer: Pick<SearchAnswer, 'ids' | 'total' | 'core' | 'variants'> & Partial<Pick<SearchAnswer, 'price'>>,
  vat: VatForm = 'incl',
): Promise<MatchesIndex | null> {
  if (!canFilter(answer)) return null;
  const records = await engine.records(answer.ids, answer.variants, answer.core.v);
  const price = answer.price ?? null;
  return matchesIndex(
    answer.core,
    records.filter((record) => withinPrice(record, price, vat)),
  );
}

/**
 * The state a results URL's query asks for; without a filter index (too many matches, or not loaded
 * yet) only its page and page size count.
 */
export function resultsState(params: URLSearchParams, index: ListingIndex | null): BrowseState {
  if (index) return parseState(params, index);
  const { page, perPage } = parseState(params, { facets: [], sorts: [] });
  return { ...DEFAULT_STATE, page, perPage };
}

/**
 * Whether a results URL asks for the matches in the engine's order, unfiltered (at most a page and a page
 * size): then its page paints from its own records, before the filter index is there.
 */
export const isRankedPaging = (params: URLSearchParams): boolean =>
  [...params].every(
    ([key, value]) => key === 'page' || key === 'per' || (key === 'sort' && value === DEFAULT_SORT),
  );

/** What one page of results shows. */
export interface ResultsPage {
  /** The state shown, its page clamped to the last one. */
  state: BrowseState;
  /** The page's products, and each one's short description and rating (the index's, by sku). */
  shown: IndexedProduct[];
  summaries: string[];
  rating: NonNullable<ListingIndex['rating']>;
  /** Results after the filters. */
  total: number;
  pageCount: number;
  /** The filters' counts; null without a filter index. */
  counts: Counts | null;
}

/** A page from the matches' filter index. */
export function browsePage(matches: MatchesIndex, state: BrowseState, vat: VatForm = 'incl'): ResultsPage {
  const result = browse(matches.index, state, vat);
  return {
    state: { ...state, page: result.page },
    shown: result.shown,
    summaries: result.shown.map((product) => matches.summaries.get(product) ?? ''),
    rating: matches.index.rating ?? {},
    total: result.results.length,
    pageCount: result.pageCount,
    counts: result.counts,
  };
}

/** A page of the matches in the engine's order, from that page's records alone. */
export async function rankedPage(
  engine: SearchEngine,
  answer: Pick<SearchAnswer, 'ids' | 'total' | 'variants' | 'core'>,
  wanted: BrowseState,
): Promise<ResultsPage> {
  const total = answer.total;
  const pageCount = Math.max(1, Math.ceil(total / wanted.perPage));
  const page = Math.min(wanted.page, pageCount);
  const start = (page - 1) * wanted.perPage;
  const shown = answer.ids.slice(start, start + wanted.perPage);
  const records = await engine.records(shown, answer.variants, answer.core.v);
  const { index, summaries } = matchesIndex({ facets: [], sorts: [], columns: [] }, records);
  return {
    state: { ...DEFAULT_STATE, page, perPage: wanted.perPage },
    shown: index.products,
    summaries: index.products.map((product) => summaries.get(product) ?? ''),
    rating: index.rating ?? {},
    total,
    pageCount,
    counts: null,
  };
}
