/**
 * What the payment bridge reads of Magento's cart totals (CONTRACT.md §6.4, COMMERCE-BASICS.md §1.4), with
 * Magento's meaning for prices that include VAT: the amount is the `grand_total` segment (the top-level
 * `grand_total` is net of the VAT), delivery incl VAT is `shipping_incl_tax` (`shipping_amount` and the
 * `shipping` segment are excl VAT), a line's unit price incl VAT is `price_incl_tax` (`price` is excl),
 * and the discount is taken off prices incl VAT. The figures excl VAT go beside, for a provider that
 * itemises VAT (PayPal's breakdown).
 */
import { z } from 'zod';
import { checkoutTotalsSchema } from '../magento/wire/cart.ts';
import { deliveryInclVat, grandTotal } from '../magento/wire/shopper-totals.ts';

/** A totals item as the bridge itemises it. */
export interface CheckoutItem {
  readonly name: string;
  readonly qty: number;
  /** Unit price incl VAT (`price_incl_tax`). */
  readonly unitGross: number;
  /** Unit price excl VAT (`price`, beside `price_incl_tax`), rounded per unit as Magento keeps it. */
  readonly unitNet?: number | undefined;
}

/** The discount Magento applied to a cart. */
export interface CheckoutDiscount {
  /** Pounds off, as a positive number (Magento's totals carry it negative). */
  readonly amount: number;
  /** Magento's title for it: "Discount (<rule label or code>)", or "Discount". */
  readonly title: string;
  /**
   * The VAT it took off (Magento's discount tax compensation: the discount comes off prices incl VAT),
   * where the totals let it be worked out; `amount` less this is the discount excl VAT.
   */
  readonly vat?: number | undefined;
}

/** The cart's money as the bridge hands it on (`CheckoutCart`'s amounts). */
export interface CheckoutAmounts {
  /**
   * What the shopper pays, in pounds: the `grand_total` segment (after any discount, with delivery and
   * VAT), never the top-level `grand_total`, which Magento gives net of the VAT.
   */
  readonly amount: number;
  /** Delivery incl VAT (`shipping_incl_tax`), in pounds. */
  readonly shippingAmount: number;
  /** Delivery excl VAT (`shipping_amount`), where Magento's totals give it beside `shipping_incl_tax`. */
  readonly shippingNet?: number | undefined;
  /** The VAT in the amount (the `tax` segment), in pounds. */
  readonly vat: number;
  /** Money off the cart (a code or a cart rule); undefined when nothing is taken off. */
  readonly discount: CheckoutDiscount | undefined;
  /** Totals items: name, quantity, unit prices. */
  readonly items: readonly CheckoutItem[];
}

const amount = z.number().nullable().optional();

/**
 * The totals as the bridge reads them: checkout's fields, the discount's (the `discount` segment,
 * negative and titled, else the top-level `discount_amount` with the code's label) and the VAT's.
 */
export const bridgeTotalsSchema = checkoutTotalsSchema.extend({
  discount_amount: amount,
  coupon_code: z.string().nullable().optional(),
  subtotal_incl_tax: amount,
  shipping_incl_tax: amount,
  tax_amount: amount,
  shipping_tax_amount: amount,
  total_segments: z
    .array(
      z
        .object({
          code: z.string(),
          title: z.string().nullable().optional(),
          value: amount,
        })
        .loose(),
    )
    .optional(),
  extension_attributes: z.object({ coupon_label: z.string().nullable().optional() }).loose().optional(),
});
export type BridgeTotals = z.infer<typeof bridgeTotalsSchema>;

const roundPence = (pounds: number): number => Math.round(pounds * 100) / 100;

/**
 * The VAT a discount took off. Magento takes the discount from prices incl VAT and works each row's VAT
 * out on what is left, so the rows' VAT before it (`subtotal_incl_tax` − `subtotal`) less their VAT after
 * it (`tax_amount` − `shipping_tax_amount`) is the discount's tax compensation, which the totals do not
 * give as a field. Undefined without those fields.
 */
function discountVat(totals: BridgeTotals): number | undefined {
  const { subtotal, subtotal_incl_tax: inclTax, tax_amount: tax, shipping_tax_amount: shippingTax } = totals;
  if (inclTax == null || tax == null || shippingTax == null) return undefined;
  return roundPence(inclTax - subtotal - (tax - shippingTax));
}

/** The cart's discount from its totals, or undefined when there is none (or it is 0). */
export function discountOf(totals: BridgeTotals): CheckoutDiscount | undefined {
  const segment = totals.total_segments?.find((entry) => entry.code === 'discount');
  const value = segment?.value ?? totals.discount_amount ?? 0;
  if (value === 0) return undefined;
  const label = (totals.extension_attributes?.coupon_label ?? totals.coupon_code ?? '').trim();
  const title = segment?.title?.trim() || (label ? `Discount (${label})` : 'Discount');
  return { amount: -value, title, vat: discountVat(totals) };
}

const segmentValue = (totals: BridgeTotals, code: string) =>
  totals.total_segments?.find((segment) => segment.code === code)?.value ?? undefined;

/** The amounts of a cart's totals, each read from the field that means it. */
export function checkoutAmounts(totals: BridgeTotals): CheckoutAmounts {
  return {
    amount: grandTotal(totals),
    shippingAmount: deliveryInclVat(totals),
    // Without the `_incl_tax` twin, `shipping_amount` is what is paid: there is no net beside it.
    shippingNet: totals.shipping_incl_tax == null ? undefined : totals.shipping_amount,
    vat: segmentValue(totals, 'tax') ?? totals.tax_amount ?? 0,
    discount: discountOf(totals),
    items: (totals.items ?? []).map((item) => {
      const gross = item.price_incl_tax ?? undefined;
      return {
        name: item.name ?? '',
        qty: item.qty,
        unitGross: gross ?? item.price,
        unitNet: gross === undefined ? undefined : item.price,
      };
    }),
  };
}
