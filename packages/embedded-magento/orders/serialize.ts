/**
 * An order as Magento's `OrderInterface` serializes it: header, addresses, payment, history; its items are
 * `items.ts`'s.
 */
import { z } from 'zod';
import type { StoreSettings } from '../store-view.ts';
import { sqlNumber } from '../db.ts';
import { jsonRecord } from '../json.ts';
import { pickupExtension, type OrderPickup } from '../inventory/order-pickup.ts';
import { invoicedField, totalDueOf, type OrderInvoiced } from '../invoices/invoiced.ts';

export const orderRow = z.object({
  entity_id: sqlNumber,
  increment_id: z.string(),
  quote_id: sqlNumber,
  customer_id: sqlNumber.nullable(),
  customer_email: z.string(),
  customer_firstname: z.string().nullable(),
  customer_lastname: z.string().nullable(),
  customer_is_guest: sqlNumber,
  state: z.string(),
  status: z.string(),
  /** Excl VAT; the same as incl on an order written before VAT was kept (its tax columns null). */
  subtotal: sqlNumber,
  subtotal_incl_tax: sqlNumber.nullable(),
  shipping_amount: sqlNumber,
  shipping_incl_tax: sqlNumber.nullable(),
  shipping_tax_amount: sqlNumber.nullable(),
  tax_amount: sqlNumber.nullable(),
  discount_tax_compensation_amount: sqlNumber.nullable(),
  /** Negative (0 without a discount). */
  discount_amount: sqlNumber,
  grand_total: sqlNumber,
  total_qty: sqlNumber,
  shipping_method: z.string(),
  shipping_description: z.string(),
  coupon_code: z.string().nullable(),
  discount_description: z.string().nullable(),
  applied_rule_ids: z.string().nullable(),
  payment_method: z.string(),
  payment_po_number: z.string().nullable(),
  /** Null on orders written before the group was kept: then 0 for a guest, 1 for a customer. */
  customer_group_id: sqlNumber.nullable(),
  customer_taxvat: z.string().nullable(),
  store_id: sqlNumber,
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderRow = z.output<typeof orderRow>;

export const orderAddressRow = z.object({
  entity_id: sqlNumber,
  parent_id: sqlNumber,
  address_type: z.string(),
  data: z.string(),
});
export type OrderAddressRow = z.output<typeof orderAddressRow>;

export function serializeOrderAddress(row: OrderAddressRow) {
  const data = jsonRecord(row.data);
  const keys = ['city', 'company', 'country_id', 'email'] as const;
  const tail = ['firstname', 'lastname'] as const;
  return {
    address_type: row.address_type,
    ...Object.fromEntries(keys.filter((key) => data[key] !== undefined).map((key) => [key, data[key]])),
    entity_id: row.entity_id,
    ...Object.fromEntries(tail.filter((key) => data[key] !== undefined).map((key) => [key, data[key]])),
    parent_id: row.parent_id,
    ...Object.fromEntries(
      (['postcode', 'region', 'region_code', 'region_id', 'street', 'telephone', 'vat_id'] as const)
        .filter((key) => data[key] !== undefined)
        .map((key) => [key, data[key]]),
    ),
  };
}

/** The order's VAT (tax.ts); none on an order from before VAT was kept, its amounts the same incl and excl. */
export const orderTax = (order: OrderRow) => ({
  subtotalInclTax: order.subtotal_incl_tax ?? order.subtotal,
  shippingInclTax: order.shipping_incl_tax ?? order.shipping_amount,
  shippingTaxAmount: order.shipping_tax_amount ?? 0,
  taxAmount: order.tax_amount ?? 0,
  discountTaxCompensation: order.discount_tax_compensation_amount ?? 0,
});

/** The order's own fields, in Magento's order, up to `updated_at`; `invoiced` sums its invoices. */
export function orderHeader(
  order: OrderRow,
  settings: StoreSettings,
  billing: OrderAddressRow | undefined,
  itemCount: number,
  invoiced?: OrderInvoiced,
) {
  const code = settings.currency;
  const tax = orderTax(order);
  const totalDue = totalDueOf(order.grand_total, order.state, invoiced);
  const field = (key: string, value: (sums: OrderInvoiced) => number) => invoicedField(invoiced, key, value);
  return {
    ...(order.applied_rule_ids ? { applied_rule_ids: order.applied_rule_ids } : {}),
    base_currency_code: code,
    base_discount_amount: order.discount_amount,
    ...field('base_discount_invoiced', (sums) => sums.discount),
    base_grand_total: order.grand_total,
    base_discount_tax_compensation_amount: tax.discountTaxCompensation,
    ...field('base_discount_tax_compensation_invoiced', (sums) => sums.discountTaxCompensation),
    base_shipping_amount: order.shipping_amount,
    base_shipping_discount_amount: 0,
    base_shipping_incl_tax: tax.shippingInclTax,
    ...field('base_shipping_invoiced', (sums) => sums.shipping),
    base_shipping_tax_amount: tax.shippingTaxAmount,
    base_subtotal: order.subtotal,
    base_subtotal_incl_tax: tax.subtotalInclTax,
    ...field('base_subtotal_invoiced', (sums) => sums.subtotal),
    base_tax_amount: tax.taxAmount,
    ...field('base_tax_invoiced', (sums) => sums.tax),
    base_total_due: totalDue,
    ...field('base_total_invoiced', (sums) => sums.total),
    // No product here has a cost (`Invoice\Total\Cost` adds nothing).
    ...field('base_total_invoiced_cost', () => 0),
    ...field('base_total_paid', (sums) => sums.paid),
    base_to_global_rate: 1,
    base_to_order_rate: 1,
    ...(billing ? { billing_address_id: billing.entity_id } : {}),
    ...(order.coupon_code ? { coupon_code: order.coupon_code } : {}),
    created_at: order.created_at,
    ...(order.customer_id === null ? {} : { customer_id: order.customer_id }),
    customer_email: order.customer_email,
    ...(order.customer_firstname === null ? {} : { customer_firstname: order.customer_firstname }),
    customer_group_id: order.customer_group_id ?? (order.customer_id === null ? 0 : 1),
    customer_is_guest: order.customer_is_guest,
    ...(order.customer_lastname === null ? {} : { customer_lastname: order.customer_lastname }),
    customer_note_notify: 1,
    ...(order.customer_taxvat === null ? {} : { customer_taxvat: order.customer_taxvat }),
    discount_amount: order.discount_amount,
    ...(order.discount_description ? { discount_description: order.discount_description } : {}),
    ...field('discount_invoiced', (sums) => sums.discount),
    email_sent: 1,
    entity_id: order.entity_id,
    global_currency_code: code,
    grand_total: order.grand_total,
    discount_tax_compensation_amount: tax.discountTaxCompensation,
    ...field('discount_tax_compensation_invoiced', (sums) => sums.discountTaxCompensation),
    increment_id: order.increment_id,
    is_virtual: 0,
    order_currency_code: code,
    quote_id: order.quote_id,
    shipping_amount: order.shipping_amount,
    shipping_description: order.shipping_description,
    shipping_discount_amount: 0,
    shipping_discount_tax_compensation_amount: 0,
    shipping_incl_tax: tax.shippingInclTax,
    ...field('shipping_invoiced', (sums) => sums.shipping),
    shipping_tax_amount: tax.shippingTaxAmount,
    state: order.state,
    status: order.status,
    store_currency_code: code,
    store_id: order.store_id,
    store_name: 'Main Website\nMain Website Store\nDefault Store View',
    store_to_base_rate: 0,
    store_to_order_rate: 0,
    subtotal: order.subtotal,
    subtotal_incl_tax: tax.subtotalInclTax,
    ...field('subtotal_invoiced', (sums) => sums.subtotal),
    tax_amount: tax.taxAmount,
    ...field('tax_invoiced', (sums) => sums.tax),
    total_due: totalDue,
    ...field('total_invoiced', (sums) => sums.total),
    total_item_count: itemCount,
    ...field('total_paid', (sums) => sums.paid),
    total_qty_ordered: order.total_qty,
    updated_at: order.updated_at,
  };
}

/**
 * The payment's `method_title` (its `additional_information`), the title the method had when the order was
 * placed: OfflinePayments/etc/config.xml's.
 */
const METHOD_TITLES: Readonly<Record<string, string>> = {
  checkmo: 'Check / Money order',
  purchaseorder: 'Purchase Order',
};
const methodTitleOf = (order: OrderRow): string =>
  METHOD_TITLES[order.payment_method] ?? order.payment_method;

/** What follows the items: addresses, payment, history and the shipping assignment. */
export function orderTail(
  order: OrderRow,
  items: readonly unknown[],
  addresses: { billing: OrderAddressRow | undefined; shipping: OrderAddressRow | undefined },
  histories: readonly unknown[],
  pickup?: OrderPickup,
) {
  const { billing, shipping } = addresses;
  const tax = orderTax(order);
  return {
    ...(billing ? { billing_address: serializeOrderAddress(billing) } : {}),
    payment: {
      account_status: null,
      additional_information: [methodTitleOf(order)],
      amount_ordered: order.grand_total,
      base_amount_ordered: order.grand_total,
      base_shipping_amount: order.shipping_amount,
      cc_last4: null,
      entity_id: order.entity_id,
      method: order.payment_method,
      parent_id: order.entity_id,
      // `getPoNumber()` is `string|null`: left out when null, as Magento's output leaves null optionals.
      ...(order.payment_po_number === null ? {} : { po_number: order.payment_po_number }),
      shipping_amount: order.shipping_amount,
    },
    status_histories: histories,
    extension_attributes: {
      shipping_assignments: shipping
        ? [
            {
              shipping: {
                address: serializeOrderAddress(shipping),
                method: order.shipping_method,
                total: {
                  base_shipping_amount: order.shipping_amount,
                  base_shipping_discount_amount: 0,
                  base_shipping_discount_tax_compensation_amnt: 0,
                  base_shipping_incl_tax: tax.shippingInclTax,
                  base_shipping_tax_amount: tax.shippingTaxAmount,
                  shipping_amount: order.shipping_amount,
                  shipping_discount_amount: 0,
                  shipping_discount_tax_compensation_amount: 0,
                  shipping_incl_tax: tax.shippingInclTax,
                  shipping_tax_amount: tax.shippingTaxAmount,
                },
              },
              items,
            },
          ]
        : [],
      payment_additional_info: [{ key: 'method_title', value: methodTitleOf(order) }],
      ...pickupExtension(pickup),
      applied_taxes: [],
      item_applied_taxes: [],
      converting_from_quote: false,
    },
  };
}
