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
 * (no zod in the browser's bundle) in decode.ts. How a posting's info is packed is info.ts.
 */
import { bucketOf } from '@cleaning-shop/kit/buckets.ts';
import type { AttributeSort, Facet, IndexedProduct, RatingPair } from '../listing/index.ts';

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

/** The code bucket of a term: its bucket (FNV-1a of its characters) of the core's bucket count. */
export const codeBucket = (term: string, buckets: number): number => bucketOf(term, buckets);

/**
 * The merchant's synonyms as the core carries them (compiled by synonyms.ts): a query phrase (its words'
 * texts joined by spaces) → the other phrases it also finds, likewise joined.
 */
export type SynonymTable = Record<string, string[]>;

/** The longest synonym phrase, in words: how far a query is scanned for one. */
export const MAX_SYNONYM_WORDS = 4;

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

/** An audience as the core carries it: its name, the phrases naming it (index words), its products' runs. */
export type CoreAudience = [name: string, phrases: string[], runs: number[]];

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
  /** The jobs a query may name ("caravan"), and their products (jobs.ts); absent when none. */
  jb?: CoreJob[];
  /** The applications the jobs are for: the records' `applications` column holds places in it. */
  ja?: string[];
  /** Per application of `ja`, the runs of the products of the categories made for it. */
  jr?: number[][];
  /** Per application of `ja`, the places in `c` of the categories made for it: a job named alone leads there. */
  jc?: number[][];
  /** How many of `jb` name a job wherever they are; the rest only in a job's query (jobs.ts). */
  jn?: number;
  /** The words left out of a query naming a job ("clean", "get", "off"; jobs.ts). */
  jw?: string[];
  /** The things the shop does not sell (not-sold.ts); absent when none. */
  ns?: CoreNotSold[];
}

/**
 * A thing the shop does not sell, as the core carries it: the phrases naming it (index words), its name
 * as the page says it ("dishwashers"), and its near categories' places in the core's `c`.
 */
/** A job as the core carries it: the phrase naming it (index words), and its applications' places in `ja`. */
export type CoreJob = [phrase: string, applications: number[]];

/** The records' column of each product's own applications, places in the core's `ja` (job-order.ts). */
export const APPLICATIONS = 'applications';

export type CoreNotSold = [phrases: string[], name: string, near: number[]];

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
 * that child's price on its card, not the cheapest child's (records.ts).
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
