/**
 * Each product's index terms (build.ts): the words of its name, categories, brand and searchable
 * attributes, and the codes of its SKU and model number (its children's too, for a configurable), each with
 * the fields it occurs in, its first position and its weight.
 */
import type { CatalogueAttribute, Product } from '../../catalogue/types.ts';
import { variantQuery } from '../../catalogue/variants.ts';
import { splitUnit } from '../listing/index.ts';
import { FIELD } from './info.ts';
import { codeTerms, compactCode, textTerms } from './text.ts';

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

export interface Hit {
  fields: number;
  position: number;
  weight: number;
}

/**
 * A product's index terms, each with where it occurs: words (prefix shards) and codes (code buckets); and
 * for a configurable, the code terms that only one child has, with that child's query (`volume=5-l`).
 */
export interface ProductTerms {
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

export function memoisedTerms(product: Product, context: string, compute: () => ProductTerms): ProductTerms {
  const known = termsMemo.get(product);
  if (known?.context === context) return known.terms;
  const terms = compute();
  // A configurable's terms depend on its children too: its object is made anew whenever they change.
  termsMemo.set(product, { context, terms });
  return terms;
}

/** The index terms of one product. */
export function productTerms(
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
  // A part's type ("Nozzles and lances", fits.ts) is its category among parts: "lance for k7" (issue 70).
  if (product.fit.type) add(product.fit.type, FIELD.category, DEFAULT_WEIGHT.category);
  if (product.configurable) addChildSizes(product.configurable, found);
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
 * A configurable is sold in its children's sizes ("1 l", "5 l", its option values with a digit): found by
 * them as by its own measures; a size only one child has opens the parent with that child chosen, as a
 * child's code does (`found.variants`, `volume=5-l`).
 */
function addChildSizes(configurable: NonNullable<Product['configurable']>, found: ProductTerms): void {
  const owners = new Map<string, Set<string>>();
  for (const variant of configurable.variants) {
    const query = variantQuery(configurable.attributes, variant.values);
    for (const attribute of configurable.attributes) {
      const label = attribute.values.find((value) => value.id === variant.values[attribute.code])?.label;
      for (const { term } of textTerms(label ?? '')) {
        if (!/\d/.test(term)) continue;
        addHit(found.words, term, FIELD.attribute, 15, DEFAULT_WEIGHT.attribute);
        let queries = owners.get(term);
        if (!queries) owners.set(term, (queries = new Set()));
        queries.add(query);
      }
    }
  }
  for (const [term, queries] of owners) {
    const [query] = queries;
    if (queries.size === 1 && query && !found.variants.has(term)) found.variants.set(term, query);
  }
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

const sameHits = (a: ReadonlyMap<string, Hit>, b: ReadonlyMap<string, Hit>): boolean =>
  a.size === b.size &&
  [...a].every(([term, hit]) => {
    const other = b.get(term);
    return (
      other !== undefined &&
      other.fields === hit.fields &&
      other.position === hit.position &&
      other.weight === hit.weight
    );
  });

/** Whether two products' terms are the same (a product saved with a new price keeps its terms). */
export const sameTerms = (a: ProductTerms, b: ProductTerms): boolean =>
  a === b ||
  (sameHits(a.words, b.words) &&
    sameHits(a.codes, b.codes) &&
    a.variants.size === b.variants.size &&
    [...a.variants].every(([term, query]) => b.variants.get(term) === query));
