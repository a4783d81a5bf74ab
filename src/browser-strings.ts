/**
 * The texts that browser scripts of catalogue pages write (the listing's tools, the slideshow, the
 * header's badge, add to cart and notices) and the basket's, in a module of their own: a page's script then bundles these
 * few, not every text of the shop. They belong to strings.ts, which re-exports them, and follow its rules:
 * the spec's texts are marked and kept word for word.
 */

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
  sorts: {
    position: 'Recommended',
    'price-asc': 'Price: low to high',
    'price-desc': 'Price: high to low',
    'name-asc': 'Name: A to Z',
    newest: 'Newest first',
  } as Record<string, string>,
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

/**
 * The wish-list and compare buttons of the purchase panel and every card: each names what it will do,
 * so its text is its state.
 */
export const productToolTexts = {
  addToWishList: 'Add to wish list',
  removeFromWishList: 'Remove from wish list',
  addToCompare: 'Add to compare',
  removeFromCompare: 'Remove from compare',
} as const;

/**
 * What the compare buttons and the compare tray say (the shell's compare script): a polite notice after
 * each change, the tray being the main feedback, and a clear one when the list is full.
 */
export const compareTexts = {
  added: (count: number, max: number) => `Added to your comparison (${count} of ${max})`,
  removed: 'Removed from your comparison',
  full: (max: number) => `You can compare up to ${max} products. Remove one to add another.`,
  cleared: 'Your comparison is empty now',
} as const;

/**
 * The texts the header's scripts write on every page (basket badge, add to cart, notices), on their own so
 * the shell's browser code bundles only these. The spec's one is marked.
 */
export const shellTexts = {
  /** Spec: after add to cart. */
  addedToCart: 'This product is now in your cart!',
  adding: 'Adding…',
  sessionEnded: 'Your session has ended. Please sign in again.',
  basketCount: (n: number) => (n === 1 ? '1 item in your basket' : `${n} items in your basket`),
  /** The VAT choice in the header: "Prices incl VAT / excl VAT". */
  vatChoice: 'Prices',
} as const;

/**
 * The texts the basket page's script writes (the notices after Update and Remove, the totals' placeholder),
 * on their own so that script bundles only these; the rest of the basket's texts are in its server-rendered
 * markup. The spec's are marked.
 */
export const basketTexts = {
  /** Spec: after Update. */
  quantityUpdated: 'Item quantity update successfully!',
  /** Spec: after Remove. */
  removed: 'The item has been removed successfully',
  loading: 'Loading…',
  couponApply: 'Apply',
  couponRemove: 'Remove',
  couponApplied: (code: string) => `Discount code ${code} applied.`,
  couponRemoved: (code: string) => `Discount code ${code} removed.`,
  couponActive: (code: string) => `Discount code ${code}`,
  couponRemoveLabel: (code: string) => `Remove discount code ${code}`,
  couponEmpty: 'Enter a discount code.',
  couponDropped: (code: string) =>
    `The discount code ${code} no longer applies to your basket, so it has been removed.`,
  applying: 'Applying…',
  free: 'Free',
  spendForFreeDelivery: (amount: string) => `Spend ${amount} more for free delivery`,
  /** After a line's unit price: "£22.50 each". */
  each: 'each',
  /** After a unit price Magento lowered for the quantity (a tier price): "£22.50 each (tier price)". */
  tierPrice: '(tier price)',
} as const;

/**
 * The slideshow's control labels, on their own so the browser script that imports them bundles only
 * these few texts, not every string of the shop.
 */
export const slideshowTexts = {
  previous: 'Previous slide',
  next: 'Next slide',
  pause: 'Pause',
  play: 'Play',
  slideLabel: (n: number, count: number) => `${n} of ${count}`,
  goTo: (n: number) => `Show slide ${n}`,
} as const;

/** The search results' texts: the page's script and the storefront server write them. */
export const searchTexts = {
  /** Spec: the heading. */
  resultsFor: (term: string) => `Results for: ${term}`,
  /** Spec: the result count. */
  found: (n: number) => `Results found: ${n}`,
  /** Spec: no results. */
  none: 'No products found with that keyword',
  searching: 'Searching…',
  results: 'Search results',
  unavailable: 'Search is not available right now. Please check your connection and try again.',
  retry: 'Try again',
  /** The default order: the engine's ranking. */
  relevance: 'Relevance',
  /** Before the corrected query, a link, and a question mark. */
  didYouMean: 'Did you mean',
  /** Results of a corrected query: before the query as understood. */
  showingFor: 'Showing results for',
  /** No product has every word (issue 37): before the query as typed, then before the words kept. */
  noExactMatch: 'No exact match for',
  showing: 'showing',
  /** The price a query asked for ("under £200"), a filter chip: its text, and its link's action. */
  priceChip: (typed: string) => `Price: ${typed}`,
  removeFilter: 'Remove this filter',
  categories: 'Categories',
  /** A category's line: its audience and product count. */
  category: (audience: string, count: number) => `${audience} · ${listingTexts.count(count)}`,
  loadingFilters: 'Loading the filters…',
  tooMany: (max: number) =>
    `Sorting and filtering work on up to ${max.toLocaleString('en-GB')} results. Add a word, or choose a category, to narrow them down.`,
} as const;

/** The header search box's suggestions as the shopper types (loaded once the box is focused). */
export const suggestTexts = {
  /** A category row: its audience and product count (the listing's count). */
  category: (audience: string, count: number) => `Category in ${audience}, ${listingTexts.count(count)}`,
  /** Without a count when `n` is only a lower bound (an answer from the heads of large shards, while typing). */
  seeAll: (n: number, approximate = false) =>
    approximate ? 'See all results' : n === 1 ? 'See 1 result' : `See all ${n} results`,
  /** Nothing found (issue 37): the row leading to the results page's help. */
  help: 'Search tips, categories and advice',
  didYouMean: (text: string) => `Did you mean “${text}”?`,
  /** No product has every word (issue 37): the row leads to the results of the words kept. */
  relaxed: (typed: string, shown: string) => `No exact match for “${typed}”; showing “${shown}”`,
  /** Announced (politely) as the list changes. */
  count: (n: number) => (n === 1 ? '1 suggestion' : `${n} suggestions`),
  /** Spec: no results. */
  none: searchTexts.none,
} as const;

/**
 * The wish list's texts that every page's script writes (the header link's description, the buttons'
 * notices), on their own so the shell bundles only these few; the /wishlist page's are below.
 */
export const wishlistTexts = {
  count: (n: number) => (n === 1 ? '1 product in your wish list' : `${n} products in your wish list`),
  added: (name: string) => `${name} is now in your wish list.`,
  removed: (name: string) => `${name} has been removed from your wish list.`,
  /** A notice's name for a product whose button names none. */
  thisProduct: 'This product',
  full: 'Your wish list is full. Please remove a product before adding another.',
} as const;

/**
 * The /wishlist page's script's texts: its notices (the rows' texts are in its server-rendered markup).
 */
export const wishlistPageTexts = {
  moved: (n: number) =>
    n === 1 ? '1 product was added to your basket.' : `${n} products were added to your basket.`,
  notMoved: (names: readonly string[]) => `Not available, so still in your wish list: ${names.join(', ')}.`,
  gone: (n: number) =>
    n === 1
      ? '1 product in your wish list is no longer sold, so it has been removed.'
      : `${n} products in your wish list are no longer sold, so they have been removed.`,
  unavailableNow: "Your wish list can't be shown right now. Please try again.",
} as const;

/**
 * Delivery days and times as the product page's estimate writes them (src/delivery/format.ts); the
 * page's other delivery texts are strings.ts `delivery`.
 */
export const deliveryTexts = {
  /** "Thursday 26 November". */
  day: (weekday: string, date: number, month: string) => `${weekday} ${date} ${month}`,
  /** The first day of a range within one month: "Wednesday 25". */
  dayOfMonth: (weekday: string, date: number) => `${weekday} ${date}`,
  range: (first: string, last: string) => `${first} – ${last}`,
  workingDays: (n: number) => (n === 1 ? '1 working day' : `${n} working days`),
  workingDayRange: (min: number, max: number) => `${min}–${max} working days`,
  am: (clock: string) => `${clock} am`,
  pm: (clock: string) => `${clock} pm`,
} as const;
