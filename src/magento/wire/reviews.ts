/**
 * The review operations the storefront server sends to Magento's GraphQL to write a review
 * (ReviewGraphQl/etc/schema.graphqls; COMMERCE-BASICS §7.1), each with only the fields it reads and the zod
 * schema of its `data`:
 * - `REVIEW_SETTINGS`: whether reviews are on and guests may write one (`storeConfig`, "1"/"0"), and the
 *   store's ratings with their values in Magento's order (`productReviewRatingsMetadata`, ids base64);
 * - `CREATE_PRODUCT_REVIEW`: the review, which Magento saves pending (AddReviewToProduct sets
 *   STATUS_PENDING): it shows in `products { reviews }` only once a merchant approves it.
 */
import { z } from 'zod';
import type { GraphqlOperation } from '../graphql.ts';

const reviewSettingsWire = z.object({
  storeConfig: z
    .object({
      /** "1" when reviews are on (`catalog/review/active`). */
      product_reviews_enabled: z.string().nullish(),
      /** "1" when a guest may write one (`catalog/review/allow_guest`). */
      allow_guests_to_write_product_reviews: z.string().nullish(),
    })
    .nullable(),
  productReviewRatingsMetadata: z.object({
    /** The active ratings of the store view, by position. */
    items: z.array(
      z.object({
        /** Base64 of the rating's id, as `createProductReview` takes it back. */
        id: z.string(),
        /** The rating's label in the store view, e.g. "Quality". */
        name: z.string(),
        /** By position; `value` is the option's code ("1" to "5" in a stock Magento). */
        values: z.array(z.object({ value_id: z.string(), value: z.string() })),
      }),
    ),
  }),
});

/** Magento's review settings as they come (catalogue/reviews.ts reads them as the shop's). */
export type ReviewSettingsWire = z.infer<typeof reviewSettingsWire>;

export const REVIEW_SETTINGS: GraphqlOperation<ReviewSettingsWire> = {
  query: `query ReviewSettings {
  storeConfig { product_reviews_enabled allow_guests_to_write_product_reviews }
  productReviewRatingsMetadata { items { id name values { value_id value } } }
}`,
  reads: true,
  data: reviewSettingsWire,
};

/** `CreateProductReviewInput`: every field is required (`String!`); `ratings` may be empty for Magento. */
export interface CreateProductReviewInput {
  sku: string;
  nickname: string;
  summary: string;
  text: string;
  ratings: { id: string; value_id: string }[];
}

const createdReviewWire = z.object({
  createProductReview: z.object({
    review: z.object({
      nickname: z.string(),
      summary: z.string(),
      text: z.string(),
      created_at: z.string(),
    }),
  }),
});

export const CREATE_PRODUCT_REVIEW: GraphqlOperation<z.infer<typeof createdReviewWire>> = {
  query: `mutation CreateProductReview($input: CreateProductReviewInput!) {
  createProductReview(input: $input) { review { nickname summary text created_at } }
}`,
  reads: false,
  data: createdReviewWire,
};
