/**
 * A collection's totals as Magento's `TotalsInterface` serializes them (CONTRACT.md §6.4,
 * COMMERCE-BASICS.md §1.4, §2.5): the discount negative at the top and positive on the items, the
 * segments subtotal, discount (only when there is one), shipping, tax, grand total, and the coupon's
 * label as `extension_attributes.coupon_label` (`SalesRule\Plugin\CartTotalRepository`).
 *
 * Money means what it means in Magento for prices that include VAT (tax.ts): the tax collector
 * (`CommonTaxCollector::updateItemTaxInfo`, `processProductItems`, `processShippingTaxInfo`) leaves each
 * item's `price` and `row_total`, the `subtotal` and the `shipping_amount` excl VAT, worked out per row
 * (`RowBaseCalculator`), with their `_incl_tax` twins beside them; `tax_amount` is the rows' VAT after the
 * discount plus the delivery's. `subtotal_with_discount` is the subtotal excl VAT plus the (negative)
 * discount taken from prices incl VAT, as `SalesRule\Model\Quote\Discount::collect` adds them after
 * `tax_subtotal` ran. `base_grand_total` and the `grand_total` segment are what the shopper pays; the
 * top-level `grand_total` is that less the tax (`CartTotalRepository::get()`, CONTRACT.md §6.4). The
 * `shipping` segment is `shipping_amount` (`Quote\Address\Total\Shipping::fetch`); the `subtotal`
 * segment is the subtotal incl VAT, as `Tax::fetch` replaces it when the cart displays subtotals incl
 * tax. The order placed from these totals (orders/write.ts) has the same amounts to the penny.
 */
import type { QuoteRow } from '../carts/rows.ts';
import type { Database } from '../db.ts';
import { roundMoney } from '../money.ts';
import { VAT_RATE } from '../tax.ts';
import { rateDescription } from './carriers.ts';
import { collectTotals, type Collected, type CollectedLine, type CollectOptions } from './collect.ts';
import type { CheckoutSettings } from './settings.ts';

/**
 * `tax/cart_display/subtotal`: 2 (Including Tax), as a UK shop showing its prices incl VAT sets it, so
 * `Tax::fetch` gives the `subtotal` segment the subtotal incl VAT. 1 (Excluding Tax, Magento's default)
 * would leave it at `subtotal`.
 */
const DISPLAY_SUBTOTAL_INCL_TAX = true;

/** `0 - 0` is -0 in JavaScript; Magento's negative zero prints as 0. */
const negative = (amount: number): number => (amount === 0 ? 0 : -amount);

/**
 * The `tax` segment's `tax_grandtotal_details`: the VAT by rate, as `Tax::fetch()` gives the applied rates
 * (none without tax).
 */
const taxDetails = (amount: number) =>
  amount === 0 ? [] : [{ amount, rates: [{ percent: String(VAT_RATE), title: 'VAT' }], group_id: 1 }];

/** A totals item (`TotalsItemInterface`) as the tax collector leaves its quote item. */
const serializeItem = (line: CollectedLine) => ({
  item_id: line.item_id,
  price: line.tax.price,
  base_price: line.tax.price,
  qty: line.qty,
  row_total: line.tax.rowTotal,
  base_row_total: line.tax.rowTotal,
  row_total_with_discount: 0,
  tax_amount: line.tax.taxAmount,
  base_tax_amount: line.tax.taxAmount,
  tax_percent: line.tax.taxPercent,
  discount_amount: line.discountAmount,
  base_discount_amount: line.discountAmount,
  discount_percent: line.discountPercent,
  price_incl_tax: line.tax.priceInclTax,
  base_price_incl_tax: line.tax.priceInclTax,
  row_total_incl_tax: line.tax.rowTotalInclTax,
  base_row_total_incl_tax: line.tax.rowTotalInclTax,
  options: line.options,
  weee_tax_applied_amount: null,
  weee_tax_applied: null,
  name: line.name,
});

/** `total_segments` in collector order, as `TotalsConverter::process` gives them. */
function segments(collected: Collected, discount: number) {
  const { tax, shippingRate, grandTotal } = collected;
  return [
    {
      code: 'subtotal',
      title: 'Subtotal',
      value: DISPLAY_SUBTOTAL_INCL_TAX ? tax.subtotalInclTax : tax.subtotal,
    },
    ...(discount === 0
      ? []
      : [
          {
            code: 'discount',
            title: collected.discountDescription ? `Discount (${collected.discountDescription})` : 'Discount',
            value: discount,
          },
        ]),
    {
      code: 'shipping',
      title: shippingRate ? `Shipping & Handling (${rateDescription(shippingRate)})` : 'Shipping & Handling',
      value: tax.shipping.amount,
    },
    {
      code: 'tax',
      title: 'Tax',
      value: tax.taxAmount,
      extension_attributes: { tax_grandtotal_details: taxDetails(tax.taxAmount) },
    },
    { code: 'grand_total', title: 'Grand Total', value: grandTotal, area: 'footer' },
  ];
}

export function serializeTotals(collected: Collected, settings: CheckoutSettings) {
  const { grandTotal, tax } = collected;
  const discount = negative(collected.discountAmount);
  const withDiscount = roundMoney(tax.subtotal + discount);
  const code = settings.currency;
  return {
    grand_total: Math.max(roundMoney(grandTotal - tax.taxAmount), 0),
    base_grand_total: grandTotal,
    subtotal: tax.subtotal,
    base_subtotal: tax.subtotal,
    discount_amount: discount,
    base_discount_amount: discount,
    subtotal_with_discount: withDiscount,
    base_subtotal_with_discount: withDiscount,
    shipping_amount: tax.shipping.amount,
    base_shipping_amount: tax.shipping.amount,
    shipping_discount_amount: 0,
    base_shipping_discount_amount: 0,
    tax_amount: tax.taxAmount,
    base_tax_amount: tax.taxAmount,
    weee_tax_applied_amount: null,
    shipping_tax_amount: tax.shipping.taxAmount,
    base_shipping_tax_amount: tax.shipping.taxAmount,
    subtotal_incl_tax: tax.subtotalInclTax,
    shipping_incl_tax: tax.shipping.inclTax,
    base_shipping_incl_tax: tax.shipping.inclTax,
    base_currency_code: code,
    quote_currency_code: code,
    ...(collected.couponCode ? { coupon_code: collected.couponCode } : {}),
    items_qty: collected.itemsQty,
    items: collected.lines.map(serializeItem),
    total_segments: segments(collected, discount),
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
