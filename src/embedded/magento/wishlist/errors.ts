/**
 * Magento's GraphQL exceptions (lib/internal/Magento/Framework/GraphQl/Exception/, WISHLIST.md §5): a
 * message a client may see plus `extensions.category`, which graphql-js copies onto the located error.
 * Anything else a resolver throws is not client-safe and goes out masked (`graphql.ts`).
 */

export type ErrorCategory =
  'graphql-authorization' | 'graphql-authentication' | 'graphql-input' | 'graphql-no-such-entity';

export class ClientSafeError extends Error {
  readonly extensions: { readonly category: ErrorCategory };

  constructor(category: ErrorCategory, message: string) {
    super(message);
    this.name = 'ClientSafeError';
    this.extensions = { category };
  }
}

const authorization = (message: string) => new ClientSafeError('graphql-authorization', message);
const input = (message: string) => new ClientSafeError('graphql-input', message);

/** Every message the wish-list resolvers and the transport send, word for word as Magento does. */
export const gqlErrors = {
  // CustomerGraphQl's `customer` resolver, for a guest or a token that is not a customer's.
  customerNotAuthorized: () => authorization("The current customer isn't authorized."),
  // CustomerGraphQl's GetCustomer, for a customer whose sign-in is locked after failed attempts.
  accountLocked: () => new ClientSafeError('graphql-authentication', 'The account is locked.'),
  // Every wish-list resolver's guest check.
  wishlistGuest: () => authorization('The current user cannot perform operations on wishlist'),
  wishlistNotFound: () => input('The wishlist was not found.'),
  // Wishlist\AddToCart: PHP's empty() on the argument, so "" , "0" and 0 are all missing.
  wishlistIdNotSpecified: () => input('"wishlistId" value should be specified'),
  // ClearWishlist: the argument cast to 0.
  wishlistIdRequired: () => input('The wishlistId is required.'),
  itemIdsNotFound: (ids: readonly string[]) =>
    input(`The wishlist item ids "${ids.join(',')}" were not found.`),
  // The transport's refusals before anything is executed (Controller/GraphQl.php, HttpRequestValidator/).
  unparseableRequest: () => input('Unable to parse the request.'),
  contentTypeNotJson: () => input('Request content type must be application/json'),
  mutationOverGet: () => input('Mutation requests allowed only for POST requests'),
  bodyTooLarge: () => input('Request body is too large.'),
};

/** webonyx's wording for anything that is not client-safe, outside developer mode. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
