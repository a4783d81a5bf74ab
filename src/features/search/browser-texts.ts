/**
 * The search results page's and the header search box's texts. Apart from features/shell/browser-texts.ts because that module is in the shell's chunk, which every page loads:
 * these load with the scripts that write them. They belong to strings.ts, which re-exports them, and follow
 * its rules: the spec's texts are marked and kept word for word.
 */
import { listingTexts } from '../listing/index.ts';

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
  /** A property the query asked to sort by ("quietest"), a chip that removes it: "Sorted by sound level, quietest first". */
  sortChip: (label: string) => `Sorted by ${label}`,
  removeSort: 'Remove this sort',
  /** A query for what the shop does not sell (issue 70), before the categories nearest to it. */
  notSold: (name: string) => `We don't sell ${name}`,
  notSoldNear: 'You may find what you need in these categories:',
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
  /** The query asked to sort by a property ("quietest"): the row leads to the results, sorted. */
  sorted: (label: string) => `Sorted by ${label}`,
  /** Announced (politely) as the list changes. */
  count: (n: number) => (n === 1 ? '1 suggestion' : `${n} suggestions`),
  /** Spec: no results. */
  none: searchTexts.none,
} as const;
