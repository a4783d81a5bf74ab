/** A cart as Magento's `CartInterface` serializes it (CONTRACT.md §5.4, §6.1). */
import { serializeCustomer } from '../customers/customers.ts';
import type { Database } from '../db.ts';
import type { StoreSettings } from '../store-view.ts';
import { quoteAddress, serializeQuoteAddress } from './addresses.ts';
import { quotePickupCode } from '../inventory/quote-pickup.ts';
import { items, repriceItems, serializeItem } from './items.ts';
import type { QuoteRow } from './rows.ts';

function currency(settings: StoreSettings) {
  const code = settings.currency;
  return {
    global_currency_code: code,
    base_currency_code: code,
    store_currency_code: code,
    quote_currency_code: code,
    store_to_base_rate: 0,
    store_to_quote_rate: 0,
    base_to_global_rate: 1,
    base_to_quote_rate: 1,
  };
}

/**
 * The cart with its lines at today's prices: Magento recollects a quote whose products' prices changed
 * (`trigger_recollect`, which the price indexer sets when a special price starts or ends), so a basket read
 * after midnight shows the price its totals and its order charge, not the one its lines were added at.
 */
export function serializeCart(db: Database, quote: QuoteRow, settings: StoreSettings) {
  repriceItems(db, quote, settings);
  return cartWithLines(
    db,
    quote,
    settings,
    items(db, quote.id).map((item) => serializeItem(item)),
  );
}

/**
 * `CartInterface` in its getters' order with the lines given as they go out: a cart's own, or a
 * negotiable quote's at its offered prices (`../negotiable-quotes/cart-out.ts`).
 */
export function cartWithLines<L extends { readonly qty: number }>(
  db: Database,
  quote: QuoteRow,
  settings: StoreSettings,
  lines: readonly L[],
) {
  const billing = quoteAddress(db, quote.id, 'billing');
  const shipping = quoteAddress(db, quote.id, 'shipping');
  return {
    id: quote.id,
    created_at: quote.created_at,
    updated_at: quote.updated_at,
    is_active: quote.is_active === 1,
    is_virtual: false,
    items: lines,
    items_count: lines.length,
    items_qty: lines.reduce((sum, line) => sum + line.qty, 0),
    customer:
      quote.customer_id === null
        ? { email: null, firstname: null, lastname: null }
        : serializeCustomer(db, quote.customer_id),
    billing_address: serializeQuoteAddress(billing.id, billing.data),
    ...(quote.reserved_order_id ? { reserved_order_id: quote.reserved_order_id } : {}),
    orig_order_id: 0,
    currency: currency(settings),
    customer_is_guest: quote.customer_is_guest === 1,
    customer_note_notify: true,
    customer_tax_class_id: 3,
    store_id: quote.store_id,
    extension_attributes: {
      shipping_assignments:
        lines.length === 0
          ? []
          : [
              {
                shipping: {
                  address: withPickupLocation(
                    serializeQuoteAddress(shipping.id, shipping.data),
                    quotePickupCode(db, quote.id),
                  ),
                  method: quote.shipping_method,
                },
                items: lines,
              },
            ],
    },
  };
}

/** LoadPickupLocationForQuoteAddress: the shipping address's assigned code in its extension attributes. */
const withPickupLocation = <A extends object>(address: A, code: string | undefined) =>
  code === undefined ? address : { ...address, extension_attributes: { pickup_location_code: code } };
