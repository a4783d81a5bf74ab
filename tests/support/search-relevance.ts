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
 *
 * Issue 70's shoppers' queries are written by hand, as shoppers type them, by someone who never saw the
 * index: the job to do ("get moss off my patio", mapped by hand to the catalogue's applications), a part
 * for a machine ("extension lance for k7"), a model typed loosely ("k7premiumsmart", made from the names),
 * a property at its most or least ("quietest wet and dry vac") and things the shop does not sell
 * ("dishwasher"), which have no right product and are asked apart (`runNotSold`). Their labels come from
 * the catalogue's facts (applications, fits, part types, technical data, prices) and that hand mapping.
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
  // Shoppers' queries of issue 70: the job to do, a part for a machine, a model typed loosely, the most or
  // least of a property, and things the shop does not sell.
  'job',
  'part',
  'loose-model',
  'property',
  'not-sold',
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export interface LabelledQuery {
  /** Never 'not-sold': those queries have no right answer and are asked by `runNotSold`. */
  kind: QueryKind;
  /** How the query was made, e.g. "sku lower case, no separators" or "typo: swap". */
  how: string;
  query: string;
  /** SKUs of the right answers (never empty). */
  right: ReadonlySet<string>;
}

/** A query for something the shop does not sell, or for something sold that shares a word with one. */
export interface NotSoldQuery {
  kind: 'not-sold';
  how: string;
  query: string;
  /** true: sold, so answered with products and no "not sold"; false: answered "not sold" and nothing. */
  sold: boolean;
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
  /** The best answer first, for the shoppers' queries of each kind (issue 37, issue 70). */
  shopperSuccessAt1: 0.95,
  /** The best answer first, for the shoppers' queries of every kind together (issue 70). */
  shoppersSuccessAt1: 0.98,
} as const;

/** The kinds whose queries name one product (or products of one name): the right one must come first. */
export const EXACT_KINDS: readonly QueryKind[] = ['name', 'sku', 'model'];

/** The kinds of issue 70, asked as shoppers ask. */
export const ISSUE_70_KINDS: readonly QueryKind[] = ['job', 'part', 'loose-model', 'property', 'not-sold'];

/** Shoppers' queries of every kind, whose best answer must come first (issue 37 and issue 70). */
export const SHOPPER_KINDS: readonly QueryKind[] = ['shopper', ...ISSUE_70_KINDS];

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

// ---------------------------------------------------------------------------------------------------------
// Shoppers' queries of issue 70: jobs, parts for a machine, models typed loosely, properties, not sold
// ---------------------------------------------------------------------------------------------------------

/** The categories whose products are no machines: what is fitted to, poured into or worn by one. */
const NOT_MACHINE_CATEGORIES = new Set(['Accessories', 'Detergents', 'Consumables'].flatMap(labelWords));

/** A machine: a product of no part type and in none of the categories of parts, detergents, consumables. */
const isMachine = (item: Described): boolean =>
  item.product.fit.type === null &&
  !item.categories.some((words) => words.some((word) => NOT_MACHINE_CATEGORIES.has(word)));

/**
 * The machines of a type, given as a type word ("pressure washer", "push sweeper"): those `ofType` finds
 * through the word itself (not through the merchant's synonyms, which would make a push sweeper any
 * sweeper), and those whose name holds it anywhere (a "NT 10/1 Wet & Dry Vacuum Cleaner" is a wet and dry
 * vacuum though its name does not end with it).
 */
function machinesOfType(
  described: readonly Described[],
  categories: readonly CategoryInfo[],
): (type: string) => (item: Described) => boolean {
  return (type) => {
    const phrase = labelWords(type);
    const typed = new Set(ofType(described, categories, [phrase]).map(({ product }) => product.sku));
    return (item) => isMachine(item) && (typed.has(item.product.sku) || holdsPhrase(item.name, phrase));
  };
}

/**
 * A job: the dirt, surface or thing to clean as the shopper says it, and the catalogue's applications it is
 * about (the mapping is a shopper's judgement, written here by hand, not read from the index). A type, when
 * the query names the machine too, must also be met.
 */
interface JobCase {
  query: string;
  apps: readonly string[];
  type?: string;
}

const JOBS: readonly JobCase[] = [
  // Outside: the house, the car, the garden.
  { query: 'clean a caravan roof', apps: ['Caravans'] },
  { query: 'wash a muddy mountain bike', apps: ['Bicycles'] },
  { query: 'get moss off my patio', apps: ['Patios'] },
  { query: 'best pressure washer for patios', apps: ['Patios'], type: 'pressure washer' },
  { query: 'remove algae from block paving driveway', apps: ['Driveways'] },
  { query: 'wash the car', apps: ['Cars'] },
  { query: 'pressure washer for cleaning a caravan', apps: ['Caravans'], type: 'pressure washer' },
  { query: 'clean plastic garden chairs', apps: ['Garden furniture'] },
  { query: 'clean green algae off fence panels', apps: ['Fences'] },
  { query: 'clean a brick garden wall', apps: ['Garden walls'] },
  { query: 'wash down the tractor', apps: ['Agricultural machinery'] },
  { query: 'clean a mud caked digger', apps: ['Construction equipment'] },
  // Inside: kitchen, bathroom, glass.
  { query: 'clean grout between bathroom tiles', apps: ['Tiles and grout'] },
  { query: 'clean the oven hob', apps: ['Hobs and extractor hoods'] },
  { query: 'degrease a greasy cooker hood', apps: ['Hobs and extractor hoods'] },
  { query: 'sanitise kitchen worktops', apps: ['Kitchens'] },
  { query: 'steam clean the bathroom', apps: ['Bathrooms'], type: 'steam cleaner' },
  { query: 'limescale in the shower', apps: ['Bathrooms', 'Shower cubicles'] },
  { query: 'streak free windows', apps: ['Windows'] },
  { query: 'smear free bathroom mirror', apps: ['Mirrors'] },
  { query: 'dry the shower screen', apps: ['Shower cubicles'] },
  { query: 'clean the shop front glass', apps: ['Shop windows'] },
  { query: 'glass table top smears', apps: ['Glass tables'] },
  // Soft furnishings, car interiors, dust.
  { query: 'pet hair on the sofa', apps: ['Upholstery'] },
  { query: 'red wine stain on the carpet', apps: ['Carpets'] },
  { query: 'hoover out the car', apps: ['Car interiors'] },
  { query: 'clear out the garage', apps: ['Garages'] },
  { query: 'sawdust in the workshop', apps: ['Workshops'] },
  { query: 'ash from the wood burner', apps: ['Fireplaces'] },
  // Water.
  { query: 'flooded cellar', apps: ['Flooded cellars'] },
  { query: 'drain the garden pond', apps: ['Garden ponds'] },
  { query: 'empty the swimming pool', apps: ['Pools'] },
  { query: 'water the garden from the water butt', apps: ['Water butts', 'Garden irrigation'] },
  // Garden.
  { query: 'hedge cutting', apps: ['Hedges'] },
  { query: 'clear leaves off the path', apps: ['Leaves on paths'] },
  { query: 'prune the shrubs', apps: ['Shrubs'] },
  // Floors.
  { query: 'clean laminate flooring', apps: ['Laminate'] },
  { query: 'mop sealed wooden floors', apps: ['Sealed wooden floors'] },
  { query: 'clean vinyl floor', apps: ['Vinyl and PVC'] },
  { query: 'sweep the car park', apps: ['Car parks'] },
];

/** The machines for a job: of its applications (and of its type, when it names one). */
function jobQueries(
  described: readonly Described[],
  typeOf: (type: string) => (item: Described) => boolean,
): LabelledQuery[] {
  return JOBS.flatMap(({ query, apps, type }): LabelledQuery[] => {
    const wanted = apps.map(labelWords);
    const ofJob = (item: Described): boolean =>
      isMachine(item) &&
      item.product.applications.some((app) => wanted.some((words) => sameWords(labelWords(app), words)));
    const ofKind = type ? typeOf(type) : () => true;
    const right = skusOf(described.filter((item) => ofJob(item) && ofKind(item)));
    const how = `job: ${apps.join(' or ')}${type ? ` and ${type}` : ''}`;
    return right.size > 0 ? [{ kind: 'job', how, query, right }] : [];
  });
}

/**
 * A part asked for with the machine it is for: the part's words (by hand: what a shopper's word names in
 * the catalogue's names, categories and part types) and the model ("K 7") or family ("NT", letters alone).
 */
interface PartCase {
  query: string;
  part: readonly string[];
  fits: string;
}

const PARTS: readonly PartCase[] = [
  { query: 'extension lance for k7', part: ['lance', 'lances'], fits: 'K 7' },
  { query: 'foam nozzle for a k4', part: ['nozzle', 'nozzles'], fits: 'K 4' },
  { query: 'suction hose for an nt vacuum', part: ['hose', 'hoses'], fits: 'NT' },
  { query: 'filter for wd 2', part: ['filter', 'filters'], fits: 'WD 2' },
  { query: 'brush for my K5', part: ['brush', 'brushes'], fits: 'K 5' },
  { query: 'detergent for SC 3 steam cleaner', part: ['detergent'], fits: 'SC 3' },
  { query: 'hose for hd 5/15', part: ['hose', 'hoses'], fits: 'HD 5/15' },
  { query: 'water filter for k7 pressure washer', part: ['filter', 'filters'], fits: 'K 7' },
  { query: 'k 3 replacement hose', part: ['hose', 'hoses'], fits: 'K 3' },
  { query: 'trigger gun for hds 10/15', part: ['trigger gun'], fits: 'HDS 10/15' },
  { query: 'telescopic lance for hd pressure washer', part: ['telescopic lance'], fits: 'HD' },
  { query: 'hose reel for hd 7/15', part: ['hose reel'], fits: 'HD 7/15' },
  { query: 'patio cleaner attachment for k5', part: ['surface cleaner'], fits: 'K 5' },
  { query: 'dirt blaster for k2', part: ['dirt blaster'], fits: 'K 2' },
  { query: 'nozzle for sc 4', part: ['nozzle', 'nozzles'], fits: 'SC 4' },
  { query: 'steam nozzles for sc5', part: ['nozzle', 'nozzles'], fits: 'SC 5' },
  { query: 'microfibre pads for sgv 4/4', part: ['pad', 'pads'], fits: 'SGV 4/4' },
  { query: 'mop pads for sg 6/4', part: ['pad', 'pads'], fits: 'SG 6/4' },
  { query: 'scrubbing pads for b 90', part: ['pad', 'pads'], fits: 'B 90' },
  { query: 'pads for br 40/1 scrubber dryer', part: ['pad', 'pads'], fits: 'BR 40/1' },
  { query: 'filter bags for t 15/1', part: ['bag', 'bags'], fits: 'T 15/1' },
  { query: 'vacuum bags for ivr 40/15', part: ['bag', 'bags'], fits: 'IVR 40/15' },
  { query: 'defoamer for nt 30/1', part: ['defoamer'], fits: 'NT 30/1' },
  { query: 'antifoam for se 10/1 carpet cleaner', part: ['defoamer', 'antifoam'], fits: 'SE 10/1' },
  { query: 'descaler for sg 4/2', part: ['limescale remover', 'descaler'], fits: 'SG 4/2' },
  { query: 'car shampoo for k4', part: ['shampoo'], fits: 'K 4' },
  { query: 'hot wax for hd 10/12', part: ['wax'], fits: 'HD 10/12' },
  { query: 'glass cleaner for wv 5', part: ['glass cleaner'], fits: 'WV 5' },
  { query: 'cleaning solution for wv6', part: ['detergent'], fits: 'WV 6' },
  { query: 'floor cleaner for br 40/1', part: ['floor cleaner'], fits: 'BR 40/1' },
  { query: 'floor detergent for fc 5', part: ['detergent'], fits: 'FC 5' },
  { query: 'carpet shampoo for se 8/1', part: ['carpet cleaner'], fits: 'SE 8/1' },
  { query: 'degreaser for pc 60/20 parts washer', part: ['degreaser'], fits: 'PC 60/20' },
  { query: 'vehicle foam for cb 5 car wash', part: ['foam'], fits: 'CB 5' },
  { query: 'spare nozzle hd 5/13', part: ['nozzle', 'nozzles'], fits: 'HD 5/13' },
  { query: 'wash brush for k 7', part: ['brush', 'brushes'], fits: 'K 7' },
  { query: 'high pressure hose for hds 8/11', part: ['high pressure hose'], fits: 'HDS 8/11' },
  { query: 'surface cleaner for k 4', part: ['surface cleaner'], fits: 'K 4' },
];

/** Does a product fit `fits`: the model itself (separators and case aside), or a model of the family? */
function fitsModel(product: Product, fits: string): boolean {
  const wanted = compact(fits);
  const family = /^[a-z]+$/.test(wanted);
  return product.fit.fits.some((model) => {
    const own = compact(model);
    return family ? own.startsWith(wanted) && /^\d/.test(own.slice(wanted.length)) : own === wanted;
  });
}

/**
 * Parts for a machine: the products (never machines) that fit the model or family and whose name,
 * category or part type names the part; when none of that part fits, the parts of that kind for any.
 */
function partQueries(described: readonly Described[]): LabelledQuery[] {
  return PARTS.flatMap(({ query, part, fits }): LabelledQuery[] => {
    const phrases = part.map(labelWords);
    const typeWords = (item: Described): string[] => labelWords(item.product.fit.type ?? '');
    const ofPart = (item: Described): boolean =>
      !isMachine(item) &&
      phrases.some(
        (phrase) =>
          holdsPhrase(item.name, phrase) ||
          item.categories.some((words) => holdsPhrase(words, phrase)) ||
          holdsPhrase(typeWords(item), phrase),
      );
    const fitting = described.filter((item) => ofPart(item) && fitsModel(item.product, fits));
    const right = skusOf(fitting.length > 0 ? fitting : described.filter(ofPart));
    const how = fitting.length > 0 ? `part for ${fits}` : `part for ${fits}: none fits, the part for any`;
    return right.size > 0 ? [{ kind: 'part', how, query, right }] : [];
  });
}

/** How many models typed loosely are asked, besides the models not sold. */
const LOOSE_MODELS = 34;

/** A model as the name writes it: the family's letters, its number ("5/15") and the words after it. */
interface ModelWords {
  letters: string;
  number: string;
  variant: readonly string[];
  /** The product's type as its name ends ("pressure washer"), lower case. */
  type: string;
}

/** The ways a model is typed loosely (from "HD 5/15 Classic", "K 7 Premium Smart", "T 10/1 Adv"). */
const LOOSE_TYPINGS: readonly [string, (model: ModelWords) => string][] = [
  ['run together', ({ letters, number, variant }) => compact([letters, number, ...variant].join(''))],
  [
    'code and words joined',
    ({ letters, number, variant }) => `${letters}${number}${variant.join('')}`.toLowerCase(),
  ],
  [
    'letters apart, number and words joined',
    ({ letters, number, variant }) => `${letters} ${number}${variant.join('')}`.toLowerCase(),
  ],
  [
    'letters and number joined, signs as spaces',
    ({ letters, number, variant }) =>
      [`${letters}${number.split(/[/.-]/)[0] ?? ''}`, ...number.split(/[/.-]/).slice(1), ...variant]
        .join(' ')
        .toLowerCase(),
  ],
  [
    'every part apart',
    ({ letters, number, variant }) => [letters, ...number.split(/[/.-]/), ...variant].join(' ').toLowerCase(),
  ],
  [
    'dashes',
    ({ letters, number, variant }) => [letters, ...number.split(/[/.-]/), ...variant].join('-').toLowerCase(),
  ],
  [
    'upper case, code joined',
    ({ letters, number, variant }) => [`${letters}${number}`, ...variant].join(' ').toUpperCase(),
  ],
  [
    'lower case code joined, words as written',
    ({ letters, number, variant }) => [`${letters}${number}`.toLowerCase(), ...variant].join(' '),
  ],
];

/** Models of families the shop sells, in models it does not (checked against the catalogue). */
const UNSOLD_MODELS: readonly { query: string; model: string; type: string }[] = [
  { query: 'k8 pressure washer', model: 'K 8', type: 'pressure washer' },
  { query: 'sc6 steam cleaner', model: 'SC 6', type: 'steam cleaner' },
  { query: 'wd 7 wet and dry vacuum', model: 'WD 7', type: 'wet and dry vacuum' },
  { query: 'WV3 window vac', model: 'WV 3', type: 'window vac' },
  { query: 'fc4 floor cleaner', model: 'FC 4', type: 'floor cleaner' },
  { query: 'hd 8/18 pressure washer', model: 'HD 8/18', type: 'pressure washer' },
];

/** The family of a model: its letters, lower case ("hd" of "HD 5/15", not "hds"). */
const familyOf = (model: string): string => /^[A-Za-z]+/.exec(model.trim())?.[0]?.toLowerCase() ?? '';

/**
 * Machine models typed loosely (issue 70): the model words of a machine's name (the model and up to two of
 * the words after it, before the type its name ends with) run together, split otherwise, with signs or
 * without, in another case, and now and then with the type ("k7premiumsmart", "hd5 15", "t 10 1 adv"), one
 * model of each family, chosen by `pick`. The right answers are the products whose names hold those words
 * in sequence. Then models the shop does not sell of families it does ("k8 pressure washer"): the family's
 * machines of that type.
 */
function looseModelQueries(
  described: readonly Described[],
  typeOf: (type: string) => (item: Described) => boolean,
): LabelledQuery[] {
  const machines = described.filter((item) => isMachine(item) && item.product.fit.model !== null);
  const written = (item: Described): string[] => item.product.name.split(/\s+/);
  const endsAs = (item: Described, suffix: string): boolean =>
    ` ${item.product.name.toLowerCase()}`.endsWith(` ${suffix}`);
  /** The model words of a machine, or null when its name does not hold its model as "LETTERS NUMBER". */
  const modelWords = (item: Described): ModelWords | null => {
    const model = (item.product.fit.model ?? '').split(/\s+/);
    const [letters, number] = model;
    if (model.length !== 2 || !letters || !number || !/^[A-Za-z]+$/.test(letters) || !/^\d/.test(number))
      return null;
    const words = written(item);
    const at = words.findIndex((word, i) => word === letters && words[i + 1] === number);
    if (at < 0) return null;
    const after = at + 2;
    // The type: the longest end of the name that another family's machine's name also ends with, or that
    // every name of its family ends with, and two words at least ("Window Vac", "Oil Separator").
    const family = familyOf(item.product.fit.model ?? '');
    const ownFamily = machines.filter((them) => familyOf(them.product.fit.model ?? '') === family);
    const room = words.length - after;
    let length = Math.min(2, room);
    for (let longer = room; longer > length; longer -= 1) {
      const suffix = words.slice(-longer).join(' ').toLowerCase();
      const shared =
        machines.some((them) => familyOf(them.product.fit.model ?? '') !== family && endsAs(them, suffix)) ||
        (new Set(ownFamily.map(({ product }) => product.name)).size > 1 &&
          ownFamily.every((them) => endsAs(them, suffix)));
      if (shared) {
        length = longer;
        break;
      }
    }
    // The words between the model and the type, up to a sign: a word joined to the type by "&" ("Wet" of
    // "Wet & Dry Vacuum") is the type's.
    const between = words.slice(after, words.length - length);
    const plain = between.findIndex((word) => !/^[A-Za-z0-9]+$/.test(word));
    const variants =
      plain < 0 ? between : between.slice(0, between[plain] === '&' ? Math.max(0, plain - 1) : plain);
    const typeWords = words.slice(-length);
    const type = (typeWords.length > 2 && !typeWords.includes('&') ? typeWords.slice(-2) : typeWords)
      .join(' ')
      .toLowerCase();
    // One or two of the words after the model, when it has any.
    const count =
      variants.length === 0 ? 0 : 1 + pick(`${item.product.name}/words`, Math.min(2, variants.length));
    return { letters, number, variant: variants.slice(0, count), type };
  };

  // One model of each family, chosen by pick; then as many families as asked, chosen by pick.
  const byFamily = new Map<string, ModelWords[]>();
  for (const item of machines) {
    const model = modelWords(item);
    if (!model) continue;
    const family = model.letters.toLowerCase();
    byFamily.set(family, [...(byFamily.get(family) ?? []), model]);
  }
  const canonical = ({ letters, number, variant }: ModelWords): string =>
    [letters, number, ...variant].join(' ');
  const chosen = [...byFamily.values()]
    .map((models) => {
      const distinct = [...new Map(models.map((model) => [canonical(model), model])).values()].sort((a, b) =>
        canonical(a) < canonical(b) ? -1 : 1,
      );
      // The family's choice, by its models' names.
      return distinct[pick(distinct.map(canonical).join('|'), distinct.length)];
    })
    .filter((model): model is ModelWords => model !== undefined)
    .sort((a, b) => pick(canonical(a), 1_000_003) - pick(canonical(b), 1_000_003))
    .slice(0, LOOSE_MODELS);

  const queries: LabelledQuery[] = [];
  for (const model of chosen) {
    const name = canonical(model);
    const first = pick(`${name}/typing`, LOOSE_TYPINGS.length);
    // The first typing that is not the model as written, lower case or not.
    let typed: [string, string] | undefined;
    for (let step = 0; step < LOOSE_TYPINGS.length && !typed; step += 1) {
      const [how, typing] = LOOSE_TYPINGS[(first + step) % LOOSE_TYPINGS.length] ?? ['', () => name];
      const text = typing(model);
      if (text !== name && text !== name.toLowerCase()) typed = [how, text];
    }
    if (!typed) continue;
    const withType = model.type !== '' && pick(`${name}/type`, 3) === 0;
    const type = typed[1] === typed[1].toUpperCase() ? model.type.toUpperCase() : model.type;
    const words = labelWords(name);
    const right = skusOf(described.filter((item) => holdsPhrase(item.name, words)));
    if (right.size > 0)
      queries.push({
        kind: 'loose-model',
        how: `loose model (${name}): ${typed[0]}${withType ? ', with the type' : ''}`,
        query: withType ? `${typed[1]} ${type}` : typed[1],
        right,
      });
  }

  for (const { query, model, type } of UNSOLD_MODELS) {
    const sold = machines.some((item) => compact(item.product.fit.model ?? '') === compact(model));
    const ofKind = typeOf(type);
    const family = familyOf(model);
    const right = sold
      ? skusOf(described.filter((item) => holdsPhrase(item.name, labelWords(model))))
      : skusOf(machines.filter((item) => familyOf(item.product.fit.model ?? '') === family && ofKind(item)));
    const how = sold ? `loose model (${model}), sold` : `model not sold (${model}): the ${family} family`;
    if (right.size > 0) queries.push({ kind: 'loose-model', how, query, right });
  }
  return queries;
}

/**
 * A property asked for at its most or least, for a type of machine ("quietest wet and dry vac"): the
 * attributes it is read from (by hand), or the price with VAT.
 */
interface PropertyCase {
  query: string;
  type: string;
  property: readonly string[] | 'price';
  extreme: 'highest' | 'lowest';
}

const PROPERTIES: readonly PropertyCase[] = [
  // Pressure washers.
  { query: 'lightest pressure washer', type: 'pressure washer', property: ['weight_kg'], extreme: 'lowest' },
  {
    query: 'highest pressure washer',
    type: 'pressure washer',
    property: ['max_pressure_bar', 'pressure_bar'],
    extreme: 'highest',
  },
  {
    query: 'strongest pressure washer',
    type: 'pressure washer',
    property: ['max_pressure_bar', 'pressure_bar'],
    extreme: 'highest',
  },
  {
    query: 'pressure washer with the most bar',
    type: 'pressure washer',
    property: ['max_pressure_bar', 'pressure_bar'],
    extreme: 'highest',
  },
  {
    query: 'highest wattage pressure washer',
    type: 'pressure washer',
    property: ['power_w'],
    extreme: 'highest',
  },
  {
    query: 'quietest pressure washer',
    type: 'pressure washer',
    property: ['sound_pressure_db'],
    extreme: 'lowest',
  },
  { query: 'cheapest pressure washer', type: 'pressure washer', property: 'price', extreme: 'lowest' },
  { query: 'most expensive pressure washer', type: 'pressure washer', property: 'price', extreme: 'highest' },
  {
    query: 'pressure washer with the longest hose',
    type: 'pressure washer',
    property: ['hose_length_m'],
    extreme: 'highest',
  },
  {
    query: 'highest flow rate pressure washer',
    type: 'pressure washer',
    property: ['flow_rate_lh'],
    extreme: 'highest',
  },
  {
    query: 'pressure washer with the longest cable',
    type: 'pressure washer',
    property: ['cable_length_m'],
    extreme: 'highest',
  },
  {
    query: 'cheapest hot water pressure washer',
    type: 'hot water pressure washer',
    property: 'price',
    extreme: 'lowest',
  },
  // Vacuums.
  {
    query: 'quietest wet and dry vac',
    type: 'wet and dry vacuum',
    property: ['sound_pressure_db'],
    extreme: 'lowest',
  },
  {
    query: 'largest tank wet and dry vacuum',
    type: 'wet and dry vacuum',
    property: ['tank_capacity_l'],
    extreme: 'highest',
  },
  { query: 'biggest tank vacuum', type: 'vacuum', property: ['tank_capacity_l'], extreme: 'highest' },
  { query: 'most powerful vacuum', type: 'vacuum', property: ['power_w'], extreme: 'highest' },
  {
    query: 'lightest wet and dry vacuum',
    type: 'wet and dry vacuum',
    property: ['weight_kg'],
    extreme: 'lowest',
  },
  { query: 'cheapest wet and dry vac', type: 'wet and dry vacuum', property: 'price', extreme: 'lowest' },
  {
    query: 'wet and dry vacuum with the strongest suction',
    type: 'wet and dry vacuum',
    property: ['vacuum_mbar'],
    extreme: 'highest',
  },
  {
    query: 'least noisy vacuum cleaner',
    type: 'vacuum cleaner',
    property: ['sound_pressure_db'],
    extreme: 'lowest',
  },
  // Steam cleaners.
  { query: 'cheapest steam cleaner', type: 'steam cleaner', property: 'price', extreme: 'lowest' },
  {
    query: 'fastest heating steam cleaner',
    type: 'steam cleaner',
    property: ['heating_time_min'],
    extreme: 'lowest',
  },
  {
    query: 'steam cleaner with the highest steam pressure',
    type: 'steam cleaner',
    property: ['steam_pressure_bar'],
    extreme: 'highest',
  },
  {
    query: 'biggest water tank steam cleaner',
    type: 'steam cleaner',
    property: ['tank_capacity_l'],
    extreme: 'highest',
  },
  { query: 'lightest steam cleaner', type: 'steam cleaner', property: ['weight_kg'], extreme: 'lowest' },
  { query: 'most powerful steam cleaner', type: 'steam cleaner', property: ['power_w'], extreme: 'highest' },
  // Scrubber dryers, floor cleaners, window vacs.
  { query: 'most expensive scrubber dryer', type: 'scrubber dryer', property: 'price', extreme: 'highest' },
  {
    query: 'widest scrubber dryer',
    type: 'scrubber dryer',
    property: ['working_width_mm'],
    extreme: 'highest',
  },
  {
    query: 'narrowest scrubber dryer',
    type: 'scrubber dryer',
    property: ['working_width_mm'],
    extreme: 'lowest',
  },
  {
    query: 'quietest scrubber dryer',
    type: 'scrubber dryer',
    property: ['sound_pressure_db'],
    extreme: 'lowest',
  },
  {
    query: 'hard floor cleaner with the longest battery life',
    type: 'hard floor cleaner',
    property: ['battery_run_time_min'],
    extreme: 'highest',
  },
  {
    query: 'longest run time window vac',
    type: 'window vac',
    property: ['battery_run_time_min'],
    extreme: 'highest',
  },
  { query: 'lightest window vac', type: 'window vac', property: ['weight_kg'], extreme: 'lowest' },
  { query: 'cheapest window vac', type: 'window vac', property: 'price', extreme: 'lowest' },
  // Garden, pumps, sweepers.
  {
    query: 'quietest hedge trimmer',
    type: 'hedge trimmer',
    property: ['sound_pressure_db'],
    extreme: 'lowest',
  },
  { query: 'lightest lawn mower', type: 'lawn mower', property: ['weight_kg'], extreme: 'lowest' },
  {
    query: 'pump with the highest flow rate',
    type: 'pump',
    property: ['flow_rate_lh'],
    extreme: 'highest',
  },
  {
    query: 'push sweeper with the biggest container',
    type: 'push sweeper',
    property: ['container_volume_l'],
    extreme: 'highest',
  },
];

/**
 * A machine's value of a property: the price with VAT, or the highest number the attributes give (a
 * range's top, "20 - 170" bar read as 170; "approx. 70" as 70); null when it has none.
 */
function propertyOf(item: Described, property: PropertyCase['property']): number | null {
  if (property === 'price') return item.product.priceInclVat;
  const numbers = item.product.technicalData
    .filter((row) => property.includes(row.code))
    .flatMap((row) => (row.value.match(/\d+(?:\.\d+)?/g) ?? []).map(Number));
  return numbers.length > 0 ? Math.max(...numbers) : null;
}

/**
 * A property at its most or least for a type of machine: among the machines of the type that have it,
 * those at the extreme (every one tied there).
 */
function propertyQueries(
  described: readonly Described[],
  typeOf: (type: string) => (item: Described) => boolean,
): LabelledQuery[] {
  return PROPERTIES.flatMap(({ query, type, property, extreme }): LabelledQuery[] => {
    const ofKind = typeOf(type);
    const valued = described.flatMap((item) => {
      const value = ofKind(item) ? propertyOf(item, property) : null;
      return value === null ? [] : [{ item, value }];
    });
    if (valued.length === 0) return [];
    const values = valued.map(({ value }) => value);
    const best = extreme === 'highest' ? Math.max(...values) : Math.min(...values);
    const right = skusOf(valued.filter(({ value }) => value === best).map(({ item }) => item));
    const how = `property: ${extreme} ${property === 'price' ? 'price' : property.join('/')} of ${type}`;
    return [{ kind: 'property', how, query, right }];
  });
}

/**
 * Things a UK cleaning-machine shop does not sell, sharing words with things it does ("washer dryer",
 * "ride on mower", "robot vacuum"): the engine says "not sold" and finds nothing.
 */
export const NOT_SOLD_QUERIES: readonly string[] = [
  'dishwasher',
  'dishwashers',
  'washing machine',
  'washer dryer',
  'tumble dryer',
  'tumble dryers',
  'fridge freezer',
  'lawn tractor',
  'ride on mower',
  'robot vacuum',
  'robot hoover',
  'car polisher',
  'snow blower',
  'chainsaw',
  'carpet fitting',
  'ironing board',
  'mop bucket',
  'hair dryer',
  'dehumidifier',
  'air conditioner',
  'vacuum sealer',
  'cordless drill',
  'petrol generator',
  'microwave',
];

/** Things sold that share a word with a thing not sold: the engine finds them and says nothing of it. */
export const SOLD_LOOKALIKES: readonly string[] = [
  'lawn mower',
  'battery lawn mower',
  'pressure washer',
  'window cleaner',
  'washer',
  'dryer',
  'scrubber dryer',
  'ride on scrubber dryer',
  'parts washer',
  'wet and dry vacuum',
  'upright vacuum',
  'hoover',
  'leaf blower',
  'hedge trimmer',
  'air purifier',
  'carpet cleaner',
  'electric mop',
  'car wash',
  'car shampoo',
  'garden pump',
  'cordless hard floor cleaner',
  'steam cleaner',
];

/**
 * The lists checked against the catalogue (for the relevance test): the things not sold that a product's
 * name or category names nonetheless (each of their words in one name, through the synonyms too), and the
 * lookalikes none names. Both should be empty.
 */
export function notSoldCheck(input: RelevanceInput): { named: string[]; unnamed: string[] } {
  const { described } = describeProducts(input);
  const names = (query: string): boolean =>
    phrasesOf(query, input.synonyms).some((phrase) =>
      described.some(
        (item) => holdsAll(item.name, phrase) || item.categories.some((words) => holdsAll(words, phrase)),
      ),
    );
  return {
    named: NOT_SOLD_QUERIES.filter(names),
    unnamed: SOLD_LOOKALIKES.filter((query) => !names(query)),
  };
}

/**
 * The things not sold and their lookalikes asked of the engine: a thing not sold is answered right when
 * the engine says what is not sold (`notSold`) and finds nothing; a lookalike when it says nothing of the
 * kind and finds products.
 */
export async function runNotSold(
  engine: Pick<SearchEngine, 'search'>,
  products: readonly Pick<Product, 'sku'>[],
): Promise<QueryResult[]> {
  const queries: NotSoldQuery[] = [
    ...NOT_SOLD_QUERIES.map((query) => ({ kind: 'not-sold' as const, how: 'not sold', query, sold: false })),
    ...SOLD_LOOKALIKES.map((query) => ({
      kind: 'not-sold' as const,
      how: 'sold, like a thing not sold',
      query,
      sold: true,
    })),
  ];
  const results: QueryResult[] = [];
  for (const query of queries) {
    const { ids, notSold } = await engine.search(query.query);
    const right = query.sold ? notSold === null && ids.length > 0 : notSold !== null && ids.length === 0;
    results.push({
      query,
      rank: right ? 1 : 0,
      found: ids.length,
      top: ids.slice(0, 5).map((id) => products[id]?.sku ?? String(id)),
      precisionAt5: right ? 1 : 0,
      notSold,
    });
  }
  return results;
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
  const typeOf = machinesOfType(described, categories);
  return [
    ...names,
    ...skuQueries(described),
    ...modelQueries(described),
    ...typoQueries(names, vocabulary),
    ...typeQueries(described, categories, input.synonyms),
    ...synonymQueries(described, input.synonyms),
    ...attributeQueries(described, categories),
    ...shopperQueries(described, categories, input.synonyms, audienceIds(input.catalogue.audiences)),
    ...jobQueries(described, typeOf),
    ...partQueries(described),
    ...looseModelQueries(described, typeOf),
    ...propertyQueries(described, typeOf),
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
  query: LabelledQuery | NotSoldQuery;
  /** 1-based rank of the first right answer; 0 when none is found at all (not sold: 1 when answered right). */
  rank: number;
  found: number;
  /** The first few SKUs found, for reports. */
  top: readonly string[];
  /** Share of right answers among the first five (of as many as there are right answers, up to 5). */
  precisionAt5: number;
  /** What the engine said is not sold (the 'not-sold' kind only). */
  notSold?: string | null;
}

/** Should the query find products? Every labelled one, and the lookalikes of things not sold. */
const wantsProducts = ({ query }: QueryResult): boolean => !('sold' in query) || query.sold;

export interface Scores {
  queries: number;
  successAt1: number;
  mrrAt10: number;
  precisionAt5: number;
  /** Queries that found nothing though they have right answers (a thing not sold should find nothing). */
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
    empty: results.filter((result) => result.found === 0 && wantsProducts(result)).length,
  };
}

export interface Report {
  byKind: Map<QueryKind, Scores>;
  exact: Scores;
  /** The shoppers' queries of every kind together (`SHOPPER_KINDS`). */
  shoppers: Scores;
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
    shoppers: scores(results.filter((result) => SHOPPER_KINDS.includes(result.query.kind))),
    overall: scores(results),
    macroMrrAt10: kinds.reduce((sum, kind) => sum + kind.mrrAt10, 0) / kinds.length,
  };
}

const percent = (value: number): string => `${(value * 100).toFixed(1)} %`;

/**
 * The report as a table: one row per kind, then the exact kinds together, the shoppers' kinds together
 * (when asked), then every query.
 */
export function formatReport(title: string, figures: Report): string {
  const row = (label: string, s: Scores): string =>
    `  ${label.padEnd(16)} ${String(s.queries).padStart(5)}  ${percent(s.successAt1).padStart(8)}  ${s.mrrAt10.toFixed(3).padStart(6)}  ${s.precisionAt5.toFixed(3).padStart(6)}  ${String(s.empty).padStart(5)}`;
  return [
    `${title}`,
    `  ${'kind'.padEnd(16)} ${'n'.padStart(5)}  ${'succ@1'.padStart(8)}  ${'MRR@10'.padStart(6)}  ${'P@5'.padStart(6)}  ${'empty'.padStart(5)}`,
    ...[...figures.byKind].map(([kind, s]) => row(kind, s)),
    row('name+sku+model', figures.exact),
    ...(figures.shoppers.queries > 0 ? [row('shopper kinds', figures.shoppers)] : []),
    row('overall', figures.overall),
    `  MRR@10 mean of the kinds: ${figures.macroMrrAt10.toFixed(3)}`,
  ].join('\n');
}

/**
 * The queries that miss: not first (exact kinds) or not in the top 10 (others), and the empty ones; a thing
 * not sold or its lookalike, when not answered as it should be.
 */
export function misses(results: readonly QueryResult[]): QueryResult[] {
  return results.filter((result) =>
    result.query.kind === 'not-sold'
      ? result.rank !== 1
      : result.found === 0 ||
        (EXACT_KINDS.includes(result.query.kind) ? result.rank !== 1 : result.rank === 0 || result.rank > 10),
  );
}

export const describeMiss = (result: QueryResult): string => {
  const { query } = result;
  if (!('right' in query))
    return `[${query.how}] "${query.query}": ${query.sold ? 'wanted products and no "not sold"' : 'wanted "not sold" and nothing'}; got ${result.notSold === null || result.notSold === undefined ? 'no "not sold"' : `not sold "${result.notSold}"`} and ${result.found} found; top ${result.top.join(', ')}`;
  return `[${query.how}] "${query.query}": ${result.found === 0 ? 'nothing found' : result.rank === 0 ? `no right answer among ${result.found}` : `first right answer at ${result.rank} of ${result.found}`}; right ${[...query.right].slice(0, 4).join(', ')}${query.right.size > 4 ? ', …' : ''}; top ${result.top.join(', ')}`;
};

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
