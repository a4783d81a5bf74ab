/**
 * A listing's state (sort, filters, stock, page and page size) and its URL: the query a state is written as
 * and read back from, checked against the filter index, so a shared or reloaded link shows the same
 * products. Applying a state to the index is browse.ts's.
 */
import { RATING, type Facet, type ListingIndex } from './listing-index.ts';
import { DEFAULT_PAGE_SIZE, isPageSize } from './page-size.ts';

/** Built-in sorts, by URL key; attribute sorts are `{code}-asc`. */
export const BUILT_IN_SORTS = ['position', 'price-asc', 'price-desc', 'name-asc', 'newest'] as const;
export const DEFAULT_SORT = 'position';
/** Highest rated first: offered where the rating filter is (some product has reviews). */
export const RATING_SORT = 'rating';

export interface BrowseState {
  sort: string;
  page: number;
  perPage: number;
  inStock: boolean;
  /**
   * "Collect today" from the shopper's collection point: only products on its shelf today. Which those are
   * is a live answer (`BrowseOptions.collectable`), never in the index.
   */
  collect: boolean;
  /** Chosen values by facet code: option keys or band keys (`120-150`). */
  filters: Record<string, string[]>;
}

export const DEFAULT_STATE: BrowseState = {
  sort: DEFAULT_SORT,
  page: 1,
  perPage: DEFAULT_PAGE_SIZE,
  inStock: false,
  collect: false,
  filters: {},
};

/** The key of a band in URLs and checkbox values: `120-150`. */
export const bandKey = ([from, to]: readonly [number, number]): string => `${from}-${to}`;

/** The URL keys of a facet's values, in the facet's order. */
export const facetKeys = (facet: Facet): string[] =>
  facet.kind === 'options' ? facet.options.map(([key]) => key) : facet.bands.map(bandKey);

/** The sort key of an attribute Magento marks `used_for_sort_by`: ascending by its value. */
export const attributeSortKey = (code: string): string => `${code}-asc`;

/** Every sort key the index offers, built-in first, then by rating when any product has reviews. */
export const sortKeys = (index: Pick<ListingIndex, 'sorts' | 'facets'>): string[] => [
  ...BUILT_IN_SORTS,
  ...(index.facets.some((facet) => facet.code === RATING) ? [RATING_SORT] : []),
  ...index.sorts.map((sort) => attributeSortKey(sort.code)),
];

const RESERVED = new Set(['sort', 'page', 'per', 'in_stock', 'collect']);

/**
 * The state in a listing URL's query, checked against the index: unknown sorts, page sizes, filters and
 * values are dropped, so a hand-edited or outdated link still shows a sensible page. `page` defaults to
 * `pathPage`, the page number of a pre-rendered page's path (`/…/page/3`).
 */
export function parseState(
  params: URLSearchParams,
  index: Pick<ListingIndex, 'facets' | 'sorts'>,
  pathPage = 1,
): BrowseState {
  const sort = params.get('sort') ?? DEFAULT_SORT;
  const per = Number(params.get('per'));
  const page = Number(params.get('page') ?? pathPage);
  const filters: Record<string, string[]> = {};
  for (const facet of index.facets) {
    if (RESERVED.has(facet.code)) continue;
    const wanted = new Set((params.get(facet.code) ?? '').split(','));
    const keys = facetKeys(facet).filter((key) => wanted.has(key));
    if (keys.length > 0) filters[facet.code] = keys;
  }
  return {
    sort: sortKeys(index).includes(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: isPageSize(per) ? per : DEFAULT_PAGE_SIZE,
    inStock: params.get('in_stock') === '1',
    collect: params.get('collect') === '1',
    filters,
  };
}

/** The query of a state (`?sort=price-asc&max_pressure_bar=120-150&page=2`), '' for the default state. */
export function stateQuery(state: BrowseState, facets: readonly Pick<Facet, 'code'>[]): string {
  const params = new URLSearchParams();
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  for (const { code } of facets) {
    const keys = state.filters[code];
    if (keys && keys.length > 0) params.set(code, keys.join(','));
  }
  if (state.inStock) params.set('in_stock', '1');
  if (state.collect) params.set('collect', '1');
  if (state.perPage !== DEFAULT_PAGE_SIZE) params.set('per', String(state.perPage));
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString().replace(/%2C/g, ',');
  return query === '' ? '' : `?${query}`;
}

/** Whether the state shows what the pre-rendered pages show (only the page may differ). */
export const isPlainPaging = (state: BrowseState): boolean =>
  state.sort === DEFAULT_SORT &&
  state.perPage === DEFAULT_PAGE_SIZE &&
  !state.inStock &&
  !state.collect &&
  Object.values(state.filters).every((keys) => keys.length === 0);
