/** The door of features/requisition-lists for the server: what runs only in Node. */
export {
  addLines,
  createList,
  deleteList,
  readLists,
  removeLine,
  renameList,
  setQuantity,
  toBasket,
} from './requisition-lists.server.ts';
