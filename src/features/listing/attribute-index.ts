/**
 * What a listing's filterable and sortable attributes make of its products (build-index.ts builds the rest
 * of the index around it): a numeric attribute is filtered by bands worked out from the values in the
 * listing; a select, multiselect, boolean or text attribute by its values. A product whose value is
 * missing is under no value of that filter; one whose value is malformed (text in a numeric attribute)
 * likewise, and is reported as a data fault; neither is ever dropped. A configurable product has every
 * value its children have of the attributes it varies by, so `volume=5-l` finds the shampoo that comes in
 * 5 l.
 */
import { toW3cDate } from '../../catalogue/fields.ts';
import { keptParts } from '../../catalogue/kept-parts.ts';
import type { CatalogueAttribute, Product } from '../../catalogue/types.ts';
import { niceBands, parseNumber, splitUnit } from './numbers.ts';
import { RATING, type AttributeSort, type ColumnValue, type Facet } from './listing-index.ts';

export interface ValueProblem {
  sku: string;
  code: string;
  value: string;
}

/**
 * Magento's own sorts and filters the listing offers in its own way (price bands, name and price sorts),
 * and the URL key of the listing's own rating filter, which an attribute of that code would clash with.
 */
const BUILT_IN = new Set(['name', 'price', 'sku', RATING]);

const NUMERIC_INPUTS = new Set(['price', 'weight']);
const NUMERIC_BACKENDS = new Set(['decimal', 'int']);
const OPTION_INPUTS = new Set(['select', 'multiselect', 'boolean']);

const isNumeric = (attribute: CatalogueAttribute): boolean =>
  !OPTION_INPUTS.has(attribute.input) &&
  (NUMERIC_INPUTS.has(attribute.input) || NUMERIC_BACKENDS.has(attribute.backendType));

/** Magento's `created_at` (`YYYY-MM-DD HH:MM:SS`, UTC) in Unix seconds; 0 when there is none. */
function createdSeconds(createdAt: string): number {
  const time = Date.parse(toW3cDate(createdAt) ?? '');
  return Number.isFinite(time) ? Math.floor(time / 1000) : 0;
}

/** What every listing reads of a product: its specification rows by code (the first of each), its creation. */
interface ProductReadings {
  readonly values: ReadonlyMap<string, string>;
  readonly created: number;
}

/**
 * Each product's readings, made once: products are never changed once made, so a product is read once,
 * not once per attribute of every listing it is in, nor again by the next run of the warm renderer.
 */
const readings = keptParts<Product, ProductReadings>();
export const readingsOf = (product: Product): ProductReadings =>
  readings(product, [], () => {
    const values = new Map<string, string>();
    for (const row of product.technicalData) if (!values.has(row.code)) values.set(row.code, row.value);
    return { values, created: createdSeconds(product.createdAt) };
  });

/** A product's raw value of an attribute, from the specification rows the mapper made (labels for options). */
const valueOf = (product: Product, code: string): string => readingsOf(product).values.get(code) ?? '';

/** Multiselect labels are joined with ", " by the mapper (map.ts). */
const labelsOf = (attribute: CatalogueAttribute, value: string): string[] =>
  value === '' ? [] : attribute.input === 'multiselect' ? value.split(', ') : [value];

/**
 * A product's values of an option attribute: a configurable product's are its children's, for an attribute
 * it varies by (in the attribute's order), else its own.
 */
function productLabels(attribute: CatalogueAttribute, product: Product): string[] {
  const varying = product.configurable?.attributes.find((candidate) => candidate.code === attribute.code);
  if (!varying || !product.configurable) return labelsOf(attribute, valueOf(product, attribute.code));
  const ids = new Set(product.configurable.variants.map((variant) => variant.values[attribute.code]));
  return varying.values.filter((value) => ids.has(value.id)).map((value) => value.label);
}

/** `Mains electric` → `mains-electric`; distinct per facet. */
function optionKeys(labels: readonly string[]): string[] {
  const used = new Set<string>();
  return labels.map((label) => {
    const base =
      label
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-z0-9.]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'value';
    let key = base;
    for (let n = 2; used.has(key); n += 1) key = `${base}-${n}`;
    used.add(key);
    return key;
  });
}

interface Column {
  code: string;
  value: (product: Product) => ColumnValue;
}

/** The option facet and column of a select, multiselect, boolean or text attribute. */
function optionFacet(
  attribute: CatalogueAttribute,
  products: readonly Product[],
): { facet: Facet; column: Column } | null {
  const present = new Set(products.flatMap((product) => productLabels(attribute, product)));
  if (present.size === 0) return null;
  const ordered =
    attribute.options.length > 0
      ? [
          ...attribute.options.map((option) => option.label).filter((label) => present.has(label)),
          ...[...present].filter((label) => !attribute.options.some((option) => option.label === label)),
        ]
      : [...present].sort((a, b) => a.localeCompare(b, 'en-GB', { numeric: true }));
  const at = new Map(ordered.map((label, i) => [label, i]));
  const keys = optionKeys(ordered);
  return {
    facet: {
      kind: 'options',
      code: attribute.code,
      label: attribute.label,
      options: ordered.map((label, i) => [keys[i] ?? label, label]),
    },
    column: {
      code: attribute.code,
      value: (product) => {
        const found = productLabels(attribute, product).flatMap((label) => at.get(label) ?? []);
        return found.length === 0 ? null : found.length === 1 ? (found[0] ?? null) : found;
      },
    },
  };
}

/** The range facet and column of a numeric attribute; malformed values go to `problems`. */
function rangeFacet(
  attribute: CatalogueAttribute,
  products: readonly Product[],
  problems: ValueProblem[],
): { facet: Facet; column: Column } | null {
  const values = new Map<Product, number>();
  for (const product of products) {
    const raw = valueOf(product, attribute.code);
    const value = parseNumber(raw);
    if (value === undefined) problems.push({ sku: product.sku, code: attribute.code, value: raw });
    else if (value !== null) values.set(product, value);
  }
  const bands = niceBands([...values.values()]);
  if (bands.length === 0) return null;
  const { name, unit } = splitUnit(attribute.label);
  return {
    facet: { kind: 'range', code: attribute.code, label: name, unit, bands },
    column: { code: attribute.code, value: (product) => values.get(product) ?? null },
  };
}

/** Sorting by a numeric attribute compares numbers; by any other, its text. */
function sortColumn(attribute: CatalogueAttribute): Column {
  return {
    code: attribute.code,
    value: (product) => {
      const raw = valueOf(product, attribute.code);
      if (raw === '') return null;
      return isNumeric(attribute) ? (parseNumber(raw) ?? null) : raw;
    },
  };
}

/**
 * What a listing's attributes make of its products: the filters and sorts besides price and rating (each
 * filter with its place), and each product's values of them. It reads only the products' specifications,
 * options and skus, so a caller may keep it while those are the same (site/listing-pages.ts keeps it
 * across a price or stock change, which is most saves).
 */
export interface AttributeIndex {
  readonly facets: readonly { readonly facet: Facet; readonly position: number }[];
  readonly sorts: readonly AttributeSort[];
  readonly columns: readonly string[];
  /** Each product's values of `columns`, in the products' order. */
  readonly values: readonly ColumnValue[][];
  /** Malformed values met (data faults). */
  readonly problems: readonly ValueProblem[];
}

/** The filters, sorts and values `attributes` make of `products` (`AttributeIndex`). */
export function attributeIndex(
  products: readonly Product[],
  attributes: readonly CatalogueAttribute[],
): AttributeIndex {
  const problems: ValueProblem[] = [];
  const facets: { facet: Facet; position: number }[] = [];
  const columns: Column[] = [];
  for (const attribute of attributes) {
    if (!attribute.filterable || BUILT_IN.has(attribute.code)) continue;
    const built = isNumeric(attribute)
      ? rangeFacet(attribute, products, problems)
      : optionFacet(attribute, products);
    if (!built) continue;
    facets.push({ facet: built.facet, position: attribute.position });
    columns.push(built.column);
  }
  const sorts: AttributeSort[] = [];
  for (const attribute of attributes) {
    if (!attribute.sortable || BUILT_IN.has(attribute.code)) continue;
    if (!products.some((product) => valueOf(product, attribute.code) !== '')) continue;
    sorts.push({ code: attribute.code, label: attribute.label });
    if (!columns.some((column) => column.code === attribute.code)) columns.push(sortColumn(attribute));
  }
  return {
    facets,
    sorts,
    columns: columns.map((column) => column.code),
    values: products.map((product) => columns.map((column) => column.value(product))),
    problems,
  };
}
