/**
 * The purchase orders' refusals, word for word as B2B for Adobe Commerce's resolvers give them
 * (Magento_PurchaseOrderGraphQl and Magento_PurchaseOrderRuleGraphQl in B2B 1.3 for 2.4.6:
 * `PurchaseOrderActionResolver::ERROR_MESSAGES`, `ValidateRequest`, the `PurchaseOrder`, `PlaceOrder`,
 * `AddComment`, `Rule` and `DeleteRule` resolvers, CompanyGraphQl's `ResolverAccess`), with the category
 * of each exception; the guest's and the cart's messages are Magento Open Source's own (QuoteGraphQl's
 * `GetCartForUser`). The few this back end words itself (a rule's input checks) are marked.
 */
import { authorizationError, inputError, noSuchEntityError } from '../graphql/errors.ts';

export type PurchaseOrderErrorType =
  'NOT_FOUND' | 'OPERATION_NOT_APPLICABLE' | 'COULD_NOT_SAVE' | 'NOT_VALID_DATA' | 'UNDEFINED';

/** One entry of `PurchaseOrdersActionOutput.errors`. */
export interface ActionError {
  readonly message: string;
  readonly type: PurchaseOrderErrorType;
}

/** The action as Adobe's resolver names it in its messages. */
export type ActionName = 'approve' | 'reject' | 'cancel';

export const poErrors = {
  guest: () => authorizationError("The current customer isn't authorized."),
  /** `ResolverAccess`: the role lacks the call's resource (Adobe raises it as an input error). */
  notAllowed: () => inputError('You do not have authorization to perform this action.'),
  disabled: () => authorizationError('Purchase order functionality is not enabled.'),
  cartNotFound: (cartId: string) => noSuchEntityError(`Could not find a cart with ID "${cartId}"`),
  cartNotYours: (cartId: string) =>
    authorizationError(`The current user cannot perform operations on cart "${cartId}"`),
  cartEmpty: () => inputError('The cart is empty. Add products to the cart and try again.'),
  shippingMissing: () =>
    inputError('The shipping method is missing. Select the shipping method and try again.'),
  paymentMissing: () => inputError('Enter a valid payment method and try again.'),
  /** `placePurchaseOrder`'s answer to a refusal its formatters do not word (a method not available, say). */
  placeServerError: () =>
    inputError(
      'Unable to place purchase order: A server error stopped your purchase order from being placed. ' +
        'Please try to place your purchase order again',
    ),
  /** `purchase_order(uid)`: a uid naming no purchase order. */
  noSuchEntity: (uid: string) => inputError(`No such entity with entity_id = ${uid}`),
  cannotView: (number: string) =>
    authorizationError(`The current customer is not authorized to retrieve the purchase order ${number}.`),
  /** `addPurchaseOrderComment`: a uid naming no purchase order the customer may see. */
  notFound: (uid: string) => noSuchEntityError(`Purchase order with requested ID=${uid} not found.`),
  cannotPlace: (number: string) =>
    authorizationError(`The current customer is not authorized to place the purchase order ${number}.`),
  /** `placeOrderForPurchaseOrder`'s answer to a refusal its formatters do not word. */
  orderServerError: () =>
    inputError(
      'Unable to place order: A server error stopped your order from being placed. Please try to place your order again',
    ),
  orderFailed: (message: string) => inputError(`Unable to place order: ${message}`),
  ruleNotFound: (id: string) => inputError(`Rule with id "${id}" does not exist.`),
  /** This back end's words (Adobe's rule save refuses a taken name in its repository's words). */
  ruleNameTaken: () => inputError('This rule name already exists. Enter a unique rule name.'),
  ruleInvalid: (why: string) => inputError(why),
  missing: (name: string) => inputError(`Required parameter "${name}" is missing`),
};

export const actionErrors = {
  notFound: (action: ActionName, uid: string): ActionError => ({
    message: `Action '${action}' - purchase order with requested ID=${uid} not found`,
    type: 'NOT_FOUND',
  }),
  notApplicable: (action: ActionName, number: string): ActionError => ({
    message: `Action '${action}' is not allowed for purchase order ${number}.`,
    type: 'OPERATION_NOT_APPLICABLE',
  }),
  /** A uid that is no base64 at all: `Uid::decode` throws, which the resolver does not know the type of. */
  undefined: (action: ActionName, uid: string): ActionError => ({
    message: `An undefined error occurred when trying to '${action}' purchase order with requested ID=${uid}`,
    type: 'UNDEFINED',
  }),
  /** `validatePurchaseOrders` answers the repository's and the uid's own words. */
  validateNotFound: (id: string): ActionError => ({
    message: `No such entity with entity_id = ${id}`,
    type: 'NOT_FOUND',
  }),
  validateBadUid: (uid: string): ActionError => ({
    message: `Value of uid "${uid}" is incorrect.`,
    type: 'UNDEFINED',
  }),
  /** `validatePurchaseOrders` (PurchaseOrderRuleGraphQl's `Validate`, the number cast to an integer). */
  notValidated: (number: string): ActionError => ({
    message: `Purchase order ${String(Number(number))} cannot be validated.`,
    type: 'OPERATION_NOT_APPLICABLE',
  }),
  ruleNotFound: (id: string): ActionError => ({
    message: `Rule with id "${id}" does not exist.`,
    type: 'NOT_FOUND',
  }),
};
