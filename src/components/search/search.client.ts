/**
 * The search page's results in the browser (spec §2 Search page), plain TypeScript on the pre-rendered
 * markup of SearchResults.astro: reads the term from `/search/{term}`, matches it against the build's
 * search index with the spec's rule and lists the results 24 cards at a time, with the exact count.
 *
 * Painting early is the point (DESIGN.md §5: LCP ≤ 1.5 s on a phone): no framework to fetch and start,
 * the names file already requested with the page, the count shown as soon as the names are matched, and
 * each card as soon as its shard (and every card before it) has arrived.
 */
import { nextShown, PAGE_SIZE, termFromPath } from '../../features/search/results.ts';
import {
  createSearchClient,
  runSearch,
  StaleIndexError,
  type LoadedIndex,
  type SearchProgress,
} from '../../features/search/search-client.ts';
import type { SearchDetail } from '../../features/search/search-index.ts';
import { searchTexts as texts } from '../../browser-strings.ts';
import { findParts } from '../find-parts.ts';
import { linesHtml, searchCardsHtml } from './search-view.ts';

interface Parts {
  status: HTMLElement;
  retry: HTMLButtonElement;
  grid: HTMLElement;
  more: HTMLElement;
  showing: HTMLElement;
  showMore: HTMLButtonElement;
}

const findSearchParts = (root: HTMLElement): Parts | null =>
  findParts(root, {
    status: ['[data-status]', HTMLElement],
    retry: ['[data-retry]', HTMLButtonElement],
    grid: ['[data-grid]', HTMLElement],
    more: ['[data-more]', HTMLElement],
    showing: ['[data-showing]', HTMLElement],
    showMore: ['[data-show-more]', HTMLButtonElement],
  });

type More = 'idle' | 'loading' | 'failed';

class SearchResults {
  private readonly parts: Parts;
  /** The term of the URL, as the heading shows it. */
  private readonly term: string;
  private readonly client = createSearchClient();
  /** The index searched; null until a search has listed its first page (or when nothing was searched). */
  private index: LoadedIndex | null = null;
  /** Every match, in list order: the count is its length. */
  private matches: readonly number[] = [];
  /** How many of them have their card on the page. */
  private shown = 0;
  private more: More = 'idle';
  /** What each search reports: the count, then the cards as they arrive. */
  private readonly progress: SearchProgress = {
    matched: (matches) => this.matched(matches),
    listed: (details) => this.append(details),
  };

  constructor(parts: Parts, term: string) {
    this.parts = parts;
    this.term = term;
  }

  start(valid: boolean): void {
    this.parts.retry.addEventListener('click', () => void this.search());
    this.parts.showMore.addEventListener('click', () => void this.showMore());
    if (valid && this.term.trim() !== '') {
      void this.search();
      return;
    }
    // Nothing to search for (a blank or malformed term): no results.
    this.matched([]);
    this.drawMore('idle');
  }

  private async search(): Promise<void> {
    const { status, retry, grid } = this.parts;
    status.innerHTML = linesHtml([texts.searching]);
    retry.hidden = true;
    grid.setAttribute('aria-busy', 'true');
    try {
      const outcome = await runSearch(this.client, this.term, PAGE_SIZE, this.progress);
      this.index = outcome.index;
      this.drawMore('idle');
    } catch (error) {
      console.error(error);
      this.index = null;
      this.parts.more.hidden = true;
      grid.innerHTML = '';
      grid.setAttribute('aria-busy', 'false');
      status.innerHTML = linesHtml([texts.unavailable]);
      retry.hidden = false;
    }
  }

  /** The count (announced), with the list emptied for the cards to come. */
  private matched(matches: readonly number[]): void {
    this.matches = matches;
    this.shown = 0;
    this.parts.grid.innerHTML = '';
    const found = texts.found(matches.length);
    this.parts.status.innerHTML = linesHtml(matches.length === 0 ? [found, texts.none] : [found]);
  }

  private append(details: readonly SearchDetail[]): void {
    this.parts.grid.insertAdjacentHTML('beforeend', searchCardsHtml(details, this.shown));
    this.shown += details.length;
  }

  /** The next page of cards; focus moves to the first new one, so keyboard users carry on from there. */
  private async showMore(): Promise<void> {
    const index = this.index;
    if (!index || this.more === 'loading') return;
    const from = this.shown;
    const to = nextShown(from, this.matches.length);
    this.drawMore('loading');
    try {
      this.append(await this.client.details(index, this.matches.slice(from, to)));
      this.drawMore('idle');
      this.focusCard(from);
    } catch (error) {
      try {
        // Rebuilt since the names were read: search again in the new index, as far as the shopper got.
        if (!(error instanceof StaleIndexError)) throw error;
        const outcome = await runSearch(this.client, this.term, to, this.progress);
        this.index = outcome.index;
        this.drawMore('idle');
        this.focusCard(Math.min(from, this.shown - 1));
      } catch (failure) {
        console.error(failure);
        this.drawMore('failed');
      }
    }
  }

  /** "Showing x of y" and its button, while there are more results than cards. */
  private drawMore(more: More): void {
    const { grid, more: block, showing, showMore } = this.parts;
    this.more = more;
    grid.setAttribute('aria-busy', String(more === 'loading'));
    block.hidden = this.shown >= this.matches.length;
    showing.textContent = texts.showing(this.shown, this.matches.length);
    showMore.textContent = more === 'loading' ? texts.loadingMore : texts.showMore;
    showMore.setAttribute('aria-disabled', String(more === 'loading'));
    // Added when the failure happens, so screen readers announce it; gone on the next attempt.
    block.querySelector('[role="alert"]')?.remove();
    if (more === 'failed') {
      const alert = document.createElement('p');
      alert.setAttribute('role', 'alert');
      alert.textContent = texts.unavailable;
      showMore.before(alert);
    }
  }

  private focusCard(position: number): void {
    this.parts.grid.querySelectorAll<HTMLAnchorElement>('.product-card__name a')[position]?.focus();
  }
}

export function initSearch(): void {
  const root = document.querySelector<HTMLElement>('[data-search-results]');
  const parts = root && findSearchParts(root);
  if (!parts) return;
  const { term, valid } = termFromPath(location.pathname);
  new SearchResults(parts, term).start(valid);
}
