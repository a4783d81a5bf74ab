/**
 * The listing's texts, which the listing tools, the cards drawn in the browser, the search results and the
 * build write, and those of its rating sort and filter. Apart from features/shell/browser-texts.ts because that module
 * is in the shell's chunk, which every page loads: these load with the tools. They belong to strings.ts,
 * which re-exports them, and follow its rules: the spec's texts are marked and kept word for word.
 */

/** The built-in sorts' labels, by sort key; read with any key (an attribute's sort has none here). */
const SORTS: Readonly<Record<string, string>> = {
  position: 'Recommended',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  'name-asc': 'Name: A to Z',
  newest: 'Newest first',
};

/**
 * The listing's texts (the spec's count and empty texts among them), on their own so the listing's
 * browser script bundles only these.
 */
export const listingTexts = {
  /** Spec: the product count. */
  count: (n: number) => (n === 1 ? '1 item' : `${n} items`),
  /** Spec: an empty listing. */
  empty: 'There are no products here',
  /** Spec: after a card's price. */
  inclVat: 'incl VAT',
  /** Spec: after a price excl VAT. */
  exclVat: 'excl VAT',
  /** Before the regular price, struck through, while a sale price applies: "Was £149.99". */
  was: 'Was',
  pageTitle: (title: string, page: number) => (page > 1 ? `${title} – page ${page}` : title),
  tools: 'Sort and filter',
  sortBy: 'Sort by',
  sorts: SORTS,
  attributeSort: (label: string) => `${label}: low to high`,
  perPage: 'Per page',
  filters: 'Filters',
  filtersWithCount: (n: number) => (n === 0 ? 'Filters' : `Filters (${n})`),
  closeFilters: 'Close filters',
  showProducts: (n: number) => (n === 1 ? 'Show 1 product' : `Show ${n} products`),
  availability: 'Availability',
  inStockOnly: 'In stock only',
  activeFilters: 'Active filters',
  removeFilter: (filter: string, value: string) => `Remove filter ${filter}: ${value}`,
  clearAll: 'Clear all',
  noMatches: 'No products match these filters.',
  pages: 'Pages',
  firstPage: 'First page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  lastPage: 'Last page',
  page: (n: number) => `Page ${n}`,
  showing: (from: number, to: number, total: number) =>
    total === 0 ? '' : from === to ? `Showing ${from} of ${total}` : `Showing ${from}–${to} of ${total}`,
  loadFailed: 'Sorting and filtering are not available just now. Please reload the page to try again.',
} as const;

/** The listing's rating sort and filter. */
export const ratingToolTexts = {
  /** The sort: highest average first. */
  sort: 'Rating: high to low',
  /** The filter and its values, whole stars and up. */
  filter: 'Rating',
  starsAndUp: (stars: number) => (stars === 1 ? '1 star & up' : `${stars} stars & up`),
} as const;
