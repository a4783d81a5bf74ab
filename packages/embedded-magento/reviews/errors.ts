/**
 * The review resolvers' messages, word for word as Magento 2.4's ReviewGraphQl throws them, with the
 * category of each exception (`../graphql/errors.ts`).
 */
import { authorizationError, inputError, noSuchEntityError } from '../graphql/errors.ts';

export const reviewErrors = {
  // Resolver/CreateProductReview.php, `catalog/review/active` off.
  creatingDisabled: () => authorizationError('Creating product reviews are not currently available.'),
  // Resolver/CreateProductReview.php, a guest while `catalog/review/allow_guest` is off.
  guestNotAllowed: () => authorizationError("Guest customers aren't allowed to add product reviews."),
  // Model/Review/AddReviewToProduct.php::getProductIdBySku() (the sku as typed, in the phrase's %sku).
  productNotFound: (sku: string) => noSuchEntityError(`Could not find a product with SKU "${sku}"`),
  // Resolver/Product/Reviews.php: the page number is checked before the size.
  currentPageBelowOne: () => inputError('currentPage value must be greater than 0.'),
  pageSizeBelowOne: () => inputError('pageSize value must be greater than 0.'),
};
