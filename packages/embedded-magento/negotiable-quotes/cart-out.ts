/**
 * A negotiable quote as the admin REST answers it (`GET /V1/carts/:cartId`, and each of the seller's list):
 * the cart (`CartInterface`) as Adobe's quote load handler reads a negotiable quote, active whatever it
 * was saved as, with its lines at the offered prices, each with `extension_attributes.negotiable_quote_item`
 * (the catalogue price it was quoted at), and `extension_attributes.negotiable_quote`, every field of
 * NegotiableQuoteInterface. Prices include VAT, as the shop's catalogue prices do.
 */
import { quoteById as cartById } from '../carts/carts.ts';
import { parseOptions, productOptionOf } from '../carts/configurable.ts';
import { cartWithLines } from '../carts/serialize.ts';
import type { Database } from '../db.ts';
import type { StoreSettings } from '../store-view.ts';
import { quotePrices, type QuoteLine, type QuotePrices } from './pricing.ts';
import type { NegotiableRow } from './quotes.ts';

function lineOut(row: NegotiableRow, line: QuoteLine) {
  return {
    item_id: line.item_id,
    sku: line.sku,
    qty: line.qty,
    name: line.name,
    price: line.price,
    product_type: line.product_type,
    quote_id: String(row.quote_id),
    ...(line.product_option === null
      ? {}
      : { product_option: productOptionOf(parseOptions(line.product_option)) }),
    extension_attributes: {
      negotiable_quote_item: {
        item_id: line.item_id,
        original_price: line.original_price,
        original_tax_amount: 0,
        original_discount_amount: 0,
      },
    },
  };
}

/**
 * NegotiableQuoteInterface in its getters' order. No cart rule applies to a quote (its coupon goes when
 * it is asked for), nothing here tracks notifications, price or tax changes or draft addresses, and no SKU
 * is ever taken out of a quote behind the buyer's back: those fields say so.
 */
function negotiationOut(row: NegotiableRow, prices: QuotePrices) {
  return {
    quote_id: row.quote_id,
    is_regular_quote: true,
    status: row.status,
    negotiated_price_type: row.negotiated_price_type,
    negotiated_price_value: row.negotiated_price_value,
    shipping_price: row.shipping_price,
    quote_name: row.quote_name,
    expiration_period: row.expiration_period,
    email_notification_status: row.email_notification_status,
    has_unconfirmed_changes: row.has_unconfirmed_changes === 1,
    is_shipping_tax_changed: false,
    is_customer_price_changed: false,
    notifications: null,
    applied_rule_ids: null,
    is_address_draft: false,
    deleted_sku: null,
    creator_id: row.creator_id,
    creator_type: row.creator_type,
    original_total_price: prices.originalTotal,
    base_original_total_price: prices.originalTotal,
    negotiated_total_price: prices.total,
    base_negotiated_total_price: prices.total,
  };
}

export function negotiableCartOut(db: Database, store: StoreSettings, row: NegotiableRow) {
  const prices = quotePrices(db, row);
  const cart = cartWithLines(
    db,
    cartById(db, row.quote_id, false),
    store,
    prices.lines.map((line) => lineOut(row, line)),
  );
  return {
    ...cart,
    is_active: true,
    extension_attributes: { ...cart.extension_attributes, negotiable_quote: negotiationOut(row, prices) },
  };
}
