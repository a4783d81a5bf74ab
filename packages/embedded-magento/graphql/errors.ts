/**
 * Magento's GraphQL exceptions (lib/internal/Magento/Framework/GraphQl/Exception/, WISHLIST.md §5): a
 * message a client may see plus `extensions.category`, which graphql-js copies onto the located error.
 * Anything else a resolver throws is not client-safe and goes out masked (`execute.ts`). Each part of the
 * schema words its own messages (`wishlist/errors.ts`, `reviews/errors.ts`); the transport's are here.
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

/** `GraphQlAuthorizationException`. */
export const authorizationError = (message: string) => new ClientSafeError('graphql-authorization', message);
/** `GraphQlInputException`. */
export const inputError = (message: string) => new ClientSafeError('graphql-input', message);
/** `GraphQlNoSuchEntityException`. */
export const noSuchEntityError = (message: string) => new ClientSafeError('graphql-no-such-entity', message);

/** The transport's refusals before anything is executed (Controller/GraphQl.php, HttpRequestValidator/). */
export const requestErrors = {
  unparseableRequest: () => inputError('Unable to parse the request.'),
  contentTypeNotJson: () => inputError('Request content type must be application/json'),
  mutationOverGet: () => inputError('Mutation requests allowed only for POST requests'),
  bodyTooLarge: () => inputError('Request body is too large.'),
};

/** webonyx's wording for anything that is not client-safe, outside developer mode. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
