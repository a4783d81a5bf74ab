/**
 * The purchase orders and their approval rules as a part of the embedded GraphQL schema
 * (`../graphql/schema.ts`): B2B for Adobe Commerce's purchase-order mutations, and the `Customer` fields
 * that read purchase orders and rules, on the `Customer` the wish-list part's `customer` query answers.
 */
import type { GraphQlContext } from '../graphql/context.ts';
import type { SchemaPart } from '../graphql/schema-part.ts';
import {
  approvePurchaseOrders,
  cancelPurchaseOrders,
  rejectPurchaseOrders,
  validatePurchaseOrders,
} from './actions.ts';
import { purchaseOrder, purchaseOrders } from './lists.ts';
import { placePurchaseOrder } from './place.ts';
import { listRules, oneRule, ruleMetadata } from './rule-queries.ts';
import { createRule, deleteRules, updateRule } from './rules.ts';
import { PURCHASE_ORDERS_SDL } from './sdl.ts';
import { PURCHASE_ORDER_SHARED_SDL } from './shared-sdl.ts';
import {
  addPurchaseOrderComment,
  addPurchaseOrderItemsToCart,
  placeOrderForPurchaseOrder,
} from './single.ts';

const onCustomer =
  (read: (args: unknown, context: GraphQlContext) => unknown) =>
  (_source: unknown, args: unknown, context: GraphQlContext) =>
    read(args, context);

export const purchaseOrdersPart: SchemaPart = {
  sdl: PURCHASE_ORDERS_SDL + PURCHASE_ORDER_SHARED_SDL,
  root: {
    placePurchaseOrder,
    approvePurchaseOrders,
    rejectPurchaseOrders,
    cancelPurchaseOrders,
    validatePurchaseOrders,
    addPurchaseOrderComment,
    addPurchaseOrderItemsToCart,
    placeOrderForPurchaseOrder,
    createPurchaseOrderApprovalRule: createRule,
    updatePurchaseOrderApprovalRule: updateRule,
    deletePurchaseOrderApprovalRule: deleteRules,
  },
  fields: {
    Customer: {
      purchase_orders: purchaseOrders,
      purchase_order: purchaseOrder,
      purchase_order_approval_rules: onCustomer(listRules),
      purchase_order_approval_rule: onCustomer(oneRule),
      purchase_order_approval_rule_metadata: onCustomer(ruleMetadata),
    },
  },
};
