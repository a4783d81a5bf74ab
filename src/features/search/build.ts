/**
 * Builds the search index files (files.ts) from the catalogue, at build time.
 *
 * What is indexed, as Magento's quick search does (its `RequestGenerator` reads the attribute metadata):
 * the name, SKU and model number (`supplier_code`) always; the brand (a `brand` or `manufacturer`
 * attribute, when the shop has one) and the products' category names; and the value of every attribute
 * Magento marks `is_searchable`, with its unit ("150 bar"). Each field weighs what Magento's `search_weight`
 * says when the back end gives it (stock Magento's REST does not), else name, SKU and model first.
 * Descriptions stay out: they would make the index three to five times larger (research/search-anchors.md).
 *
 * A configurable product is also found by its children's SKUs and model numbers (the children, visibility 1,
 * are no results of their own); a code only one child has leads to the parent with that child chosen: its
 * code bucket says which (`TermShard.x`, the query `?volume=5-l` of the parent's page).
 */
import { createHash } from 'node:crypto';
import { metaDescription } from '../../catalogue/seo.ts';
import type { CatalogueAttribute, Product } from '../../catalogue/types.ts';
import { variantQuery } from '../../catalogue/variants.ts';
import { buildListingIndex } from '../listing/build-index.ts';
import { splitUnit } from '../listing/numbers.ts';
import {
  codeBucket,
  FIELD,
  indexPath,
  info,
  KEY_SPACE,
  keyNumber,
  shardKey,
  type CategoryEntry,
  type Postings,
  type RecordShard,
  type SearchCore,
  type SearchRecord,
  type TermShard,
  type WordsFile,
} from './files.ts';
import type { SynonymTable } from './synonyms.ts';
import { codeTerms, compactCode, textTerms, wordCount } from './text.ts';

/** Bumped when the files' meaning changes, so browsers holding old files start afresh. */
const FORMAT = 1;
const RECORD_SHARD_SIZE = 32;
/** Short descriptions on result cards are cut (at a word) to this many characters. */
const SUMMARY_MAX = 160;

/** Weights (Magento's 1–10 scale) of the fields whose attribute gives none. */
const DEFAULT_WEIGHT = { name: 10, sku: 9, model: 9, brand: 7, category: 6, attribute: 3 } as const;
const BRAND_CODES = new Set(['brand', 'manufacturer']);
/** Attributes indexed as fields of their own (or not at all: prices, texts, pictures). */
const OWN_FIELDS = new Set([
  'name',
  'sku',
  'supplier_code',
  'price',
  'description',
  'short_description',
  'url_key',
]);

/** A listing the search can lead to, with its products in the merchandiser's order. */
export interface SearchListing {
  name: string;
  path: string;
  /** The audience's name, e.g. "Home & Garden", to tell two "Pressure Washers" apart. */
  audience: string;
  categoryId: number;
  products: readonly Pick<Product, 'sku'>[];
}

export interface SearchBuildInput {
  /** The products search covers (visible in search, with a page), in any order. */
  products: readonly Product[];
  hrefBySku: ReadonlyMap<string, string>;
  attributes: readonly CatalogueAttribute[];
  /** Every listing, in menu order: their order is the "Recommended" order of results (by SKU). */
  listings: readonly SearchListing[];
  synonyms: SynonymTable;
  /**
   * The name of every category a product may be in, by id: a product is found by its categories' names
   * even where the shop has no listing for one. The listings' names when absent.
   */
  categoryNames?: ReadonlyMap<number, string>;
  /** The catalogue's products by sku, where a configurable's children are found; none are indexed without. */
  bySku?: ReadonlyMap<string, Product>;
  recordShardSize?: number;
}

export interface BuiltSearch {
  core: SearchCore;
  terms: Map<string, TermShard>;
  /** Every word starting with a one- or two-character prefix, by prefix. */
  prefixes: Map<string, TermShard>;
  /** Code buckets, by number. */
  codes: TermShard[];
  words: Map<string, WordsFile>;
  records: RecordShard[];
  /** The products by number, in the index's order. */
  products: Product[];
}

/** The products in the "Recommended" order: listings in menu order, then the rest by SKU. */
function recommendedOrder(input: SearchBuildInput): Product[] {
  const wanted = new Map(input.products.map((product) => [product.sku, product]));
  const seen = new Set<string>();
  const ordered: Product[] = [];
  const take = ({ sku }: Pick<Product, 'sku'>): void => {
    const product = wanted.get(sku);
    if (!product || seen.has(sku)) return;
    seen.add(sku);
    ordered.push(product);
  };
  for (const listing of input.listings) listing.products.forEach(take);
  [...input.products].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0)).forEach(take);
  return ordered;
}

interface Hit {
  fields: number;
  position: number;
  weight: number;
}

/**
 * A product's index terms, each with where it occurs: words (prefix shards) and codes (code buckets); and
 * for a configurable, the code terms that only one child has, with that child's query (`volume=5-l`).
 */
interface ProductTerms {
  words: Map<string, Hit>;
  codes: Map<string, Hit>;
  variants: Map<string, string>;
}

function addHit(hits: Map<string, Hit>, term: string, field: number, position: number, weight: number): void {
  const hit = hits.get(term);
  if (hit) {
    hit.fields |= field;
    hit.position = Math.min(hit.position, position);
    hit.weight = Math.max(hit.weight, weight);
  } else hits.set(term, { fields: field, position, weight });
}

/**
 * Each product's terms, kept for as long as the product is the same object and the attributes and
 * category names are the same (`context`): the warm renderer keeps the catalogue between rebuilds, so a
 * rebuild after one save folds the words of one product, not of every product. The terms are only read.
 */
const termsMemo = new WeakMap<Product, { readonly context: string; readonly terms: ProductTerms }>();

function memoisedTerms(product: Product, context: string, compute: () => ProductTerms): ProductTerms {
  const known = termsMemo.get(product);
  if (known?.context === context) return known.terms;
  const terms = compute();
  // A configurable's terms depend on its children too: its object is made anew whenever they change.
  termsMemo.set(product, { context, terms });
  return terms;
}

/** The index terms of one product. */
function productTerms(
  product: Product,
  attributes: ReadonlyMap<string, CatalogueAttribute>,
  categoryNames: ReadonlyMap<number, string>,
  bySku: ReadonlyMap<string, Product>,
): ProductTerms {
  const found: ProductTerms = { words: new Map(), codes: new Map(), variants: new Map() };
  const add = (text: string, field: number, weight: number): void => {
    for (const { term, position } of textTerms(text))
      addHit(found.words, term, field, field === FIELD.name ? position : 15, weight);
  };
  const addCode = (code: string, field: number, weight: number): void => {
    for (const term of codeTerms(code)) addHit(found.codes, term, field, 15, weight);
    const whole = compactCode(code);
    if (whole !== '') addHit(found.codes, whole, field | FIELD.code, 15, weight);
  };
  const weightOf = (code: string, fallback: number): number => attributes.get(code)?.searchWeight ?? fallback;
  add(product.name, FIELD.name, weightOf('name', DEFAULT_WEIGHT.name));
  addCode(product.sku, FIELD.sku, weightOf('sku', DEFAULT_WEIGHT.sku));
  if (product.modelNumber)
    addCode(product.modelNumber, FIELD.model, weightOf('supplier_code', DEFAULT_WEIGHT.model));
  if (product.configurable) addChildCodes(product, found, addCode, bySku, weightOf);
  for (const id of product.categoryIds) {
    const name = categoryNames.get(id);
    if (name) add(name, FIELD.category, DEFAULT_WEIGHT.category);
  }
  for (const row of product.technicalData) {
    const attribute = attributes.get(row.code);
    if (!attribute || row.value === '') continue;
    if (BRAND_CODES.has(row.code))
      add(row.value, FIELD.brand, attribute.searchWeight ?? DEFAULT_WEIGHT.brand);
    else if (attribute.searchable && !OWN_FIELDS.has(row.code)) {
      const weight = attribute.searchWeight ?? DEFAULT_WEIGHT.attribute;
      add(row.value, FIELD.attribute, weight);
      // "150 bar" is found as "150bar" (the query joins a number with its unit); the unit alone ("bar",
      // "w") is in every product with that attribute and would find nothing in particular.
      const { unit } = splitUnit(attribute.label);
      const value = textTerms(row.value).map(({ term }) => term);
      for (const term of new Set(textTerms(`${row.value} ${unit}`).map(({ term }) => term)))
        if (!value.includes(term) && /\d/.test(term)) addHit(found.words, term, FIELD.attribute, 15, weight);
    }
  }
  return found;
}

/**
 * A configurable's children's SKUs and model numbers, as codes of the parent; each code term that no
 * other child and not the parent itself has remembers the child's query, so it opens the parent with it.
 */
function addChildCodes(
  product: Product,
  found: ProductTerms,
  addCode: (code: string, field: number, weight: number) => void,
  bySku: ReadonlyMap<string, Product>,
  weightOf: (code: string, fallback: number) => number,
): void {
  const configurable = product.configurable;
  if (!configurable) return;
  const own = new Set(found.codes.keys());
  const owners = new Map<string, Set<string>>();
  for (const variant of configurable.variants) {
    const child = bySku.get(variant.sku);
    if (!child) continue;
    const query = variantQuery(configurable.attributes, variant.values);
    const terms = new Set<string>();
    const collect = (code: string, field: number, weight: number): void => {
      addCode(code, field, weight);
      for (const term of [...codeTerms(code), compactCode(code)]) if (term !== '') terms.add(term);
    };
    collect(child.sku, FIELD.sku, weightOf('sku', DEFAULT_WEIGHT.sku));
    if (child.modelNumber)
      collect(child.modelNumber, FIELD.model, weightOf('supplier_code', DEFAULT_WEIGHT.model));
    for (const term of terms) {
      if (own.has(term)) continue;
      let queries = owners.get(term);
      if (!queries) owners.set(term, (queries = new Set()));
      queries.add(query);
    }
  }
  for (const [term, queries] of owners) {
    const [query] = queries;
    if (queries.size === 1 && query) found.variants.set(term, query);
  }
}

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

const hashOf = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 12);

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

export function buildSearchFiles(input: SearchBuildInput): BuiltSearch {
  const size = input.recordShardSize ?? RECORD_SHARD_SIZE;
  const products = recommendedOrder(input);
  const v = hashOf([FORMAT, size, products.map((product) => product.sku)]);
  const categoryNames =
    input.categoryNames ?? new Map(input.listings.map((listing) => [listing.categoryId, listing.name]));
  const attributes = new Map(input.attributes.map((attribute) => [attribute.code, attribute]));

  const lists = new Map<string, TermList>();
  const codeLists = new Map<string, TermList>();
  const variantTerms = new Map<string, Record<string, string>>();
  const bySku = input.bySku ?? new Map<string, Product>();
  const context = JSON.stringify([input.attributes, [...categoryNames]]);
  products.forEach((product, id) => {
    const lastWord = wordCount(product.name) - 1;
    const found = memoisedTerms(product, context, () =>
      productTerms(product, attributes, categoryNames, bySku),
    );
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
        product.inStock,
      );
    for (const [term, hit] of found.words) addPosting(lists, term, id, pack(hit), hit.weight);
    for (const [term, hit] of found.codes) addPosting(codeLists, term, id, pack(hit), hit.weight);
  });

  const terms = shardsOf(lists, products.length, v, shardKey);
  const prefixes = new Map(
    [...prefixUnions(lists, products.length)].map(([prefix, list]): [string, TermShard] => [
      prefix,
      { v, t: { [prefix]: postingsOf(list, products.length) } },
    ]),
  );
  const bucketCount = Math.max(1, Math.ceil(codeLists.size / CODES_PER_BUCKET));
  const buckets = shardsOf(codeLists, products.length, v, (term) => String(codeBucket(term, bucketCount)));
  const codes = Array.from({ length: bucketCount }, (_, at) => buckets.get(String(at)) ?? { v, t: {} });
  for (const [term, byProduct] of [...variantTerms].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const bucket = codes[codeBucket(term, bucketCount)];
    if (bucket) (bucket.x ??= {})[term] = byProduct;
  }

  const byLetter = new Map<string, [string, number][]>();
  for (const [term, list] of lists) {
    if (term.length < 3 || !/^[a-z]+$/.test(term)) continue;
    const letter = term.charAt(0);
    let entries = byLetter.get(letter);
    if (!entries) byLetter.set(letter, (entries = []));
    entries.push([term, list.ids.length]);
  }
  const words = new Map(
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

  const searchAttributes = input.attributes.map((attribute) => ({
    ...attribute,
    filterable: attribute.filterableInSearch,
  }));
  const listing = buildListingIndex(products, searchAttributes, input.hrefBySku);
  const records: RecordShard[] = [];
  for (let start = 0; start < products.length; start += size)
    records.push({
      v,
      i: start / size,
      d: listing.products
        .slice(start, start + size)
        .map((indexed, at): SearchRecord => [
          ...indexed,
          metaDescription(products[start + at]?.shortDescription ?? '', SUMMARY_MAX),
        ]),
    });

  const categories: CategoryEntry[] = input.listings
    .map((entry): CategoryEntry => [entry.name, entry.path, entry.products.length, entry.audience])
    .filter(([, , count]) => count > 0);

  return {
    core: {
      v,
      n: products.length,
      s: size,
      k: keyBitmap(terms.keys()),
      cb: bucketCount,
      c: categories,
      wl: [...words.keys()].sort().join(''),
      syn: input.synonyms,
      facets: listing.facets,
      sorts: listing.sorts,
      columns: listing.columns,
    },
    terms,
    prefixes,
    codes,
    words,
    records,
    products,
  };
}

/** Every file of a built index, by its path below `/search/data/`: what the site writes, in one list. */
export function indexFiles(built: BuiltSearch): [path: string, data: unknown][] {
  return [
    [indexPath.core(), built.core],
    ...[...built.terms].map(([key, shard]): [string, unknown] => [indexPath.terms(key), shard]),
    ...[...built.prefixes].map(([prefix, shard]): [string, unknown] => [indexPath.prefix(prefix), shard]),
    ...built.codes.map((bucket, at): [string, unknown] => [indexPath.codes(at), bucket]),
    ...[...built.words].map(([letter, words]): [string, unknown] => [indexPath.words(letter), words]),
    ...built.records.map((records): [string, unknown] => [indexPath.records(records.i), records]),
  ];
}
