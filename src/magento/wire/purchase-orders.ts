/**
 * The purchase-order operations the storefront's server sends to Magento's GraphQL: B2B for Adobe Commerce's
 * Magento_PurchaseOrder and Magento_PurchaseOrderRule (developer.adobe.com/commerce/webapi/graphql/schema/b2b/
 * purchase-order and purchase-order-rule), each with only the fields it reads and the zod schema of its
 * `data`. Every call carries the customer's token: Magento answers only what their company and role allow.
 */
import { z } from 'zod';
import type { GraphqlOperation } from '../graphql.ts';

/** `PurchaseOrderStatus`. */
export const PURCHASE_ORDER_STATUSES = [
  'PENDING',
  'APPROVAL_REQUIRED',
  'APPROVED',
  'ORDER_IN_PROGRESS',
  'ORDER_PLACED',
  'ORDER_FAILED',
  'REJECTED',
  'CANCELED',
  'APPROVED_PENDING_PAYMENT',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** `PurchaseOrderAction`: what the customer may do with a purchase order now. */
export const PURCHASE_ORDER_ACTIONS = ['REJECT', 'CANCEL', 'VALIDATE', 'APPROVE', 'PLACE_ORDER'] as const;
export type PurchaseOrderAction = (typeof PURCHASE_ORDER_ACTIONS)[number];

export const money = z.object({ value: z.number().nullable(), currency: z.string().nullish() });
const person = z.object({ firstname: z.string().nullish(), lastname: z.string().nullish() }).nullable();

const summary = z.object({
  uid: z.string(),
  number: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  created_at: z.string(),
  updated_at: z.string().nullish(),
  created_by: person.optional(),
  order: z.object({ number: z.string() }).nullish(),
  quote: z.object({ prices: z.object({ grand_total: money.nullish() }).nullish() }).nullish(),
});
export type PurchaseOrderSummaryWire = z.infer<typeof summary>;

const SUMMARY_FIELDS =
  'uid number status created_at updated_at created_by { firstname lastname } order { number } quote { prices { grand_total { value currency } } }';

const line = z.object({
  uid: z.string().nullish(),
  quantity: z.number(),
  product: z
    .object({ sku: z.string(), name: z.string().nullish(), url_key: z.string().nullish() })
    .nullable(),
  prices: z.object({ price: money.nullish(), row_total: money.nullish() }).nullish(),
});

const comment = z.object({
  uid: z.string(),
  created_at: z.string(),
  author: person.optional(),
  text: z.string(),
});
const historyItem = z.object({
  uid: z.string(),
  activity: z.string(),
  created_at: z.string(),
  message: z.string(),
});
const flowEvent = z.object({
  name: z.string().nullish(),
  role: z.string().nullish(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']).nullish(),
  message: z.string().nullish(),
  updated_at: z.string().nullish(),
});
const approvalFlow = z.object({ rule_name: z.string(), events: z.array(flowEvent.nullable()) });

const detail = summary.extend({
  quote: z
    .object({
      items: z.array(line.nullable()).nullish(),
      prices: z
        .object({
          grand_total: money.nullish(),
          subtotal_excluding_tax: money.nullish(),
          subtotal_including_tax: money.nullish(),
        })
        .nullish(),
      shipping_addresses: z
        .array(
          z.object({ selected_shipping_method: z.object({ amount: money.nullish() }).nullish() }).nullable(),
        )
        .nullish(),
    })
    .nullish(),
  comments: z.array(comment.nullable()),
  history_log: z.array(historyItem.nullable()),
  approval_flow: z.array(approvalFlow.nullable()),
  available_actions: z.array(z.enum(PURCHASE_ORDER_ACTIONS).nullable()),
});
export type PurchaseOrderWire = z.infer<typeof detail>;

const DETAIL_FIELDS = `uid number status created_at updated_at created_by { firstname lastname } order { number }
  quote {
    items { uid quantity product { sku name url_key } prices { price { value currency } row_total { value currency } } }
    prices { grand_total { value currency } subtotal_excluding_tax { value currency } subtotal_including_tax { value currency } }
    shipping_addresses { selected_shipping_method { amount { value currency } } }
  }
  comments { uid created_at author { firstname lastname } text }
  history_log { uid activity created_at message }
  approval_flow { rule_name events { name role status message updated_at } }
  available_actions`;

/** Which of the company's purchase orders a list holds: `PurchaseOrdersFilterInput`. */
export type PurchaseOrderListKind = 'mine' | 'approval' | 'company';
const FILTER: Readonly<Record<PurchaseOrderListKind, string>> = {
  mine: '{}',
  approval: '{ require_my_approval: true }',
  company: '{ company_purchase_orders: true }',
};

/** `customer { purchase_orders(filter) }`: one page of a list, newest first as Magento keeps them. */
export const readPurchaseOrders = (kind: PurchaseOrderListKind) =>
  ({
    query: `query StorefrontPurchaseOrders($page: Int!) {
  customer { purchase_orders(filter: ${FILTER[kind]}, currentPage: $page, pageSize: 50) {
    total_count items { ${SUMMARY_FIELDS} } } }
}`,
    reads: true,
    data: z.object({
      customer: z
        .object({
          purchase_orders: z
            .object({ total_count: z.number().int().nullish(), items: z.array(summary.nullable()) })
            .nullable(),
        })
        .nullable(),
    }),
  }) satisfies GraphqlOperation<unknown>;

/** `customer { purchase_order(uid) }`: one purchase order with its lines, comments and history. */
export const READ_PURCHASE_ORDER = {
  query: `query StorefrontPurchaseOrder($uid: ID!) {
  customer { purchase_order(uid: $uid) { ${DETAIL_FIELDS} } }
}`,
  reads: true,
  data: z.object({ customer: z.object({ purchase_order: detail.nullable() }).nullable() }),
} satisfies GraphqlOperation<unknown>;

export const actionError = z.object({ message: z.string(), type: z.string() });
const actionOutput = z.object({
  purchase_orders: z.array(z.object({ uid: z.string(), status: z.enum(PURCHASE_ORDER_STATUSES) }).nullable()),
  errors: z.array(actionError.nullable()),
});
export type PurchaseOrdersActionWire = z.infer<typeof actionOutput>;

/** The mutations on purchase orders by uid: `PurchaseOrdersActionInput`, `PurchaseOrdersActionOutput`. */
export type PurchaseOrderChange = 'approvePurchaseOrders' | 'rejectPurchaseOrders' | 'cancelPurchaseOrders';

const ACTION_DATA: Readonly<Record<PurchaseOrderChange, z.ZodType<PurchaseOrdersActionWire>>> = {
  approvePurchaseOrders: z
    .object({ approvePurchaseOrders: actionOutput })
    .transform((d) => d.approvePurchaseOrders),
  rejectPurchaseOrders: z
    .object({ rejectPurchaseOrders: actionOutput })
    .transform((d) => d.rejectPurchaseOrders),
  cancelPurchaseOrders: z
    .object({ cancelPurchaseOrders: actionOutput })
    .transform((d) => d.cancelPurchaseOrders),
};

export const changePurchaseOrders = (
  field: PurchaseOrderChange,
): GraphqlOperation<PurchaseOrdersActionWire> => ({
  query: `mutation Storefront_${field}($uids: [ID!]!) {
  ${field}(input: { purchase_order_uids: $uids }) { purchase_orders { uid status } errors { message type } }
}`,
  reads: false,
  data: ACTION_DATA[field],
});

/** `addPurchaseOrderComment`. */
export const ADD_PURCHASE_ORDER_COMMENT = {
  query: `mutation StorefrontAddPurchaseOrderComment($uid: ID!, $comment: String!) {
  addPurchaseOrderComment(input: { purchase_order_uid: $uid, comment: $comment }) { comment { uid } }
}`,
  reads: false,
  data: z.object({ addPurchaseOrderComment: z.object({ comment: z.object({ uid: z.string() }) }) }),
} satisfies GraphqlOperation<unknown>;

/** `placeOrderForPurchaseOrder`: the order of an approved purchase order. */
export const PLACE_ORDER_FOR_PURCHASE_ORDER = {
  query: `mutation StorefrontPlaceOrderForPurchaseOrder($uid: ID!) {
  placeOrderForPurchaseOrder(input: { purchase_order_uid: $uid }) { order { number } }
}`,
  reads: false,
  data: z.object({ placeOrderForPurchaseOrder: z.object({ order: z.object({ number: z.string() }) }) }),
} satisfies GraphqlOperation<unknown>;

/** `customerCart { id }`: the customer's active cart as GraphQL names it (Magento makes one if none). */
export const READ_CUSTOMER_CART_ID = {
  query: 'query StorefrontCustomerCartId { customerCart { id } }',
  reads: true,
  data: z.object({ customerCart: z.object({ id: z.string() }) }),
} satisfies GraphqlOperation<unknown>;

/** `placePurchaseOrder`: the cart (its payment method chosen) made a purchase order. */
export const PLACE_PURCHASE_ORDER = {
  query: `mutation StorefrontPlacePurchaseOrder($cartId: String!) {
  placePurchaseOrder(input: { cart_id: $cartId }) { purchase_order { uid number status order { number } } }
}`,
  reads: false,
  data: z.object({
    placePurchaseOrder: z.object({
      purchase_order: z.object({
        uid: z.string(),
        number: z.string(),
        status: z.enum(PURCHASE_ORDER_STATUSES),
        order: z.object({ number: z.string() }).nullish(),
      }),
    }),
  }),
} satisfies GraphqlOperation<unknown>;
