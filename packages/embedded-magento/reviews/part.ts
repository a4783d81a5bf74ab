/**
 * Reviews and ratings as a part of the embedded GraphQL schema (`../graphql/schema.ts`), resolved as
 * Magento 2.4's ReviewGraphQl does (Model/Resolver/*): the three product fields, `productReviewRatingsMetadata`,
 * `createProductReview` and the two `storeConfig` flags. With `catalog/review/active` off a product answers
 * 0, 0 and `{items: []}` (no `page_info`, so selecting it fails the non-null field, as it does in Magento).
 */
import { z } from 'zod';
import { encodeUid } from '../graphql/configurable.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import type { SchemaPart } from '../graphql/schema-part.ts';
import { createProductReview } from './create.ts';
import { reviewErrors } from './errors.ts';
import { reviewNode } from './nodes.ts';
import { STORE_ID, storeRatings } from './ratings.ts';
import { REVIEWS_SDL } from './sdl.ts';

/** What the product fields read of a product view (`../graphql/product.ts`). */
const productSource = z.object({ id: z.number() });

const pageArgs = z.object({ pageSize: z.number().nullable(), currentPage: z.number().nullable() });

/**
 * `Resolver/Product/Reviews.php`: the page number is checked, then the size (PHP's `null < 1` is true, so
 * an explicit null is refused too), then one page of approved reviews newest first, with
 * `AggregatedReviewsDataProvider`'s `page_info`: the size asked for, the page read (a page past the last is
 * the last again; 1 with no reviews) and `ceil(count / size)` pages (0 with no reviews).
 */
async function productReviews(source: unknown, args: unknown, context: GraphQlContext) {
  if (!context.reviews.active) return { items: [] };
  const { pageSize, currentPage } = pageArgs.parse(args);
  if (currentPage === null || currentPage < 1) throw reviewErrors.currentPageBelowOne();
  if (pageSize === null || pageSize < 1) throw reviewErrors.pageSizeBelowOne();
  const { id } = productSource.parse(source);
  const { summaries, page } = context.reviewLoaders;
  const [summary, rows] = await Promise.all([summaries.load(id), page(pageSize, currentPage).load(id)]);
  const totalPages = Math.ceil(summary.reviewCount / pageSize);
  return {
    items: rows.map((row) => reviewNode(context, row, () => source)),
    page_info: {
      page_size: pageSize,
      current_page: Math.min(currentPage, Math.max(totalPages, 1)),
      total_pages: totalPages,
    },
  };
}

/**
 * `Resolver/ProductReviewRatingsMetadata.php`: the store view's active ratings by position, ids base64
 * encoded; each option's value as text and its id encoded (`ProductReviewRatingValueMetadata.php`).
 */
function ratingsMetadata(_args: unknown, context: GraphQlContext) {
  if (!context.reviews.active) return { items: [] };
  return {
    items: storeRatings(context.db, STORE_ID).map((rating) => ({
      id: encodeUid(String(rating.ratingId)),
      name: rating.code,
      values: rating.options.map((option) => ({
        value: String(option.value),
        value_id: encodeUid(String(option.optionId)),
      })),
    })),
  };
}

const flag = (on: boolean): string => (on ? '1' : '0');

export const reviewsPart: SchemaPart = {
  sdl: REVIEWS_SDL,
  root: { productReviewRatingsMetadata: ratingsMetadata, createProductReview },
  // `catalog/review/active` and `catalog/review/allow_guest` as the config's stored text.
  storeConfig: ({ reviews }) => ({
    product_reviews_enabled: flag(reviews.active),
    allow_guests_to_write_product_reviews: flag(reviews.allowGuest),
  }),
  fields: {
    ProductInterface: {
      // `Resolver/Product/RatingSummary.php`: the store's summary as a float, 0 with reviews off.
      rating_summary: async (source: unknown, _args, context: GraphQlContext) =>
        context.reviews.active
          ? (await context.reviewLoaders.summaries.load(productSource.parse(source).id)).ratingSummary
          : 0,
      // `Resolver/Product/ReviewCount.php`: approved reviews in the store, 0 with reviews off.
      review_count: async (source: unknown, _args, context: GraphQlContext) =>
        context.reviews.active
          ? (await context.reviewLoaders.summaries.load(productSource.parse(source).id)).reviewCount
          : 0,
      reviews: productReviews,
    },
  },
};
