/**
 * The search engine (issues 23 and 37): matches and ranks a query against the index files (files.ts),
 * fetching only the pieces the query needs through an `IndexSource`: the browser's fetches them over HTTP,
 * the storefront server's reads them from the built site, the tests' from a build in memory. One engine,
 * so the suggestions, the results page with and without JavaScript, and the relevance tests agree.
 *
 * An engine is its state (state.ts: the index loaded and the caches kept between searches) and three
 * functions over it: `search` (search.ts, whose comment lists its steps), `records` (records.ts) and the
 * core.
 */
import type { SearchAnswer } from './answer.ts';
import type { SearchCore, SearchRecord } from './files.ts';
import type { IndexSource } from './reader.ts';
import { records } from './records.ts';
import { search } from './search.ts';
import { engineState, loadIndex, type SearchOptions } from './state.ts';

export type { SearchAnswer } from './answer.ts';
export type { CategoryHit } from './categories.ts';
export type { IndexSource } from './reader.ts';
export type { SearchOptions } from './state.ts';

export interface SearchEngine {
  search(query: string, options?: SearchOptions): Promise<SearchAnswer>;
  /**
   * The records of these products, in the same order; a product in `variants` (the answer's) has its
   * path with the query that chooses the child the shopper typed the code of (`/car-shampoo?volume=5-l`).
   * With `numbering` (the answer's `core.v`), ids of an index rebuilt since are refused (StaleIndexError):
   * the caller searches again rather than show other products under the answer's count.
   */
  records(
    ids: readonly number[],
    variants?: Readonly<Record<number, string>>,
    numbering?: string,
  ): Promise<SearchRecord[]>;
  core(): Promise<SearchCore>;
}

export function createSearchEngine(source: IndexSource): SearchEngine {
  const state = engineState(source);
  return {
    core: async () => (await loadIndex(state)).core,
    search: (query, options) => search(state, query, options),
    records: (ids, variants, numbering) => records(state, ids, variants, numbering),
  };
}
