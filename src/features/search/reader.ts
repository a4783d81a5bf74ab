/**
 * The index files one search reads (search.ts), each asked of the source at most once per search: term
 * shards (only those the core's bitmap of keys says exist), code buckets, prefix files and words lists;
 * and the postings of terms, decoded, which the engine keeps across searches (state.ts `EngineState.decoded`, bounded).
 */
import {
  codeBucket,
  keyNumber,
  shardKey,
  type Postings,
  type RecordShard,
  type SearchCore,
  type TermShard,
  type WordsFile,
} from './files.ts';
import type { FitFile, ModelsFile } from './fit-data.ts';
import { info } from './info.ts';

/** Where the engine reads the index files; each method may cache, and `reset` forgets everything. */
export interface IndexSource {
  core(): Promise<unknown>;
  terms(key: string, v: string): Promise<TermShard>;
  /** The head of a large shard (`h/{key}.json`), which typing reads instead; a source may have none. */
  heads?(key: string, v: string): Promise<TermShard>;
  prefixes(prefix: string, v: string): Promise<TermShard>;
  codes(bucket: number, v: string): Promise<TermShard>;
  words(letter: string, v: string): Promise<WordsFile | null>;
  records(shard: number, v: string): Promise<RecordShard>;
  /** A machine model's fit file (`f/{slug}.json`, fit-data.ts), or null when there is none. */
  fits?(slug: string, v: string): Promise<FitFile | null>;
  /** The machine models search knows (`f/models.json`), or null when there is no such file. */
  models?(v: string): Promise<ModelsFile | null>;
  /** After a rebuild renumbered the products: the next `core()` must be fresh. */
  reset(): void;
}

/** A term's products, ascending, and each one's packed info (files.ts `info`, its weight included). */
export interface Decoded {
  ids: Int32Array;
  infos: Int32Array;
  /** From a head, cut to the term's best postings. */
  cut?: boolean;
}

/** A term and the file it is in: a word shard, a code bucket (`code`), or a prefix file (`prefixFile`). */
export interface TermRef {
  term: string;
  code?: boolean;
  /** Every word starting with `term` (`p/{term}.json`). */
  prefixFile?: boolean;
}

/** How many terms' decoded postings the engine keeps (a server answers every term in time). */
const DECODED_TERMS = 2048;

export interface IndexReader {
  core: SearchCore;
  /** Does the shard of this key (or a 1–2 character term) exist? */
  hasKey(key: string): boolean;
  /** Is there a term longer than `prefix` (1–2 characters) starting with it, so `p/{prefix}.json`? */
  hasLongerKey(prefix: string): boolean;
  shardOf(key: string): Promise<TermShard | null>;
  bucketOf(term: string): Promise<TermShard>;
  /** The words list of a letter, or null when no word starts with it. */
  words(letter: string): Promise<WordsFile | null>;
  postings(ref: TermRef): Promise<Decoded | null>;
}

/** Is a key's bit set in one of the core's bitmaps (`k`, `hk`, decoded)? */
const inBitmap = (bitmap: Uint8Array | null, key: string): boolean => {
  const bit = keyNumber(key);
  return bitmap !== null && bit >= 0 && ((bitmap[bit >> 3] ?? 0) & (1 << (bit & 7))) !== 0;
};

/** What one search has read: its source and core, the key bitmaps, and each file asked for so far. */
interface Reading {
  source: IndexSource;
  core: SearchCore;
  keys: Uint8Array;
  headKeys: Uint8Array | null;
  /** The engine's decoded postings, kept across searches. */
  decoded: Map<string, Decoded>;
  shards: Map<string, Promise<TermShard | null>>;
  buckets: Map<number, Promise<TermShard>>;
  wordLists: Map<string, Promise<WordsFile | null>>;
}

/**
 * The files of one search. With `headKeys` (while typing, the core's `hk`), a large shard is read as its
 * head, and a cut term's postings say so (`Decoded.cut`).
 */
export function indexReader(
  source: IndexSource,
  core: SearchCore,
  keys: Uint8Array,
  decoded: Map<string, Decoded>,
  headKeys: Uint8Array | null = null,
): IndexReader {
  const reading: Reading = {
    source,
    core,
    keys,
    headKeys,
    decoded,
    shards: new Map(),
    buckets: new Map(),
    wordLists: new Map(),
  };
  return {
    core,
    hasKey: (key) => inBitmap(keys, key),
    hasLongerKey: (prefix) => hasLongerKey(reading, prefix),
    shardOf: (key) => shardOf(reading, key),
    bucketOf: (term) => bucketOf(reading, term),
    words: (letter) => wordsOf(reading, letter),
    postings: (ref) => postingsOf(reading, ref),
  };
}

/** Is the shard of `key` read as its head (typing, and the core says it has one)? */
const headOf = (reading: Reading, key: string): boolean =>
  reading.source.heads !== undefined && inBitmap(reading.headKeys, key);

function shardOf(reading: Reading, key: string): Promise<TermShard | null> {
  const { source, core } = reading;
  let pending = reading.shards.get(key);
  if (!pending) {
    pending = !inBitmap(reading.keys, key)
      ? Promise.resolve(null)
      : headOf(reading, key) && source.heads
        ? source.heads(key, core.v)
        : source.terms(key, core.v);
    reading.shards.set(key, pending);
  }
  return pending;
}

function bucketOf(reading: Reading, term: string): Promise<TermShard> {
  const bucket = codeBucket(term, reading.core.cb);
  let pending = reading.buckets.get(bucket);
  if (!pending) reading.buckets.set(bucket, (pending = reading.source.codes(bucket, reading.core.v)));
  return pending;
}

function hasLongerKey(reading: Reading, prefix: string): boolean {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  for (const next of alphabet) {
    if (inBitmap(reading.keys, prefix + next)) return true;
    if (prefix.length === 1)
      for (const third of alphabet) if (inBitmap(reading.keys, prefix + next + third)) return true;
  }
  return false;
}

function wordsOf(reading: Reading, letter: string): Promise<WordsFile | null> {
  let pending = reading.wordLists.get(letter);
  if (!pending) {
    pending = reading.core.wl.includes(letter)
      ? reading.source.words(letter, reading.core.v)
      : Promise.resolve(null);
    reading.wordLists.set(letter, pending);
  }
  return pending;
}

/** A term's postings, decoded, from the engine's kept ones or its file. */
async function postingsOf(reading: Reading, { term, code, prefixFile }: TermRef): Promise<Decoded | null> {
  const { source, core, decoded } = reading;
  const head = !code && !prefixFile && headOf(reading, shardKey(term));
  const name = code ? `c/${term}` : prefixFile ? `p/${term}` : head ? `h/${term}` : term;
  const cached = decoded.get(name);
  if (cached) return cached;
  const file = code
    ? await bucketOf(reading, term)
    : prefixFile
      ? await source.prefixes(term, core.v)
      : await shardOf(reading, shardKey(term));
  const found = file?.t[term];
  if (!found) return null;
  const result = decodePostings(found, core.n, file?.h?.[term] !== undefined);
  if (decoded.size >= DECODED_TERMS) decoded.delete(decoded.keys().next().value ?? '');
  decoded.set(name, result);
  return result;
}

/** Postings as the file has them (files.ts `Postings`), as product numbers and infos with the weight in. */
function decodePostings([gaps, infos, weight, complement]: Postings, n: number, isCut: boolean): Decoded {
  let ids = new Int32Array(gaps.length);
  let id = 0;
  gaps.forEach((gap, at) => (ids[at] = id += gap));
  let packed = Int32Array.from(infos, (one) => info.withWeight(one, weight));
  if (complement === 1) {
    // Written the other way round (files.ts `Postings`): every product but those listed, one info for all.
    const without = new Uint8Array(n);
    for (const absent of ids) without[absent] = 1;
    ids = new Int32Array(n - ids.length);
    let at = 0;
    for (let product = 0; product < n; product += 1) if (!without[product]) ids[at++] = product;
    packed = new Int32Array(ids.length).fill(packed[0] ?? 0);
  }
  return isCut ? { ids, infos: packed, cut: true } : { ids, infos: packed };
}
