/**
 * A category's filter index: what the listing's browser script needs to sort, filter and page the
 * category without a search server (DESIGN.md §4). The build writes one per category as a hashed static
 * file; the same data, read at build time, gives the pre-rendered pages their filters and counts, so the
 * pages and the script agree by construction.
 *
 * The file is compact (arrays, not objects) because it is fetched by shoppers: at 300 products it must
 * stay within 25 KB brotli. It is our own build output, yet still data arriving over the wire, so the
 * browser checks its shape (`parseListingIndex`) with a few hand checks rather than bundling zod.
 */
import { isRecord } from '@cleaning-shop/kit/reader.ts';

/** Filter by options: checkboxes, OR within the filter. Each option is `[url key, label]`. */
export interface OptionFacet {
  kind: 'options';
  code: string;
  label: string;
  options: [key: string, label: string][];
}

/** Filter by numeric bands: `[from, to]`, from inclusive, to exclusive except for the last band. */
export interface RangeFacet {
  kind: 'range';
  code: string;
  label: string;
  /** The unit from the attribute's label (`bar` from "Max. pressure (bar)"); `£` for price. */
  unit: string;
  bands: [from: number, to: number][];
}

export type Facet = OptionFacet | RangeFacet;

/** A sort from an attribute Magento marks `used_for_sort_by`: ascending by its column's value. */
export interface AttributeSort {
  code: string;
  label: string;
}

/**
 * One product: `[sku, name, path, image file, image alt, price incl VAT, price excl VAT, in stock,
 * created (Unix seconds), values]`. Path and image are `''` when there is none; prices `null`. `values`
 * line up with the index's `columns`: an option facet's value is the indexes of its options, a range or
 * sort column's value a number (or text for a text sort), `null` when missing or malformed.
 */
export type IndexedProduct = [
  sku: string,
  name: string,
  path: string,
  image: string,
  alt: string,
  inclVat: number | null,
  exclVat: number | null,
  inStock: 0 | 1,
  created: number,
  values: ColumnValue[],
];

export type ColumnValue = number | number[] | string | null;

/** A rated product's `[percent, count]`: Magento's `rating_summary` (0–100) and `review_count`. */
export type RatingPair = [percent: number, count: number];

export interface ListingIndex {
  /** Filters in the order shown (price first unless the merchandiser placed it elsewhere). */
  facets: Facet[];
  sorts: AttributeSort[];
  /** Attribute codes of `IndexedProduct` values, in order. */
  columns: string[];
  /** Products in the merchandiser's order (the index is the position). */
  products: IndexedProduct[];
  /**
   * The skus whose price is the cheapest of a configurable product's children, which differ ("from £9.99");
   * absent when there are none.
   */
  from?: string[];
  /**
   * The regular prices `[incl VAT, excl VAT]` of the products on sale, by sku, shown struck through after
   * the sale price ("Was £X"); absent when none is.
   */
  was?: Record<string, [number | null, number | null]>;
  /**
   * The ratings of the products with reviews, by sku (`[percent, count]`), drawn as stars on their cards
   * and read by the rating sort and filter; absent when none has any. Products without reviews are left
   * out: most have none, and every byte here is fetched by every shopper who sorts or filters.
   */
  rating?: Record<string, RatingPair>;
}

/** The facet code of the price filter, which reads the product's price rather than a column. */
export const PRICE = 'price';

/**
 * The facet code of the rating filter, which reads the index's `rating` rather than a column: an options
 * facet whose keys are whole stars (`4`: "4 stars & up"), and a product has every key up to its stars.
 */
export const RATING = 'rating';

/** Field positions of `IndexedProduct`, for readable access. */
export const P = {
  sku: 0,
  name: 1,
  path: 2,
  image: 3,
  alt: 4,
  inclVat: 5,
  exclVat: 6,
  inStock: 7,
  created: 8,
  values: 9,
} as const;

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumberOrNull = (value: unknown): boolean => value === null || typeof value === 'number';
const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

function isFacet(value: unknown): value is Facet {
  if (!isRecord(value) || !isString(value['code']) || !isString(value['label'])) return false;
  const { kind, options, unit, bands } = value;
  if (kind === 'options') return isArray(options) && options.every((o) => isArray(o) && o.every(isString));
  return (
    kind === 'range' &&
    isString(unit) &&
    isArray(bands) &&
    bands.every((b) => isArray(b) && b.length === 2 && b.every((n) => typeof n === 'number'))
  );
}

const isSort = (value: unknown): value is AttributeSort =>
  isRecord(value) && isString(value['code']) && isString(value['label']);

function isProduct(value: unknown, columns: number): value is IndexedProduct {
  return (
    isArray(value) &&
    value.length === 10 &&
    [0, 1, 2, 3, 4].every((at) => isString(value[at])) &&
    isNumberOrNull(value[5]) &&
    isNumberOrNull(value[6]) &&
    (value[7] === 0 || value[7] === 1) &&
    typeof value[8] === 'number' &&
    isArray(value[9]) &&
    value[9].length === columns
  );
}

/** A map by sku whose every value is a pair passing `each` (the index's `was` and `rating`). */
const isPairs =
  <T>(each: (value: unknown) => boolean) =>
  (value: unknown): value is Record<string, T> =>
    isRecord(value) &&
    Object.values(value).every((pair) => isArray(pair) && pair.length === 2 && pair.every(each));

const isWas = isPairs<[number | null, number | null]>(isNumberOrNull);
const isRating = isPairs<RatingPair>((n) => typeof n === 'number');

/** The index in a fetched file, or null when it is not one (then the page stays as pre-rendered). */
export function parseListingIndex(data: unknown): ListingIndex | null {
  if (!isRecord(data)) return null;
  const { facets, sorts, columns, products } = data;
  if (!isArray(facets) || !facets.every(isFacet)) return null;
  if (!isArray(sorts) || !sorts.every(isSort)) return null;
  if (!isArray(columns) || !columns.every(isString)) return null;
  if (!isArray(products) || !products.every((p) => isProduct(p, columns.length))) return null;
  const { from, was, rating } = data;
  if (from !== undefined && !(isArray(from) && from.every(isString))) return null;
  if (was !== undefined && !isWas(was)) return null;
  if (rating !== undefined && !isRating(rating)) return null;
  return {
    facets,
    sorts,
    columns,
    products,
    ...(from ? { from } : {}),
    ...(was ? { was } : {}),
    ...(rating ? { rating } : {}),
  };
}
