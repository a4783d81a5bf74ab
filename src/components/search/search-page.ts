/**
 * The body of the search results page (spec §2 Search page): heading, the search box again, the status
 * line, the hints above the results and the results with their tools. Drawn whole by the storefront
 * server for each term (server/search-page.ts), and by the build for the page it serves when the server
 * cannot search (the loading state, which the page's script then fills: SearchResults.astro). The
 * browser script redraws parts of it with search-view.ts.
 */
import type { ListingIndex } from '../../features/listing/index.ts';
import type { SearchEngine } from '../../features/search/engine.ts';
import { strings } from '../../strings.ts';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import {
  browsePage,
  loadMatchesIndex,
  rankedPage,
  resultsState,
  searchFor,
  type ResultsPage,
} from './search-results.ts';
import {
  hintsHtml,
  lineHtml,
  NO_RESULTS,
  resultsHtml,
  searchToolsView,
  statusHtml,
  type HintsView,
} from './search-view.ts';

export type SearchBodyView =
  /** The build's page: the script searches (the heading is filled as the page is parsed). */
  | { kind: 'searching' }
  /** The index could not be read: the status says so, with a link to try again (the page itself). */
  | { kind: 'unavailable'; term: string; url: string }
  | {
      kind: 'results';
      term: string;
      /** The index's version (`core.v`): the script checks that its own files are of the same. */
      v: string;
      hints: HintsView;
      page: ResultsPage;
      /** The matches' filter index; null when there are too many to filter. */
      index: ListingIndex | null;
    };

const texts = strings.searchPage;

/** Where the body starts and ends in the page the build writes: the server puts its own in between. */
export const SEARCH_BODY_START = '<!--search-body-->';
export const SEARCH_BODY_END = '<!--/search-body-->';

const attribute = (name: string, value: string): string => ` ${name}="${escapeHtml(value)}"`;

/** The heading, and the search box again with the term in it. */
function headHtml(term: string, searching: boolean): string {
  const search = strings.shell.search;
  const template = searching
    ? `${attribute('data-template', strings.search.resultsFor('{term}'))}${attribute('data-placeholder', '{term}')}`
    : '';
  return (
    `<h1 class="page-title" id="search-heading"${template}>${escapeHtml(strings.search.resultsFor(term))}</h1>` +
    `<form class="search-box search-again" role="search"${attribute('aria-label', texts.formLabel)} action="/search" method="get" data-search-again>` +
    `<label class="visually-hidden" for="search-again">${escapeHtml(texts.formLabel)}</label>` +
    `<input class="search-box__input" id="search-again" type="search" name="q"${attribute('value', term)}${attribute('placeholder', search.placeholder)} autocomplete="off" enterkeyhint="search">` +
    `<button class="search-box__submit search-again__submit" type="submit">${escapeHtml(search.submit)}</button>` +
    `</form>`
  );
}

export function searchBodyHtml(view: SearchBodyView): string {
  const term = view.kind === 'searching' ? '' : view.term;
  let status = lineHtml(texts.searching);
  let hints = '';
  let results = '';
  if (view.kind === 'unavailable') status = lineHtml(texts.unavailable);
  if (view.kind === 'results') {
    status = statusHtml(view.page.total, view.hints.matched);
    hints = hintsHtml(view.hints);
    const off = view.index ? null : 'too-many';
    if (view.hints.matched > 0)
      results = resultsHtml(view.term, view.page, searchToolsView(view.page, view.index, off));
  }
  // Nothing found: the build's help that follows the body shows (NoResultsHelp.astro).
  const root =
    view.kind === 'results'
      ? `${attribute('data-v', view.v)}${view.hints.matched === 0 ? ' data-none' : ''}`
      : view.kind === 'searching'
        ? ' data-client aria-busy="true"'
        : '';
  return (
    headHtml(term, view.kind === 'searching') +
    `<div class="search-results" data-search-results${root}>` +
    `<div class="status" role="status" data-status>${status}</div>` +
    (view.kind === 'unavailable'
      ? `<a class="button retry"${attribute('href', view.url)} data-retry>${escapeHtml(texts.retry)}</a>`
      : `<button class="button retry" type="button" data-retry hidden>${escapeHtml(texts.retry)}</button>`) +
    `<div class="search-hints" data-hints>${hints}</div>` +
    `<div class="listing" data-search-tools${results === '' ? ' hidden' : ''}>${results}</div>` +
    `</div>`
  );
}

/**
 * The results of `query` as the page shows them at the state `params` asks for (prices incl VAT, the
 * page's default), headed with `term` (the URL's, which a malformed one is not searched for).
 */
export async function searchBody(
  engine: SearchEngine,
  query: string,
  term: string,
  params: URLSearchParams,
): Promise<SearchBodyView> {
  const ranked = resultsState(params, null);
  const answer = await searchFor(engine, query, ranked);
  const hints: HintsView = { ...answer, term, matched: answer.total };
  const results = { kind: 'results', term, v: answer.core.v, hints } as const;
  if (answer.total === 0) return { ...results, page: NO_RESULTS, index: null };
  const matches = await loadMatchesIndex(engine, answer);
  if (!matches) return { ...results, page: await rankedPage(engine, answer, ranked), index: null };
  return { ...results, page: browsePage(matches, resultsState(params, matches.index)), index: matches.index };
}
