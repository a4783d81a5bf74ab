/**
 * Loads the search index in the browser: the names file once per page, detail shards as results are
 * shown (each fetched once), and a search that survives a rebuild between the two (a shard of another
 * build makes it fetch the names afresh and search again).
 */
import { findMatches, prepareNames, runsByShard, shardsFor } from './results.ts';
import {
  SearchIndexError,
  decodeNames,
  decodeShard,
  namesUrl,
  shardUrl,
  toDetail,
  type SearchDetail,
  type SearchNames,
  type SearchShard,
} from './search-index.ts';

/** A shard from another build than the names file in hand. */
export class StaleIndexError extends SearchIndexError {
  constructor(message: string) {
    super(message);
    this.name = 'StaleIndexError';
  }
}

export interface LoadedIndex {
  names: SearchNames;
  /** `names.n` normalised for matching. */
  prepared: string[];
}

export interface SearchClient {
  /** The names file; `fresh` bypasses the browser cache (after a rebuild) and forgets loaded shards. */
  index(fresh?: boolean): Promise<LoadedIndex>;
  /** Card details of these results, in the same order. */
  details(index: LoadedIndex, results: readonly number[]): Promise<SearchDetail[]>;
}

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export function createSearchClient(fetchImpl: FetchLike = (url, init) => fetch(url, init)): SearchClient {
  let loading: Promise<LoadedIndex> | undefined;
  const shards = new Map<number, Promise<SearchShard>>();

  async function json(url: string, init?: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(url, init);
    } catch (error) {
      throw new SearchIndexError(`${url}: could not be fetched`, { cause: error });
    }
    if (!response.ok) throw new SearchIndexError(`${url}: HTTP ${response.status}`);
    try {
      return (await response.json()) as unknown;
    } catch (error) {
      throw new SearchIndexError(`${url}: not JSON`, { cause: error });
    }
  }

  /** Keeps a promise for reuse, but forgets it when it fails, so a retry fetches again. */
  function remember<T>(promise: Promise<T>, forget: () => void): Promise<T> {
    promise.catch(forget);
    return promise;
  }

  function shard(number: number, version: string): Promise<SearchShard> {
    let pending = shards.get(number);
    if (!pending) {
      pending = remember(
        json(shardUrl(number, version)).then((data) => decodeShard(data, number)),
        () => shards.delete(number),
      );
      shards.set(number, pending);
    }
    return pending;
  }

  return {
    index(fresh = false) {
      if (fresh || !loading) {
        shards.clear();
        const current: Promise<LoadedIndex> = remember(
          json(namesUrl(), fresh ? { cache: 'reload' } : undefined).then((data) => {
            const names = decodeNames(data);
            return { names, prepared: prepareNames(names.n) };
          }),
          () => {
            if (loading === current) loading = undefined;
          },
        );
        loading = current;
      }
      return loading;
    },

    async details({ names }, results) {
      const size = names.s;
      const loaded = new Map<number, SearchShard>();
      await Promise.all(
        shardsFor(results, size).map(async (number) => loaded.set(number, await shard(number, names.v))),
      );
      return results.map((result) => {
        const number = Math.floor(result / size);
        const found = loaded.get(number);
        if (found && found.v !== names.v)
          throw new StaleIndexError(`${number}.json is from build ${found.v}, the names from ${names.v}`);
        const record = found?.d[result % size];
        const name = names.n[result];
        if (!record || name === undefined) throw new SearchIndexError(`${number}.json: no result ${result}`);
        return toDetail(name, record);
      });
    },
  };
}

export interface SearchOutcome {
  index: LoadedIndex;
  /** Every matching result, in list order: the exact count is its length. */
  matches: number[];
  /** Details of the first `shown` matches. */
  details: SearchDetail[];
}

/** What a running search reports, so a page can paint each part as soon as it is known. */
export interface SearchProgress {
  /** The matches are known, so the count can show. Again, from the start, if the index proved stale. */
  matched(matches: readonly number[]): void;
  /** The next cards in list order: one shard's, once every card before them has arrived. */
  listed(details: readonly SearchDetail[]): void;
}

/** Details of `results`, reported run by run in order; the shards are all requested at once. */
async function detailsInOrder(
  client: SearchClient,
  index: LoadedIndex,
  results: readonly number[],
  progress: SearchProgress | undefined,
): Promise<SearchDetail[]> {
  const runs = runsByShard(results, index.names.s).map((run) => client.details(index, run));
  // Awaited in order below; a later run failing first must not count as unhandled in the meantime.
  for (const run of runs) run.catch(() => undefined);
  const details: SearchDetail[] = [];
  for (const run of runs) {
    const added = await run;
    details.push(...added);
    progress?.listed(added);
  }
  return details;
}

/**
 * Searches and loads the first `shown` results' details, fetching the names afresh once if stale.
 * `progress` hears the matches as soon as they are known and the cards as they arrive.
 */
export async function runSearch(
  client: SearchClient,
  term: string,
  shown: number,
  progress?: SearchProgress,
): Promise<SearchOutcome> {
  for (let attempt = 0; ; attempt += 1) {
    const index = await client.index(attempt > 0);
    const matches = findMatches(index.prepared, term);
    progress?.matched(matches);
    try {
      return {
        index,
        matches,
        details: await detailsInOrder(client, index, matches.slice(0, shown), progress),
      };
    } catch (error) {
      if (!(error instanceof StaleIndexError) || attempt > 0) throw error;
    }
  }
}
