/**
 * The negotiable-quote resolvers' messages, word for word as Magento_NegotiableQuoteGraphQl gives them (its
 * api-functional tests hold them: RequestNegotiableQuoteTest, PlaceNegotiableQuoteOrderTest and the
 * quantity, item and address tests), with the category of each exception (`../graphql/errors.ts`).
 */
import { authorizationError, inputError, noSuchEntityError } from '../graphql/errors.ts';

export const quoteErrors = {
  guest: () =>
    authorizationError(
      'The current user is not a registered customer and cannot perform operations on negotiable quotes.',
    ),
  noCompany: () => authorizationError('The current customer does not belong to a company.'),
  cannotView: () =>
    authorizationError('The current customer does not have permission to view negotiable quotes.'),
  cannotEdit: () =>
    authorizationError('The current customer does not have permission to edit negotiable quotes.'),
  cannotCheckout: () =>
    authorizationError('The current customer does not have permission to checkout negotiable quotes.'),
  companyBlocked: () =>
    authorizationError('This customer company account is blocked and customer cannot place orders.'),
  missing: (name: string) => inputError(`Required parameter "${name}" is missing`),
  cartNotFound: () => noSuchEntityError('Could not find a quote with the specified UID.'),
  alreadyQuoted: () => inputError('Negotiable quote already exists for the specified UID.'),
  emptyCart: () => inputError('Cannot create a negotiable quote for an empty cart.'),
  notFound: (uids: readonly string[]) =>
    noSuchEntityError(`Could not find quotes with the following UIDs: ${uids.join(', ')}`),
  badStatus: (uids: readonly string[]) =>
    inputError(
      `The quotes with the following UIDs have a status that does not allow them to be edited or submitted: ${uids.join(', ')}`,
    ),
  itemsNotFound: (uids: readonly string[]) =>
    noSuchEntityError(`The following item IDs were not found on the specified quote: ${uids.join(', ')}`),
  badQuantity: () => inputError('Quantity less than or equal to 0 is not allowed.'),
  locked: (uid: string) =>
    inputError(`The quote ${uid} is currently locked, and you cannot place an order from it at the moment.`),
  addressNotFound: (uid: string) => noSuchEntityError(`Could not find a address with ID "${uid}"`),
  placeFailed: (reason: string) => inputError(`Unable to place order: ${reason}`),
};
