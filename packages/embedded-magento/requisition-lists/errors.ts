/**
 * The requisition-list resolvers' messages, in the words B2B for Adobe Commerce's RequisitionListGraphQl
 * uses (Adobe's pages document none), with the category of the exception each one is (`../graphql/errors.ts`).
 * Another customer's list is refused as Adobe's `RequisitionList\Get` refuses it: the guest's authorization
 * error, in the same words; only a list nobody has is "no such entity".
 */
import { authorizationError, inputError, noSuchEntityError } from '../graphql/errors.ts';

export const requisitionErrors = {
  // Every resolver's guest check (the `customer` query's own refusal comes first for `requisition_lists`).
  guest: () => authorizationError('The current user cannot perform operations on requisition list'),
  // Another customer's list: the same words, so a caller cannot tell whose it is, only that it is not theirs.
  notYours: () => authorizationError('The current user cannot perform operations on requisition list'),
  missing: (name: string) => inputError(`Required parameter "${name}" is missing`),
  // The list repository's NoSuchEntityException::singleField('id', …).
  noSuchList: (id: string) => noSuchEntityError(`No such entity with id = ${id}`),
  noSuchItem: (id: string) => noSuchEntityError(`No such entity with id = ${id}`),
  unknownSku: () => inputError('The SKU was not found.'),
  badQuantity: () => inputError('Please enter a valid quantity.'),
  blankName: () => inputError('Required parameter "name" is missing'),
};
