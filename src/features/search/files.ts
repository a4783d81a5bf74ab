/**
 * The search index as static files (issue 23, DESIGN.md §3): built with the site from the catalogue
 * snapshot, read by the browser a piece at a time and by the storefront server's no-JavaScript results
 * page, with the same engine (engine.ts). Four kinds, all under `/search/data/`:
 *
 * - `core.json`, fetched when the search box is focused: the categories with their product counts, the
 *   synonyms, which term shards exist, and the results
 *   page's filters (the attributes Magento marks `is_filterable_in_search`).
 * - `t/{key}.json`, term shards: every index term whose first three letters are `key` (a shorter term is
 *   its own key) with its postings: the products it occurs in and how. A query word needs one shard, and
 *   a word being typed needs no other while it grows past three letters.
 * - `p/{prefix}.json`, for a one- or two-character prefix, every product with a word starting so: the
 *   results page's answer to "s" or "pc" (one file where the prefix's shards would be dozens). A prefix
 *   has one when some longer term starts with it.
 * - `c/{n}.json`, code buckets: the terms of SKUs and model numbers (which hold digits), spread over
 *   buckets by a hash of the term. They are matched whole only ("HG-PW-00156", "pw00156", "00156",
 *   "13246030"), so one small bucket answers a code however long the catalogue, where prefix shards of
 *   100,000 SKUs would each hold thousands.
 * - `w/{letter}.json`, the words (no digits) starting with that letter and how many products have each:
 *   fetched only to correct a word the index does not know.
 * - `d/{n}.json`, product records of `s` consecutive products: what a suggestion or a result card shows,
 *   and the values the results page filters by.
 *
 * Products are numbered in the shop's "Recommended" order (categories in menu order, each in the
 * merchandiser's order), so the results of one query cluster in a few record shards and ties in ranking
 * fall back to that order by comparing numbers. Every file carries `v`, a hash of that numbering: a price
 * or stock change keeps it (so only the files holding that product change), a product added or removed
 * renews it, and a browser holding files of two numberings starts again from a fresh core.
 *
 * The files are our own build output, yet still data arriving over the wire: each is checked by hand
 * (no zod in the browser's bundle).
 */
import type { AttributeSort, Facet, IndexedProduct, RatingPair } from '../listing/listing-index.ts';
import type { CoreAudience } from './audience-slot.ts';

export const SEARCH_DATA = '/search/data';

/** Each file's path below `SEARCH_DATA`: what the build writes and, with the version, what is fetched. */
export const indexPath = {
  core: (): string => 'core.json',
  terms: (key: string): string => `t/${key}.json`,
  heads: (key: string): string => `h/${key}.json`,
  prefix: (prefix: string): string => `p/${prefix}.json`,
  codes: (bucket: number): string => `c/${bucket}.json`,
  words: (letter: string): string => `w/${letter}.json`,
  records: (shard: number): string => `d/${shard}.json`,
};

/** The version in the query makes another numbering's file another URL for any cache on the way. */
const versioned = (path: string, v: string): string => `${SEARCH_DATA}/${path}?v=${v}`;
export const coreUrl = (): string => `${SEARCH_DATA}/${indexPath.core()}`;
export const termShardUrl = (key: string, v: string): string => versioned(indexPath.terms(key), v);
export const headShardUrl = (key: string, v: string): string => versioned(indexPath.heads(key), v);
export const prefixUrl = (prefix: string, v: string): string => versioned(indexPath.prefix(prefix), v);
export const codeBucketUrl = (bucket: number, v: string): string => versioned(indexPath.codes(bucket), v);
export const wordsUrl = (letter: string, v: string): string => versioned(indexPath.words(letter), v);
export const recordShardUrl = (shard: number, v: string): string => versioned(indexPath.records(shard), v);

/** A term's shard key: its first three characters. */
export const shardKey = (term: string): string => term.slice(0, 3);

/** The code bucket of a term: FNV-1a of its characters, modulo the core's bucket count. */
export function codeBucket(term: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < term.length; at += 1) hash = Math.imul(hash ^ term.charCodeAt(at), 0x01000193);
  return (hash >>> 0) % buckets;
}

/**
 * The merchant's synonyms as the core carries them (compiled by synonyms.ts): a query phrase (its words'
 * texts joined by spaces) → the other phrases it also finds, likewise joined.
 */
export type SynonymTable = Record<string, string[]>;

/** The longest synonym phrase, in words: how far a query is scanned for one. */
export const MAX_SYNONYM_WORDS = 4;

/** Where a posting's term occurs, as bits of `Posting` info. */
export const FIELD = {
  name: 1,
  sku: 2,
  model: 4,
  brand: 8,
  category: 16,
  attribute: 32,
  /** The whole SKU or model number, however typed: puts its product first. */
  code: 64,
} as const;

/**
 * A posting's info, packed in one number: field bits (0–6), the term's first word position in the name
 * (7–10, capped at 15), whether that word ends the name (11: with position 0 of the first query word, "the
 * whole name"), and in stock (12). The engine adds the term's search weight (16–19) once read: the files
 * carry it once per term; in the slot of a model a query names (fit-slot.ts), whether the product fits
 * that model or is one of its machines (13–14, `FIT`); and, for a slot of several words (a synonym's
 * phrase), that they are all in the name but not as that phrase (15, `scattered`: sets.ts `intersect`).
 */
export const info = {
  pack: (fields: number, position: number, endsName: boolean, inStock: boolean): number =>
    fields | (Math.min(position, 15) << 7) | (endsName ? 1 << 11 : 0) | (inStock ? 1 << 12 : 0),
  withWeight: (packed: number, weight: number): number => (packed & 0xffff) | (Math.min(weight, 15) << 16),
  fields: (packed: number): number => packed & 127,
  position: (packed: number): number => (packed >> 7) & 15,
  endsName: (packed: number): boolean => ((packed >> 11) & 1) === 1,
  inStock: (packed: number): boolean => ((packed >> 12) & 1) === 1,
  weight: (packed: number): number => (packed >> 16) & 15,
  fit: (packed: number): number => (packed >> 13) & 3,
  withFit: (packed: number, fit: number): number => packed | (fit << 13),
  scattered: (packed: number): boolean => ((packed >> 15) & 1) === 1,
  SCATTERED: 1 << 15,
};

/** How a product stands to a model the query names (`info.fit`). */
export const FIT = { none: 0, fits: 1, machine: 2 } as const;

/**
 * A term's postings: product numbers as gaps from the one before (ascending), each one's info, and the
 * heaviest search weight (Magento's 1–10) of the fields the term occurs in. A term most products have
 * (the brand of a one-brand shop) is written the other way round, `complement` 1: the numbers of the
 * products WITHOUT it, and one info for all that have it (their commonest, stock left out), so the most
 * common words cost the least to fetch.
 */
export type Postings = [gaps: number[], infos: number[], weight: number, complement?: 1];

/** A category a query may lead to: name, listing path, product count, and its audience's name. */
export type CategoryEntry = [name: string, path: string, count: number, audience: string];

export interface SearchCore {
  v: string;
  /** How many products the index holds. */
  n: number;
  /** Products per record shard. */
  s: number;
  /** Which term shards exist: a bitmap over `keyNumber`, base64. */
  k: string;
  /** Which term shards have a head (`h/{key}.json`, see `TermShard.h`): the same kind of bitmap. */
  hk?: string;
  /** How many code buckets there are (`codeBucket`). */
  cb: number;
  c: CategoryEntry[];
  /** The first letters that have a words file (`w/{letter}.json`). */
  wl: string;
  syn: SynonymTable;
  /** The results page's filters and sorts, over `IndexedProduct` values in `columns` order. */
  facets: Facet[];
  sorts: AttributeSort[];
  columns: string[];
  /** How many machine models search knows (`f/models.json`, fit-data.ts); absent when none. */
  fm?: number;
  /** The audiences a query may name, and their products (audience-slot.ts); absent when none. */
  au?: CoreAudience[];
}

export interface TermShard {
  v: string;
  t: Record<string, Postings>;
  /**
   * In a head (`h/{key}.json`, what typing reads of a large shard): the terms cut to their best postings
   * (name words ending the name first, then in the name, in stock, the "Recommended" order), with how
   * many products each has in all. A search that relied on a cut term and found too few, or none with
   * every word, reads the whole shard.
   */
  h?: Record<string, number>;
  /**
   * In a code bucket: the terms of a configurable's child's SKU or model number that only that child has,
   * by product number: the query of the parent's page that chooses the child (`volume=5-l`).
   */
  x?: Record<string, Record<string, string>>;
}

export interface WordsFile {
  v: string;
  /** Words, space-separated, and how many products have each (same order). */
  w: string;
  f: number[];
}

/**
 * A product record: the listing's product tuple, the short description a result card shows and, only for
 * a product with reviews, its rating `[percent, count]` (the stars on its card; the rating sort and filter;
 * 0 for none when prices follow); and for a configurable whose children's prices differ, theirs.
 */
export type SearchRecord = [
  ...IndexedProduct,
  summary: string,
  rating?: RatingPair | 0,
  sizes?: VariantPrices,
];

/**
 * A configurable's children's prices whose prices differ, by the query of its page that chooses each
 * (`volume=5-l`): a search that opens the parent at one child (its size or its code, `TermShard.x`) shows
 * that child's price on its card, not the cheapest child's (engine.ts `records`).
 */
export type VariantPrices = Record<string, [inclVat: number | null, exclVat: number | null]>;

export interface RecordShard {
  v: string;
  i: number;
  d: SearchRecord[];
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const KEY_OFFSETS = [0, 0, 36, 36 + 36 ** 2];
export const KEY_SPACE = 36 + 36 ** 2 + 36 ** 3;

/** The bit of a shard key (1–3 characters of a-z0-9) in the core's bitmap; -1 for any other text. */
export function keyNumber(key: string): number {
  if (key.length < 1 || key.length > 3) return -1;
  let value = 0;
  for (const char of key) {
    const digit = ALPHABET.indexOf(char);
    if (digit === -1) return -1;
    value = value * 36 + digit;
  }
  return (KEY_OFFSETS[key.length] ?? 0) + value;
}

export class SearchIndexError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SearchIndexError';
  }
}

/** Files of another numbering than the core in hand: the caller starts again from a fresh core. */
export class StaleIndexError extends SearchIndexError {
  constructor(message: string) {
    super(message);
    this.name = 'StaleIndexError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumbers = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'number');
const isVariantPrices = (value: unknown): value is VariantPrices =>
  isObject(value) &&
  Object.values(value).every(
    (prices) =>
      Array.isArray(prices) &&
      prices.length === 2 &&
      prices.every((price) => price === null || typeof price === 'number'),
  );

function check(condition: boolean, file: string, what: string): asserts condition {
  if (!condition) throw new SearchIndexError(`${file}: ${what}`);
}

function versionOf(data: unknown, file: string, v: string | undefined): Record<string, unknown> {
  check(isObject(data) && typeof data['v'] === 'string', file, 'should be an object with a version "v"');
  if (v !== undefined && data['v'] !== v)
    throw new StaleIndexError(`${file} is of index ${String(data['v'])}, not ${v}`);
  return data;
}

export function decodeCore(data: unknown): SearchCore {
  const file = 'core.json';
  const core = versionOf(data, file, undefined);
  check(
    typeof core['n'] === 'number' &&
      typeof core['s'] === 'number' &&
      core['s'] > 0 &&
      typeof core['cb'] === 'number',
    file,
    '"n", "s" and "cb" should be numbers',
  );
  check(
    typeof core['k'] === 'string' && typeof core['wl'] === 'string',
    file,
    '"k" and "wl" should be strings',
  );
  check(
    Array.isArray(core['c']) && core['c'].every((c) => Array.isArray(c) && c.length === 4),
    file,
    '"c" should list categories',
  );
  check(isObject(core['syn']), file, '"syn" should be an object');
  check(
    Array.isArray(core['facets']) && Array.isArray(core['sorts']) && Array.isArray(core['columns']),
    file,
    'filters missing',
  );
  check(core['fm'] === undefined || typeof core['fm'] === 'number', file, '"fm" should be a number');
  check(
    core['au'] === undefined ||
      (Array.isArray(core['au']) &&
        core['au'].every(
          (audience) =>
            Array.isArray(audience) &&
            typeof audience[0] === 'string' &&
            Array.isArray(audience[1]) &&
            audience[1].every((phrase) => typeof phrase === 'string') &&
            isNumbers(audience[2]),
        )),
    file,
    '"au" should list audiences as [name, phrases, runs]',
  );
  return core as unknown as SearchCore;
}

/** Parses a term shard (`t/{key}.json`), or a code bucket or prefix file (`key` then `c/{n}`, `p/{prefix}`). */
export function decodeTermShard(data: unknown, key: string, v: string): TermShard {
  const file = key.includes('/') ? `${key}.json` : `t/${key}.json`;
  const shard = versionOf(data, file, v);
  const terms = shard['t'];
  check(isObject(terms), file, '"t" should be an object');
  for (const [term, postings] of Object.entries(terms))
    check(
      Array.isArray(postings) &&
        isNumbers(postings[0]) &&
        isNumbers(postings[1]) &&
        (postings[3] === 1 ? postings[1].length === 1 : postings[0].length === postings[1].length) &&
        typeof postings[2] === 'number',
      file,
      `"${term}" should be two lists of numbers of one length and a weight`,
    );
  const cut = shard['h'];
  check(
    cut === undefined || (isObject(cut) && Object.values(cut).every((count) => typeof count === 'number')),
    file,
    '"h" should give each cut term its count',
  );
  const variants = shard['x'];
  check(
    variants === undefined ||
      (isObject(variants) &&
        Object.values(variants).every(
          (byProduct) =>
            isObject(byProduct) && Object.values(byProduct).every((query) => typeof query === 'string'),
        )),
    file,
    '"x" should give each term a query by product',
  );
  return shard as unknown as TermShard;
}

export function decodeWords(data: unknown, letter: string, v: string): WordsFile {
  const file = `w/${letter}.json`;
  const words = versionOf(data, file, v);
  check(typeof words['w'] === 'string' && isNumbers(words['f']), file, '"w" should be text and "f" numbers');
  return words as unknown as WordsFile;
}

export function decodeRecordShard(data: unknown, shard: number, v: string): RecordShard {
  const file = `d/${shard}.json`;
  const records = versionOf(data, file, v);
  check(records['i'] === shard, file, `should hold shard ${shard}`);
  const list = records['d'];
  check(
    Array.isArray(list) &&
      list.every(
        (record) =>
          Array.isArray(record) &&
          (record.length === 11 ||
            ((record.length === 12 || record.length === 13) &&
              (record[11] === 0 || (isNumbers(record[11]) && record[11].length === 2)) &&
              (record.length === 12 || isVariantPrices(record[12])))) &&
          typeof record[0] === 'string' &&
          typeof record[1] === 'string' &&
          typeof record[2] === 'string' &&
          typeof record[10] === 'string',
      ),
    file,
    '"d" should list product records',
  );
  return records as unknown as RecordShard;
}
