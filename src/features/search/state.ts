/**
 * What the search engine carries between searches, as plain records the steps are handed (engine.ts,
 * search.ts): the index as loaded (the core with its key bitmaps decoded, its category names as terms,
 * the machine models and audiences read when first asked for), and the caches kept between keystrokes
 * (decoded postings, matched slots). A search builds one `SearchRun` over them: what every step of it
 * reads. After a rebuild renumbered the products (`StaleIndexError`) the state forgets its index and the
 * search runs once more from a fresh core.
 */
import { fromRuns } from './audience-slot.ts';
import { decodeCore, StaleIndexError } from './decode.ts';
import type { SearchCore } from './files.ts';
import { modelsByKey, type SearchModel } from './fit-data.ts';
import type { NamedModel } from './fit-slot.ts';
import { indexReader, type Decoded, type IndexReader, type IndexSource } from './reader.ts';
import type { WordMatching } from './resolve.ts';
import type { SlotMatch } from './sets.ts';
import { textTerms } from './text.ts';

/** How a search is run: `typing` for suggestions, where a last word under 3 letters matches only whole. */
export interface SearchOptions {
  typing?: boolean;
  /** Rank only this many (the rest stay unranked and are left out of `ids`; `total` counts them all). */
  limit?: number;
}

/**
 * How many of the best products a search reorders from their records (a property's sort, a job's own
 * applications): on the results page its filtering cap (the records of more cost more than narrowing by a
 * word would); while typing only those the suggestions show, whose records they read anyway, so a
 * keystroke fetches no more.
 */
export const reorderedCount = ({ typing, limit }: SearchOptions): number =>
  typing === true ? (limit ?? 10) : 2000;

/** The core as an engine holds it, with its key bitmaps decoded and its category names as terms. */
export interface LoadedIndex {
  core: SearchCore;
  keys: Uint8Array;
  /** The keys of shards with a head (the core's `hk`), or null when none has. */
  headKeys: Uint8Array | null;
  categoryTerms: string[][];
  synonymPhrases: Set<string>;
  /** The machine models search knows, by key (fit-data.ts): fetched with the first query with a digit. */
  models: Promise<Map<string, SearchModel>> | undefined;
  /** The products of the core's `au[at]` (audience-slot.ts), read from its runs when first asked for. */
  audiences: Map<number, Int32Array>;
  /** The products of the core's `jb[at]` (jobs.ts), read from its runs when first asked for. */
  jobs: Map<number, Int32Array>;
}

/** An engine's state: where it reads, the index it loaded (or is loading), and its caches. */
export interface EngineState {
  readonly source: IndexSource;
  loaded: Promise<LoadedIndex> | undefined;
  /** Decoded postings, by term and file (reader.ts, bounded there). */
  readonly decoded: Map<string, Decoded>;
  /** Matched slots, by their words and how they were matched (match-slots.ts, bounded there). */
  readonly slots: Map<string, Promise<SlotMatch>>;
}

/** One search over the loaded index: what its steps read. */
export interface SearchRun {
  readonly state: EngineState;
  readonly index: LoadedIndex;
  readonly query: string;
  readonly options: SearchOptions;
  /** The keys of shards read as their heads (while typing, for the best few), or null. */
  readonly headKeys: Uint8Array | null;
  /** The query does not end in a space: its last word may still grow, and matches as a prefix. */
  readonly prefixLast: boolean;
  /** The machine model the query names (fit-slot.ts), or null. */
  readonly named: NamedModel | null;
  readonly reader: IndexReader;
  readonly matching: WordMatching;
}

export const engineState = (source: IndexSource): EngineState => ({
  source,
  loaded: undefined,
  decoded: new Map(),
  slots: new Map(),
});

const bitmap = (base64: string): Uint8Array => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

/** The index, loaded once (again after a failed load, or after `forget`). */
export function loadIndex(state: EngineState): Promise<LoadedIndex> {
  if (state.loaded) return state.loaded;
  const loaded = state.source.core().then((data): LoadedIndex => {
    const core = decodeCore(data);
    state.decoded.clear();
    state.slots.clear();
    const index: LoadedIndex = {
      core,
      keys: bitmap(core.k),
      headKeys: core.hk === undefined ? null : bitmap(core.hk),
      categoryTerms: core.c.map(([name]) => textTerms(name).map(({ term }) => term)),
      synonymPhrases: new Set(Object.keys(core.syn)),
      models: undefined,
      audiences: new Map(),
      jobs: new Map(),
    };
    // Asked for beside the core, so the keystroke that names a model fetches only the model's file.
    modelsOf(state.source, index).catch(() => undefined);
    return index;
  });
  state.loaded = loaded;
  loaded.catch(() => (state.loaded = undefined));
  return loaded;
}

/** The machine models of the index, read once when first asked for (again after a failed read). */
export function modelsOf(source: IndexSource, index: LoadedIndex): Promise<Map<string, SearchModel>> {
  if (index.models) return index.models;
  const { core } = index;
  const known = (core.fm && source.models ? source.models(core.v) : Promise.resolve(null)).then(modelsByKey);
  index.models = known;
  known.catch(() => (index.models = undefined));
  return known;
}

/** The products of the core's job `at` (jobs.ts): its applications' (`jr`), read from their runs once. */
export function jobOf(index: LoadedIndex, at: number): Int32Array {
  let ids = index.jobs.get(at);
  if (!ids) {
    const { jb, jr } = index.core;
    const each = (jb?.[at]?.[1] ?? []).map((application) => fromRuns(jr?.[application] ?? []));
    ids =
      each.length === 1 && each[0]
        ? each[0]
        : new Int32Array(new Set(each.flatMap((one) => [...one]))).sort();
    index.jobs.set(at, ids);
  }
  return ids;
}

/** The products of the core's audience `at` (audience-slot.ts), read from its runs once. */
export function audienceOf(index: LoadedIndex, at: number): Int32Array {
  let ids = index.audiences.get(at);
  if (!ids) index.audiences.set(at, (ids = fromRuns(index.core.au?.[at]?.[2] ?? [])));
  return ids;
}

/** A search's run over the loaded index; with `headKeys`, large shards are read as their heads. */
export function searchRun(
  state: EngineState,
  index: LoadedIndex,
  query: string,
  options: SearchOptions,
  headKeys: Uint8Array | null,
  named: NamedModel | null,
): SearchRun {
  const reader = indexReader(state.source, index.core, index.keys, state.decoded, headKeys);
  return {
    state,
    index,
    query,
    options,
    headKeys,
    prefixLast: !/\s$/.test(query),
    named,
    reader,
    matching: { reader, typing: options.typing === true },
  };
}

/** The next call starts from a fresh core: the products were renumbered. */
export function forget(state: EngineState): void {
  state.source.reset();
  state.loaded = undefined;
}

/** Runs `run`, and once more from a fresh core when the files turned out to be another numbering's. */
export async function withRetry<T>(state: EngineState, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof StaleIndexError)) throw error;
    forget(state);
    return run();
  }
}

/** Runs `run`; files of another numbering make the next call start from a fresh core. */
export async function rethrowStale<T>(state: EngineState, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof StaleIndexError) forget(state);
    throw error;
  }
}
