/**
 * The listing's sort, filters and page size, in the browser (DESIGN.md §4): plain TypeScript over the
 * category's filter index, no framework. The pre-rendered page is the starting point; the index is
 * fetched when the shopper first reaches for the tools (or at once when the URL or the session already
 * asks for another view), and every change redraws the cards, counts and page links with the same
 * functions the build used. The URL is the state (`?sort=price-asc&max_pressure_bar=120-150&page=2`), so
 * a shared or reloaded link shows the same products and Back/Forward step through the changes. Plain
 * paging keeps the pre-rendered pages' own URLs.
 */
import {
  browse,
  DEFAULT_PAGE_SIZE,
  DEFAULT_STATE,
  facetKeys,
  isPageSize,
  isPlainPaging,
  parseState,
  stateQuery,
  type BrowseState,
} from '../../features/listing/browse.ts';
import { parseListingIndex, PRICE, type ListingIndex } from '../../features/listing/listing-index.ts';
import type { VatForm } from '../../features/vat/store.ts';
import { listingTexts } from '../../browser-strings.ts';
import { escapeHtml } from '../escape-html.ts';
import { findParts } from '../find-parts.ts';
import { gridHtml, pagePath, paginationHtml, valueLabels } from './listing-view.ts';

/** The VAT form of the prices on the page (`<html data-vat>`, the header's VAT choice). */
const shownVat = (): VatForm => (document.documentElement.dataset['vat'] === 'excl' ? 'excl' : 'incl');

/** The page size a shopper chose, kept for the session (every listing). */
const PER_PAGE_KEY = 'listing:per-page';
const PAGE_PATH = /\/page\/(\d+)\/?$/;
/** The performance measure of each redraw (sort, filter, page), read by `npm run bench:listing`. */
export const RENDER_MEASURE = 'listing:render';

function storedPerPage(): number {
  try {
    const stored = Number(sessionStorage.getItem(PER_PAGE_KEY));
    return isPageSize(stored) ? stored : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

function storePerPage(perPage: number): void {
  try {
    sessionStorage.setItem(PER_PAGE_KEY, String(perPage));
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page only.
  }
}

/** The filters with `code` set to `keys`; a filter left with no values is dropped. */
function withValues(filters: BrowseState['filters'], code: string, keys: string[]): BrowseState['filters'] {
  const others = Object.fromEntries(Object.entries(filters).filter(([other]) => other !== code));
  return keys.length === 0 ? others : { ...others, [code]: keys };
}

/** The page, at `toSize` a page, that holds the first product of `page` at `fromSize` a page. */
const pageHolding = (page: number, fromSize: number, toSize: number): number =>
  Math.floor(((page - 1) * fromSize) / toSize) + 1;

const pageOfPath = (pathname: string): number => Number(PAGE_PATH.exec(pathname)?.[1] ?? 1);

interface Parts {
  root: HTMLElement;
  count: HTMLElement | null;
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
  boxes: HTMLInputElement[];
}

function findListingParts(root: HTMLElement): Parts | null {
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
  return (
    parts && {
      ...parts,
      root,
      count: document.querySelector<HTMLElement>('[data-listing-count]'),
      boxes: [...root.querySelectorAll<HTMLInputElement>('input[data-facet]')],
    }
  );
}

class Listing {
  private index: ListingIndex | null = null;
  private loading: Promise<ListingIndex | null> | null = null;
  private state: BrowseState = DEFAULT_STATE;
  private readonly path: string;
  private readonly titleSuffix: string;
  private readonly name: string;
  private readonly parts: Parts;

  constructor(parts: Parts) {
    this.parts = parts;
    this.path = parts.root.dataset['path'] ?? location.pathname;
    const title = document.title;
    const cut = title.indexOf(' | ');
    this.titleSuffix = cut === -1 ? '' : title.slice(cut);
    this.name = document.querySelector('h1')?.textContent?.trim() ?? '';
  }

  start(): void {
    const { root, sort, perPage, filters, toggle, close, show, chipList, pagination } = this.parts;
    // The index is fetched when the shopper reaches for the tools, before they have chosen anything.
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
      if (this.index && (this.state.filters[PRICE]?.length || this.state.sort.startsWith('price')))
        this.render(this.state);
    }).observe(document.documentElement, { attributeFilter: ['data-vat'] });
    perPage.addEventListener('change', () => {
      const size = Number(perPage.value);
      storePerPage(size);
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
        code === 'in_stock'
          ? { ...state, inStock: false, page: 1 }
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
    this.parts.chips.querySelector('[data-clear]')?.addEventListener('click', () => {
      void this.change((state) => ({ ...state, filters: {}, inStock: false, page: 1 })).then(() =>
        this.refocus(null),
      );
    });
    pagination.addEventListener('click', (event) => {
      const link =
        event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
      if (!link || !this.index || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0)
        return;
      event.preventDefault();
      const url = new URL(link.href);
      const page = Number(url.searchParams.get('page') ?? pageOfPath(url.pathname));
      void this.change((state) => ({ ...state, page })).then(() => {
        this.parts.grid.focus({ preventScroll: true });
        this.parts.root.scrollIntoView({ block: 'start' });
      });
    });
    toggle.addEventListener('click', () => this.openDrawer());
    close.addEventListener('click', () => this.closeDrawer());
    show.addEventListener('click', () => this.closeDrawer());
    filters.addEventListener('keydown', (event) => this.drawerKeys(event));
    addEventListener('popstate', () => {
      if (this.index) this.render(this.fromLocation(this.index));
    });
    const asksForMore = location.search !== '' || storedPerPage() !== DEFAULT_PAGE_SIZE;
    if (asksForMore)
      void this.load().then((index) => index && this.show(this.fromLocation(index), 'replace'));
  }

  private fromLocation(index: ListingIndex): BrowseState {
    const params = new URLSearchParams(location.search);
    if (!params.has('per')) params.set('per', String(storedPerPage()));
    const state = parseState(params, index, pageOfPath(location.pathname));
    // A page number in the path counts in pages of 12, whatever the size now.
    if (!params.has('page')) state.page = pageHolding(state.page, DEFAULT_PAGE_SIZE, state.perPage);
    return state;
  }

  private load(): Promise<ListingIndex | null> {
    this.loading ??= fetch(this.parts.root.dataset['index'] ?? '')
      .then((response) => (response.ok ? response.json() : null))
      .then((data: unknown) => {
        const index = parseListingIndex(data);
        if (!index) throw new Error('not a filter index');
        this.index = index;
        this.state = this.fromLocation(index);
        return index;
      })
      .catch(() => {
        this.loading = null;
        this.announce(listingTexts.loadFailed);
        return null;
      });
    return this.loading;
  }

  private async change(next: (state: BrowseState) => BrowseState): Promise<void> {
    const index = this.index ?? (await this.load());
    if (!index) return;
    this.show(next(this.state), 'push');
  }

  private url(state: BrowseState): string {
    if (isPlainPaging(state)) return pagePath({ path: this.path }, state.page);
    return `${this.path}${stateQuery(state, this.index?.facets ?? [])}`;
  }

  private show(state: BrowseState, history: 'push' | 'replace'): void {
    const shown = this.render(state);
    const url = this.url(shown);
    if (url === `${location.pathname}${location.search}`) return;
    if (history === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  }

  /** Draws a state; returns it with the page clamped to the last one. */
  private render(wanted: BrowseState): BrowseState {
    const index = this.index;
    if (!index) return wanted;
    const started = performance.now();
    const { grid, pagination, noMatches, sort, perPage, boxes, count } = this.parts;
    const result = browse(index, wanted, shownVat());
    const state = { ...wanted, page: result.page };
    this.state = state;
    grid.innerHTML = gridHtml(result.shown);
    noMatches.hidden = result.results.length > 0;
    pagination.innerHTML = paginationHtml(result.page, result.pageCount, (page) =>
      this.url({ ...state, page }),
    );
    sort.value = state.sort;
    perPage.value = String(state.perPage);
    const byCode = new Map(index.facets.map((facet) => [facet.code, facet]));
    for (const box of boxes) {
      const code = box.dataset['facet'] ?? '';
      const facet = byCode.get(code);
      const at = facet ? facetKeys(facet).indexOf(box.value) : -1;
      const tally = code === 'in_stock' ? result.counts.inStock : (result.counts.facets[code]?.[at] ?? 0);
      box.checked = code === 'in_stock' ? state.inStock : (state.filters[code] ?? []).includes(box.value);
      box.disabled = tally === 0 && !box.checked;
      const label = box.labels?.[0]?.querySelector('[data-count]');
      // Only what changed: every write costs a style pass over the filters.
      if (label && label.textContent !== String(tally)) label.textContent = String(tally);
    }
    this.drawChips(index, state);
    if (count) count.textContent = listingTexts.count(result.results.length);
    this.parts.show.textContent = listingTexts.showProducts(result.results.length);
    document.title = `${listingTexts.pageTitle(this.name, state.page)}${this.titleSuffix}`;
    // For the benchmark (DESIGN.md §5: sort or filter ≤ 16 ms at 4× CPU throttling).
    performance.measure(RENDER_MEASURE, { start: started });
    return state;
  }

  private drawChips(index: ListingIndex, state: BrowseState): void {
    const chips: string[] = [];
    const chip = (code: string, key: string, filter: string, value: string) =>
      `<li><button type="button" class="chip" data-facet="${escapeHtml(code)}" data-key="${escapeHtml(key)}" aria-label="${escapeHtml(listingTexts.removeFilter(filter, value))}">${escapeHtml(value)} ×</button></li>`;
    if (state.inStock) chips.push(chip('in_stock', '1', listingTexts.availability, listingTexts.inStockOnly));
    for (const facet of index.facets) {
      const labels = valueLabels(facet);
      const chosen = new Set(state.filters[facet.code] ?? []);
      facetKeys(facet).forEach((key, at) => {
        if (chosen.has(key)) chips.push(chip(facet.code, key, facet.label, labels[at] ?? key));
      });
    }
    this.parts.chipList.innerHTML = chips.join('');
    this.parts.chips.hidden = chips.length === 0;
    this.parts.toggle.textContent = listingTexts.filtersWithCount(chips.length);
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

  private announce(text: string): void {
    if (this.parts.count) this.parts.count.textContent = text;
  }

  private openDrawer(): void {
    const { filters, toggle, close } = this.parts;
    void this.load();
    filters.classList.add('is-open');
    filters.setAttribute('role', 'dialog');
    filters.setAttribute('aria-modal', 'true');
    toggle.setAttribute('aria-expanded', 'true');
    document.body.style.overflow = 'hidden';
    close.focus();
  }

  private closeDrawer(): void {
    const { filters, toggle } = this.parts;
    if (!filters.classList.contains('is-open')) return;
    filters.classList.remove('is-open');
    filters.removeAttribute('role');
    filters.removeAttribute('aria-modal');
    toggle.setAttribute('aria-expanded', 'false');
    document.body.style.overflow = '';
    toggle.focus();
  }

  /** Escape closes the drawer; Tab stays inside it while it is open. */
  private drawerKeys(event: KeyboardEvent): void {
    const { filters } = this.parts;
    if (!filters.classList.contains('is-open')) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      this.closeDrawer();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...filters.querySelectorAll<HTMLElement>('button, input:not(:disabled)')].filter(
      (element) => !element.closest('[hidden]'),
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }
}

export function initListing(): void {
  const root = document.querySelector<HTMLElement>('[data-listing]');
  const parts = root && findListingParts(root);
  if (parts) new Listing(parts).start();
}
