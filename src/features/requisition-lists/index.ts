/** The door of features/requisition-lists: what the rest of the shop may use of it (eslint/doors.js). */
export type { RequisitionLine, RequisitionList, RequisitionListsAnswer, ToBasketAnswer } from './answer.ts';
export {
  addToRequisitionList,
  createRequisitionList,
  deleteRequisitionList,
  listToBasket,
  readRequisitionLists,
  removeLine,
  renameRequisitionList,
  setLineQuantity,
} from './lists.ts';
export { keepRequisitionReturn, takeRequisitionReturn } from './pending.ts';
export { requisitionListsTexts } from './texts.ts';
export {
  ADD_TO_LIST_PAGE,
  BASKET_TO_LIST_LINK,
  REQUISITION_LISTS_PAGE,
  addLinesLink,
  addToListLink,
  readAddRequest,
} from './paths.ts';
export type { AddRequest, LineToAdd } from './paths.ts';
