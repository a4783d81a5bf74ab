/**
 * Builds a category's filter index (listing-index.ts) from the catalogue at build time: its products'
 * prices, stock and marks ("from", "Was", ratings) around what the attributes make of them
 * (attribute-index.ts: the filters Magento marks `is_filterable`, in its `position` order, the sorts it
 * marks `used_for_sort_by`, and each product's values), with price bands and the rating filter placed
 * where the merchandiser put price. A configurable product is listed once, at its cheapest child's price
 * ("from").
 */
import type { CatalogueAttribute, Product } from '../../catalogue/types.ts';
import { ratingToolTexts } from './browser-texts.ts';
import { niceBands, niceStep, parseNumber, splitUnit } from './numbers.ts';
import {
  PRICE,
  RATING,
  type ColumnValue,
  type Facet,
  type IndexedProduct,
  type ListingIndex,
  type RatingPair,
} from './listing-index.ts';
import { attributeIndex, readingsOf, type ValueProblem } from './attribute-index.ts';
import { keptParts } from '../../catalogue/kept-parts.ts';

export { niceBands, niceStep, parseNumber, splitUnit };

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
/** The price filter and the rating filter, where the merchandiser put price, when there is anything to filter. */
function priceAndRating(
  products: readonly Product[],
  attributes: readonly CatalogueAttribute[],
  rated: boolean,
): { facet: Facet; position: number }[] {
  const facets: { facet: Facet; position: number }[] = [];
  const priceAttribute = attributes.find((attribute) => attribute.code === PRICE);
  const prices = products.flatMap((product) => (product.priceInclVat === null ? [] : [product.priceInclVat]));
  const priceBands = niceBands(prices);
  const pricePosition = priceAttribute?.filterable ? priceAttribute.position : -1;
  if (priceBands.length > 0)
    facets.push({
      facet: { kind: 'range', code: PRICE, label: 'Price', unit: '£', bands: priceBands },
      position: pricePosition,
    });
  // Beside price, wherever the merchandiser put price.
  if (rated) facets.push({ facet: ratingFacet(), position: pricePosition + 0.5 });
  return facets;
}

/** The products' marks: "from" prices, "Was" prices and ratings, each left out when none has it. */
function marks(products: readonly Product[]): Pick<ListingIndex, 'from' | 'was' | 'rating'> {
  const rating = Object.fromEntries(
    products.flatMap((product): [string, RatingPair][] =>
      product.rating && product.rating.count > 0
        ? [[product.sku, [product.rating.percent, product.rating.count]]]
        : [],
    ),
  );
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
    ...(Object.keys(rating).length > 0 ? { rating } : {}),
  };
}

/**
 * The filter index of one category: `products` in the merchandiser's order, `attributes` the
 * catalogue's, `hrefBySku` the product pages' paths. `problems` collects malformed values. `attributesOf`
 * makes the `AttributeIndex`: a caller that keeps it passes its own.
 */
export function buildListingIndex(
  products: readonly Product[],
  attributes: readonly CatalogueAttribute[],
  hrefBySku: ReadonlyMap<string, string>,
  problems: ValueProblem[] = [],
  attributesOf: typeof attributeIndex = attributeIndex,
): ListingIndex {
  const part = attributesOf(products, attributes);
  problems.push(...part.problems);
  const marked = marks(products);
  const facets = [...priceAndRating(products, attributes, marked.rating !== undefined), ...part.facets];
  return {
    ...marked,
    facets: facets.sort((a, b) => a.position - b.position).map(({ facet }) => facet),
    sorts: [...part.sorts],
    columns: [...part.columns],
    products: products.map((product, at) => indexedProduct(product, hrefBySku, part.values[at] ?? [])),
  };
}

/**
 * A product's row of a listing's index, kept per its values of the listing's filters (one array per
 * product and listing while the listing's filters are kept: `attributesOf`) while the product and its
 * link are the same: a save that makes a listing's index again leaves its other products' rows the same
 * objects, so the listing's pages they are on keep their fingerprints without hashing their cards
 * (src/site/fingerprint.ts).
 */
const rows = keptParts<ColumnValue[], IndexedProduct>();

function indexedProduct(
  product: Product,
  hrefBySku: ReadonlyMap<string, string>,
  values: ColumnValue[],
): IndexedProduct {
  const href = hrefBySku.get(product.sku) ?? '';
  return rows(values, [product, href], () => [
    product.sku,
    product.name,
    href,
    product.thumbnail?.file ?? '',
    product.thumbnail?.label ?? '',
    product.priceInclVat,
    product.priceExclVat,
    product.inStock ? 1 : 0,
    readingsOf(product).created,
    values,
  ]);
}
