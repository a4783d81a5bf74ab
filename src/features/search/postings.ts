/**
 * The search index's term files (files.ts) from every product's terms (terms.ts): the word shards, the
 * one- and two-character prefix files, the code buckets and the words lists. Products are numbered by
 * their place in the index's order, and each term lists the products having it.
 */
import {
  codeBucket,
  KEY_SPACE,
  keyNumber,
  shardKey,
  type Postings,
  type TermShard,
  type WordsFile,
} from './files.ts';
import { FIELD, info } from './info.ts';
import type { Hit, ProductTerms } from './terms.ts';

interface TermList {
  ids: number[];
  infos: number[];
  weight: number;
}

/**
 * For every one- and two-character prefix, the products having any word that starts with it (written as
 * `p/{prefix}.json`): the results page finds "s" or "pc" as the spec's rule did, with one file instead of
 * every shard under the prefix. Each product keeps the info of its first such word.
 */
function prefixUnions(lists: ReadonlyMap<string, TermList>, total: number): Map<string, TermList> {
  const sorted = [...lists.keys()].sort();
  const stamp = new Int32Array(total).fill(-1);
  const unions = new Map<string, TermList>();
  let round = 0;
  for (const length of [1, 2]) {
    for (let from = 0; from < sorted.length;) {
      const prefix = (sorted[from] ?? '').slice(0, length);
      if (prefix.length < length) {
        from += 1;
        continue;
      }
      let to = from;
      while (to < sorted.length && (sorted[to] ?? '').startsWith(prefix)) to += 1;
      const ids: number[] = [];
      const infos = new Map<number, number>();
      for (let at = from; at < to; at += 1) {
        const term = sorted[at] ?? '';
        const list = lists.get(term);
        if (!list || term.length <= length) continue;
        list.ids.forEach((id, i) => {
          if (stamp[id] === round) return;
          stamp[id] = round;
          ids.push(id);
          infos.set(id, list.infos[i] ?? 0);
        });
      }
      if (ids.length > 0) {
        ids.sort((a, b) => a - b);
        unions.set(prefix, { ids, infos: ids.map((id) => infos.get(id) ?? 0), weight: 1 });
      }
      round += 1;
      from = to;
    }
  }
  return unions;
}

/** Terms per code bucket, on average: a bucket is fetched whole to look one code up. */
const CODES_PER_BUCKET = 128;

/** The core's bitmap of existing shard keys, base64. */
function keyBitmap(keys: Iterable<string>): string {
  const bytes = new Uint8Array(Math.ceil(KEY_SPACE / 8));
  for (const key of keys) {
    const bit = keyNumber(key);
    if (bit >= 0) bytes[bit >> 3] = (bytes[bit >> 3] ?? 0) | (1 << (bit & 7));
  }
  return Buffer.from(bytes).toString('base64');
}

function addPosting(
  lists: Map<string, TermList>,
  term: string,
  id: number,
  packed: number,
  weight: number,
): void {
  let list = lists.get(term);
  if (!list) lists.set(term, (list = { ids: [], infos: [], weight }));
  list.ids.push(id);
  list.infos.push(packed);
  list.weight = Math.max(list.weight, weight);
}

/** The commonest value of a list. */
function commonest(values: readonly number[]): number {
  const counts = new Map<number, number>();
  let best = values[0] ?? 0;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > (counts.get(best) ?? 0)) best = value;
  }
  return best;
}

const gapsOf = (ids: readonly number[]): number[] => ids.map((id, at) => id - (ids[at - 1] ?? 0));

/** A term's postings as written (`Postings`): the other way round when most of `total` products have it. */
function postingsOf(list: TermList, total: number): Postings {
  if (list.ids.length * 2 <= total) return [gapsOf(list.ids), list.infos, list.weight];
  const having = new Set(list.ids);
  const without = Array.from({ length: total }, (_, id) => id).filter((id) => !having.has(id));
  const shared = commonest(
    list.infos.map((packed) =>
      info.pack(info.fields(packed), info.position(packed), info.endsName(packed), false),
    ),
  );
  return [gapsOf(without), [shared], list.weight, 1];
}

/** Term shards (or code buckets) of `lists`, by the key `keyOf` gives each term, terms in order. */
function shardsOf(
  lists: Map<string, TermList>,
  total: number,
  v: string,
  keyOf: (term: string) => string,
): Map<string, TermShard> {
  const shards = new Map<string, TermShard>();
  for (const [term, list] of [...lists].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const key = keyOf(term);
    let shard = shards.get(key);
    if (!shard) shards.set(key, (shard = { v, t: {} }));
    shard.t[term] = postingsOf(list, total);
  }
  return shards;
}

/**
 * A shard is given a head when its postings are more than this many: at 100,000 products the shards of
 * the commonest words ("cleaner", "pressure", "vacuum") weigh 10–20 KB, more than a keystroke's 5 KB.
 */
const HEAD_FROM = 8000;
/** The postings a cut term keeps in a head: the suggestions show ten, from the best of these. */
const HEAD_POSTINGS = 200;

/** When a shard gets a head (more postings than `from`), and how many postings a cut term keeps. */
export interface HeadSizes {
  from: number;
  keep: number;
}

/** How a posting ranks for a one-word query (rank.ts): a name's last word, then in the name, in stock. */
function headRank(packed: number): number {
  const fields = info.fields(packed);
  const tier =
    fields & FIELD.name ? (info.endsName(packed) ? 0 : 1) : fields & (FIELD.sku | FIELD.model) ? 2 : 3;
  return tier * 2 + (info.inStock(packed) ? 0 : 1);
}

/**
 * The head of a large shard: each term with more than HEAD_POSTINGS products cut to its best ones (by
 * `headRank`, then product number), still in product order; the others, and the terms written the other
 * way round (already small), whole. Null for a shard small enough to fetch while typing.
 */
export function headShard(
  shard: TermShard,
  { from, keep }: HeadSizes = { from: HEAD_FROM, keep: HEAD_POSTINGS },
): TermShard | null {
  const listed = Object.values(shard.t).reduce(
    (sum, [gaps, , , complement]) => sum + (complement ? 0 : gaps.length),
    0,
  );
  if (listed <= from) return null;
  const head: TermShard = { v: shard.v, t: {}, h: {} };
  for (const [term, postings] of Object.entries(shard.t)) {
    const [gaps, infos, weight, complement] = postings;
    if (complement || gaps.length <= keep) {
      head.t[term] = postings;
      continue;
    }
    let id = 0;
    const ids = gaps.map((gap) => (id += gap));
    const best = ids
      .map((_, at) => at)
      .sort((a, b) => headRank(infos[a] ?? 0) - headRank(infos[b] ?? 0) || a - b)
      .slice(0, keep)
      .sort((a, b) => a - b);
    head.t[term] = [gapsOf(best.map((at) => ids[at] ?? 0)), best.map((at) => infos[at] ?? 0), weight];
    (head.h ??= {})[term] = gaps.length;
  }
  return head;
}

/** The term files of an index, and the core's fields that describe them. */
export interface TermFiles {
  terms: Map<string, TermShard>;
  /** The heads of the large term shards, by key (`headShard`). */
  heads: Map<string, TermShard>;
  prefixes: Map<string, TermShard>;
  codes: TermShard[];
  words: Map<string, WordsFile>;
  /**
   * The core's bitmaps of existing shard keys (`k`) and of those with a head (`hk`), its code bucket count
   * (`cb`) and word letters (`wl`).
   */
  keys: string;
  headKeys: string;
  bucketCount: number;
  letters: string;
}

/** One product of the index: its terms, its stock and the position of the last word of its name. */
export interface IndexedTerms {
  readonly found: ProductTerms;
  readonly inStock: boolean;
  readonly lastWord: number;
}

/** The term files of `products`, numbered in order; `v` is the index's version, written in each file. */
export function assemblePostings(
  products: readonly IndexedTerms[],
  v: string,
  headSizes?: HeadSizes,
): TermFiles {
  const lists = new Map<string, TermList>();
  const codeLists = new Map<string, TermList>();
  const variantTerms = new Map<string, Record<string, string>>();
  products.forEach(({ found, inStock, lastWord }, id) => {
    for (const [term, query] of found.variants) {
      let byProduct = variantTerms.get(term);
      if (!byProduct) variantTerms.set(term, (byProduct = {}));
      byProduct[id] = query;
    }
    const pack = (hit: Hit): number =>
      info.pack(
        hit.fields,
        hit.position,
        hit.fields & FIELD.name ? hit.position === lastWord : false,
        inStock,
      );
    for (const [term, hit] of found.words) addPosting(lists, term, id, pack(hit), hit.weight);
    for (const [term, hit] of found.codes) addPosting(codeLists, term, id, pack(hit), hit.weight);
  });
  const total = products.length;
  const terms = shardsOf(lists, total, v, shardKey);
  const prefixes = new Map(
    [...prefixUnions(lists, total)].map(([prefix, list]): [string, TermShard] => [
      prefix,
      { v, t: { [prefix]: postingsOf(list, total) } },
    ]),
  );
  const bucketCount = Math.max(1, Math.ceil(codeLists.size / CODES_PER_BUCKET));
  const buckets = shardsOf(codeLists, total, v, (term) => String(codeBucket(term, bucketCount)));
  const codes = Array.from({ length: bucketCount }, (_, at) => buckets.get(String(at)) ?? { v, t: {} });
  for (const [term, byProduct] of [...variantTerms].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const bucket = codes[codeBucket(term, bucketCount)];
    if (bucket) (bucket.x ??= {})[term] = byProduct;
  }
  const words = wordsFiles(lists, v);
  const heads = new Map<string, TermShard>();
  for (const [key, shard] of terms) {
    const head = headShard(shard, headSizes);
    if (head) heads.set(key, head);
  }
  return {
    ...{ terms, heads, prefixes, codes, words, bucketCount },
    keys: keyBitmap(terms.keys()),
    headKeys: keyBitmap(heads.keys()),
    letters: [...words.keys()].sort().join(''),
  };
}

/** The words lists: every word of three letters or more, by its first letter, with how many products have it. */
function wordsFiles(lists: ReadonlyMap<string, TermList>, v: string): Map<string, WordsFile> {
  const byLetter = new Map<string, [string, number][]>();
  for (const [term, list] of lists) {
    if (term.length < 3 || !/^[a-z]+$/.test(term)) continue;
    const letter = term.charAt(0);
    let entries = byLetter.get(letter);
    if (!entries) byLetter.set(letter, (entries = []));
    entries.push([term, list.ids.length]);
  }
  return new Map(
    [...byLetter]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([letter, entries]): [string, WordsFile] => {
        entries.sort(([a], [b]) => (a < b ? -1 : 1));
        return [
          letter,
          { v, w: entries.map(([word]) => word).join(' '), f: entries.map(([, count]) => count) },
        ];
      }),
  );
}
