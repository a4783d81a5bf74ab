/**
 * Magento's returns module (Mage-OS RMA, `mage-os-lab/module-rma`) as the storefront speaks it: the GraphQL
 * operations of its `etc/schema.graphqls` a customer or a guest sends, each with only the fields read and
 * the zod schema of its `data`, and the REST search results the storefront server reads with the
 * integration token (`etc/webapi.xml`: the store's reasons, resolution types and item conditions, and the
 * returns of an order with their items, which GraphQL does not list). Every field of the module's GraphQL
 * types is nullable, so every one is read as such.
 */
import { z } from 'zod';
import type { GraphqlOperation } from '../graphql.ts';

const id = z.union([z.number(), z.string().regex(/^\d+$/)]).transform(Number);
const text = z.string().nullish();

/** `ReturnLookupValue`: a status, reason, resolution type or condition as one return names it. */
const lookupValueWire = z.object({ id: z.number().nullish(), code: text, label: text }).nullish();

export const returnItemWire = z.object({
  item_id: z.number().nullish(),
  order_item_id: z.number().nullish(),
  product_name: text,
  product_sku: text,
  qty_requested: z.number().nullish(),
  condition: lookupValueWire,
});

export const returnCommentWire = z.object({
  comment_id: z.number().nullish(),
  /** `customer` or `admin`. */
  author_type: text,
  author_name: text,
  comment: text,
  created_at: text,
});
export type ReturnCommentWire = z.infer<typeof returnCommentWire>;

/** `CustomerReturn`. */
export const customerReturnWire = z.object({
  rma_id: z.number().nullish(),
  increment_id: text,
  order_number: text,
  status: lookupValueWire,
  reason: lookupValueWire,
  resolution_type: lookupValueWire,
  items: z.array(returnItemWire.nullable()).nullish(),
  comments: z.array(returnCommentWire.nullable()).nullish(),
  created_at: text,
  updated_at: text,
});
export type CustomerReturnWire = z.infer<typeof customerReturnWire>;

const LOOKUP = 'id code label';
const RETURN_FIELDS = `rma_id increment_id order_number created_at updated_at
  status { ${LOOKUP} } reason { ${LOOKUP} } resolution_type { ${LOOKUP} }
  items { item_id order_item_id product_name product_sku qty_requested condition { ${LOOKUP} } }
  comments { comment_id author_type author_name comment created_at }`;

const created = z.object({ return: customerReturnWire.nullable() }).nullable();

export const CREATE_CUSTOMER_RETURN: GraphqlOperation<{ createCustomerReturn: z.infer<typeof created> }> = {
  query: `mutation CreateCustomerReturn($input: CreateReturnInput!) {
  createCustomerReturn(input: $input) { return { ${RETURN_FIELDS} } }
}`,
  reads: false,
  data: z.object({ createCustomerReturn: created }),
};

export const CREATE_GUEST_RETURN: GraphqlOperation<{ createGuestReturn: z.infer<typeof created> }> = {
  query: `mutation CreateGuestReturn($input: CreateGuestReturnInput!) {
  createGuestReturn(input: $input) { return { ${RETURN_FIELDS} } }
}`,
  reads: false,
  data: z.object({ createGuestReturn: created }),
};

/** Returns a page of "Your returns" asks for, and the pages read at most. */
export const RETURNS_PAGE_SIZE = 50;

const returnsPage = z
  .object({ items: z.array(customerReturnWire.nullable()).nullish(), total_count: z.number().nullish() })
  .nullable();

export const CUSTOMER_RETURNS: GraphqlOperation<{ customerReturns: z.infer<typeof returnsPage> }> = {
  query: `query CustomerReturns($pageSize: Int, $currentPage: Int) {
  customerReturns(pageSize: $pageSize, currentPage: $currentPage) {
    total_count items { rma_id increment_id order_number created_at status { ${LOOKUP} } }
  }
}`,
  reads: true,
  data: z.object({ customerReturns: returnsPage }),
};

export const CUSTOMER_RETURN: GraphqlOperation<{ customerReturn: CustomerReturnWire | null }> = {
  query: `query CustomerReturn($id: Int!) { customerReturn(rma_id: $id) { ${RETURN_FIELDS} } }`,
  reads: true,
  data: z.object({ customerReturn: customerReturnWire.nullable() }),
};

export const GUEST_RETURN: GraphqlOperation<{ guestReturn: CustomerReturnWire | null }> = {
  query: `query GuestReturn($number: String!, $email: String!, $id: Int!) {
  guestReturn(order_number: $number, email: $email, rma_id: $id) { ${RETURN_FIELDS} }
}`,
  reads: true,
  data: z.object({ guestReturn: customerReturnWire.nullable() }),
};

export const ADD_RETURN_COMMENT: GraphqlOperation<{ addReturnComment: ReturnCommentWire | null }> = {
  query: `mutation AddReturnComment($input: AddReturnCommentInput!) {
  addReturnComment(input: $input) { comment_id author_type author_name comment created_at }
}`,
  reads: false,
  data: z.object({ addReturnComment: returnCommentWire.nullable() }),
};

/** One entry of `GET /V1/rma/reason/search` (and resolution-type, item-condition): `ReasonInterface`. */
export const rmaLookupWire = z
  .object({
    entity_id: id,
    code: z.string(),
    label: z.string(),
    is_active: z
      .union([z.number(), z.boolean(), z.string()])
      .transform((value) => Number(value) === 1 || value === true)
      .optional(),
    sort_order: z.union([z.number(), z.string()]).transform(Number).nullish(),
  })
  .loose();
export type RmaLookupWire = z.infer<typeof rmaLookupWire>;

export const rmaLookupSearchWire = z
  .object({ items: z.array(rmaLookupWire), total_count: z.number() })
  .loose();

/** One return of `GET /V1/rma/search` (`RMAInterface`): only whose it is. */
export const rmaSearchWire = z
  .object({
    items: z.array(
      z
        .object({
          entity_id: id,
          order_id: id,
          customer_id: id.nullish(),
          increment_id: z.string().nullish(),
        })
        .loose(),
    ),
    total_count: z.number(),
  })
  .loose();

/** `GET /V1/rma/{id}/items` (`ItemSearchResultsInterface`): what a return asks for, by order item. */
export const rmaItemsWire = z
  .object({
    items: z.array(
      z
        .object({ order_item_id: id, qty_requested: z.union([z.number(), z.string()]).transform(Number) })
        .loose(),
    ),
  })
  .loose();
