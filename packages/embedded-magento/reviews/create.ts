/**
 * `createProductReview` as Magento 2.4 runs it (ReviewGraphQl/Model/Resolver/CreateProductReview.php, then
 * Model/Review/AddReviewToProduct.php): reviews must be on, a guest must be allowed to write, the sku must
 * name a product (any, enabled or not: `ProductRepository::get()`), and the review is saved Pending in the
 * default store view, tied to the customer when the token is a customer's, with one vote per rating given.
 *
 * Magento checks nothing else. Its GraphQL path never calls `Review::validate()` (whose "Please enter a
 * nickname." and the like belong to the storefront's form post, Controller/Product/Post.php), so an empty
 * nickname, summary or text is saved as it is, and `ratings: []` saves a review without votes. Each rating
 * is `base64_decode()`d and handed on unchecked: a vote is saved for whatever rating id it names (one that
 * no rating has is shown nowhere, so it is dropped here), while a value id naming no option makes `Rating\Option::addVote()` read
 * an offset of `false`, a PHP warning Magento turns into an exception: "Internal server error". Magento has
 * saved the review (and the votes before it) by then; here the whole review is one transaction and nothing
 * stays behind, a difference no GraphQL client can see (a pending review is shown nowhere).
 */
import { z } from 'zod';
import { SELLABLE } from '../catalog/render-info.ts';
import { findProductBySku, productRow } from '../catalog/products.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { productView } from '../graphql/product.ts';
import { reviewErrors } from './errors.ts';
import { reviewNode } from './nodes.ts';
import { findOption, ratingExists } from './ratings.ts';
import { insertReview, insertVote, REVIEW_STATUS } from './reviews.ts';

const createArgs = z.object({
  input: z.object({
    sku: z.string(),
    nickname: z.string(),
    summary: z.string(),
    text: z.string(),
    ratings: z.array(z.object({ id: z.string(), value_id: z.string() }).nullable()),
  }),
});

/**
 * An encoded id as Magento ends up using it: PHP's `base64_decode()` (characters outside the alphabet
 * dropped), then MySQL's cast of the text to a number where it meets an integer column (its leading
 * digits; none is 0, which no row has).
 */
export function decodeId(encoded: string): number {
  const text = Buffer.from(encoded.replace(/[^A-Za-z0-9+/]/g, ''), 'base64').toString('latin1');
  const digits = /^\s*(\d+)/.exec(text)?.[1];
  return digits === undefined ? 0 : Number(digits);
}

/**
 * The reviewed product as `ProductReview.product` finds it again by sku (CatalogGraphQl's
 * `Resolver\Product` through its deferred product loader, which keeps enabled products in stock); derived,
 * as that loader's collection processors were not all read.
 */
function reviewedProduct(context: GraphQlContext, productId: number) {
  const row = context.db.get(
    productRow,
    `SELECT * FROM products p WHERE p.id = ? AND ${SELLABLE}`,
    productId,
  );
  return row ? productView(context.db, row, context.product) : null;
}

export function createProductReview(args: unknown, context: GraphQlContext) {
  const { db, reviews, customerId } = context;
  if (!reviews.active) throw reviewErrors.creatingDisabled();
  if (customerId === undefined && !reviews.allowGuest) throw reviewErrors.guestNotAllowed();
  const { input } = createArgs.parse(args);
  const product = findProductBySku(db, input.sku);
  if (!product) throw reviewErrors.productNotFound(input.sku);
  const row = db.transaction(() => {
    const review = insertReview(db, {
      productId: product.id,
      customerId: customerId ?? null,
      nickname: input.nickname,
      title: input.summary,
      detail: input.text,
      statusId: REVIEW_STATUS.pending,
    });
    for (const rating of input.ratings) {
      // `$option['id']` of a null item: a PHP warning, an exception in Magento.
      if (!rating) throw new Error('Trying to access array offset on value of type null');
      const option = findOption(db, decodeId(rating.value_id));
      if (!option)
        throw new Error(`Trying to access array offset on value of type bool (${rating.value_id})`);
      const ratingId = decodeId(rating.id);
      if (!ratingExists(db, ratingId)) continue;
      insertVote(db, {
        reviewId: review.review_id,
        productId: product.id,
        ratingId,
        optionId: option.option_id,
        value: option.value,
      });
    }
    return review;
  });
  return { review: reviewNode(context, row, () => reviewedProduct(context, product.id)) };
}
