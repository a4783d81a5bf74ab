/**
 * A company buyer's negotiable quotes in Magento (B2B for Adobe Commerce's GraphQL), as the storefront
 * server reads and changes them: always the quotes of the customer whose token is given. A quote order
 * is paid on account with the buyer's PO number (the shop's trade payment, as payments/on-account.ts
 * pays a basket) and delivered to the customer's default address. Magento's failures come back as
 * `MagentoGraphqlError`.
 */
import { magentoGraphql, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import {
  CUSTOMER_CART,
  LIST_QUOTES,
  PLACE_QUOTE_ORDER,
  READ_QUOTE,
  REQUEST_QUOTE,
  SEND_FOR_REVIEW,
  SET_BILLING_ADDRESS,
  SET_PAYMENT,
  SET_SHIPPING_ADDRESS,
  SET_SHIPPING_METHOD,
  UPDATE_QUANTITIES,
  type QuoteSummaryWire,
  type QuoteWire,
} from '../../magento/wire/negotiable-quotes.ts';
import { latestExpiry, type Quote, type QuoteEvent, type QuoteSummary } from './answer.ts';

type HistoryWire = NonNullable<NonNullable<QuoteWire['history']>[number]>;

function toEvent(entry: HistoryWire): QuoteEvent {
  const changes = entry.changes;
  return {
    at: entry.created_at ?? null,
    by: `${entry.author.firstname} ${entry.author.lastname}`.trim(),
    status: changes?.statuses?.changes[0]?.new_status ?? null,
    comment: changes?.comment_added?.comment ?? null,
    total: changes?.total?.new_price?.value ?? null,
    expires: changes?.expiration?.new_expiration ?? null,
  };
}

const toSummary = (wire: QuoteSummaryWire): QuoteSummary => ({
  uid: wire.uid,
  name: wire.name,
  status: wire.status,
  updatedAt: wire.updated_at ?? null,
  quantity: wire.total_quantity,
  total: wire.prices?.grand_total?.value ?? null,
});

/**
 * The quote's delivery price: the chosen method's, or before one is chosen, what the grand total holds
 * beyond the lines, which is the delivery price the seller quoted (Adobe's NegotiableQuote names no delivery
 * of its own, as it names no expiry). Null while nothing is priced for delivery.
 */
function deliveryOf(wire: QuoteWire): number | null {
  const chosen = wire.shipping_addresses?.[0]?.selected_shipping_method?.amount.value;
  if (chosen !== undefined) return chosen;
  const total = wire.prices?.grand_total?.value;
  const lines = wire.prices?.subtotal_including_tax?.value;
  if (total === undefined || lines === undefined) return null;
  const beyond = Math.round((total - lines) * 100) / 100;
  return beyond > 0 ? beyond : null;
}

export function toQuote(wire: QuoteWire): Quote {
  const history = (wire.history ?? []).flatMap((entry) => (entry ? [toEvent(entry)] : []));
  return {
    ...toSummary(wire),
    lines: (wire.items ?? []).flatMap((item) =>
      item?.product && item.prices
        ? [
            {
              uid: item.uid,
              sku: item.product.sku,
              name: item.product.name,
              href: item.product.url_key ? `/${item.product.url_key}` : null,
              quantity: item.quantity,
              price: item.prices.price_including_tax.value,
              catalogue: item.prices.original_item_price.value,
              rowTotal: item.prices.row_total_including_tax.value,
            },
          ]
        : [],
    ),
    subtotal: wire.prices?.subtotal_including_tax?.value ?? null,
    delivery: deliveryOf(wire),
    expires: latestExpiry(history),
    history,
  };
}

/** Asks for a quote on everything in the customer's basket, which then empties (Magento's way). */
export async function requestQuote(
  magento: MagentoGraphqlConfig,
  token: string,
  name: string,
  note: string,
): Promise<Quote | null> {
  const cart = await magentoGraphql(magento, CUSTOMER_CART, { token });
  const quote = await magentoGraphql(magento, REQUEST_QUOTE, {
    token,
    variables: { cart: cart.customerCart.id, name, comment: note },
  });
  return quote ? toQuote(quote) : null;
}

export async function listQuotes(magento: MagentoGraphqlConfig, token: string): Promise<QuoteSummary[]> {
  const data = await magentoGraphql(magento, LIST_QUOTES, { token, variables: { page: 1 } });
  return (data.negotiableQuotes?.items ?? []).flatMap((item) => (item ? [toSummary(item)] : []));
}

export async function readQuote(
  magento: MagentoGraphqlConfig,
  token: string,
  uid: string,
): Promise<Quote | null> {
  const data = await magentoGraphql(magento, READ_QUOTE, { token, variables: { uid } });
  return data.negotiableQuote ? toQuote(data.negotiableQuote) : null;
}

/** Sends the quote back to the seller with the buyer's comment. */
export async function askAgain(magento: MagentoGraphqlConfig, token: string, uid: string, comment: string) {
  const quote = await magentoGraphql(magento, SEND_FOR_REVIEW, { token, variables: { uid, comment } });
  return quote ? toQuote(quote) : null;
}

export async function changeQuantities(
  magento: MagentoGraphqlConfig,
  token: string,
  uid: string,
  lines: readonly { uid: string; quantity: number }[],
) {
  const items = lines.map((line) => ({ quote_item_uid: line.uid, quantity: line.quantity }));
  const quote = await magentoGraphql(magento, UPDATE_QUANTITIES, { token, variables: { uid, items } });
  return quote ? toQuote(quote) : null;
}

/**
 * Orders the quote at its quoted prices: the customer's default address for delivery and billing, the
 * first delivery method Magento offers (priced at the seller's delivery price), on account with the PO
 * number; answers the order number.
 */
export async function orderQuote(
  magento: MagentoGraphqlConfig,
  token: string,
  uid: string,
  address: { id: number },
  poNumber: string,
): Promise<string | null> {
  const addressUid = Buffer.from(String(address.id)).toString('base64');
  const shipped = await magentoGraphql(magento, SET_SHIPPING_ADDRESS, {
    token,
    variables: { uid, address: addressUid },
  });
  await magentoGraphql(magento, SET_BILLING_ADDRESS, { token, variables: { uid, address: addressUid } });
  const method = shipped?.shipping_addresses?.[0]?.available_shipping_methods?.find((one) => one !== null);
  if (method?.method_code)
    await magentoGraphql(magento, SET_SHIPPING_METHOD, {
      token,
      variables: { uid, carrier: method.carrier_code, method: method.method_code },
    });
  await magentoGraphql(magento, SET_PAYMENT, { token, variables: { uid, po: poNumber } });
  const placed = await magentoGraphql(magento, PLACE_QUOTE_ORDER, { token, variables: { uid } });
  return placed.placeNegotiableQuoteOrder?.order.order_number ?? null;
}
