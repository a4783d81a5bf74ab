/**
 * The search results page in the browser (spec §2 Search page, issue 23), plain TypeScript over the
 * markup of search-page.ts.
 *
 * Usually the storefront server has drawn the page already (server/search-page.ts: heading, count, hints,
 * cards, tools with their counts, page links), and this script only takes over: the listing's tools
 * (catalogue/browse-tools.client.ts) sort, filter and page the matches once the shopper reaches for
 * them, after the engine (features/search/engine.ts) has found the same matches from the same index
 * files and fetched their records. Nothing is repainted that the server drew.
 *
 * When the page comes as the build wrote it (a host without the server, or the server could not search),
 * this script searches itself: the count and hints as soon as the matches are known, the first page of
 * cards from that page's own records, then every match's records for the filters and their counts. The
 * heading was filled before the first paint by a few inline lines (SearchResults.astro).
 */
import { pushSearch } from '../../features/analytics/index.ts';
import { measureList } from '../../ui/measure-pages.client.ts';
import type { BrowseState, ListingIndex } from '../../features/listing/index.ts';
import { createSearchEngine } from '../../features/search/engine.ts';
import { StaleIndexError } from '../../features/search/decode.ts';
import { fetchSource } from '../../features/search/sources.ts';
import { termFromPath } from '../../features/search/term.ts';
import { searchTexts as texts } from '../../features/search/browser-texts.ts';
import { findToolParts, filtersHtml, toolbarHtml } from '../catalogue/index.ts';
import { BrowseTools, pageHolding, shownVat } from '../catalogue/index.client.ts';
import { findParts } from '../../ui/find-parts.ts';
import { enterPath } from '../../ui/search-path.ts';
import {
  browsePage,
  canFilter,
  isRankedPaging,
  loadMatchesIndex,
  rankedPage,
  resultsState,
  searchFor,
  type MatchesIndex,
  type ResultsAnswer,
  type ResultsPage,
} from './search-results.ts';
import {
  hintsHtml,
  lineHtml,
  NO_RESULTS,
  resultsHtml,
  resultsTitle,
  resultsUrl,
  searchCardsHtml,
  searchToolsView,
  statusHtml,
} from './search-view.ts';

interface Parts {
  root: HTMLElement;
  status: HTMLElement;
  retry: HTMLElement;
  hints: HTMLElement;
  tools: HTMLElement;
  again: HTMLFormElement;
}

function findSearchParts(): Parts | null {
  const root = document.querySelector<HTMLElement>('[data-search-results]');
  const parts =
    root &&
    findParts(root, {
      status: ['[data-status]', HTMLElement],
      retry: ['[data-retry]', HTMLElement],
      hints: ['[data-hints]', HTMLElement],
      tools: ['[data-search-tools]', HTMLElement],
    });
  const again = document.querySelector('form[data-search-again]');
  return root && parts && again instanceof HTMLFormElement ? { ...parts, root, again } : null;
}

const params = (): URLSearchParams => new URLSearchParams(location.search);

class SearchPage {
  private readonly parts: Parts;
  private readonly term: string;
  private readonly valid: boolean;
  private readonly engine = createSearchEngine(fetchSource());
  private readonly titleSuffix: string;
  private answer: ResultsAnswer | null = null;
  private matches: MatchesIndex | null = null;
  private tools: BrowseTools | null = null;
  /** The status as it was before the tools failed to load, shown again when they try again. */
  private statusShown: string | null = null;

  constructor(parts: Parts, term: string, valid: boolean) {
    this.parts = parts;
    this.term = term;
    this.valid = valid;
    const cut = document.title.indexOf(' | ');
    this.titleSuffix = cut === -1 ? '' : document.title.slice(cut);
  }

  start(): void {
    const { again, retry, root } = this.parts;
    // The box on the page works as the header's does (spec §5): Enter with text goes to its results.
    again.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = new FormData(again).get('q');
      const path = enterPath(typeof text === 'string' ? text : '');
      if (path !== null) window.location.assign(path);
    });
    // A link (the server could not search) reloads the page; the button is this script's.
    if (retry instanceof HTMLButtonElement) retry.addEventListener('click', () => void this.retry());
    if (this.valid) pushSearch(this.term);
    if (root.dataset['v'] === undefined) {
      void this.search();
      return;
    }
    this.attach();
    // The server sorts and filters prices incl VAT: a shopper reading them excl VAT gets their order.
    const state = params();
    const followsVat = state.get('sort')?.startsWith('price') === true || state.has('price');
    if (this.tools && shownVat() === 'excl' && followsVat)
      void this.tools.load().then(() => this.tools?.showLocation());
  }

  private async retry(): Promise<void> {
    if (!this.tools) return this.search();
    // The tools could not load their index: the page is as it was, and they try again.
    this.parts.retry.hidden = true;
    if (this.statusShown !== null) this.parts.status.innerHTML = this.statusShown;
    await this.tools.load();
  }

  /**
   * The page as the build wrote it: search, draw the first page, then the tools. A rebuild that
   * renumbered the products between the search and its records is searched again once, on the new index.
   */
  private async search(renumbered = false): Promise<void> {
    const { root, status, retry } = this.parts;
    status.innerHTML = lineHtml(texts.searching);
    retry.hidden = true;
    root.setAttribute('aria-busy', 'true');
    try {
      const answer = await this.find();
      const filterable = canFilter(answer);
      let drawn = false;
      if (answer.total === 0) {
        this.draw(answer, NO_RESULTS, null, null);
        drawn = true;
      } else if (!filterable || (isRankedPaging(params()) && !answer.price)) {
        // The first page paints from its own records; the filters follow with every match's.
        const page = await rankedPage(this.engine, answer, resultsState(params(), null));
        this.draw(answer, page, null, filterable ? 'loading' : 'too-many');
        drawn = true;
      }
      if (filterable && answer.total > 0) {
        const matches = await this.matchesOf(answer);
        const page = browsePage(matches, resultsState(params(), matches.index), shownVat());
        if (drawn) this.drawTools(page, matches.index);
        else this.draw(answer, page, matches.index, null);
      }
      this.attach();
    } catch (error) {
      this.answer = null;
      if (error instanceof StaleIndexError && !renumbered) return this.search(true);
      console.error(error);
      this.parts.tools.hidden = true;
      this.parts.root.removeAttribute('data-none');
      this.parts.hints.innerHTML = '';
      status.innerHTML = lineHtml(texts.unavailable);
      retry.hidden = false;
    } finally {
      root.setAttribute('aria-busy', 'false');
    }
  }

  private async find(): Promise<ResultsAnswer> {
    if (this.answer) return this.answer;
    const term = this.valid ? this.term : '';
    this.answer = await searchFor(this.engine, term, resultsState(params(), null));
    return this.answer;
  }

  private async matchesOf(answer: ResultsAnswer): Promise<MatchesIndex> {
    this.matches ??= await loadMatchesIndex(this.engine, answer, shownVat());
    if (!this.matches) throw new Error('too many matches to filter');
    return this.matches;
  }

  /** Draws the whole page of results. */
  private draw(
    answer: ResultsAnswer,
    page: ResultsPage,
    index: ListingIndex | null,
    off: 'loading' | 'too-many' | null,
  ): void {
    const { root, status, hints, tools } = this.parts;
    root.dataset['v'] = answer.core.v;
    root.toggleAttribute('data-none', answer.total === 0);
    status.innerHTML = statusHtml(page.total, answer.total);
    hints.innerHTML = hintsHtml({ ...answer, term: this.term, matched: answer.total });
    tools.innerHTML =
      answer.total === 0 ? '' : resultsHtml(this.term, page, searchToolsView(page, index, off));
    tools.hidden = answer.total === 0;
    document.title = `${resultsTitle(this.term, page.state.page)}${this.titleSuffix}`;
    const grid = tools.querySelector('[data-grid]');
    if (grid) measureList(grid);
  }

  /** Draws the toolbar and filters once the filter index is here, leaving the cards as they are. */
  private drawTools(page: ResultsPage, index: ListingIndex): void {
    const view = searchToolsView(page, index, null);
    const { tools } = this.parts;
    tools.querySelector('.listing__toolbar')?.replaceWith(fragment(toolbarHtml(view)));
    tools.querySelector('[data-filters]')?.replaceWith(fragment(filtersHtml(view)));
  }

  /** The tools over the results on the page (the server's or this script's). */
  private attach(): void {
    const { tools } = this.parts;
    const parts = tools.hidden ? null : findToolParts(tools);
    if (!parts) return;
    if (parts.sort.disabled) {
      // Too many to sort and filter: the page size and page links still lead through the results.
      parts.perPage.addEventListener('change', () => {
        const state = resultsState(params(), null);
        const perPage = Number(parts.perPage.value);
        window.location.assign(
          resultsUrl(
            this.term,
            { ...state, perPage, page: pageHolding(state.page, state.perPage, perPage) },
            null,
          ),
        );
      });
      return;
    }
    this.tools = new BrowseTools(parts, {
      load: () => this.loadIndex(),
      fromLocation: (index) => resultsState(params(), index),
      url: (state: BrowseState) => resultsUrl(this.term, state, this.matches?.index ?? null),
      pageOf: (link) => Number(link.searchParams.get('page') ?? 1),
      cardsHtml: (products) =>
        searchCardsHtml(
          products,
          products.map((product) => this.matches?.summaries.get(product) ?? ''),
          this.matches?.index.rating,
        ),
      rendered: (result, state) => {
        this.parts.status.innerHTML = statusHtml(result.results.length, this.answer?.total ?? 0);
        document.title = `${resultsTitle(this.term, state.page)}${this.titleSuffix}`;
      },
    });
    this.tools.start();
    if (this.matches) void this.tools.load();
  }

  /** The matches' filter index, for the tools; null (and the page says why) when it cannot be had. */
  private async loadIndex(renumbered = false): Promise<ListingIndex | null> {
    const { status, retry, root } = this.parts;
    try {
      const answer = await this.find();
      const matches = await this.matchesOf(answer);
      if (answer.core.v !== root.dataset['v']) {
        // Rebuilt since the page was drawn: draw it again from this index, with tools of its own.
        this.tools = null;
        this.draw(
          answer,
          browsePage(matches, resultsState(params(), matches.index), shownVat()),
          matches.index,
          null,
        );
        this.attach();
        return null;
      }
      return matches.index;
    } catch (error) {
      // Not kept: a rebuild may have renumbered its ids into other products (engine.ts `records`).
      [this.answer, this.matches] = [null, null];
      if (error instanceof StaleIndexError && !renumbered) return this.loadIndex(true);
      console.error(error);
      this.statusShown = status.innerHTML;
      status.innerHTML = lineHtml(texts.unavailable);
      retry.hidden = false;
      return null;
    }
  }
}

/** Markup as nodes, to put in place of an element. */
function fragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

export function initSearch(): void {
  const parts = findSearchParts();
  if (!parts) return;
  const { term, valid } = termFromPath(location.pathname);
  new SearchPage(parts, term, valid).start();
}
