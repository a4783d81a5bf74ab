/**
 * What a page gives the sort, filter and page-size tools (browse-tools.client.ts): the tools' elements,
 * found in its markup, and its host, which says where its index comes from and how its URLs, cards and
 * count read (the category listings: listing.client.ts; the search results: search/search.client.ts).
 */
import type {
  Browsed,
  BrowseOptions,
  BrowseState,
  IndexedProduct,
  ListingIndex,
} from '../../features/listing/index.ts';
import { findParts } from '../../ui/find-parts.ts';

export interface ToolParts {
  root: HTMLElement;
  grid: HTMLElement;
  pagination: HTMLElement;
  noMatches: HTMLElement;
  filters: HTMLElement;
  toggle: HTMLButtonElement;
  close: HTMLButtonElement;
  show: HTMLButtonElement;
  chips: HTMLElement;
  chipList: HTMLElement;
  sort: HTMLSelectElement;
  perPage: HTMLSelectElement;
}

/** The tools' elements inside `root`, or null when the markup is not the tools'. */
export const findToolParts = (root: HTMLElement): ToolParts | null => {
  const parts = findParts(root, {
    grid: ['[data-grid]', HTMLElement],
    pagination: ['[data-pagination]', HTMLElement],
    noMatches: ['[data-no-matches]', HTMLElement],
    filters: ['[data-filters]', HTMLElement],
    toggle: ['[data-filters-open]', HTMLButtonElement],
    close: ['[data-filters-close]', HTMLButtonElement],
    show: ['[data-filters-show]', HTMLButtonElement],
    chips: ['[data-chips]', HTMLElement],
    chipList: ['[data-chip-list]', HTMLElement],
    sort: ['[data-sort]', HTMLSelectElement],
    perPage: ['[data-per-page]', HTMLSelectElement],
  });
  return parts && { ...parts, root };
};

/** What differs between the pages that use the tools. */
export interface BrowseHost {
  /** The index, or null when it cannot be had (the host has said so). */
  load(): Promise<ListingIndex | null>;
  /** The state the page's URL asks for. */
  fromLocation(index: ListingIndex): BrowseState;
  /** The URL of a state. */
  url(state: BrowseState): string;
  /** The page number a page link leads to. */
  pageOf(link: URL): number;
  /** The grid's cards. */
  cardsHtml(products: readonly IndexedProduct[]): string;
  /** After a redraw: the count, the document's title. */
  rendered(result: Browsed, state: BrowseState): void;
  /** The shopper chose a page size. */
  perPageChosen?(size: number): void;
  /** Options for `browse` (a search's ranked results). */
  options?: BrowseOptions;
}
