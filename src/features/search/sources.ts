/**
 * Where the engine reads the index files: over HTTP in the browser (`fetchSource`), from a build in
 * memory (`memorySource`: the build's own checks, the tests and the benchmark), or from the built site's
 * folder (`readerSource`, given a way to read a file: the storefront server's no-JavaScript results).
 * Each file is fetched once and kept; a term shard or word list the core says does not exist is never
 * asked for.
 */
import type { BuiltSearch } from './build.ts';
import type { IndexSource } from './reader.ts';
import {
  codeBucketUrl,
  coreUrl,
  prefixUrl,
  recordShardUrl,
  SEARCH_DATA,
  termShardUrl,
  headShardUrl,
  wordsUrl,
  type RecordShard,
  type TermShard,
  type WordsFile,
} from './files.ts';
import { decodeRecordShard, decodeTermShard, decodeWords, SearchIndexError } from './decode.ts';
import {
  decodeFitFile,
  decodeModelsFile,
  fitFilePath,
  MODELS_PATH,
  type FitFile,
  type ModelsFile,
} from './fit-data.ts';

/** Files kept at most: a long-running server meets every file in time, a shopper's tab never this many. */
const KEPT_FILES = 4096;

/** Every file kept, the longest kept first (a Map keeps its insertion order), with how to forget it. */
type Kept = Map<string, () => void>;

/** A shelf of files of one type: each file's promise kept, a failed one forgotten so a retry asks again. */
function shelf<T>(kept: Kept): (key: string, load: () => Promise<T>) => Promise<T> {
  const files = new Map<string, Promise<T>>();
  return (key, load) => {
    let pending = files.get(key);
    if (!pending) {
      pending = load();
      // One bound over the files of every shelf: the longest kept goes first.
      if (kept.size >= KEPT_FILES) {
        const [oldest] = kept;
        if (oldest) {
          kept.delete(oldest[0]);
          oldest[1]();
        }
      }
      files.set(key, pending);
      kept.set(key, () => files.delete(key));
      pending.catch(() => {
        files.delete(key);
        kept.delete(key);
      });
    }
    return pending;
  };
}

/** A shelf per type of file, over one bound (keys name the file: `t/pre`, `d/3`, unique across shelves). */
function cached() {
  const kept: Kept = new Map();
  return {
    core: shelf<unknown>(kept),
    terms: shelf<TermShard>(kept),
    words: shelf<WordsFile | null>(kept),
    records: shelf<RecordShard>(kept),
    fits: shelf<FitFile | null>(kept),
    models: shelf<ModelsFile | null>(kept),
  };
}

/**
 * A source over `read(url)`, given a file's URL (`/search/data/t/pre.json?v=…`): its data, or null when
 * there is no such file. `fresh` asks past any cache (the core, after a rebuild renumbered the products).
 */
export function readerSource(read: (url: string, fresh: boolean) => Promise<unknown>): IndexSource {
  let keep = cached();
  let fresh = false;
  return {
    core: () =>
      keep.core('core', async () => {
        const data = await read(coreUrl(), fresh);
        fresh = false;
        if (data === null) throw new SearchIndexError('core.json: not found');
        return data;
      }),
    terms: (key, v) =>
      keep.terms(`t/${key}`, async (): Promise<TermShard> => {
        const data = await read(termShardUrl(key, v), false);
        if (data === null) return { v, t: {} };
        return decodeTermShard(data, key, v);
      }),
    heads: (key, v) =>
      keep.terms(`h/${key}`, async (): Promise<TermShard> => {
        const data = await read(headShardUrl(key, v), false);
        if (data === null) throw new SearchIndexError(`h/${key}.json: not found`);
        return decodeTermShard(data, `h/${key}`, v);
      }),
    prefixes: (prefix, v) =>
      keep.terms(`p/${prefix}`, async (): Promise<TermShard> => {
        const data = await read(prefixUrl(prefix, v), false);
        if (data === null) return { v, t: {} };
        return decodeTermShard(data, `p/${prefix}`, v);
      }),
    codes: (bucket, v) =>
      keep.terms(`c/${bucket}`, async (): Promise<TermShard> => {
        const data = await read(codeBucketUrl(bucket, v), false);
        if (data === null) throw new SearchIndexError(`c/${bucket}.json: not found`);
        return decodeTermShard(data, `c/${bucket}`, v);
      }),
    words: (letter, v) =>
      keep.words(`w/${letter}`, async (): Promise<WordsFile | null> => {
        const data = await read(wordsUrl(letter, v), false);
        return data === null ? null : decodeWords(data, letter, v);
      }),
    records: (shard, v) =>
      keep.records(`d/${shard}`, async (): Promise<RecordShard> => {
        const data = await read(recordShardUrl(shard, v), false);
        if (data === null) throw new SearchIndexError(`d/${shard}.json: not found`);
        return decodeRecordShard(data, shard, v);
      }),
    fits: (slug, v) =>
      keep.fits(`f/${slug}`, async (): Promise<FitFile | null> => {
        const data = await read(`${SEARCH_DATA}/${fitFilePath(slug)}?v=${v}`, false);
        return data === null ? null : decodeFitFile(data, slug, v);
      }),
    models: (v) =>
      keep.models('f/models', async (): Promise<ModelsFile | null> => {
        const data = await read(`${SEARCH_DATA}/${MODELS_PATH}?v=${v}`, false);
        return data === null ? null : decodeModelsFile(data, v);
      }),
    reset: () => {
      keep = cached();
      fresh = true;
    },
  };
}

/** The browser's source: the index files of this site, over HTTP (the words of a letter may not exist). */
export function fetchSource(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): IndexSource {
  return readerSource(async (path, fresh) => {
    const url = path;
    let response: Response;
    try {
      response = await fetchImpl(url, fresh ? { cache: 'reload' } : undefined);
    } catch (error) {
      throw new SearchIndexError(`${url}: could not be fetched`, { cause: error });
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new SearchIndexError(`${url}: HTTP ${response.status}`);
    const data: unknown = await response.json();
    return data;
  });
}

/** A source over a build in memory. */
export function memorySource(built: BuiltSearch): IndexSource {
  return {
    core: () => Promise.resolve(structuredClone(built.core)),
    terms: (key, v) => Promise.resolve(decodeTermShard(built.terms.get(key) ?? { v, t: {} }, key, v)),
    heads: (key, v) => {
      const file = built.heads.get(key);
      if (!file) return Promise.reject(new SearchIndexError(`h/${key}.json: not found`));
      return Promise.resolve(decodeTermShard(file, `h/${key}`, v));
    },
    prefixes: (prefix, v) =>
      Promise.resolve(decodeTermShard(built.prefixes.get(prefix) ?? { v, t: {} }, `p/${prefix}`, v)),
    codes: (bucket, v) => {
      const file = built.codes[bucket];
      if (!file) return Promise.reject(new SearchIndexError(`c/${bucket}.json: not found`));
      return Promise.resolve(decodeTermShard(file, `c/${bucket}`, v));
    },
    words: (letter, v) => {
      const file = built.words.get(letter);
      return Promise.resolve(file ? decodeWords(file, letter, v) : null);
    },
    records: (shard, v) => {
      const file = built.records[shard];
      if (!file) return Promise.reject(new SearchIndexError(`d/${shard}.json: not found`));
      return Promise.resolve(decodeRecordShard(file, shard, v));
    },
    fits: (slug, v) => {
      const file = built.fits.get(slug);
      return Promise.resolve(file ? decodeFitFile(structuredClone(file), slug, v) : null);
    },
    models: (v) => Promise.resolve(built.models ? decodeModelsFile(structuredClone(built.models), v) : null),
    reset: () => undefined,
  };
}
