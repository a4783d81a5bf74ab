/**
 * The listing's sort, filters and page size, in the browser (DESIGN.md §4): the shared tools
 * (browse-tools.client.ts) over the category's filter index, a static file (a long listing's head, then
 * its parts together: features/listing/index-parts.ts) fetched when the shopper first reaches for the
 * tools (or at once when the URL or the session already asks for another view). The URL is the state
 * (`?sort=price-asc&max_pressure_bar=120-150&page=2`); plain paging keeps the pre-rendered pages' own URLs
 * (`/…/page/3`). The page size a shopper chooses is kept for the session.
 */
import {
  DEFAULT_PAGE_SIZE,
  isPlainPaging,
  parseState,
  stateQuery,
  type BrowseState,
  joinListingIndex,
  parseListingIndex,
  partUrlsOf,
  type IndexedProduct,
  type ListingIndex,
  listingTexts,
  pagePath,
} from '../../features/listing/index.ts';
import { asksForAnotherView, storedPerPage, storePerPage } from './listing-per-page.ts';
import { findToolParts, type BrowseHost } from './browse-host.ts';
import { BrowseTools, pageHolding } from './browse-tools.client.ts';
import { gridHtml } from './listing-view.ts';

export { RENDER_MEASURE } from './browse-tools.client.ts';

const PAGE_PATH = /\/page\/(\d+)\/?$/;

const pageOfPath = (pathname: string): number => Number(PAGE_PATH.exec(pathname)?.[1] ?? 1);

/** A filter index file's JSON (a long listing's head names its parts: index-parts.ts); null when it failed. */
async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  return response.ok ? response.json() : null;
}

class ListingHost implements BrowseHost {
  private index: ListingIndex | null = null;
  private readonly root: HTMLElement;
  private readonly path: string;
  private readonly titleSuffix: string;
  private readonly name: string;
  private readonly count: HTMLElement | null;

  constructor(root: HTMLElement) {
    this.root = root;
    this.path = root.dataset['path'] ?? location.pathname;
    const title = document.title;
    const cut = title.indexOf(' | ');
    this.titleSuffix = cut === -1 ? '' : title.slice(cut);
    this.name = document.querySelector('h1')?.textContent?.trim() ?? '';
    this.count = document.querySelector<HTMLElement>('[data-listing-count]');
  }

  async load(): Promise<ListingIndex | null> {
    try {
      const head = await fetchJson(this.root.dataset['index'] ?? '');
      const parts = await Promise.all(partUrlsOf(head).map(fetchJson));
      const index = parseListingIndex(joinListingIndex(head, parts));
      if (!index) throw new Error('not a filter index');
      this.index = index;
      return index;
    } catch {
      if (this.count) this.count.textContent = listingTexts.loadFailed;
      return null;
    }
  }

  fromLocation(index: ListingIndex): BrowseState {
    const params = new URLSearchParams(location.search);
    if (!params.has('per')) params.set('per', String(storedPerPage()));
    const state = parseState(params, index, pageOfPath(location.pathname));
    // A page number in the path counts in pages of 12, whatever the size now.
    if (!params.has('page')) state.page = pageHolding(state.page, DEFAULT_PAGE_SIZE, state.perPage);
    return state;
  }

  url(state: BrowseState): string {
    if (isPlainPaging(state)) return pagePath({ path: this.path }, state.page);
    return `${this.path}${stateQuery(state, this.index?.facets ?? [])}`;
  }

  pageOf(link: URL): number {
    return Number(link.searchParams.get('page') ?? pageOfPath(link.pathname));
  }

  cardsHtml(products: readonly IndexedProduct[]): string {
    return gridHtml(products, this.index ?? {});
  }

  perPageChosen = storePerPage;

  rendered(result: { results: readonly unknown[] }, state: BrowseState): void {
    if (this.count) this.count.textContent = listingTexts.count(result.results.length);
    document.title = `${listingTexts.pageTitle(this.name, state.page)}${this.titleSuffix}`;
  }
}

/**
 * Starts the tools on the listing of `root`. `reached`: the shopper has already reached for them (the
 * reason this module was loaded): the index is fetched at once.
 */
export function initListing(root: HTMLElement, options: { reached: boolean }): void {
  const parts = findToolParts(root);
  if (!parts) return;
  const tools = new BrowseTools(parts, new ListingHost(root));
  tools.start();
  if (asksForAnotherView()) void tools.load().then(() => tools.showLocation());
  else if (options.reached) void tools.load();
}
