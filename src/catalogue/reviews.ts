/**
 * Reading what shoppers said of the products from Magento: Open Source keeps reviews and ratings behind
 * GraphQL only (ReviewGraphQl/etc/schema.graphqls; COMMERCE-BASICS §7.1): the store's settings and rating
 * names (`storeConfig`, `productReviewRatingsMetadata`), each product's `rating_summary` and `review_count`,
 * and its approved reviews, newest first (`ProductReviewsDataProvider` orders them by date).
 *
 * Products are read in batches by sku (`products(filter: {sku: {in}})`), as a guest: the catalogue's
 * reviews are public. Every read starts with the ratings alone (a few bytes a product, 300 a request); a
 * full read then reads the reviews of every rated product, a check those of the products whose rating or
 * count moved (a review approved, or rejected after approval). At 100,000 products, two thirds of them
 * without reviews, that is a third of the requests of reading reviews with every product.
 */
import { z } from 'zod';
import { magentoGraphql, MagentoGraphqlError, type MagentoGraphqlConfig } from '../magento/graphql.ts';
import { REVIEW_SETTINGS, type ReviewSettingsWire } from '../magento/wire/reviews.ts';
import type { Catalogue, Product, Rating, Review, ReviewSettings } from './types.ts';

/** Products per request: the ratings alone are a few bytes each. */
const RATINGS_BATCH = 300;
/** Products per request when their reviews come too. */
const REVIEWS_BATCH = 100;
/** Reviews per product per request: most products have fewer; the rest are read page by page. */
const REVIEWS_PAGE = 50;

const reviewWire = z.object({
  nickname: z.string(),
  summary: z.string(),
  text: z.string(),
  created_at: z.string(),
  average_rating: z.number(),
  ratings_breakdown: z.array(z.object({ name: z.string(), value: z.string() })),
});

const reviewsWire = z.object({
  items: z.array(reviewWire),
  page_info: z.object({ total_pages: z.number().int().nullish() }).nullish(),
});

const ratingFields = { sku: z.string(), rating_summary: z.number(), review_count: z.number().int() };

const productsOf = <T extends z.ZodType>(item: T) =>
  z.object({ products: z.object({ items: z.array(item.nullable()) }).nullable() });

const RATINGS = {
  query: `query ProductRatings($skus: [String], $size: Int) {
  products(filter: {sku: {in: $skus}}, pageSize: $size) { items { sku rating_summary review_count } }
}`,
  reads: true,
  data: productsOf(z.object(ratingFields)),
} as const;

const REVIEW_FIELDS = `items { nickname summary text created_at average_rating ratings_breakdown { name value } }
      page_info { total_pages }`;

const REVIEWS = {
  query: `query ProductReviews($skus: [String], $size: Int, $reviews: Int, $page: Int) {
  products(filter: {sku: {in: $skus}}, pageSize: $size) {
    items { sku rating_summary review_count reviews(pageSize: $reviews, currentPage: $page) {
      ${REVIEW_FIELDS}
    } }
  }
}`,
  reads: true,
  data: productsOf(z.object({ ...ratingFields, reviews: reviewsWire })),
} as const;

/** What a product's reviews are, as read. */

/** Magento's answer as the shop's ReviewSettings. */
export const reviewSettingsOf = (data: ReviewSettingsWire): ReviewSettings => ({
  enabled: data.storeConfig?.product_reviews_enabled === '1',
  guestsMayWrite: data.storeConfig?.allow_guests_to_write_product_reviews === '1',
  ratings: data.productReviewRatingsMetadata.items.map((rating) => ({
    id: rating.id,
    name: rating.name,
    values: rating.values.map((value) => ({ id: value.value_id, value: value.value })),
  })),
});

export interface ProductReviewsRead {
  readonly rating: Rating | null;
  readonly reviews: Review[];
}

/** Nothing to show: no reviews, or reviews are off. */
export const NO_REVIEWS: ProductReviewsRead = { rating: null, reviews: [] };

/** The store's review settings and rating names, ids as Magento gives them (base64). */
export async function readReviewSettings(config: MagentoGraphqlConfig): Promise<ReviewSettings> {
  return reviewSettingsOf(await magentoGraphql(config, REVIEW_SETTINGS, {}));
}

const toRating = (summary: number, count: number): Rating | null =>
  count > 0 ? { percent: Math.round(summary * 10) / 10, count } : null;

const toReview = (review: z.infer<typeof reviewWire>): Review => ({
  nickname: review.nickname,
  summary: review.summary,
  text: review.text,
  createdAt: review.created_at,
  percent: Math.round(review.average_rating * 10) / 10,
  ratings: review.ratings_breakdown.map((rating) => ({ name: rating.name, value: Number(rating.value) })),
});

function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/** The ratings of these products (a product Magento does not return has none). */
export async function readRatings(
  config: MagentoGraphqlConfig,
  skus: readonly string[],
): Promise<Map<string, Rating | null>> {
  const ratings = new Map<string, Rating | null>(skus.map((sku) => [sku, null]));
  for (const batch of batches(skus, RATINGS_BATCH)) {
    const data = await magentoGraphql(config, RATINGS, { variables: { skus: batch, size: batch.length } });
    for (const item of data.products?.items ?? [])
      if (item && ratings.has(item.sku))
        ratings.set(item.sku, toRating(item.rating_summary, item.review_count));
  }
  return ratings;
}

/** One product's reviews after the first page, page by page. */
async function laterPages(config: MagentoGraphqlConfig, sku: string, pages: number): Promise<Review[]> {
  const reviews: Review[] = [];
  for (let page = 2; page <= pages; page += 1) {
    const data = await magentoGraphql(config, REVIEWS, {
      variables: { skus: [sku], size: 1, reviews: REVIEWS_PAGE, page },
    });
    const item = data.products?.items.find((found) => found?.sku === sku);
    reviews.push(...(item?.reviews.items ?? []).map(toReview));
  }
  return reviews;
}

/** The ratings and every approved review of these products, newest first. */
export async function readReviews(
  config: MagentoGraphqlConfig,
  skus: readonly string[],
): Promise<Map<string, ProductReviewsRead>> {
  const read = new Map<string, ProductReviewsRead>(skus.map((sku) => [sku, NO_REVIEWS]));
  for (const batch of batches(skus, REVIEWS_BATCH)) {
    const data = await magentoGraphql(config, REVIEWS, {
      variables: { skus: batch, size: batch.length, reviews: REVIEWS_PAGE, page: 1 },
    });
    for (const item of data.products?.items ?? []) {
      if (!item || !read.has(item.sku)) continue;
      const rating = toRating(item.rating_summary, item.review_count);
      if (!rating) continue;
      const pages = item.reviews.page_info?.total_pages ?? 1;
      const reviews = item.reviews.items.map(toReview);
      if (pages > 1) reviews.push(...(await laterPages(config, item.sku, pages)));
      read.set(item.sku, { rating, reviews });
    }
  }
  return read;
}

/** What a sync does about reviews: read them all (a full read), check the ratings for changes, or neither. */
export type ReviewsRead = 'all' | 'check' | 'carry';

export interface ReviewsOutcome {
  readonly products: Product[];
  readonly settings: ReviewSettings | undefined;
  /** When Magento was asked (ISO 8601), and the skus whose reviews changed; absent when it was not asked. */
  readonly checked?: { readonly at: string; readonly changed: readonly string[] };
}

const sameRating = (a: Rating | null, b: Rating | null): boolean =>
  a === b || (a !== null && b !== null && a.percent === b.percent && a.count === b.count);

/** The product with these reviews: the same object when they are what it has. */
function withRead(product: Product, read: ProductReviewsRead): Product {
  if (
    sameRating(product.rating, read.rating) &&
    JSON.stringify(product.reviews) === JSON.stringify(read.reviews)
  )
    return product;
  return { ...product, rating: read.rating, reviews: read.reviews };
}

/**
 * The products with their reviews. A product read anew from REST keeps what the previous snapshot had
 * (REST knows nothing of reviews); then, as `how` says, every product with a page has its reviews read
 * (`all`), or the ratings are read and the reviews of those whose rating moved (`check`). Magento failing to
 * answer does not fail the sync: the products keep the reviews they had, and the log says why.
 */
export async function productsWithReviews(
  config: MagentoGraphqlConfig,
  products: readonly Product[],
  previous: Pick<Catalogue, 'products' | 'reviewSettings'> | undefined,
  how: ReviewsRead,
  log: (message: string) => void,
): Promise<ReviewsOutcome> {
  const before = new Map(previous?.products.map((product) => [product.sku, product]));
  const carried = products.map((product) => {
    const old = before.get(product.sku);
    return old && old !== product ? withRead(product, { rating: old.rating, reviews: old.reviews }) : product;
  });
  const kept: ReviewsOutcome = { products: carried, settings: previous?.reviewSettings };
  if (how === 'carry') return kept;
  const at = new Date().toISOString();
  try {
    const settings = await readReviewSettings(config);
    const shown = carried.filter((product) => product.visibility !== 1 && product.urlKey !== '');
    let reads: Map<string, ProductReviewsRead>;
    if (!settings.enabled) reads = new Map(carried.map((product) => [product.sku, NO_REVIEWS]));
    else {
      const ratings = await readRatings(
        config,
        shown.map((product) => product.sku),
      );
      const toRead =
        how === 'all'
          ? shown
          : shown.filter((product) => !sameRating(product.rating, ratings.get(product.sku) ?? null));
      reads = await readReviews(
        config,
        toRead.filter((product) => ratings.get(product.sku)).map((product) => product.sku),
      );
      for (const product of toRead) if (!ratings.get(product.sku)) reads.set(product.sku, NO_REVIEWS);
    }
    const changed: string[] = [];
    const result = carried.map((product) => {
      const read = reads.get(product.sku);
      const now = read ? withRead(product, read) : product;
      if (now !== product) changed.push(product.sku);
      return now;
    });
    return { products: result, settings, checked: { at, changed } };
  } catch (error) {
    if (!(error instanceof MagentoGraphqlError)) throw error;
    log(
      `WARNING: reviews could not be read from Magento's GraphQL (${error.message}); the pages keep the reviews read before.`,
    );
    return kept;
  }
}
