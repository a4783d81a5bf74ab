/** A cart and its totals as Magento serializes them (§5.4, §6.4), totals computed here. */
import { serializeCustomer } from '../customers/customers.ts';
import type { Database } from '../db.ts';
import { quoteAddress, serializeQuoteAddress } from './addresses.ts';
import { lineTotal, roundMoney, type CartSettings } from './carts.ts';
import { items, serializeItem } from './items.ts';
import type { QuoteRow } from './rows.ts';

function currency(settings: CartSettings) {
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

export function serializeCart(db: Database, quote: QuoteRow, settings: CartSettings) {
  const lines = items(db, quote.id).map((item) => serializeItem(item));
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
                  address: serializeQuoteAddress(shipping.id, shipping.data),
                  method: quote.shipping_method,
                },
                items: lines,
              },
            ],
    },
  };
}

export const FLAT_RATE = { carrier: 'flatrate', method: 'flatrate', title: 'Flat Rate - Fixed' } as const;

/** Flat-rate shipping for `qty` items (Magento's flatrate type I: a price per item). */
export const flatRateShipping = (settings: Pick<CartSettings, 'flatRatePerItem'>, qty: number): number =>
  roundMoney(settings.flatRatePerItem * qty);

export function computeTotals(db: Database, quote: QuoteRow, settings: CartSettings) {
  const lines = items(db, quote.id);
  const qty = lines.reduce((sum, line) => sum + line.qty, 0);
  const subtotal = roundMoney(lines.reduce((sum, line) => sum + lineTotal(line.price, line.qty), 0));
  const shipping = quote.shipping_method ? flatRateShipping(settings, qty) : 0;
  const grandTotal = roundMoney(subtotal + shipping);
  const code = settings.currency;
  return {
    grand_total: grandTotal,
    base_grand_total: grandTotal,
    subtotal,
    base_subtotal: subtotal,
    discount_amount: 0,
    base_discount_amount: 0,
    subtotal_with_discount: subtotal,
    base_subtotal_with_discount: subtotal,
    shipping_amount: shipping,
    base_shipping_amount: shipping,
    shipping_discount_amount: 0,
    base_shipping_discount_amount: 0,
    tax_amount: 0,
    base_tax_amount: 0,
    weee_tax_applied_amount: null,
    shipping_tax_amount: 0,
    base_shipping_tax_amount: 0,
    subtotal_incl_tax: subtotal,
    shipping_incl_tax: shipping,
    base_shipping_incl_tax: shipping,
    base_currency_code: code,
    quote_currency_code: code,
    items_qty: qty,
    items: lines.map((line) => {
      const row = lineTotal(line.price, line.qty);
      return {
        item_id: line.item_id,
        price: line.price,
        base_price: line.price,
        qty: line.qty,
        row_total: row,
        base_row_total: row,
        row_total_with_discount: 0,
        tax_amount: 0,
        base_tax_amount: 0,
        tax_percent: 0,
        discount_amount: 0,
        base_discount_amount: 0,
        discount_percent: 0,
        price_incl_tax: line.price,
        base_price_incl_tax: line.price,
        row_total_incl_tax: row,
        base_row_total_incl_tax: row,
        options: '[]',
        weee_tax_applied_amount: null,
        weee_tax_applied: null,
        name: line.name,
      };
    }),
    total_segments: [
      { code: 'subtotal', title: 'Subtotal', value: subtotal },
      {
        code: 'shipping',
        title: quote.shipping_method ? `Shipping & Handling (${FLAT_RATE.title})` : 'Shipping & Handling',
        value: shipping,
      },
      { code: 'tax', title: 'Tax', value: 0, extension_attributes: { tax_grandtotal_details: [] } },
      { code: 'grand_total', title: 'Grand Total', value: grandTotal, area: 'footer' },
    ],
  };
}
