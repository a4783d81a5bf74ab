/** The door of features/orders for the server: what the rest of the shop may use of it that runs only in Node. */
export { invoicesOf } from './order-invoices.server.ts';
export {
  allOrders,
  customerIdOf,
  customerOrder,
  customerOrderWire,
  guestOrder,
  guestOrderWire,
  latestOrders,
  listOrders,
  orderedSkus,
} from './orders.server.ts';
export type { OrderCollections, OrderPayments, OrdersMagento } from './orders.server.ts';
