/**
 * The returns resolvers' messages, word for word as MageOS_RMA's Model/Resolver/*.php throw them, with the
 * category of each exception (`../graphql/errors.ts`). Where this shop asks for more than the module
 * checks, the message is ours and says so (README.md, "Deviations").
 */
import { authorizationError, inputError, noSuchEntityError } from '../graphql/errors.ts';

export const returnErrors = {
  // Every customer resolver, for a request without a customer token.
  notCustomer: () => authorizationError("The current customer isn't authorized."),
  // ReturnInputTrait::validateRequiredFields(): `empty()` of the field (0, '' and [] count as missing).
  required: (label: string) => inputError(`${label} is required.`),
  // CustomerRmaAccessTrait, AddReturnComment.
  rmaIdRequired: () => inputError('RMA ID is required.'),
  commentRequired: () => inputError('Comment text is required.'),
  // GuestReturn.
  guestReturnArgs: () => inputError('Order number, email and RMA ID are required.'),
  // CustomerRmaAccessTrait, AddReturnComment, GuestReturn, CreateCustomerReturn: an unknown id, then another's.
  rmaNotFound: (id: number) => noSuchEntityError(`RMA with ID "${String(id)}" does not exist.`),
  notYourReturn: (action: 'view' | 'comment on') =>
    authorizationError(`You are not authorized to ${action} this return.`),
  orderNotFound: (id: number) => noSuchEntityError(`Order with ID "${String(id)}" does not exist.`),
  notYourOrder: () => authorizationError('You are not authorized to create a return for this order.'),
  // GuestOrderLookupTrait.
  guestOrderNotFound: (number: string) => noSuchEntityError(`Order "${number}" not found.`),
  guestEmailMismatch: () => authorizationError('Order email does not match.'),
  // OrderEligibility said no: module off, status not allowed, period passed, or nothing left to return.
  notEligible: () => inputError('This order is not eligible for a return.'),
  // RmaSubmitService, no status with the initial code.
  noInitialStatus: () => inputError('Could not determine the initial RMA status.'),
  // Ours: the module saves these unchecked (a missing lookup fails its foreign key, a quantity is not compared).
  unknownLookup: (what: string, id: number) => inputError(`${what} with ID "${String(id)}" does not exist.`),
  lineNotInOrder: (id: number) =>
    inputError(`Order item with ID "${String(id)}" is not a returnable item of this order.`),
  qtyBelowOne: (name: string) => inputError(`The quantity to return of "${name}" must be at least 1.`),
  qtyAboveOrdered: (name: string, ordered: number) =>
    inputError(`You cannot return more of "${name}" than the ${String(ordered)} ordered.`),
  lineFullyReturned: (name: string, ordered: number) =>
    inputError(`All ${String(ordered)} of "${name}" ordered are already in a return.`),
  qtyAboveAvailable: (name: string, available: number, requested: number) =>
    inputError(
      `Only ${String(available)} of "${name}" can still be returned: ${String(requested)} already in a return.`,
    ),
};
