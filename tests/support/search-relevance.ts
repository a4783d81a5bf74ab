/**
 * The labelled relevance set of search (issue 23, research/search-anchors.md T12), built from a catalogue
 * rather than typed by hand: every query is made from the products' own names, SKUs, model numbers,
 * categories, synonyms and searchable attribute values, and labelled with the set of products that are a
 * right answer to it. The relevance test (tests/unit/search/relevance.test.ts) runs it against the engine
 * on the demo catalogue; the benchmark (scripts/bench-search.ts) runs the same set against the spec's old
 * rule and MiniSearch too.
 *
 * The labels are worked out here with plain word lists of their own (`labelWords`), not with the engine's
 * normaliser, so a mistake in the engine's text handling shows up as a failing query instead of being
 * copied into the answers.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import type { Catalogue, CatalogueAttribute, CategoryNode, Product } from '../../src/catalogue/types.ts';
import { loadEnv } from '../../src/config/env.ts';
import { startEmbeddedMagento } from '@cleaning-shop/embedded-magento/server.ts';
import { INTEGRATION_TOKEN, testConfig } from './backend.ts';
import { matchesSearch, normaliseForSearch } from '../../src/features/search/match.ts';
import type { SearchEngine } from '../../src/features/search/engine.ts';
import type { Synonyms } from '../../src/features/search/synonyms.ts';

export const QUERY_KINDS = [
  'name',
  'sku',
  'model',
  'typo',
  'type',
  'synonym',
  'attribute',
  'shopper',
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export interface LabelledQuery {
  kind: QueryKind;
  /** How the query was made, e.g. "sku lower case, no separators" or "typo: swap". */
  how: string;
  query: string;
  /** SKUs of the right answers (never empty). */
  right: ReadonlySet<string>;
}

/** What the set is made from: the products search covers, the category tree, attributes and synonyms. */
export interface RelevanceInput {
  products: readonly Product[];
  catalogue: Pick<Catalogue, 'audiences' | 'attributes'>;
  synonyms: Synonyms;
}

/** What the test asserts (and the benchmark prints against): issue 23's relevance budget. */
export const RELEVANCE_BUDGET = {
  /** The right product first, for name, SKU and model queries. */
  successAt1: 0.98,
  /** Mean reciprocal rank of the first right answer in the top 10, over every query. */
  mrrAt10: 0.85,
  minQueries: 300,
} as const;

/** The kinds whose queries name one product (or products of one name): the right one must come first. */
export const EXACT_KINDS: readonly QueryKind[] = ['name', 'sku', 'model'];

// ---------------------------------------------------------------------------------------------------------
// Words as the labels see them
// ---------------------------------------------------------------------------------------------------------

const LABEL_STOP_WORDS = new Set(['a', 'an', 'and', 'for', 'of', 'the', 'with']);

/**
 * The words of a text for labelling: lower case, accents dropped, `&` read as "and", decimals kept whole
 * ("2.5 l" is not "5 l"), stop words dropped, a plural "s" dropped from words of more than three letters.
 */
export function labelWords(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ');
  return (folded.match(/\d+(?:[.,]\d+)*|[a-z]+/g) ?? [])
    .filter((word) => !LABEL_STOP_WORDS.has(word))
    .map((word) =>
      word.length > 3 && /[a-z]s$/.test(word) && !word.endsWith('ss') ? word.slice(0, -1) : word,
    );
}

const sameWords = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((word, at) => word === b[at]);

/** Does `words` hold `phrase` as consecutive words? */
function holdsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  for (let at = 0; at + phrase.length <= words.length; at += 1)
    if (phrase.every((word, i) => words[at + i] === word)) return true;
  return false;
}

/** Does `words` hold every word of `wanted`, in any order? */
const holdsAll = (words: readonly string[], wanted: readonly string[]): boolean =>
  wanted.length > 0 && wanted.every((word) => words.includes(word));

/** Does `words` end with `phrase`? An English product name ends with what the product is ("… Wet & Dry Vacuum"). */
const endsWith = (words: readonly string[], phrase: readonly string[]): boolean =>
  phrase.length > 0 && phrase.length <= words.length && holdsPhrase(words.slice(-phrase.length), phrase);

/** A small deterministic choice from a text (FNV-1a), so the set is the same on every run. */
function pick(text: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at += 1) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return (hash >>> 0) % Math.max(1, count);
}

// ---------------------------------------------------------------------------------------------------------
// The catalogue as the labels need it
// ---------------------------------------------------------------------------------------------------------

interface CategoryInfo {
  node: CategoryNode;
  words: string[];
  /** Its id and its descendants' ids. */
  ids: Set<number>;
}

function categoryInfos(audiences: Catalogue['audiences']): CategoryInfo[] {
  const infos: CategoryInfo[] = [];
  const below = (node: CategoryNode): number[] => [node.id, ...node.children.flatMap(below)];
  const walk = (node: CategoryNode): void => {
    infos.push({ node, words: labelWords(node.name), ids: new Set(below(node)) });
    node.children.forEach(walk);
  };
  for (const audience of Object.values(audiences)) audience.children.forEach(walk);
  return infos;
}

/** A product's searchable attribute value as a shopper would type it: the value and its unit ("150 bar"). */
interface Fact {
  code: string;
  phrase: string;
  words: string[];
  /** A plain number with a unit (`150` of "Max. pressure (bar)"), rather than a word value ("Petrol"). */
  measure: boolean;
}

/** Attributes indexed as fields of their own, not as attribute words. */
const OWN_FIELDS = new Set(['name', 'sku', 'supplier_code', 'brand', 'manufacturer']);

const unitOf = (label: string): string => /\(([^()]*)\)\s*$/.exec(label)?.[1]?.trim() ?? '';

function factsOf(product: Product, searchable: ReadonlyMap<string, CatalogueAttribute>): Fact[] {
  const facts: Fact[] = [];
  for (const row of product.technicalData) {
    const attribute = searchable.get(row.code);
    const value = row.value.trim();
    if (!attribute || value === '' || OWN_FIELDS.has(row.code)) continue;
    const unit = unitOf(attribute.label);
    const measure = unit !== '' && /^\d+(?:\.\d+)?$/.test(value);
    const phrase = unit !== '' && /^[\d .,–-]+$/.test(value) ? `${value} ${unit}` : value;
    facts.push({ code: row.code, phrase, words: labelWords(phrase), measure });
  }
  return facts;
}

/** The product's texts a product-type or synonym phrase may be found in: its name, categories, facts. */
interface Described {
  product: Product;
  name: string[];
  categories: string[][];
  facts: Fact[];
}

function describeProducts(input: RelevanceInput): { described: Described[]; categories: CategoryInfo[] } {
  const categories = categoryInfos(input.catalogue.audiences);
  const names = new Map(categories.map((info) => [info.node.id, info.words]));
  const searchable = new Map(
    input.catalogue.attributes.filter((attribute) => attribute.searchable).map((a) => [a.code, a]),
  );
  const described = input.products.map((product) => ({
    product,
    name: labelWords(product.name),
    categories: product.categoryIds.flatMap((id) => {
      const words = names.get(id);
      return words ? [words] : [];
    }),
    facts: factsOf(product, searchable),
  }));
  return { described, categories };
}

const skusOf = (products: Iterable<Described>): Set<string> =>
  new Set([...products].map(({ product }) => product.sku));

// ---------------------------------------------------------------------------------------------------------
// The queries
// ---------------------------------------------------------------------------------------------------------

/** Names, typed whole: the right answers are every product of that name. */
function nameQueries(described: readonly Described[]): LabelledQuery[] {
  const byName = new Map<string, Described[]>();
  for (const item of described) {
    const key = item.name.join(' ');
    byName.set(key, [...(byName.get(key) ?? []), item]);
  }
  return [...byName.values()].map((same) => ({
    kind: 'name',
    how: same.length > 1 ? `name shared by ${same.length}` : 'name',
    query: same[0]?.product.name ?? '',
    right: skusOf(same),
  }));
}

/** A code folded whole for labelling: letters and digits only, lower case. */
const compact = (code: string): string => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Groups SKUs by a key of their product. */
function grouped(products: readonly Product[], key: (product: Product) => string): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  for (const product of products) {
    const value = key(product);
    if (value === '') continue;
    const group = groups.get(value) ?? new Set<string>();
    group.add(product.sku);
    groups.set(value, group);
  }
  return groups;
}

/** The last characters of a SKU that the set types. */
const SKU_TAIL = 6;

/** SKUs in four typings: as written, lower case without separators, spaces for separators, the last 6. */
function skuQueries(described: readonly Described[]): LabelledQuery[] {
  const products = described.map(({ product }) => product);
  const bySku = grouped(products, (product) => compact(product.sku));
  const byTail = grouped(products, (product) => product.sku.slice(-SKU_TAIL).toLowerCase());
  return products.flatMap(({ sku }): LabelledQuery[] => {
    const right = bySku.get(compact(sku)) ?? new Set([sku]);
    const tail = sku.slice(-SKU_TAIL);
    return [
      { kind: 'sku', how: 'sku as written', query: sku, right },
      { kind: 'sku', how: 'sku lower case, no separators', query: compact(sku), right },
      { kind: 'sku', how: 'sku with spaces', query: sku.replace(/[^A-Za-z0-9]+/g, ' '), right },
      {
        kind: 'sku',
        how: `sku last ${SKU_TAIL} characters`,
        query: tail,
        right: byTail.get(tail.toLowerCase()) ?? right,
      },
    ];
  });
}

/** Model numbers in three typings: as written, digits (and letters) only, separators as spaces. */
function modelQueries(described: readonly Described[]): LabelledQuery[] {
  const products = described.map(({ product }) => product);
  const byModel = grouped(products, (product) => compact(product.modelNumber ?? ''));
  return products.flatMap(({ modelNumber }): LabelledQuery[] => {
    const right = byModel.get(compact(modelNumber ?? ''));
    if (!modelNumber || !right) return [];
    return [
      { kind: 'model', how: 'model as written', query: modelNumber, right },
      { kind: 'model', how: 'model digits only', query: compact(modelNumber), right },
      {
        kind: 'model',
        how: 'model with spaces',
        query: modelNumber.replace(/[^A-Za-z0-9]+/g, ' ').trim(),
        right,
      },
    ];
  });
}

/** Keys beside each letter on a QWERTY keyboard: the wrong letter a slip of the finger types. */
const NEIGHBOURS: Record<string, string> = {
  q: 'wa',
  w: 'qes',
  e: 'wrd',
  r: 'etf',
  t: 'ryg',
  y: 'tuh',
  u: 'yij',
  i: 'uok',
  o: 'ipl',
  p: 'ol',
  a: 'qsz',
  s: 'adw',
  d: 'sfe',
  f: 'dgr',
  g: 'fht',
  h: 'gjy',
  j: 'hku',
  k: 'jli',
  l: 'ko',
  z: 'xa',
  x: 'zc',
  c: 'xv',
  v: 'cb',
  b: 'vn',
  n: 'bm',
  m: 'n',
};

const TYPOS = ['deletion', 'swap', 'substitution', 'insertion'] as const;

/** One edit of `word` (never of its first letter); '' when this kind of edit leaves the word as it was. */
function misspell(word: string, kind: (typeof TYPOS)[number], seed: string): string {
  const at = 1 + pick(`${seed}/at`, word.length - 1);
  const letter = word.charAt(at).toLowerCase();
  const upper = word.charAt(at) !== letter;
  switch (kind) {
    case 'deletion':
      return word.slice(0, at) + word.slice(at + 1);
    case 'swap': {
      const from = Math.min(at, word.length - 2);
      if (from < 1 || word.charAt(from) === word.charAt(from + 1)) return '';
      return word.slice(0, from) + word.charAt(from + 1) + word.charAt(from) + word.slice(from + 2);
    }
    case 'substitution': {
      const options = NEIGHBOURS[letter] ?? '';
      const other = options.charAt(pick(`${seed}/key`, options.length));
      if (other === '') return '';
      return word.slice(0, at) + (upper ? other.toUpperCase() : other) + word.slice(at + 1);
    }
    case 'insertion': {
      const options = NEIGHBOURS[letter] ?? letter;
      const extra = options.charAt(pick(`${seed}/key`, options.length));
      return word.slice(0, at) + extra + word.slice(at);
    }
  }
}

/**
 * Names typed with one slip: one edit (a letter left out, two swapped, a neighbouring key, an extra key) in
 * a word of five letters or more, never its first letter, never making another word of the catalogue; one
 * query per such word of each name.
 */
function typoQueries(names: readonly LabelledQuery[], vocabulary: ReadonlySet<string>): LabelledQuery[] {
  const queries: LabelledQuery[] = [];
  const seen = new Set<string>();
  for (const [index, named] of names.entries()) {
    const words = named.query.split(' ');
    const eligible = words.flatMap((word, at) => (/^[A-Za-z]{5,}$/.test(word) ? [at] : []));
    // A slip in each of its longer words, of the four kinds in turn.
    for (const [slip, position] of eligible.entries()) {
      const word = words[position] ?? '';
      for (let attempt = 0; attempt < TYPOS.length; attempt += 1) {
        const kind = TYPOS[(index + slip + attempt) % TYPOS.length] ?? 'deletion';
        const wrong = misspell(word, kind, `${named.query}/${slip}/${attempt}`);
        const folded = wrong.toLowerCase();
        if (
          wrong === '' ||
          vocabulary.has(folded) ||
          vocabulary.has(`${folded}s`) ||
          vocabulary.has(folded.replace(/s$/, ''))
        )
          continue;
        const query = words.map((w, at) => (at === position ? wrong : w)).join(' ');
        if (!seen.has(query)) queries.push({ kind: 'typo', how: `typo: ${kind}`, query, right: named.right });
        seen.add(query);
        break;
      }
    }
  }
  return queries;
}

/** The product-type words of issue 23, besides every category's own name. */
const TYPE_WORDS = [
  'pressure washers',
  'steam cleaner',
  'window vac',
  'scrubber dryer',
  'wet and dry vacuum',
];

/** The phrases `query` stands for: itself and, through the merchant's synonyms, the others it finds. */
function phrasesOf(query: string, synonyms: Synonyms): string[][] {
  const words = labelWords(query);
  const phrases = [words];
  const same = (text: string): boolean => sameWords(labelWords(text), words);
  for (const group of synonyms.equivalent) if (group.some(same)) phrases.push(...group.map(labelWords));
  for (const { from, to } of synonyms.oneWay) if (same(from)) phrases.push(...to.map(labelWords));
  return phrases;
}

/**
 * The products of a type, given as phrases (a query and its synonyms): those of the categories whose names
 * hold every word of a phrase (and of their sub-categories), and those whose name ends with a phrase (a
 * professional "NT 30/1 Wet & Dry Vacuum Cleaner" filed under "Vacuum Cleaners" is a wet and dry vacuum; a
 * "K 5 Pressure Washer Hose" is no pressure washer).
 */
function ofType(
  described: readonly Described[],
  categories: readonly CategoryInfo[],
  phrases: readonly string[][],
): Described[] {
  const ids = new Set(
    categories
      .filter((info) => phrases.some((phrase) => holdsAll(info.words, phrase)))
      .flatMap((info) => [...info.ids]),
  );
  return described.filter(
    (item) =>
      item.product.categoryIds.some((id) => ids.has(id)) ||
      phrases.some((phrase) => endsWith(item.name, phrase)),
  );
}

/**
 * Product-type words ("pressure washers", "steam cleaner", every category's name, singular and plural):
 * the right answers are the products of that type (`ofType`), through the query or a synonym of it.
 */
function typeQueries(
  described: readonly Described[],
  categories: readonly CategoryInfo[],
  synonyms: Synonyms,
): LabelledQuery[] {
  const texts = new Set(TYPE_WORDS);
  for (const { node } of categories) {
    const name = node.name.toLowerCase();
    texts.add(name);
    texts.add(name.replace(/(\w{4,})s$/, '$1'));
  }
  return [...texts].flatMap((query): LabelledQuery[] => {
    const right = skusOf(ofType(described, categories, phrasesOf(query, synonyms)));
    return right.size > 0 ? [{ kind: 'type', how: 'product type', query, right }] : [];
  });
}

/**
 * Every phrase of the merchant's synonyms: the right answers are the products whose name, a category or a
 * searchable attribute value holds the phrase or one it stands for.
 */
function synonymQueries(described: readonly Described[], synonyms: Synonyms): LabelledQuery[] {
  const texts = [...synonyms.equivalent.flat(), ...synonyms.oneWay.map(({ from }) => from)].filter(
    (text, at, all) => all.indexOf(text) === at,
  );
  return texts.flatMap((query): LabelledQuery[] => {
    const phrases = phrasesOf(query, synonyms);
    const right = skusOf(
      described.filter((item) =>
        phrases.some(
          (phrase) =>
            holdsPhrase(item.name, phrase) ||
            item.categories.some((words) => holdsPhrase(words, phrase)) ||
            item.facts.some((fact) => holdsPhrase(fact.words, phrase)),
        ),
      ),
    );
    return right.size > 0 ? [{ kind: 'synonym', how: 'synonym', query, right }] : [];
  });
}

/** How many values of one attribute the set asks for, the commonest first. */
const VALUES_PER_ATTRIBUTE = 8;
const MAX_PAIRS = 40;
const MAX_MEASURE_PAIRS = 20;

/**
 * Attribute words as shoppers type them, from the values of the attributes marked searchable: a measure
 * ("150 bar", "36 v"), a word value ("petrol", "hepa 14"), a measure with a word value ("150 bar petrol"),
 * two measures ("180 bar 2720 w") and a word value with the product's type ("petrol pressure washer"). The right answers are the products
 * with every one of those values (and of that type, `ofType`); a value alone is also answered by the
 * products whose name says it ("Black" of "WV Black Edition").
 */
function attributeQueries(
  described: readonly Described[],
  categories: readonly CategoryInfo[],
): LabelledQuery[] {
  const queries: LabelledQuery[] = [];
  const seen = new Set<string>();
  const hasFact = (item: Described, fact: Fact): boolean =>
    item.facts.some((own) => sameWords(own.words, fact.words));
  /** A value asked for alone is answered by the products that have it, and by those that say it in their name. */
  const says = (item: Described, fact: Fact): boolean =>
    hasFact(item, fact) || holdsAll(item.name, fact.words);
  /** Adds a query once (its right answers worked out only then), if anything answers it. */
  const add = (how: string, query: string, answers: () => Set<string>): void => {
    const key = labelWords(query).join(' ');
    if (seen.has(key)) return;
    seen.add(key);
    const right = answers();
    if (right.size > 0) queries.push({ kind: 'attribute', how, query, right });
  };

  // Facts by attribute, commonest first.
  const byCode = new Map<string, Map<string, { fact: Fact; count: number }>>();
  for (const item of described)
    for (const fact of item.facts) {
      // A lone letter ("H", a filter class) is no query anyone types; long texts are no attribute words.
      if (fact.words.length === 0 || fact.words.length > 3 || fact.phrase.length < 2) continue;
      const values = byCode.get(fact.code) ?? new Map<string, { fact: Fact; count: number }>();
      byCode.set(fact.code, values);
      const key = fact.words.join(' ');
      const entry = values.get(key) ?? { fact, count: 0 };
      entry.count += 1;
      values.set(key, entry);
    }
  const common = (code: string): Fact[] =>
    [...(byCode.get(code)?.values() ?? [])]
      .sort((a, b) => b.count - a.count || (a.fact.phrase < b.fact.phrase ? -1 : 1))
      .map(({ fact }) => fact);

  for (const code of [...byCode.keys()].sort())
    for (const fact of common(code).slice(0, VALUES_PER_ATTRIBUTE))
      add(fact.measure ? 'measure' : 'value', fact.phrase.toLowerCase(), () =>
        skusOf(described.filter((item) => says(item, fact))),
      );

  // A measure with a word value, as "150 bar petrol", and two measures, as "180 bar 2720 w": pressures
  // first, then the rest.
  const wordValue = (fact: Fact): boolean =>
    !fact.measure && fact.words.length <= 2 && /^[A-Za-z ]{2,}$/.test(fact.phrase);
  const pairs: { how: string; facts: [Fact, Fact] }[] = [];
  for (const item of described) {
    const measures = item.facts.filter((fact) => fact.measure);
    for (const [at, measure] of measures.entries()) {
      for (const word of item.facts.filter(wordValue))
        pairs.push({ how: 'measure and value', facts: [measure, word] });
      for (const other of measures.slice(at + 1))
        if (other.code !== measure.code) pairs.push({ how: 'two measures', facts: [measure, other] });
    }
  }
  pairs.sort(
    ({ facts: [a] }, { facts: [b] }) =>
      Number(b.code === 'max_pressure_bar') - Number(a.code === 'max_pressure_bar') ||
      pick(a.phrase, 1000) - pick(b.phrase, 1000),
  );
  for (const [how, most] of [
    ['measure and value', MAX_PAIRS],
    ['two measures', MAX_MEASURE_PAIRS],
  ] as const) {
    const before = queries.length;
    for (const { facts } of pairs.filter((pair) => pair.how === how)) {
      if (queries.length - before >= most) break;
      const [first, second] = facts;
      add(how, `${first.phrase} ${second.phrase}`.toLowerCase(), () =>
        skusOf(described.filter((item) => hasFact(item, first) && hasFact(item, second))),
      );
    }
  }

  // A word value with the product's type, as "petrol pressure washer".
  const leafOf = (item: Described): CategoryInfo | undefined =>
    categories
      .filter((info) => item.product.categoryIds.includes(info.node.id))
      .sort((a, b) => a.ids.size - b.ids.size)[0];
  for (const item of described) {
    const leaf = leafOf(item);
    if (!leaf) continue;
    const type = leaf.node.name.toLowerCase().replace(/(\w{4,})s$/, '$1');
    for (const fact of item.facts.filter(
      (f) => !f.measure && f.words.length <= 2 && f.phrase.length >= 2 && !/\d/.test(f.phrase),
    ))
      add('value and type', `${fact.phrase} ${type}`.toLowerCase(), () =>
        skusOf(ofType(described, categories, [labelWords(type)]).filter((other) => hasFact(other, fact))),
      );
  }
  return queries;
}

/** Each audience's category ids, by its code ("home-garden"): its top category and every one below. */
function audienceIds(audiences: Catalogue['audiences']): Map<string, Set<number>> {
  const below = (node: CategoryNode): number[] => [node.id, ...node.children.flatMap(below)];
  return new Map(Object.entries(audiences).map(([code, root]) => [code, new Set(below(root))]));
}

/** A size as the labels read it: the number and unit of "5 l", "2.5 l", "10 m", decimals whole. */
const sizeOf = (text: string): string => labelWords(text).join(' ');

/**
 * The sizes a product is sold in: its searchable attribute values with a unit, the sizes in its name
 * ("… 5 l Detergent", "Hose, 10 m") and, for a configurable, its children's option values ("5 l").
 */
function sizesOf(item: Described): Set<string> {
  const sizes = new Set(item.facts.map((fact) => sizeOf(fact.phrase)));
  const name = item.name;
  for (let at = 0; at + 1 < name.length; at += 1)
    if (/^\d/.test(name[at] ?? '') && /^[a-z]+$/.test(name[at + 1] ?? ''))
      sizes.add(`${name[at]} ${name[at + 1]}`);
  for (const attribute of item.product.configurable?.attributes ?? [])
    for (const value of attribute.values) sizes.add(sizeOf(value.label));
  return sizes;
}

/** A shopper's query (issue 37): what was typed, and which products answer it. */
interface ShopperCase {
  how: string;
  query: string;
  right: (item: Described) => boolean;
}

/**
 * Queries written as shoppers write them, not from the index's own words (issue 37): words joined or
 * unknown, units the index writes otherwise, prices, colloquial words. Each is labelled by what the
 * products are (their names, categories, sizes, pressures, prices), so a behaviour the engine loses shows
 * as a miss here. A price is the page's filter: the runner applies the range the engine read.
 */
function shopperQueries(
  described: readonly Described[],
  categories: readonly CategoryInfo[],
  synonyms: Synonyms,
  audiences: ReadonlyMap<string, ReadonlySet<number>>,
): LabelledQuery[] {
  const type = (query: string): Set<string> =>
    new Set(ofType(described, categories, phrasesOf(query, synonyms)).map(({ product }) => product.sku));
  const named = (phrase: string) => (item: Described) => holdsPhrase(item.name, labelWords(phrase));
  const ofKind = (query: string) => {
    const skus = type(query);
    return (item: Described) => skus.has(item.product.sku);
  };
  const price = (item: Described): number => item.product.priceInclVat ?? Infinity;
  const technical = (item: Described, code: string): number =>
    Number(item.product.technicalData.find((row) => row.code === code)?.value ?? NaN);
  const maxPressure = (item: Described): number => technical(item, 'max_pressure_bar');
  const power = (item: Described): number => technical(item, 'power_w');
  const detergents = ofKind('detergent');
  const vacuums = ofKind('vacuum');
  /** Of a type and in an audience's categories ("Home & Garden", "Professional"). */
  const ofAudience = (audience: string, query: string) => {
    const kind = ofKind(query);
    const ids = audiences.get(audience) ?? new Set<number>();
    return (item: Described) => kind(item) && item.product.categoryIds.some((id) => ids.has(id));
  };
  const cases: ShopperCase[] = [
    // Relaxation: a word the index does not know leaves the others to answer.
    { how: 'unknown word dropped', query: 'steam cleaner xyzzy', right: named('steam cleaner') },
    { how: 'unknown word dropped', query: 'wet dry vacuum for garage', right: ofKind('wet and dry vacuum') },
    { how: 'unknown word dropped', query: 'carpet shampooer', right: ofKind('carpet cleaner') },
    { how: 'colloquial', query: 'carpet washer', right: ofKind('carpet cleaner') },
    { how: 'unknown brand dropped', query: 'karcher pressure washer', right: named('pressure washer') },
    { how: 'joined words', query: 'lawnmower', right: named('lawn mower') },
    // Words joined, or split, otherwise than the index has them.
    { how: 'joined words', query: 'hedgetrimmer', right: named('hedge trimmer') },
    { how: 'joined words', query: 'pressurewasher', right: named('pressure washer') },
    { how: 'joined words', query: 'windowvac', right: ofKind('window vac') },
    { how: 'joined words', query: 'jetwash', right: ofKind('pressure washer') },
    { how: 'split word', query: 'easy fix steam cleaner', right: named('easyfix steam cleaner') },
    // Units and sizes: a size is matched whole, a configurable's children's sizes count.
    {
      how: 'size in litres',
      query: '5 litre detergent',
      right: (item) => detergents(item) && sizesOf(item).has('5 l'),
    },
    {
      how: 'size, not part of a decimal',
      query: '5 l detergent',
      right: (item) => detergents(item) && sizesOf(item).has('5 l'),
    },
    {
      how: 'length in metres',
      query: '10 metre hose',
      right: (item) => sizesOf(item).has('10 m') && named('hose')(item),
    },
    {
      how: 'psi as bar',
      query: '2000 psi pressure washer',
      right: (item) => Math.abs(maxPressure(item) - 2000 / 14.5038) <= 2000 / 14.5038 / 10,
    },
    {
      how: 'measure no product has, read as its nearest',
      query: '1500 w vacuum',
      right: (item) => vacuums(item) && Math.abs(power(item) - 1500) <= 150,
    },
    { how: 'unknown size dropped', query: '20l wet and dry', right: ofKind('wet and dry vacuum') },
    { how: 'use not in the index', query: 'steam cleaner for tiles', right: named('steam cleaner') },
    // Colloquial words, from the shipped synonyms.
    { how: 'colloquial', query: 'strimmer', right: named('grass trimmer') },
    { how: 'colloquial', query: 'bathroom cleaner', right: named('steam cleaner') },
    { how: 'colloquial', query: 'gutter cleaning', right: named('pipe cleaning') },
    // Colloquial "… cleaner" whose last word names another type than the one meant (issue 50): a washer,
    // a wash, a cleaning system; not the detergent or vacuum cleaner that shares the word.
    { how: 'colloquial type word', query: 'patio cleaner', right: ofKind('patio cleaner') },
    { how: 'colloquial type word', query: 'pressure cleaner', right: ofKind('pressure washer') },
    { how: 'colloquial type word', query: 'parts cleaner', right: named('parts washer') },
    { how: 'colloquial type word', query: 'tank cleaner', right: ofKind('tank cleaning') },
    { how: 'colloquial type word', query: 'car cleaner', right: named('car') },
    { how: 'colloquial type word', query: 'drain cleaner', right: named('pipe cleaning') },
    { how: 'colloquial type word', query: 'carpet cleaner', right: ofKind('carpet cleaner') },
    { how: 'colloquial type word', query: 'floor washer', right: ofKind('floor cleaner') },
    // A competitor's brand before a machine type (issue 50): the type's machines, not a detergent.
    { how: 'other brand and type', query: 'vax carpet cleaner', right: ofKind('carpet cleaner') },
    { how: 'other brand and type', query: 'nilfisk patio cleaner', right: ofKind('patio cleaner') },
    { how: 'other brand and type', query: 'numatic floor scrubber', right: ofKind('scrubber dryer') },
    { how: 'other brand and type', query: 'stihl hedge trimmer', right: named('hedge trimmer') },
    { how: 'other brand and type', query: 'henry hoover', right: ofKind('vacuum') },
    { how: 'other brand and type', query: 'kranzle jet wash', right: ofKind('pressure washer') },
    { how: 'other brand and type', query: 'bissell carpet washer', right: ofKind('carpet cleaner') },
    // The audience abbreviated (issue 50): that audience's machines of the type.
    { how: 'audience', query: 'h&g pressure washer', right: ofAudience('home-garden', 'pressure washer') },
    { how: 'audience', query: 'hg steam cleaner', right: ofAudience('home-garden', 'steam cleaner') },
    { how: 'audience', query: 'h+g window vac', right: ofAudience('home-garden', 'window vac') },
    {
      how: 'audience',
      query: 'domestic pressure washer',
      right: ofAudience('home-garden', 'pressure washer'),
    },
    { how: 'audience', query: 'home vacuum', right: ofAudience('home-garden', 'vacuum') },
    { how: 'audience', query: 'pro pressure washer', right: ofAudience('professional', 'pressure washer') },
    { how: 'audience', query: 'trade vacuum', right: ofAudience('professional', 'vacuum') },
    { how: 'audience', query: 'trade window vac', right: ofAudience('professional', 'window vac') },
    {
      how: 'audience',
      query: 'professional steam cleaner',
      right: ofAudience('professional', 'steam cleaner'),
    },
    // A later word misspelt past the edits a word of its length may have (issue 50): its vowels left out.
    { how: 'later word abbreviated', query: 'pressure wshr', right: ofKind('pressure washer') },
    { how: 'later word abbreviated', query: 'steam clnr', right: named('steam cleaner') },
    { how: 'later word abbreviated', query: 'hedge trimr', right: named('hedge trimmer') },
    // Prices: the page's price filter.
    {
      how: 'price under',
      query: 'pressure washer under £200',
      right: (item) => named('pressure washer')(item) && price(item) <= 200,
    },
    {
      how: 'price range',
      query: 'steam cleaner £200-£300',
      right: (item) => named('steam cleaner')(item) && price(item) >= 200 && price(item) <= 300,
    },
  ];
  cases.push(...fitCases(described));
  return cases.flatMap(({ how, query, right }): LabelledQuery[] => {
    const skus = skusOf(described.filter(right));
    return skus.size > 0 ? [{ kind: 'shopper', how, query, right: skus }] : [];
  });
}

/**
 * Search by fit (issue 39), in shoppers' words: a part's word with the model of the machine it is for, in
 * the typings shoppers use ("k5 hose", "hose for my K 5", "K-5 detergent"), labelled by the merchant's fits
 * (the right answers fit the model and name the part); the model alone ("K-5"), by the model's machines.
 * The models are the catalogue's own: for each word, the model with the most products it names that fit it.
 */
function fitCases(described: readonly Described[]): ShopperCase[] {
  const fits = (model: string) => (item: Described) =>
    item.product.fit.fits.some((name) => compact(name) === compact(model));
  const models = [...new Set(described.flatMap(({ product }) => product.fit.fits))];
  const cases: ShopperCase[] = [];
  const typings = [
    (model: string, word: string) => `${compact(model)} ${word}`,
    (model: string, word: string) => `${word} for my ${model}`,
    (model: string, word: string) => `${model.replace(/\s+/g, '-')} ${word}`,
  ];
  ['hose', 'detergent', 'nozzle', 'filter', 'brush'].forEach((word, at) => {
    const right = (model: string) => (item: Described) =>
      fits(model)(item) && (item.name.includes(word) || item.categories.some((c) => c.includes(word)));
    const count = (model: string) => described.filter(right(model)).length;
    const model = models.filter((name) => count(name) > 0).sort((a, b) => count(b) - count(a))[0];
    const typing = typings[at % typings.length];
    if (model && typing)
      cases.push({ how: `fits a model: ${word}`, query: typing(model, word), right: right(model) });
  });
  const machines = (model: string) => (item: Described) =>
    item.product.fit.model !== null && compact(item.product.fit.model) === compact(model);
  const alone = models.find((model) => described.some(machines(model)));
  if (alone) cases.push({ how: 'a model alone', query: alone.replace(/\s+/g, '-'), right: machines(alone) });
  return cases;
}

/** The whole labelled set, in kind order. */
export function relevanceSet(input: RelevanceInput): LabelledQuery[] {
  const { described, categories } = describeProducts(input);
  const vocabulary = new Set(
    described.flatMap((item) => [
      ...item.name,
      ...item.categories.flat(),
      ...item.facts.flatMap((fact) => fact.words),
    ]),
  );
  const names = nameQueries(described);
  return [
    ...names,
    ...skuQueries(described),
    ...modelQueries(described),
    ...typoQueries(names, vocabulary),
    ...typeQueries(described, categories, input.synonyms),
    ...synonymQueries(described, input.synonyms),
    ...attributeQueries(described, categories),
    ...shopperQueries(described, categories, input.synonyms, audienceIds(input.catalogue.audiences)),
  ];
}

// ---------------------------------------------------------------------------------------------------------
// The spec's old rule as the floor
// ---------------------------------------------------------------------------------------------------------

/**
 * Terms to check the floor with: every word of every name as written ("Compact", "5/15", "7.000"), the
 * prefixes (from 3 letters) of its longer words as they are typed, and the brand with the start of the next
 * word ("Clearwater K", "Clearwater Pro"), which the spec's rule finds by joining the two. Signs standing
 * alone ("&") and around a word ("(5", "Set,") are left out: nobody searches for them.
 */
export function floorTerms(products: readonly Pick<Product, 'name'>[]): string[] {
  const terms = new Set<string>();
  for (const { name } of products) {
    const words = name
      .split(/\s+/)
      .map((word) => word.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, ''))
      .filter((word) => word !== '');
    for (const word of words) {
      terms.add(word.toLowerCase());
      if (/^[A-Za-z]{4,}$/.test(word))
        for (let length = 3; length < word.length; length += 1)
          terms.add(word.slice(0, length).toLowerCase());
    }
    const [first, second] = words;
    if (first && second)
      for (let length = 1; length <= Math.min(3, second.length); length += 1)
        terms.add(`${first} ${second.slice(0, length)}`.toLowerCase());
  }
  return [...terms].sort();
}

/**
 * Where the spec's rule finds `term` in `name`: at the start of one of the name's words, or only inside a
 * word ("ash" in "Washer", "60/36" in "260/36"). A word index finds the first kind (a prefix of the word)
 * but not the second; the floor holds it to the first and counts the second apart.
 */
export function oldRuleMatch(name: string, term: string): 'none' | 'word' | 'inside' {
  if (!matchesSearch(name, term)) return 'none';
  // The rule's text of the name, keeping for each character where it was in the name.
  const lower = name.toLowerCase();
  const kept: number[] = [];
  const dropped = new Set([' ', '-', '/'].map((char) => lower.indexOf(char)).filter((at) => at >= 0));
  for (let at = 0; at < lower.length; at += 1) if (!dropped.has(at)) kept.push(at);
  const text = kept.map((at) => lower.charAt(at)).join('');
  const needle = normaliseForSearch(term.trim());
  const startsWord = (at: number): boolean => at === 0 || !/[a-z0-9]/.test(lower.charAt(at - 1));
  for (let from = text.indexOf(needle); from >= 0; from = text.indexOf(needle, from + 1))
    if (startsWord(kept[from] ?? 0)) return 'word';
  return 'inside';
}

export interface FloorMiss {
  term: string;
  /** SKUs the spec's rule finds at a word's start that the search under test does not. */
  missing: string[];
  /** SKUs the spec's rule finds only inside a word that the search under test does not. */
  inside: string[];
}

/** The spec's rule as the floor: what it finds for each term must be found too. */
export async function floorMisses(
  products: readonly Pick<Product, 'sku' | 'name'>[],
  terms: readonly string[],
  ranker: Ranker,
): Promise<FloorMiss[]> {
  const result: FloorMiss[] = [];
  for (const term of terms) {
    const found = products
      .map((product) => ({ sku: product.sku, how: oldRuleMatch(product.name, term) }))
      .filter(({ how }) => how !== 'none');
    if (found.length === 0) continue;
    const got = new Set(await ranker(term));
    const lost = found.filter(({ sku }) => !got.has(sku));
    if (lost.length > 0)
      result.push({
        term,
        missing: lost.filter(({ how }) => how === 'word').map(({ sku }) => sku),
        inside: lost.filter(({ how }) => how === 'inside').map(({ sku }) => sku),
      });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Scoring
// ---------------------------------------------------------------------------------------------------------

/** A search under test: a query → the SKUs it finds, best first (all of them, not only the first page). */
export type Ranker = (query: string) => Promise<readonly string[]> | readonly string[];

export interface QueryResult {
  query: LabelledQuery;
  /** 1-based rank of the first right answer; 0 when none is found at all. */
  rank: number;
  found: number;
  /** The first few SKUs found, for reports. */
  top: readonly string[];
  /** Share of right answers among the first five (of as many as there are right answers, up to 5). */
  precisionAt5: number;
}

export interface Scores {
  queries: number;
  successAt1: number;
  mrrAt10: number;
  precisionAt5: number;
  /** Queries that found nothing (every query here has a right answer). */
  empty: number;
}

export function scoreQuery(query: LabelledQuery, found: readonly string[]): QueryResult {
  const at = found.findIndex((sku) => query.right.has(sku));
  const firstFive = found.slice(0, 5);
  const wanted = Math.min(5, query.right.size);
  return {
    query,
    rank: at + 1,
    found: found.length,
    top: found.slice(0, 5),
    precisionAt5: firstFive.filter((sku) => query.right.has(sku)).length / wanted,
  };
}

/**
 * The engine as the results page uses it: its ranking, less the products outside the price the query
 * asked for ("under £200", applied as the page's price filter, in the prices the shopper reads with VAT).
 */
export function engineRanker(
  engine: Pick<SearchEngine, 'search'>,
  products: readonly Pick<Product, 'sku' | 'priceInclVat'>[],
): Ranker {
  return async (query) => {
    const { ids, price } = await engine.search(query);
    return ids.flatMap((id) => {
      const product = products[id];
      if (!product) return [];
      const paid = product.priceInclVat;
      if (price && (paid === null || (price.min ?? 0) > paid || (price.max ?? Infinity) < paid)) return [];
      return [product.sku];
    });
  };
}

export async function runSet(set: readonly LabelledQuery[], ranker: Ranker): Promise<QueryResult[]> {
  const results: QueryResult[] = [];
  for (const query of set) results.push(scoreQuery(query, await ranker(query.query)));
  return results;
}

export function scores(results: readonly QueryResult[]): Scores {
  const n = results.length;
  const mean = (value: (result: QueryResult) => number): number =>
    n === 0 ? NaN : results.reduce((sum, result) => sum + value(result), 0) / n;
  return {
    queries: n,
    successAt1: mean((result) => (result.rank === 1 ? 1 : 0)),
    mrrAt10: mean((result) => (result.rank >= 1 && result.rank <= 10 ? 1 / result.rank : 0)),
    precisionAt5: mean((result) => result.precisionAt5),
    empty: results.filter((result) => result.found === 0).length,
  };
}

export interface Report {
  byKind: Map<QueryKind, Scores>;
  exact: Scores;
  overall: Scores;
  /** The mean of the kinds' MRR, so the many SKU typings do not outweigh the rest. */
  macroMrrAt10: number;
}

export function report(results: readonly QueryResult[]): Report {
  const byKind = new Map<QueryKind, Scores>();
  for (const kind of QUERY_KINDS) {
    const own = results.filter((result) => result.query.kind === kind);
    if (own.length > 0) byKind.set(kind, scores(own));
  }
  const kinds = [...byKind.values()];
  return {
    byKind,
    exact: scores(results.filter((result) => EXACT_KINDS.includes(result.query.kind))),
    overall: scores(results),
    macroMrrAt10: kinds.reduce((sum, kind) => sum + kind.mrrAt10, 0) / kinds.length,
  };
}

const percent = (value: number): string => `${(value * 100).toFixed(1)} %`;

/** The report as a table: one row per kind, then the exact kinds together, then every query. */
export function formatReport(title: string, figures: Report): string {
  const row = (label: string, s: Scores): string =>
    `  ${label.padEnd(16)} ${String(s.queries).padStart(5)}  ${percent(s.successAt1).padStart(8)}  ${s.mrrAt10.toFixed(3).padStart(6)}  ${s.precisionAt5.toFixed(3).padStart(6)}  ${String(s.empty).padStart(5)}`;
  return [
    `${title}`,
    `  ${'kind'.padEnd(16)} ${'n'.padStart(5)}  ${'succ@1'.padStart(8)}  ${'MRR@10'.padStart(6)}  ${'P@5'.padStart(6)}  ${'empty'.padStart(5)}`,
    ...[...figures.byKind].map(([kind, s]) => row(kind, s)),
    row('name+sku+model', figures.exact),
    row('overall', figures.overall),
    `  MRR@10 mean of the kinds: ${figures.macroMrrAt10.toFixed(3)}`,
  ].join('\n');
}

/** The queries that miss: not first (exact kinds) or not in the top 10 (others), and the empty ones. */
export function misses(results: readonly QueryResult[]): QueryResult[] {
  return results.filter(
    (result) =>
      result.found === 0 ||
      (EXACT_KINDS.includes(result.query.kind) ? result.rank !== 1 : result.rank === 0 || result.rank > 10),
  );
}

export const describeMiss = (result: QueryResult): string =>
  `[${result.query.how}] "${result.query.query}": ${result.found === 0 ? 'nothing found' : result.rank === 0 ? `no right answer among ${result.found}` : `first right answer at ${result.rank} of ${result.found}`}; right ${[...result.query.right].slice(0, 4).join(', ')}${result.query.right.size > 4 ? ', …' : ''}; top ${result.top.join(', ')}`;

// ---------------------------------------------------------------------------------------------------------
// The demo catalogue
// ---------------------------------------------------------------------------------------------------------

/**
 * The demo catalogue as the site reads it: a throwaway embedded back end seeded as `npm start` seeds it
 * (the configuration's defaults, unless `productCount` says otherwise), read over HTTP by the loader,
 * then stopped and its folder (under `var/`) removed.
 */
export async function readDemoCatalogue(productCount?: number): Promise<Catalogue> {
  const env = loadEnv({});
  mkdirSync('var', { recursive: true });
  const dir = mkdtempSync(resolve('var', 'search-relevance-'));
  const backend = await startEmbeddedMagento(
    testConfig(dir, {
      catalogue: {
        seed: env.DEMO_SEED,
        productCount: productCount ?? env.DEMO_PRODUCT_COUNT,
        brand: env.DEMO_BRAND,
      },
    }),
  );
  try {
    const { catalogue, problems } = await loadCatalogue({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
    if (problems.length > 0) console.warn(`${problems.length} products left out by the loader`);
    return catalogue;
  } finally {
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
