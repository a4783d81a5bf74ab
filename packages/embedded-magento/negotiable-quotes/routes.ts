/**
 * The seller's admin REST calls on negotiable quotes (Magento_NegotiableQuote's etc/webapi.xml), each behind
 * the admin resource Adobe's webapi.xml names (`Magento_NegotiableQuote::negotiable_quote`, `::send` for the
 * answer, `::decline` for the refusal): a buyer's cart made a quote (`POST /V1/negotiableQuote/request`), a
 * quote's comments, the change of its prices, delivery price and expiry (`PUT /V1/negotiableQuote/:quoteId`,
 * answering nothing, an empty array, as Adobe's `save` does), the answer to the buyer (`submitToCustomer`)
 * and the refusal (`decline`). The quotes as a searchCriteria list (`GET /V1/negotiableQuote`) is this back
 * end's, for the demo merchant's page: Adobe's REST has no list of quotes. A quote reads as a cart
 * (`GET /V1/carts/:cartId`, `cart-out.ts`). An admin or integration token passes; anyone else is refused
 * naming the resource, as for every admin route here.
 */
import type { CheckoutSettings } from '../checkout/settings.ts';
import type { Database } from '../db.ts';
import { intParam } from '../http/params.ts';
import { withBody, type Route } from '../http/route.ts';
import { m } from '../input.ts';
import type { ReturnsRuntime } from '../returns/runtime.ts';
import { listForSeller } from './seller-list.ts';
import { requestBySeller } from './request.ts';
import { commentsOut } from './seller-out.ts';
import { declineQuote, sellerQuote, submitToCustomer, updateBySeller } from './seller.ts';

const resource = 'Magento_NegotiableQuote::negotiable_quote';

/** NegotiableQuoteInterface, every field (the seller's save reads the prices, expiry and name of it). */
const negotiableDto = m.dto(
  {
    quote_id: m.int(),
    is_regular_quote: m.bool(),
    status: m.string(),
    negotiated_price_type: m.int(),
    negotiated_price_value: m.float(),
    shipping_price: m.float(),
    quote_name: m.string(),
    expiration_period: m.string(),
    email_notification_status: m.int(),
    has_unconfirmed_changes: m.bool(),
    is_shipping_tax_changed: m.bool(),
    is_customer_price_changed: m.bool(),
    notifications: m.int(),
    applied_rule_ids: m.string(),
    is_address_draft: m.bool(),
    deleted_sku: m.string(),
    creator_id: m.int(),
    creator_type: m.int(),
    original_total_price: m.float(),
    base_original_total_price: m.float(),
    negotiated_total_price: m.float(),
    base_negotiated_total_price: m.float(),
    extension_attributes: m.mixed(),
  },
  { open: true },
);
const itemDto = m.dto(
  { item_id: m.int(), qty: m.float(), price: m.float(), sku: m.string(), quote_id: m.string() },
  { open: true },
);
const updateBody = m.params({
  quote: m.dto(
    {
      id: m.int(),
      items: m.array(itemDto),
      extension_attributes: m.dto({ negotiable_quote: negotiableDto }, { open: true }),
    },
    { open: true },
  ),
});
const submitBody = m.params({
  quoteId: m.int(),
  comment: m.string().optional(),
  files: m.mixed().optional(),
});
const declineBody = m.params({ quoteId: m.int(), reason: m.string() });
/** AttachmentContentInterface. */
const fileDto = m.dto({
  base64_encoded_data: m.string(),
  type: m.string(),
  name: m.string(),
  extension_attributes: m.mixed(),
});
const requestBody = m.params({
  quoteId: m.int(),
  quoteName: m.string(),
  comment: m.string().optional(),
  files: m.array(fileDto).optional(),
});

export const negotiableQuotesRoutes = (
  db: Database,
  checkout: CheckoutSettings,
  runtime: ReturnsRuntime,
): Route[] => [
  {
    method: 'POST',
    path: '/V1/negotiableQuote/request',
    resource,
    ...withBody(requestBody, ({ caller }, body) =>
      requestBySeller(db, checkout, caller, {
        quoteId: body.quoteId,
        quoteName: body.quoteName,
        comment: body.comment ?? '',
        files: (body.files ?? []).map((file) => ({
          name: file?.name ?? '',
          data: file?.base64_encoded_data ?? '',
        })),
      }),
    ),
  },
  {
    method: 'GET',
    path: '/V1/negotiableQuote',
    resource,
    handle: (request) => listForSeller(db, checkout, request.query),
  },
  {
    method: 'GET',
    path: '/V1/negotiableQuote/:quoteId/comments',
    resource,
    handle: ({ params }) => {
      const row = sellerQuote(db, checkout, intParam(params['quoteId'], 'quoteId'));
      return commentsOut(db, row.quote_id);
    },
  },
  {
    method: 'PUT',
    path: '/V1/negotiableQuote/:quoteId',
    resource,
    ...withBody(updateBody, ({ params }, { quote }) => {
      const quoteId = intParam(params['quoteId'], 'quoteId');
      const items = (quote.items ?? []).flatMap((item) =>
        item?.item_id === undefined || item.item_id === null
          ? []
          : [{ item_id: item.item_id, qty: item.qty ?? null, price: item.price }],
      );
      updateBySeller(db, checkout, quoteId, {
        negotiation: quote.extension_attributes?.negotiable_quote ?? null,
        items,
      });
      return [];
    }),
  },
  {
    method: 'POST',
    path: '/V1/negotiableQuote/submitToCustomer',
    resource: 'Magento_NegotiableQuote::send',
    ...withBody(submitBody, (_request, body) =>
      submitToCustomer(db, checkout, runtime, body.quoteId, body.comment ?? undefined),
    ),
  },
  {
    method: 'POST',
    path: '/V1/negotiableQuote/decline',
    resource: 'Magento_NegotiableQuote::decline',
    ...withBody(declineBody, (_request, body) => declineQuote(db, checkout, body.quoteId, body.reason ?? '')),
  },
];
