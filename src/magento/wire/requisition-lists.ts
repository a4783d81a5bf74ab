/**
 * The requisition-list operations the storefront sends to Magento's GraphQL: B2B for Adobe Commerce's
 * `Customer.requisition_lists` and its mutations (developer.adobe.com/commerce/webapi/graphql/schema/b2b/
 * requisition-list/), each with only the fields it reads and the zod schema of its `data`.
 */
import { z } from 'zod';
import type { GraphqlOperation } from '../graphql.ts';

const itemWire = z.object({
  uid: z.string(),
  quantity: z.number(),
  product: z
    .object({ sku: z.string(), name: z.string().nullish(), url_key: z.string().nullish() })
    .nullable(),
});

const listWire = z.object({
  uid: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  items_count: z.number().int(),
  updated_at: z.string().nullish(),
  requisition_list_items: z.object({ items: z.array(itemWire.nullable()) }).nullish(),
});
export type RequisitionListWire = z.infer<typeof listWire>;

const LIST_FIELDS = `uid name description items_count updated_at
  requisition_list_items(pageSize: 500) { items { uid quantity product { sku name url_key } } }`;

/** Every list of the customer (the first 100), with their lines. */
export const READ_REQUISITION_LISTS = {
  query: `query StorefrontRequisitionLists {
  customer { requisition_lists(pageSize: 100) { items { ${LIST_FIELDS} } } }
}`,
  reads: true,
  data: z
    .object({
      customer: z
        .object({ requisition_lists: z.object({ items: z.array(listWire.nullable()).nullish() }).nullable() })
        .nullable(),
    })
    .transform((data) => (data.customer?.requisition_lists?.items ?? []).flatMap((list) => list ?? [])),
} satisfies GraphqlOperation<unknown>;

/** A mutation answering `{ requisition_list }` under `field`. */
function listChange(
  field: string,
  signature: string,
  call: string,
): GraphqlOperation<RequisitionListWire | null> {
  return {
    query: `mutation Storefront_${field}${signature} { ${field}${call} { requisition_list { ${LIST_FIELDS} } } }`,
    reads: false,
    data: z
      .object({ [field]: z.object({ requisition_list: listWire.nullable() }).nullable() })
      .transform((data) => data[field]?.requisition_list ?? null),
  };
}

export const CREATE_REQUISITION_LIST = listChange(
  'createRequisitionList',
  '($name: String!, $description: String)',
  '(input: { name: $name, description: $description })',
);

export const RENAME_REQUISITION_LIST = listChange(
  'updateRequisitionList',
  '($uid: ID!, $name: String!, $description: String)',
  '(requisitionListUid: $uid, input: { name: $name, description: $description })',
);

export const ADD_TO_REQUISITION_LIST = listChange(
  'addProductsToRequisitionList',
  '($uid: ID!, $items: [RequisitionListItemsInput!]!)',
  '(requisitionListUid: $uid, requisitionListItems: $items)',
);

export const UPDATE_REQUISITION_LIST_ITEMS = listChange(
  'updateRequisitionListItems',
  '($uid: ID!, $items: [UpdateRequisitionListItemsInput!]!)',
  '(requisitionListUid: $uid, requisitionListItems: $items)',
);

export const DELETE_REQUISITION_LIST_ITEMS = listChange(
  'deleteRequisitionListItems',
  '($uid: ID!, $itemUids: [ID!]!)',
  '(requisitionListUid: $uid, requisitionListItemUids: $itemUids)',
);

export const DELETE_REQUISITION_LIST = {
  query: `mutation StorefrontDeleteRequisitionList($uid: ID!) {
  deleteRequisitionList(requisitionListUid: $uid) { status }
}`,
  reads: false,
  data: z.object({ deleteRequisitionList: z.object({ status: z.boolean() }).nullable() }),
} satisfies GraphqlOperation<unknown>;

const cartError = z.object({
  message: z.string(),
  type: z.enum(['OUT_OF_STOCK', 'UNAVAILABLE_SKU', 'OPTIONS_UPDATED', 'LOW_QUANTITY']),
});
export type RequisitionCartErrorWire = z.infer<typeof cartError>;

/** The chosen lines (`$itemUids`, every line for none) into the customer's active cart. */
export const REQUISITION_LIST_TO_CART = {
  query: `mutation StorefrontRequisitionListToCart($uid: ID!, $itemUids: [ID!]) {
  addRequisitionListItemsToCart(requisitionListUid: $uid, requisitionListItemUids: $itemUids) {
    status add_requisition_list_items_to_cart_user_errors { message type }
  }
}`,
  reads: false,
  data: z.object({
    addRequisitionListItemsToCart: z
      .object({
        status: z.boolean(),
        add_requisition_list_items_to_cart_user_errors: z.array(cartError.nullable()),
      })
      .nullable(),
  }),
} satisfies GraphqlOperation<unknown>;
