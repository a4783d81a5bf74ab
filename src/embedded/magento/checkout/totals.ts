/**
 * A collection's totals as Magento's `TotalsInterface` serializes them (CONTRACT.md §6.4,
 * COMMERCE-BASICS.md §1.4, §2.5): the discount negative at the top and positive on the items, the
 * segments subtotal, discount (only when there is one), shipping, tax, grand total, and the coupon's
 * label as `extension_attributes.coupon_label` (`SalesRule\Plugin\CartTotalRepository`).
 *
 * VAT (tax.ts) is reported as Magento's tax collector reports it for prices that include it: `tax_amount`,
 * the delivery's, each item's with its rate, the `tax` segment with its rates, and the top-level
 * `grand_total` net of it. One difference: `subtotal`, the items' `price` and `row_total` and
 * `shipping_amount` stay incl VAT (Magento would give them excl, beside their `_incl_tax` twins), as the
 * storefront's basket and checkout read them; the order placed from these totals has them excl VAT
 * (orders/write.ts), and the same VAT to the penny.
 */
import type { QuoteRow } from '../carts/rows.ts';
import type { Database } from '../db.ts';
import { roundMoney } from '../money.ts';
import { VAT_RATE } from '../tax.ts';
import { rateDescription } from './carriers.ts';
import { collectTotals, type Collected, type CollectOptions } from './collect.ts';
import type { CheckoutSettings } from './settings.ts';

/** `0 - 0` is -0 in JavaScript; Magento's negative zero prints as 0. */
const negative = (amount: number): number => (amount === 0 ? 0 : -amount);

/**
 * The `tax` segment's `tax_grandtotal_details`: the VAT by rate, as `Tax::fetch()` gives the applied rates
 * (none without tax).
 */
const taxDetails = (amount: number) =>
  amount === 0 ? [] : [{ amount, rates: [{ percent: String(VAT_RATE), title: 'VAT' }], group_id: 1 }];

export function serializeTotals(collected: Collected, settings: CheckoutSettings) {
  const { subtotal, shippingAmount: shipping, grandTotal, shippingRate } = collected;
  const discount = negative(collected.discountAmount);
  const withDiscount = roundMoney(subtotal + discount);
  const tax = collected.tax.taxAmount;
  const shippingTax = collected.tax.shipping.taxAmount;
  const code = settings.currency;
  return {
    // CartTotalRepository::get() reports the top-level grand total net of tax; the segment has it whole.
    grand_total: Math.max(roundMoney(grandTotal - tax), 0),
    base_grand_total: grandTotal,
    subtotal,
    base_subtotal: subtotal,
    discount_amount: discount,
    base_discount_amount: discount,
    subtotal_with_discount: withDiscount,
    base_subtotal_with_discount: withDiscount,
    shipping_amount: shipping,
    base_shipping_amount: shipping,
    shipping_discount_amount: 0,
    base_shipping_discount_amount: 0,
    tax_amount: tax,
    base_tax_amount: tax,
    weee_tax_applied_amount: null,
    shipping_tax_amount: shippingTax,
    base_shipping_tax_amount: shippingTax,
    subtotal_incl_tax: subtotal,
    shipping_incl_tax: shipping,
    base_shipping_incl_tax: shipping,
    base_currency_code: code,
    quote_currency_code: code,
    ...(collected.couponCode ? { coupon_code: collected.couponCode } : {}),
    items_qty: collected.itemsQty,
    items: collected.lines.map((line) => ({
      item_id: line.item_id,
      price: line.price,
      base_price: line.price,
      qty: line.qty,
      row_total: line.rowTotal,
      base_row_total: line.rowTotal,
      row_total_with_discount: 0,
      tax_amount: line.tax.taxAmount,
      base_tax_amount: line.tax.taxAmount,
      tax_percent: line.tax.taxPercent,
      discount_amount: line.discountAmount,
      base_discount_amount: line.discountAmount,
      discount_percent: line.discountPercent,
      price_incl_tax: line.price,
      base_price_incl_tax: line.price,
      row_total_incl_tax: line.rowTotal,
      base_row_total_incl_tax: line.rowTotal,
      options: line.options,
      weee_tax_applied_amount: null,
      weee_tax_applied: null,
      name: line.name,
    })),
    total_segments: [
      { code: 'subtotal', title: 'Subtotal', value: subtotal },
      ...(discount === 0
        ? []
        : [
            {
              code: 'discount',
              title: collected.discountDescription
                ? `Discount (${collected.discountDescription})`
                : 'Discount',
              value: discount,
            },
          ]),
      {
        code: 'shipping',
        title: shippingRate
          ? `Shipping & Handling (${rateDescription(shippingRate)})`
          : 'Shipping & Handling',
        value: shipping,
      },
      {
        code: 'tax',
        title: 'Tax',
        value: tax,
        extension_attributes: { tax_grandtotal_details: taxDetails(tax) },
      },
      { code: 'grand_total', title: 'Grand Total', value: grandTotal, area: 'footer' },
    ],
    ...(collected.couponLabel ? { extension_attributes: { coupon_label: collected.couponLabel } } : {}),
  };
}

/** `GET …/totals` (`CartTotalRepository::get`): collected now, nothing saved. */
export const computeTotals = (
  db: Database,
  quote: QuoteRow,
  settings: CheckoutSettings,
  options: CollectOptions = {},
) => serializeTotals(collectTotals(db, quote, settings, options), settings);
