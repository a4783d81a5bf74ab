/**
 * The seller's admin REST calls on negotiable quotes (Magento_NegotiableQuote's etc/webapi.xml), each behind
 * `Magento_NegotiableQuote::manage`: the quotes as a searchCriteria list (`GET /V1/negotiableQuote`), a
 * quote's comments, the change of its prices, delivery price and expiry (`PUT /V1/negotiableQuote/:quoteId`),
 * the answer to the buyer (`submitToCustomer`) and the refusal (`decline`). An admin or integration token
 * passes; anyone else is refused naming the resource, as for every admin route here.
 */
import type { CheckoutSettings } from '../checkout/settings.ts';
import type { Database } from '../db.ts';
import { intParam } from '../http/params.ts';
import { withBody, type Route } from '../http/route.ts';
import { m } from '../input.ts';
import type { ReturnsRuntime } from '../returns/runtime.ts';
import { listForSeller } from './seller-list.ts';
import { commentsOut, sellerQuoteOut } from './seller-out.ts';
import { declineQuote, sellerQuote, submitToCustomer, updateBySeller } from './seller.ts';

const resource = 'Magento_NegotiableQuote::manage';

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

export const negotiableQuotesRoutes = (
  db: Database,
  checkout: CheckoutSettings,
  runtime: ReturnsRuntime,
): Route[] => [
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
      return sellerQuoteOut(db, sellerQuote(db, checkout, quoteId));
    }),
  },
  {
    method: 'POST',
    path: '/V1/negotiableQuote/submitToCustomer',
    resource,
    ...withBody(submitBody, (_request, body) =>
      submitToCustomer(db, checkout, runtime, body.quoteId, body.comment ?? undefined),
    ),
  },
  {
    method: 'POST',
    path: '/V1/negotiableQuote/decline',
    resource,
    ...withBody(declineBody, (_request, body) => declineQuote(db, checkout, body.quoteId, body.reason ?? '')),
  },
];
