/**
 * Parsing the search index files (files.ts) as they arrive: our own build output, yet still data over the
 * wire, so each is checked by hand (no zod in the browser's bundle) and narrowed to its type by the check,
 * never cast. A file of another numbering than the core in hand is a `StaleIndexError`: the engine starts
 * again from a fresh core.
 */
import { isRecord } from '@cleaning-shop/kit/reader.ts';
import type { RecordShard, SearchCore, TermShard, VariantPrices, WordsFile } from './files.ts';

type Fields = Record<string, unknown>;

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

const isNumbers = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'number');
const isVariantPrices = (value: unknown): value is VariantPrices =>
  isRecord(value) &&
  Object.values(value).every(
    (prices) =>
      Array.isArray(prices) &&
      prices.length === 2 &&
      prices.every((price) => price === null || typeof price === 'number'),
  );

function check(condition: boolean, file: string, what: string): asserts condition {
  if (!condition) throw new SearchIndexError(`${file}: ${what}`);
}

/** Checks that `data` is an object of index `v` (of any index when `v` is undefined). */
export function checkVersion(
  data: unknown,
  file: string,
  v: string | undefined,
): asserts data is Fields & { v: string } {
  check(isRecord(data) && typeof data['v'] === 'string', file, 'should be an object with a version "v"');
  if (v !== undefined && data['v'] !== v)
    throw new StaleIndexError(`${file} is of index ${String(data['v'])}, not ${v}`);
}

const isAudiences = (value: unknown): boolean =>
  value === undefined ||
  (Array.isArray(value) &&
    value.every(
      (audience) =>
        Array.isArray(audience) &&
        typeof audience[0] === 'string' &&
        Array.isArray(audience[1]) &&
        audience[1].every((phrase) => typeof phrase === 'string') &&
        isNumbers(audience[2]),
    ));

const isJobs = (value: unknown): boolean =>
  value === undefined ||
  (Array.isArray(value) &&
    value.every((job) => Array.isArray(job) && typeof job[0] === 'string' && isNumbers(job[1])));

const isNotSold = (value: unknown): boolean =>
  value === undefined ||
  (Array.isArray(value) &&
    value.every(
      (entry) =>
        Array.isArray(entry) &&
        Array.isArray(entry[0]) &&
        entry[0].every((phrase) => typeof phrase === 'string') &&
        typeof entry[1] === 'string' &&
        isNumbers(entry[2]),
    ));

function checkCore(core: Fields, file: string): asserts core is Fields & SearchCore {
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
  check(isRecord(core['syn']), file, '"syn" should be an object');
  check(
    Array.isArray(core['facets']) && Array.isArray(core['sorts']) && Array.isArray(core['columns']),
    file,
    'filters missing',
  );
  check(core['fm'] === undefined || typeof core['fm'] === 'number', file, '"fm" should be a number');
  check(isAudiences(core['au']), file, '"au" should list audiences as [name, phrases, runs]');
  check(isJobs(core['jb']), file, '"jb" should list jobs as [phrase, applications]');
  check(
    core['jr'] === undefined || (Array.isArray(core['jr']) && core['jr'].every(isNumbers)),
    file,
    '"jr" should list runs',
  );
  check(
    core['jc'] === undefined || (Array.isArray(core['jc']) && core['jc'].every(isNumbers)),
    file,
    '"jc" should list places of categories',
  );
  check(core['jn'] === undefined || typeof core['jn'] === 'number', file, '"jn" should be a number');
  check(
    core['jw'] === undefined ||
      (Array.isArray(core['jw']) && core['jw'].every((word) => typeof word === 'string')),
    file,
    '"jw" should list words',
  );
  check(isNotSold(core['ns']), file, '"ns" should list things not sold as [phrases, name, near]');
}

export function decodeCore(data: unknown): SearchCore {
  const file = 'core.json';
  checkVersion(data, file, undefined);
  checkCore(data, file);
  return data;
}

const isPostings = (postings: unknown): boolean =>
  Array.isArray(postings) &&
  isNumbers(postings[0]) &&
  isNumbers(postings[1]) &&
  (postings[3] === 1 ? postings[1].length === 1 : postings[0].length === postings[1].length) &&
  typeof postings[2] === 'number';

const isCounts = (cut: unknown): boolean =>
  cut === undefined || (isRecord(cut) && Object.values(cut).every((count) => typeof count === 'number'));

const isVariantQueries = (variants: unknown): boolean =>
  variants === undefined ||
  (isRecord(variants) &&
    Object.values(variants).every(
      (byProduct) =>
        isRecord(byProduct) && Object.values(byProduct).every((query) => typeof query === 'string'),
    ));

function checkTermShard(shard: Fields, file: string): asserts shard is Fields & TermShard {
  const terms = shard['t'];
  check(isRecord(terms), file, '"t" should be an object');
  for (const [term, postings] of Object.entries(terms))
    check(isPostings(postings), file, `"${term}" should be two lists of numbers of one length and a weight`);
  check(isCounts(shard['h']), file, '"h" should give each cut term its count');
  check(isVariantQueries(shard['x']), file, '"x" should give each term a query by product');
}

/** Parses a term shard (`t/{key}.json`), or a code bucket or prefix file (`key` then `c/{n}`, `p/{prefix}`). */
export function decodeTermShard(data: unknown, key: string, v: string): TermShard {
  const file = key.includes('/') ? `${key}.json` : `t/${key}.json`;
  checkVersion(data, file, v);
  checkTermShard(data, file);
  return data;
}

function checkWords(words: Fields, file: string): asserts words is Fields & WordsFile {
  check(typeof words['w'] === 'string' && isNumbers(words['f']), file, '"w" should be text and "f" numbers');
}

export function decodeWords(data: unknown, letter: string, v: string): WordsFile {
  const file = `w/${letter}.json`;
  checkVersion(data, file, v);
  checkWords(data, file);
  return data;
}

const isProductRecord = (record: unknown): boolean =>
  Array.isArray(record) &&
  (record.length === 11 ||
    ((record.length === 12 || record.length === 13) &&
      (record[11] === 0 || (isNumbers(record[11]) && record[11].length === 2)) &&
      (record.length === 12 || isVariantPrices(record[12])))) &&
  typeof record[0] === 'string' &&
  typeof record[1] === 'string' &&
  typeof record[2] === 'string' &&
  typeof record[10] === 'string';

function checkRecordShard(
  records: Fields,
  shard: number,
  file: string,
): asserts records is Fields & RecordShard {
  check(records['i'] === shard, file, `should hold shard ${shard}`);
  const list = records['d'];
  check(Array.isArray(list) && list.every(isProductRecord), file, '"d" should list product records');
}

export function decodeRecordShard(data: unknown, shard: number, v: string): RecordShard {
  const file = `d/${shard}.json`;
  checkVersion(data, file, v);
  checkRecordShard(data, shard, file);
  return data;
}
