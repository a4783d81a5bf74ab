/**
 * The wish-list resolvers' messages, word for word as Magento's resolvers throw them (WISHLIST.md §5), with
 * the category of the exception each one is (`../graphql/errors.ts`).
 */
import { authorizationError, ClientSafeError, inputError } from '../graphql/errors.ts';

export const gqlErrors = {
  // CustomerGraphQl's `customer` resolver, for a guest or a token that is not a customer's.
  customerNotAuthorized: () => authorizationError("The current customer isn't authorized."),
  // CustomerGraphQl's GetCustomer, for a customer whose sign-in is locked after failed attempts.
  accountLocked: () => new ClientSafeError('graphql-authentication', 'The account is locked.'),
  // Every wish-list resolver's guest check.
  wishlistGuest: () => authorizationError('The current user cannot perform operations on wishlist'),
  wishlistNotFound: () => inputError('The wishlist was not found.'),
  // Wishlist\AddToCart: PHP's empty() on the argument, so "" , "0" and 0 are all missing.
  wishlistIdNotSpecified: () => inputError('"wishlistId" value should be specified'),
  // ClearWishlist: the argument cast to 0.
  wishlistIdRequired: () => inputError('The wishlistId is required.'),
  itemIdsNotFound: (ids: readonly string[]) =>
    inputError(`The wishlist item ids "${ids.join(',')}" were not found.`),
};
