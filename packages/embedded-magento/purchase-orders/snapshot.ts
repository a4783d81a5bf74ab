/**
 * The cart as the purchase order keeps it (Adobe's `snapshot_quote`): its lines with their prices incl and
 * excl VAT, its totals and its chosen delivery, collected by the checkout's own totals (`collectTotals`),
 * so the purchase order shows what the buyer asked for whatever happens to the cart or the prices later.
 */
import { quoteAddress } from '../carts/addresses.ts';
import type { QuoteRow } from '../carts/rows.ts';
import { collectTotals } from '../checkout/collect.ts';
import type { CheckoutSettings } from '../checkout/settings.ts';
import type { Database } from '../db.ts';
import { optionalString } from '../json.ts';
import { poErrors } from './errors.ts';
import type { Snapshot } from './store.ts';

const streetOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string') : [];

/**
 * The cart's snapshot; for a purchase order (`ordering`), the refusal of a cart that could not be ordered
 * (empty, no delivery chosen).
 */
export function snapshotOf(
  db: Database,
  quote: QuoteRow,
  settings: CheckoutSettings,
  ordering = true,
): Snapshot {
  const collected = collectTotals(db, quote, settings);
  if (ordering && collected.lines.length === 0) throw poErrors.cartEmpty();
  const rate = quote.shipping_method ? collected.shippingRate : undefined;
  if (ordering && !rate) throw poErrors.shippingMissing();
  const address = rate ? quoteAddress(db, quote.id, 'shipping').data : {};
  return {
    lines: collected.lines.map((line) => ({
      item_id: line.item_id,
      product_id: line.product_id,
      sku: line.sku,
      name: line.name,
      qty: line.qty,
      product_type: line.product_type,
      product_option: line.product_option,
      price: line.tax.price,
      price_incl_tax: line.tax.priceInclTax,
      row_total: line.tax.rowTotal,
      row_total_incl_tax: line.tax.rowTotalInclTax,
    })),
    email: optionalString(address['email']) ?? null,
    subtotal: collected.tax.subtotal,
    subtotal_incl_tax: collected.tax.subtotalInclTax,
    discount: collected.discountAmount,
    tax: collected.tax.taxAmount,
    shipping_incl_tax: collected.shippingAmount,
    shipping_excl_tax: collected.tax.shipping.amount,
    grand_total: collected.grandTotal,
    shipping: rate
      ? {
          carrier_code: rate.carrierCode,
          method_code: rate.methodCode,
          carrier_title: rate.carrierTitle,
          method_title: rate.methodTitle,
          firstname: optionalString(address['firstname']) ?? '',
          lastname: optionalString(address['lastname']) ?? '',
          city: optionalString(address['city']) ?? '',
          postcode: optionalString(address['postcode']) ?? null,
          street: streetOf(address['street']),
        }
      : null,
  };
}
