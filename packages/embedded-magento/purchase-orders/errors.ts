/**
 * The purchase orders' refusals. Adobe documents the calls and their `errors[]` types
 * (`PurchaseOrderErrorType`: NOT_FOUND, OPERATION_NOT_APPLICABLE, COULD_NOT_SAVE, NOT_VALID_DATA, UNDEFINED)
 * but not the messages, and Magento_PurchaseOrder's source is not public: the guest's and the cart's
 * messages are Magento Open Source's own (CustomerGraphQl, QuoteGraphQl's `GetCartForUser`), the company's
 * "You do not have authorization to perform this action." is Magento_Company's, and the rest are derived in
 * Magento's style, with the purchase order's uid or number named.
 */
import { authorizationError, inputError, noSuchEntityError } from '../graphql/errors.ts';

export type PurchaseOrderErrorType =
  'NOT_FOUND' | 'OPERATION_NOT_APPLICABLE' | 'COULD_NOT_SAVE' | 'NOT_VALID_DATA' | 'UNDEFINED';

/** One entry of `PurchaseOrdersActionOutput.errors`. */
export interface ActionError {
  readonly message: string;
  readonly type: PurchaseOrderErrorType;
}

export const poErrors = {
  guest: () => authorizationError("The current customer isn't authorized."),
  notAllowed: () => authorizationError('You do not have authorization to perform this action.'),
  disabled: () => authorizationError('Purchase orders are not enabled for the current customer.'),
  cartNotFound: (cartId: string) => noSuchEntityError(`Could not find a cart with ID "${cartId}"`),
  cartNotYours: (cartId: string) =>
    authorizationError(`The current user cannot perform operations on cart "${cartId}"`),
  cartEmpty: () => inputError('The cart is empty. Add products to the cart and try again.'),
  shippingMissing: () =>
    inputError('The shipping method is missing. Select the shipping method and try again.'),
  paymentMissing: () => inputError('Enter a valid payment method and try again.'),
  notFound: (uid: string) => noSuchEntityError(`Purchase order with ID "${uid}" does not exist.`),
  cannotPlaceOrder: (number: string) => inputError(`Order cannot be placed with purchase order #${number}.`),
  orderFailed: (message: string) => inputError(`Unable to place order: ${message}`),
  ruleNotFound: (uid: string) => noSuchEntityError(`Approval rule with ID "${uid}" does not exist.`),
  ruleNameTaken: () => inputError('This rule name already exists. Enter a unique rule name.'),
  ruleInvalid: (why: string) => inputError(why),
  emptyComment: () => inputError('The comment is empty. Enter a comment and try again.'),
};

export const actionErrors = {
  notFound: (uid: string): ActionError => ({
    message: `Purchase order with ID "${uid}" does not exist.`,
    type: 'NOT_FOUND',
  }),
  notApplicable: (verb: string, number: string): ActionError => ({
    message: `Purchase order ${number} cannot be ${verb}.`,
    type: 'OPERATION_NOT_APPLICABLE',
  }),
  notApprover: (verb: string, number: string): ActionError => ({
    message: `You are not authorized to ${verb} purchase order ${number}.`,
    type: 'OPERATION_NOT_APPLICABLE',
  }),
  couldNotSave: (number: string, why: string): ActionError => ({
    message: `Purchase order ${number} could not be saved: ${why}`,
    type: 'COULD_NOT_SAVE',
  }),
};
