/** The door of features/purchase-orders for the server: what the rest of the shop may use of it that runs only in Node. */
export {
  addComment,
  changePurchaseOrder,
  listPurchaseOrders,
  placeOrderFor,
  placePurchaseOrder,
  PurchaseOrderRefused,
  readPurchaseOrder,
} from './purchase-orders.server.ts';
export type { PurchaseOrderRefusal } from './purchase-orders.server.ts';
export {
  createApprovalRule,
  deleteApprovalRule,
  readApprovalRules,
  updateApprovalRule,
} from './approval-rules.server.ts';
export { purchaseOrdersAtPayment } from './payment.server.ts';
