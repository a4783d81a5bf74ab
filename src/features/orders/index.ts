/** The door of features/orders: what the rest of the shop may use of it (eslint/doors.js). */
export { address, summary, visibleLines } from './order-mapping.ts';
export type { CollectionFacts } from './order-mapping.ts';
export {
  invoiceFileName,
  MAX_ORDERS_PAGE_SIZE,
  ORDER_STATUS_PATH,
  orderNumberOf,
  orderPath,
  ORDERS_PAGE_SIZE,
  ORDERS_PATH,
} from './order.ts';
export type { CollectionPlace, CollectionState, OrderCollection, OrderDetail } from './order.ts';
export { orderTexts } from './texts.ts';
