/**
 * The sort, filter and page-size tools over a grid of products, in the browser (DESIGN.md §4): plain
 * TypeScript over a filter index (listing-index.ts), no framework. The page as first drawn (by the build
 * or the storefront server) is the starting point; the index is loaded when the shopper first reaches for
 * the tools, and every change redraws the cards, counts, chips and page links with the functions that
 * drew the page (listing-view.ts; the filters in place: filters-view.client.ts), from `browse`'s results.
 * The URL is the state, so a shared or reloaded link shows the same products and Back/Forward step through
 * the changes.
 *
 * Shared by the category listings (listing.client.ts) and the search results (search/search.client.ts):
 * each is a `BrowseHost` (browse-host.ts) saying where its index comes from, what its URLs look like, how
 * its cards and count read.
 */
import { measureList } from '../../ui/measure-pages.client.ts';
import {
  browse,
  type BrowseOptions,
  DEFAULT_STATE,
  type BrowseState,
  PRICE,
  type ListingIndex,
  listingTexts,
} from '../../features/listing/index.ts';
import type { VatForm } from '../../features/vat/index.ts';
import {
  collectBrowserTexts,
  fetchPoints,
  fetchToday,
  type PointInfo,
  $collectPoint,
  shownPoint,
} from '../../features/collect/index.ts';
import type { BrowseHost, ToolParts } from './browse-host.ts';
import { attachFiltersDrawer } from './filters-drawer.client.ts';
import { drawChips, drawFilters } from './filters-view.client.ts';
import { paginationHtml } from './listing-view.ts';

/** The VAT form of the prices on the page (`<html data-vat>`, the header's VAT choice). */
export const shownVat = (): VatForm => (document.documentElement.dataset['vat'] === 'excl' ? 'excl' : 'incl');

/** The performance measure of each redraw (sort, filter, page), read by `npm run bench:listing`. */
export const RENDER_MEASURE = 'listing:render';

/** The filters with `code` set to `keys`; a filter left with no values is dropped. */
function withValues(filters: BrowseState['filters'], code: string, keys: string[]): BrowseState['filters'] {
  const others = Object.fromEntries(Object.entries(filters).filter(([other]) => other !== code));
  return keys.length === 0 ? others : { ...others, [code]: keys };
}

/** The page, at `toSize` a page, that holds the first product of `page` at `fromSize` a page. */
export const pageHolding = (page: number, fromSize: number, toSize: number): number =>
  Math.floor(((page - 1) * fromSize) / toSize) + 1;

export class BrowseTools {
  private index: ListingIndex | null = null;
  private loading: Promise<ListingIndex | null> | null = null;
  private state: BrowseState = DEFAULT_STATE;
  private readonly parts: ToolParts;
  private readonly host: BrowseHost;
  /** What can be collected today from the shopper's point, once asked (`/collect/today`). */
  private collectable: ReadonlySet<string> | undefined;

  constructor(parts: ToolParts, host: BrowseHost) {
    this.parts = parts;
    this.host = host;
  }

  /** The index in hand, if loaded. */
  get loaded(): ListingIndex | null {
    return this.index;
  }

  start(): void {
    const { root, sort, perPage, filters, chipList, chips, pagination } = this.parts;
    // The index is loaded when the shopper reaches for the tools, before they have chosen anything.
    const warm = () => void this.load();
    for (const tools of [root.querySelector('.listing__toolbar'), filters, pagination])
      for (const type of ['pointerdown', 'focusin'])
        tools?.addEventListener(type, warm, { once: true, passive: true });
    sort.addEventListener(
      'change',
      () => void this.change((state) => ({ ...state, sort: sort.value, page: 1 })),
    );
    // Price bands and price sorts follow the VAT form the shopper reads: redraw when it changes.
    new MutationObserver(() => {
      if (this.index && this.followsVat(this.state)) this.render(this.state);
    }).observe(document.documentElement, { attributeFilter: ['data-vat'] });
    perPage.addEventListener('change', () => {
      const size = Number(perPage.value);
      this.host.perPageChosen?.(size);
      void this.change((state) => ({
        ...state,
        perPage: size,
        // Keep the first product on screen in view.
        page: pageHolding(state.page, state.perPage, size),
      }));
    });
    filters.addEventListener('change', (event) => {
      const box = event.target;
      if (!(box instanceof HTMLInputElement) || !box.dataset['facet']) return;
      const code = box.dataset['facet'];
      void this.change((state) => {
        if (code === 'in_stock') return { ...state, inStock: box.checked, page: 1 };
        if (code === 'collect') return { ...state, collect: box.checked, page: 1 };
        const keys = new Set(state.filters[code] ?? []);
        if (box.checked) keys.add(box.value);
        else keys.delete(box.value);
        return { ...state, filters: withValues(state.filters, code, [...keys]), page: 1 };
      });
    });
    chipList.addEventListener('click', (event) => {
      const chip = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button') : null;
      if (!chip) return;
      const { facet: code = '', key = '' } = chip.dataset;
      const next = chip.parentElement?.nextElementSibling?.querySelector('button') ?? null;
      void this.change((state) =>
        code === 'in_stock' || code === 'collect'
          ? { ...state, [code === 'in_stock' ? 'inStock' : 'collect']: false, page: 1 }
          : {
              ...state,
              filters: withValues(
                state.filters,
                code,
                (state.filters[code] ?? []).filter((k) => k !== key),
              ),
              page: 1,
            },
      ).then(() => this.refocus(next));
    });
    chips.querySelector('[data-clear]')?.addEventListener('click', () => {
      void this.change((state) => ({ ...state, filters: {}, inStock: false, collect: false, page: 1 })).then(
        () => this.refocus(null),
      );
    });
    pagination.addEventListener('click', (event) => {
      const link =
        event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
      // Until the index is here, a page link is a plain link: the next page loads as a page.
      if (!link || !this.index || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0)
        return;
      event.preventDefault();
      const page = this.host.pageOf(new URL(link.href));
      void this.change((state) => ({ ...state, page })).then(() => {
        this.parts.grid.focus({ preventScroll: true });
        this.parts.root.scrollIntoView({ block: 'start' });
      });
    });
    attachFiltersDrawer(this.parts, () => void this.load());
    addEventListener('popstate', () => {
      if (this.index)
        void this.withCollect(this.host.fromLocation(this.index)).then((state) => this.render(state));
    });
    // Another point chosen (in another tab, or on this page): what it has today is asked afresh.
    $collectPoint.listen(() => {
      this.collectable = undefined;
      if (this.index) void this.change((state) => state);
    });
  }

  /** The shopper's point (their choice, else the first), named under "Collect today"; undefined when unknown. */
  private async collectPoint(): Promise<PointInfo | undefined> {
    const point = shownPoint((await fetchPoints()) ?? [], $collectPoint.get());
    const name = this.parts.filters.querySelector('[data-collect-name]');
    const text = point ? collectBrowserTexts.fromPoint(point.name) : '';
    if (name && name.textContent !== text) name.textContent = text;
    return point;
  }

  /**
   * The state with "Collect today" as it can be: the point's list asked when it is on (at most once a
   * minute), or the box unticked with a word why when the list cannot be had (never an unexplained grid).
   */
  private async withCollect(state: BrowseState): Promise<BrowseState> {
    if (!state.collect) return state;
    const point = await this.collectPoint();
    const skus = point && (await fetchToday(point.code));
    const note = this.parts.filters.querySelector('[data-collect-note]');
    if (note) note.textContent = skus ? '' : collectBrowserTexts.todayFailed;
    this.collectable = skus;
    return skus ? state : { ...state, collect: false };
  }

  private options(): BrowseOptions {
    return { ...this.host.options, collectable: this.collectable };
  }

  /** Whether the state's order or filters depend on the VAT form the prices are read in. */
  followsVat(state: BrowseState): boolean {
    return Boolean(state.filters[PRICE]?.length) || state.sort.startsWith('price');
  }

  /** The index, loaded once (again after a failure). */
  load(): Promise<ListingIndex | null> {
    this.loading ??= this.host.load().then((index) => {
      if (!index) {
        this.loading = null;
        return null;
      }
      this.index = index;
      this.state = this.host.fromLocation(index);
      // The counts (and the price bands a pre-rendered listing leaves out) as soon as the index is here.
      drawFilters(
        this.parts.root,
        index,
        browse(index, this.state, shownVat(), this.options()),
        this.state,
        false,
      );
      void this.collectPoint();
      return index;
    });
    return this.loading;
  }

  /** Shows the state the URL asks for (replacing the history entry if the URL changes). */
  showLocation(): void {
    if (this.index)
      void this.withCollect(this.host.fromLocation(this.index)).then((state) => this.show(state, 'replace'));
  }

  private async change(next: (state: BrowseState) => BrowseState): Promise<void> {
    const index = this.index ?? (await this.load());
    if (!index) return;
    this.show(await this.withCollect(next(this.state)), 'push');
  }

  private show(state: BrowseState, history: 'push' | 'replace'): void {
    const shown = this.render(state);
    const url = this.host.url(shown);
    if (url === `${location.pathname}${location.search}`) return;
    if (history === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  }

  /** Draws a state; returns it with the page clamped to the last one. */
  render(wanted: BrowseState): BrowseState {
    const index = this.index;
    if (!index) return wanted;
    const started = performance.now();
    const { grid, pagination, noMatches, sort, perPage } = this.parts;
    const result = browse(index, wanted, shownVat(), this.options());
    const state = { ...wanted, page: result.page };
    this.state = state;
    grid.innerHTML = this.host.cardsHtml(result.shown);
    measureList(grid);
    noMatches.hidden = result.results.length > 0;
    pagination.innerHTML = paginationHtml(result.page, result.pageCount, (page) =>
      this.host.url({ ...state, page }),
    );
    sort.value = state.sort;
    perPage.value = String(state.perPage);
    drawFilters(this.parts.root, index, result, state);
    drawChips(this.parts, index, state);
    this.parts.show.textContent = listingTexts.showProducts(result.results.length);
    this.host.rendered(result, state);
    // For the benchmark (DESIGN.md §5: sort or filter ≤ 16 ms at 4× CPU throttling).
    performance.measure(RENDER_MEASURE, { start: started });
    return state;
  }

  /** After a chip goes: to the next chip, else to the filters' heading, so focus is never lost. */
  private refocus(next: HTMLButtonElement | null): void {
    const target =
      (next &&
        this.parts.chipList.querySelector<HTMLButtonElement>(
          `button[data-facet="${CSS.escape(next.dataset['facet'] ?? '')}"][data-key="${CSS.escape(next.dataset['key'] ?? '')}"]`,
        )) ??
      this.parts.chipList.querySelector<HTMLButtonElement>('button') ??
      this.parts.filters.querySelector<HTMLElement>('h2');
    if (target instanceof HTMLHeadingElement) target.tabIndex = -1;
    target?.focus();
  }
}
