/**
 * Magento_ReviewGraphQl's schema (app/code/Magento/ReviewGraphQl/etc/schema.graphqls) as Magento 2.4.9's
 * executable schema shows it on the wire (the items of `ProductReviews.items`, `ratings_breakdown`,
 * `ProductReviewRatingsMetadata.items`, `values` and the `ratings` input are nullable there, although the
 * module writes `[ProductReviewRating!]!` and the like): the product fields, the ratings' metadata, the
 * `createProductReview` mutation and the two `storeConfig` flags. `Customer.reviews` (a customer's own
 * reviews) is left out.
 */
import { extendProductTypes } from '../graphql/catalog-sdl.ts';

export const REVIEWS_SDL = `
extend type Query {
  "Retrieves metadata required by clients to render the Reviews section."
  productReviewRatingsMetadata: ProductReviewRatingsMetadata!
}

extend type Mutation {
  "Creates a product review for the specified SKU."
  createProductReview(input: CreateProductReviewInput!): CreateProductReviewOutput!
}

extend type StoreConfig {
  "Indicates whether product reviews are enabled. Possible values: 1 (Yes) and 0 (No)."
  product_reviews_enabled: String
  "Indicates whether guest users can write product reviews. Possible values: 1 (Yes) and 0 (No)."
  allow_guests_to_write_product_reviews: String
}

${extendProductTypes(`
  "The average of all the ratings given to the product."
  rating_summary: Float!
  "The total count of all the reviews given to the product."
  review_count: Int!
  "The list of products reviews."
  reviews(pageSize: Int = 20, currentPage: Int = 1): ProductReviews!`)}

type ProductReviews {
  items: [ProductReview]!
  page_info: SearchResultPageInfo!
}

"Contains details of a product review."
type ProductReview {
  "The average of all ratings for this product."
  average_rating: Float!
  "The date the review was created."
  created_at: String!
  "The customer's nickname. Defaults to the customer name, if logged in."
  nickname: String!
  "The reviewed product."
  product: ProductInterface!
  "An array of ratings by rating category, such as quality, price, and value."
  ratings_breakdown: [ProductReviewRating]!
  "The summary (title) of the review."
  summary: String!
  "The review text."
  text: String!
}

type ProductReviewRating {
  name: String!
  value: String!
}

type ProductReviewRatingsMetadata {
  items: [ProductReviewRatingMetadata]!
}

type ProductReviewRatingMetadata {
  "An encoded rating ID."
  id: String!
  name: String!
  values: [ProductReviewRatingValueMetadata]!
}

type ProductReviewRatingValueMetadata {
  value: String!
  "An encoded rating value id."
  value_id: String!
}

type CreateProductReviewOutput {
  review: ProductReview!
}

input CreateProductReviewInput {
  nickname: String!
  ratings: [ProductReviewRatingInput]!
  sku: String!
  summary: String!
  text: String!
}

input ProductReviewRatingInput {
  "An encoded rating ID."
  id: String!
  "An encoded rating value id."
  value_id: String!
}
`;
