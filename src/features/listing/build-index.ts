/**
 * Builds a category's filter index (listing-index.ts) from the catalogue at build time. The filters are
 * the attributes Magento marks `is_filterable`, in Magento's `position` order, plus price bands; the sorts
 * those marked `used_for_sort_by`. A numeric attribute is filtered by bands worked out from the values in
 * the category; a select, multiselect, boolean or text attribute by its values.
 *
 * A product whose value is missing is under no value of that filter; one whose value is malformed (text
 * in a numeric attribute) likewise, and is reported as a data fault. Neither is ever dropped.
 *
 * A configurable product is listed once, at its cheapest child's price ("from"), and has every value its
 * children have of the attributes it varies by, so `volume=5-l` finds the shampoo that comes in 5 l.
 */
import { toW3cDate } from '../../catalogue/fields.ts';
import { keptParts } from '../../catalogue/kept-parts.ts';
import type { CatalogueAttribute, Product } from '../../catalogue/types.ts';
import { ratingToolTexts } from './browser-texts.ts';
import { niceBands, niceStep, parseNumber, splitUnit } from './numbers.ts';
import {
  PRICE,
  RATING,
  type AttributeSort,
  type ColumnValue,
  type Facet,
  type IndexedProduct,
  type ListingIndex,
  type RatingPair,
} from './listing-index.ts';

export { niceBands, niceStep, parseNumber, splitUnit };

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

/** The rating filter's values, best first: "4 stars & up" … "1 star & up". */
const RATING_STEPS = [4, 3, 2, 1];

/**
 * The rating filter, when some product has reviews: whole stars and up (its keys the stars, so
 * `?rating=4`). Its values read the index's `rating`, not a column (browse.ts `valueIndexes`).
 */
const ratingFacet = (): Facet => ({
  kind: 'options',
  code: RATING,
  label: ratingToolTexts.filter,
  options: RATING_STEPS.map((stars) => [String(stars), ratingToolTexts.starsAndUp(stars)]),
});
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
const readingsOf = (product: Product): ProductReadings =>
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
 * The filter index of one category: `products` in the merchandiser's order, `attributes` the
 * catalogue's, `hrefBySku` the product pages' paths. `problems` collects malformed values.
 */
export function buildListingIndex(
  products: readonly Product[],
  attributes: readonly CatalogueAttribute[],
  hrefBySku: ReadonlyMap<string, string>,
  problems: ValueProblem[] = [],
): ListingIndex {
  const facets: { facet: Facet; position: number }[] = [];
  const columns: Column[] = [];
  const priceAttribute = attributes.find((attribute) => attribute.code === PRICE);
  const prices = products.flatMap((product) => (product.priceInclVat === null ? [] : [product.priceInclVat]));
  const priceBands = niceBands(prices);
  const pricePosition = priceAttribute?.filterable ? priceAttribute.position : -1;
  if (priceBands.length > 0)
    facets.push({
      facet: { kind: 'range', code: PRICE, label: 'Price', unit: '£', bands: priceBands },
      position: pricePosition,
    });
  const rating = Object.fromEntries(
    products.flatMap((product): [string, RatingPair][] =>
      product.rating && product.rating.count > 0
        ? [[product.sku, [product.rating.percent, product.rating.count]]]
        : [],
    ),
  );
  const rated = Object.keys(rating).length > 0;
  // Beside price, wherever the merchandiser put price.
  if (rated) facets.push({ facet: ratingFacet(), position: pricePosition + 0.5 });
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
  const from = products.filter((product) => product.priceFrom).map((product) => product.sku);
  const was = Object.fromEntries(
    products
      .filter((product) => product.wasInclVat !== null || product.wasExclVat !== null)
      .map((product): [string, [number | null, number | null]] => [
        product.sku,
        [product.wasInclVat, product.wasExclVat],
      ]),
  );
  return {
    ...(from.length > 0 ? { from } : {}),
    ...(Object.keys(was).length > 0 ? { was } : {}),
    ...(rated ? { rating } : {}),
    facets: facets.sort((a, b) => a.position - b.position).map(({ facet }) => facet),
    sorts,
    columns: columns.map((column) => column.code),
    products: products.map((product): IndexedProduct => [
      product.sku,
      product.name,
      hrefBySku.get(product.sku) ?? '',
      product.thumbnail?.file ?? '',
      product.thumbnail?.label ?? '',
      product.priceInclVat,
      product.priceExclVat,
      product.inStock ? 1 : 0,
      readingsOf(product).created,
      columns.map((column) => column.value(product)),
    ]),
  };
}
