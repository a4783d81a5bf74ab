/**
 * The negotiable-quote operations the storefront sends to Magento's GraphQL (B2B for Adobe Commerce:
 * `requestNegotiableQuote`, `negotiableQuote(s)`, `sendNegotiableQuoteForReview`,
 * `updateNegotiableQuoteQuantities`, the address, delivery and payment calls and
 * `placeNegotiableQuoteOrder`), each with only the fields it reads and the zod schema of its `data`.
 */
import { z } from 'zod';
import type { GraphqlOperation } from '../graphql.ts';

const money = z.object({ value: z.number(), currency: z.string() });

const statusWire = z.enum([
  'SUBMITTED',
  'PENDING',
  'UPDATED',
  'OPEN',
  'ORDERED',
  'CLOSED',
  'DECLINED',
  'EXPIRED',
]);

const itemWire = z.object({
  uid: z.string(),
  quantity: z.number(),
  product: z.object({ sku: z.string(), name: z.string(), url_key: z.string().nullish() }).nullable(),
  prices: z
    .object({
      price_including_tax: money,
      row_total_including_tax: money,
      original_item_price: money,
    })
    .nullish(),
});

const historyWire = z.object({
  uid: z.string(),
  created_at: z.string().nullish(),
  change_type: z.string(),
  author: z.object({ firstname: z.string(), lastname: z.string() }),
  changes: z
    .object({
      statuses: z
        .object({ changes: z.array(z.object({ old_status: statusWire.nullish(), new_status: statusWire })) })
        .nullish(),
      comment_added: z.object({ comment: z.string() }).nullish(),
      total: z.object({ new_price: money.nullish() }).nullish(),
      expiration: z.object({ new_expiration: z.string().nullish() }).nullish(),
    })
    .nullish(),
});

export const quoteWire = z.object({
  uid: z.string(),
  name: z.string(),
  status: statusWire,
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  total_quantity: z.number(),
  items: z.array(itemWire.nullable()).nullish(),
  prices: z.object({ grand_total: money.nullish(), subtotal_including_tax: money.nullish() }).nullish(),
  comments: z
    .array(
      z
        .object({
          uid: z.string(),
          creator_type: z.enum(['BUYER', 'SELLER']),
          text: z.string(),
          created_at: z.string(),
        })
        .nullable(),
    )
    .nullish(),
  history: z.array(historyWire.nullable()).nullish(),
  shipping_addresses: z
    .array(
      z
        .object({
          available_shipping_methods: z
            .array(
              z
                .object({ carrier_code: z.string(), method_code: z.string().nullish(), amount: money })
                .nullable(),
            )
            .nullish(),
          selected_shipping_method: z.object({ amount: money }).nullish(),
        })
        .nullable(),
    )
    .nullish(),
});
export type QuoteWire = z.infer<typeof quoteWire>;

const QUOTE_FIELDS = `uid name status created_at updated_at total_quantity
  items { uid quantity product { sku name url_key }
    prices { price_including_tax { value currency } row_total_including_tax { value currency } original_item_price { value currency } } }
  prices { grand_total { value currency } subtotal_including_tax { value currency } }
  comments { uid creator_type text created_at }
  history { uid created_at change_type author { firstname lastname }
    changes { statuses { changes { old_status new_status } } comment_added { comment }
      total { new_price { value currency } } expiration { new_expiration } } }
  shipping_addresses { available_shipping_methods { carrier_code method_code amount { value currency } }
    selected_shipping_method { amount { value currency } } }`;

const LIST_FIELDS =
  'uid name status created_at updated_at total_quantity prices { grand_total { value currency } }';

const listWire = quoteWire.pick({
  uid: true,
  name: true,
  status: true,
  created_at: true,
  updated_at: true,
  total_quantity: true,
  prices: true,
});

/** A mutation answering `{ quote }` under `field`. */
function quoteChange(field: string, signature: string, input: string): GraphqlOperation<QuoteWire | null> {
  return {
    query: `mutation Storefront_${field}(${signature}) { ${field}(input: ${input}) { quote { ${QUOTE_FIELDS} } } }`,
    reads: false,
    data: z
      .object({ [field]: z.object({ quote: quoteWire.nullable() }).nullable() })
      .transform((data) => data[field]?.quote ?? null),
  };
}

export const CUSTOMER_CART = {
  query: 'query StorefrontCustomerCart { customerCart { id } }',
  reads: false,
  data: z.object({ customerCart: z.object({ id: z.string() }) }),
} satisfies GraphqlOperation<unknown>;

export const REQUEST_QUOTE = quoteChange(
  'requestNegotiableQuote',
  '$cart: ID!, $name: String!, $comment: String!',
  '{ cart_id: $cart, quote_name: $name, comment: { comment: $comment } }',
);

export const READ_QUOTE = {
  query: `query StorefrontNegotiableQuote($uid: ID!) { negotiableQuote(uid: $uid) { ${QUOTE_FIELDS} } }`,
  reads: true,
  data: z.object({ negotiableQuote: quoteWire.nullable() }),
} satisfies GraphqlOperation<unknown>;

export const LIST_QUOTES = {
  query: `query StorefrontNegotiableQuotes($page: Int!) {
  negotiableQuotes(pageSize: 50, currentPage: $page, sort: { sort_field: UPDATED_AT, sort_direction: DESC }) {
    total_count items { ${LIST_FIELDS} } } }`,
  reads: true,
  data: z.object({
    negotiableQuotes: z.object({ total_count: z.number(), items: z.array(listWire.nullable()) }).nullable(),
  }),
} satisfies GraphqlOperation<unknown>;
export type QuoteSummaryWire = z.infer<typeof listWire>;

export const SEND_FOR_REVIEW = quoteChange(
  'sendNegotiableQuoteForReview',
  '$uid: ID!, $comment: String!',
  '{ quote_uid: $uid, comment: { comment: $comment } }',
);

export const UPDATE_QUANTITIES = quoteChange(
  'updateNegotiableQuoteQuantities',
  '$uid: ID!, $items: [NegotiableQuoteItemQuantityInput!]!',
  '{ quote_uid: $uid, items: $items }',
);

export const SET_SHIPPING_ADDRESS = quoteChange(
  'setNegotiableQuoteShippingAddress',
  '$uid: ID!, $address: ID!',
  '{ quote_uid: $uid, shipping_addresses: [{ customer_address_uid: $address }] }',
);

export const SET_BILLING_ADDRESS = quoteChange(
  'setNegotiableQuoteBillingAddress',
  '$uid: ID!, $address: ID!',
  '{ quote_uid: $uid, billing_address: { customer_address_uid: $address } }',
);

export const SET_SHIPPING_METHOD = quoteChange(
  'setNegotiableQuoteShippingMethods',
  '$uid: ID!, $carrier: String!, $method: String!',
  '{ quote_uid: $uid, shipping_methods: [{ carrier_code: $carrier, method_code: $method }] }',
);

export const SET_PAYMENT = quoteChange(
  'setNegotiableQuotePaymentMethod',
  '$uid: ID!, $po: String!',
  '{ quote_uid: $uid, payment_method: { code: "purchaseorder", purchase_order_number: $po } }',
);

export const PLACE_QUOTE_ORDER = {
  query: `mutation StorefrontPlaceNegotiableQuoteOrder($uid: ID!) {
  placeNegotiableQuoteOrder(input: { quote_uid: $uid }) { order { order_number } } }`,
  reads: false,
  data: z.object({
    placeNegotiableQuoteOrder: z.object({ order: z.object({ order_number: z.string() }) }).nullable(),
  }),
} satisfies GraphqlOperation<unknown>;
