/**
 * The search results page's markup (spec §2 Search page), drawn by the storefront server into the page it
 * serves and by the page's browser script when it draws or redraws: the same functions on both sides, so
 * the script takes over the server's page without repainting it. The tools, cards and page links are the
 * category listing's (catalogue/listing-view.ts); a result card adds the product's short description after
 * the price.
 */
import {
  DEFAULT_STATE,
  stateQuery,
  type BrowseState,
  P,
  type IndexedProduct,
  type ListingIndex,
  listingTexts,
} from '../../features/listing/index.ts';
import type { CategoryHit } from '../../features/search/engine.ts';
import type { PropertySort } from '../../features/search/property.ts';
import type { PriceRange } from '../../features/search/query.ts';
import { searchTexts } from '../../features/search/browser-texts.ts';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import {
  filtersHtml,
  indexedCardHtml,
  paginationHtml,
  toolbarHtml,
  type ToolsView,
} from '../catalogue/index.ts';
import { MAX_FILTERED_MATCHES, type ResultsPage } from './search-results.ts';

/** The results page of a term: `/search/{term}`, the term encoded as the header's search box does. */
export const searchPath = (term: string): string => `/search/${encodeURIComponent(term)}`;

/** The URL of a state of a term's results (`?sort=price-asc&power_source=petrol&page=2`). */
export const resultsUrl = (term: string, state: BrowseState, index: Pick<ListingIndex, 'facets'> | null) =>
  `${searchPath(term)}${stateQuery(state, index?.facets ?? [])}`;

/** The document title: the heading, and the page number after the first. */
export const resultsTitle = (term: string, page: number): string =>
  listingTexts.pageTitle(searchTexts.resultsFor(term), page);

/**
 * The result cards of a page: the listing's card, with its stars when it has reviews (`rating`, by sku) and
 * the short description after the price.
 */
export function searchCardsHtml(
  products: readonly IndexedProduct[],
  summaries: readonly string[],
  rating: ListingIndex['rating'] = {},
): string {
  return products
    .map((product, at) => {
      const summary = summaries[at] ?? '';
      return indexedCardHtml(
        product,
        at,
        summary === '' ? '' : `<p class="search-card__summary">${escapeHtml(summary)}</p>`,
        { rating: rating[product[P.sku]] },
      );
    })
    .join('');
}

/** The status lines: the count, and the spec's text when nothing is found. */
export const statusHtml = (total: number, matched: number): string =>
  `<p>${escapeHtml(searchTexts.found(total))}</p>` +
  (matched === 0 ? `<p>${escapeHtml(searchTexts.none)}</p>` : '');

/** One line of text for the status region (searching, unavailable). */
export const lineHtml = (text: string): string => `<p>${escapeHtml(text)}</p>`;

export interface HintsView {
  /** The query as the shopper typed it. */
  term: string;
  /** How many products match (before filters). */
  matched: number;
  didYouMean: string | null;
  /** The results rely on a corrected word (`didYouMean` is the query as understood). */
  corrected: boolean;
  /** No product has every word: the words the results have (the engine's `relaxed`). */
  relaxed: string | null;
  /** The price the query asked for, which the results are filtered by (the engine's `price`). */
  price: PriceRange | null;
  /** The property the query asked to sort by, which the results are sorted by (the engine's `sort`). */
  sort: PropertySort | null;
  /** What the query names that the shop does not sell (the engine's `notSold`). */
  notSold: string | null;
  categories: readonly CategoryHit[];
}

/**
 * Above the results: the query as corrected ("Showing results for …"), or the words kept when no product
 * has them all ("No exact match for ‹q›; showing ‹q′›"), or with nothing found "Did you mean …" as a link
 * to its results; then the categories the words lead to, each a link to its listing
 * with its audience and product count (a product-type query's own category first).
 */
export function hintsHtml(view: HintsView): string {
  const { didYouMean } = view;
  let hint = '';
  if (didYouMean !== null && view.matched === 0)
    hint = `<p class="search-hint">${escapeHtml(searchTexts.didYouMean)} <a href="${escapeHtml(searchPath(didYouMean))}">${escapeHtml(didYouMean)}</a>?</p>`;
  else if (didYouMean !== null && view.corrected)
    hint = `<p class="search-hint">${escapeHtml(searchTexts.showingFor)} <strong>${escapeHtml(didYouMean)}</strong></p>`;
  else if (view.relaxed !== null && view.matched > 0)
    hint = `<p class="search-hint">${escapeHtml(searchTexts.noExactMatch)} <strong>${escapeHtml(view.term)}</strong>; ${escapeHtml(searchTexts.showing)} <strong>${escapeHtml(view.relaxed)}</strong></p>`;
  if (view.notSold !== null)
    hint = `<p class="search-hint search-hint--not-sold"><strong>${escapeHtml(searchTexts.notSold(view.notSold))}</strong>${view.categories.length > 0 ? ` ${escapeHtml(searchTexts.notSoldNear)}` : ''}</p>`;
  // The query's price is a filter like the others, and its sort ("quietest") a sort: shown, and
  // removable (the query without it).
  if (view.price)
    hint += chipHtml(view.price.rest, searchTexts.priceChip(view.price.typed), searchTexts.removeFilter);
  if (view.sort)
    hint += chipHtml(view.sort.rest, searchTexts.sortChip(view.sort.label), searchTexts.removeSort);
  const categories =
    view.categories.length === 0
      ? ''
      : `<nav class="search-categories" aria-label="${escapeHtml(searchTexts.categories)}"><ul>${view.categories
          .map(
            (category) =>
              `<li><a href="${escapeHtml(category.path)}"><span class="search-categories__name">${escapeHtml(category.name)}</span> <span class="search-categories__about">${escapeHtml(searchTexts.category(category.audience, category.count))}</span></a></li>`,
          )
          .join('')}</ul></nav>`;
  return hint + categories;
}

/** A chip that leads to the query `rest` (the query without what the chip says). */
const chipHtml = (rest: string, text: string, remove: string): string =>
  `<a class="search-chip" href="${escapeHtml(searchPath(rest))}">${escapeHtml(text)} <span aria-hidden="true">×</span><span class="visually-hidden">, ${escapeHtml(remove)}</span></a>`;

/** The sort and filter tools of a page of results: on, loading, or off (too many to filter). */
export function searchToolsView(
  page: ResultsPage,
  index: Pick<ListingIndex, 'facets' | 'sorts'> | null,
  off: 'loading' | 'too-many' | null,
): ToolsView {
  const tools: ToolsView = {
    index: index ?? { facets: [], sorts: [] },
    state: page.state,
    counts: page.counts ?? { facets: {}, inStock: 0 },
    total: page.total,
    defaultSortLabel: searchTexts.relevance,
  };
  if (off === 'loading') tools.off = searchTexts.loadingFilters;
  if (off === 'too-many') tools.off = searchTexts.tooMany(MAX_FILTERED_MATCHES);
  return tools;
}

/**
 * The results with their tools: the toolbar, the filters beside the cards, the text for filters that
 * leave nothing, the page links (plain links, so they work without JavaScript).
 */
export function resultsHtml(term: string, page: ResultsPage, tools: ToolsView): string {
  const pages = paginationHtml(page.state.page, page.pageCount, (n) =>
    resultsUrl(term, { ...page.state, page: n }, tools.index),
  );
  return (
    toolbarHtml(tools) +
    `<div class="listing__body">${filtersHtml(tools)}<div class="listing__results">` +
    `<ul class="product-grid" aria-label="${escapeHtml(searchTexts.results)}" tabindex="-1" data-grid data-item-list="search" data-item-list-name="${escapeHtml(searchTexts.results)}">${searchCardsHtml(page.shown, page.summaries, page.rating)}</ul>` +
    `<p class="empty" data-no-matches${page.total > 0 ? ' hidden' : ''}>${escapeHtml(listingTexts.noMatches)}</p>` +
    `<nav class="pagination" aria-label="${escapeHtml(listingTexts.pages)}" data-pagination>${pages}</nav>` +
    `</div></div>`
  );
}

/** An empty page of results, for the tools' first state. */
export const NO_RESULTS: ResultsPage = {
  state: DEFAULT_STATE,
  shown: [],
  summaries: [],
  rating: {},
  total: 0,
  pageCount: 1,
  counts: null,
};
