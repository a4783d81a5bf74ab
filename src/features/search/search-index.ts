/**
 * The search index as the browser reads it (DESIGN.md §3: built at build time, matched in the browser,
 * no token). Two kinds of static file, both written by the build:
 *
 * - `names.json`, fetched first: every searchable product's name, in result order, and nothing else.
 *   Matching needs only the names, and a result's position in this list is its id. The names are
 *   sorted, so each is stored as the length of the prefix it shares with the one before plus the rest
 *   ("front coding"): about a fifth smaller after brotli on varied names, and undone in one pass.
 * - `{shard}.json`: the card details (url key, prices, thumbnail, short description, sku) of `shardSize`
 *   consecutive results, fetched only for the results on screen.
 *
 * Both carry the build's version; a shard from another build than the names is refused, so a shopper
 * holding a cached names file never sees another product's details under a name.
 *
 * The files are our own build output on our own origin, yet they are still data arriving over the wire:
 * each is checked field by field here instead of cast. A small hand-written check keeps zod out of the
 * search page's JavaScript.
 */

/** Where the index files are served, below the search route (which has no files of its own). */
export const SEARCH_INDEX_BASE = '/search/data';
export const namesUrl = (): string => `${SEARCH_INDEX_BASE}/names.json`;
/** The version in the query makes a new build's shard a new URL for any cache on the way. */
export const shardUrl = (shard: number, version: string): string =>
  `${SEARCH_INDEX_BASE}/${shard}.json?v=${encodeURIComponent(version)}`;

/** What `names.json` holds. */
export interface SearchNamesFile {
  /** The build's index version (a content hash). */
  v: string;
  /** Results per detail shard: result `i` is record `i % s` of shard `⌊i / s⌋`. */
  s: number;
  /**
   * Product names in the order results are listed, front-coded: each entry's first character is
   * `PREFIX_BASE + k`, where k is how many leading characters it shares with the previous name, and the
   * rest is what follows them. `["0Alpha", "3ine"]` is "Alpha", "Alpine".
   */
  n: string[];
}

/** The names file, decoded. */
export interface SearchNames {
  v: string;
  s: number;
  /** Product names, in the order results are listed. */
  n: string[];
}

/** Character code of a shared-prefix length of 0; lengths go up to `MAX_PREFIX` (printable ASCII). */
const PREFIX_BASE = 48;
const MAX_PREFIX = 126 - PREFIX_BASE;

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** Front-codes sorted names (see `SearchNamesFile.n`); never splits a surrogate pair. */
export function frontCode(names: readonly string[]): string[] {
  let previous = '';
  return names.map((name) => {
    let shared = 0;
    const limit = Math.min(previous.length, name.length, MAX_PREFIX);
    while (shared < limit && previous.charCodeAt(shared) === name.charCodeAt(shared)) shared += 1;
    if (shared > 0 && isHighSurrogate(name.charCodeAt(shared - 1))) shared -= 1;
    previous = name;
    return String.fromCharCode(PREFIX_BASE + shared) + name.slice(shared);
  });
}

/**
 * One product's card details, as a tuple to keep the file small: url key, price incl VAT, price excl VAT,
 * thumbnail, text, sku (for the card's wish-list and compare buttons). Cards carry both prices; the
 * shopper's VAT choice shows one (card-html.ts).
 */
export type SearchDetailRecord = [
  urlKey: string,
  priceInclVat: number | null,
  priceExclVat: number | null,
  thumbnail: string,
  summary: string,
  sku: string,
];

/** What `{shard}.json` holds. */
export interface SearchShard {
  v: string;
  /** The shard number, so a misplaced file is caught. */
  i: number;
  d: SearchDetailRecord[];
}

/** A result card's details. */
export interface SearchDetail {
  name: string;
  /** Product page path, `/{url_key}`. */
  href: string;
  /** GBP incl VAT with pence; null when the product has none. */
  priceInclVat: number | null;
  /** GBP excl VAT with pence; null when the product has none. Both null hide the price. */
  priceExclVat: number | null;
  /** Path of the thumbnail under Magento's `catalog/product` media folder; null when there is none. */
  thumbnail: string | null;
  /** Plain-text short description, possibly shortened. */
  summary: string;
  sku: string;
}

export class SearchIndexError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SearchIndexError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function field(file: string, value: Record<string, unknown>, key: string): unknown {
  if (!(key in value)) throw new SearchIndexError(`${file}: field "${key}" is missing`);
  return value[key];
}

function text(file: string, where: string, value: unknown): string {
  if (typeof value !== 'string') throw new SearchIndexError(`${file}: ${where} should be a string`);
  return value;
}

function wholeNumber(file: string, where: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new SearchIndexError(`${file}: ${where} should be a whole number`);
  return value;
}

/** Parses `names.json` and undoes the front coding; throws a `SearchIndexError` naming the field at fault. */
export function decodeNames(data: unknown): SearchNames {
  const file = 'names.json';
  if (!isRecord(data)) throw new SearchIndexError(`${file}: should be an object`);
  const v = text(file, '"v"', field(file, data, 'v'));
  const s = wholeNumber(file, '"s"', field(file, data, 's'));
  if (s === 0) throw new SearchIndexError(`${file}: "s" should be at least 1`);
  const entries = field(file, data, 'n');
  if (!Array.isArray(entries)) throw new SearchIndexError(`${file}: "n" should be a list`);
  let previous = '';
  const n = entries.map((entry, index) => {
    const coded = text(file, `"n"[${index}]`, entry);
    const shared = coded.charCodeAt(0) - PREFIX_BASE;
    if (!(shared >= 0 && shared <= Math.min(previous.length, MAX_PREFIX)))
      throw new SearchIndexError(`${file}: "n"[${index}] should start with a shared-prefix length`);
    previous = previous.slice(0, shared) + coded.slice(1);
    return previous;
  });
  return { v, s, n };
}

function price(file: string, where: string, value: unknown): number | null {
  if (value !== null && (typeof value !== 'number' || !Number.isFinite(value) || value <= 0))
    throw new SearchIndexError(`${file}: ${where} should be a positive price or null`);
  return value;
}

function decodeRecord(file: string, value: unknown, index: number): SearchDetailRecord {
  const where = `"d"[${index}]`;
  if (!Array.isArray(value) || value.length !== 6)
    throw new SearchIndexError(`${file}: ${where} should be a list of 6 values`);
  const [urlKey, inclVat, exclVat, thumbnail, summary, sku] = value as unknown[];
  return [
    text(file, `${where}[0]`, urlKey),
    price(file, `${where}[1]`, inclVat),
    price(file, `${where}[2]`, exclVat),
    text(file, `${where}[3]`, thumbnail),
    text(file, `${where}[4]`, summary),
    text(file, `${where}[5]`, sku),
  ];
}

/** Parses a detail shard; throws a `SearchIndexError` naming the field at fault. */
export function decodeShard(data: unknown, shard: number): SearchShard {
  const file = `${shard}.json`;
  if (!isRecord(data)) throw new SearchIndexError(`${file}: should be an object`);
  const v = text(file, '"v"', field(file, data, 'v'));
  const i = wholeNumber(file, '"i"', field(file, data, 'i'));
  if (i !== shard) throw new SearchIndexError(`${file}: holds shard ${i}`);
  const records = field(file, data, 'd');
  if (!Array.isArray(records)) throw new SearchIndexError(`${file}: "d" should be a list`);
  return { v, i, d: records.map((record, index) => decodeRecord(file, record, index)) };
}

/** The card details of result `index`, from its name and its shard's record. */
export function toDetail(name: string, record: SearchDetailRecord): SearchDetail {
  const [urlKey, priceInclVat, priceExclVat, thumbnail, summary, sku] = record;
  return {
    name,
    href: `/${urlKey}`,
    priceInclVat,
    priceExclVat,
    thumbnail: thumbnail === '' ? null : thumbnail,
    summary,
    sku,
  };
}
