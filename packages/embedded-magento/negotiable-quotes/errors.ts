/**
 * The negotiable-quote resolvers' messages, word for word as Magento_NegotiableQuoteGraphQl gives them (its
 * resolvers in B2B 1.3 for 2.4.6, and its api-functional tests: RequestNegotiableQuoteTest,
 * PlaceNegotiableQuoteOrderTest and the quantity, item and address tests), with the category of each
 * exception (`../graphql/errors.ts`).
 */
import { authorizationError, inputError, noSuchEntityError } from '../graphql/errors.ts';

export const quoteErrors = {
  guest: () =>
    authorizationError(
      'The current user is not a registered customer and cannot perform operations on negotiable quotes.',
    ),
  noCompany: () => authorizationError('The current customer does not belong to a company.'),
  /** The merchant turned quotes off for the company (`quote_config.is_quote_enabled`). */
  companyQuotesOff: () =>
    authorizationError("Negotiable quotes are not enabled for the current customer's company."),
  cannotView: () =>
    authorizationError('The current customer does not have permission to view negotiable quotes.'),
  cannotEdit: () =>
    authorizationError('The current customer does not have permission to manage negotiable quotes.'),
  cannotCheckout: () =>
    authorizationError('The current customer does not have permission to checkout negotiable quotes.'),
  companyBlocked: () =>
    authorizationError('This customer company account is blocked and customer cannot place orders.'),
  missing: (name: string) => inputError(`Required parameter "${name}" is missing`),
  cartNotFound: () => noSuchEntityError('Could not find a quote with the specified UID.'),
  inactiveCart: () => inputError('Cannot create a negotiable quote for an inactive cart.'),
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
  badQuantity: (uids: readonly string[]) =>
    inputError(`Quantity less than or equal to 0 is not allowed for item uids: ${uids.join(',')}`),
  locked: (uid: string) =>
    inputError(`The quote ${uid} is currently locked, and you cannot place an order from it at the moment.`),
  addressNotFound: (uid: string) => noSuchEntityError(`Could not find a address with ID "${uid}"`),
  placeFailed: (reason: string) => inputError(`Unable to place order: ${reason}`),
  /** The placing resolver's answer to a refusal its formatters do not word (a method not available, say). */
  placeServerError: () =>
    inputError(
      'Unable to place order: A server error stopped your order from being placed. Please try to place your order again',
    ),
  cannotSetPayment: () =>
    authorizationError(
      'The current customer does not have permission to set payment method on the negotiable quote.',
    ),
  paymentLocked: (uid: string) =>
    inputError(`The quote ${uid} is currently locked, and you cannot set the payment method at the moment.`),
  /** `Quote\Payment::importData()`: a method the quote (or the buyer's company) may not use. */
  paymentNotAvailable: () => inputError('The requested Payment Method is not available.'),
};
