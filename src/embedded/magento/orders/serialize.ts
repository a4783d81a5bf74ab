/** An order as Magento's `OrderInterface` serializes it: header, items, addresses, payment, history. */
import { z } from 'zod';
import type { StoreSettings } from '../store-view.ts';
import { sqlNumber } from '../db.ts';
import { parseOptions, productOptionOf } from '../carts/configurable.ts';
import { jsonRecord } from '../json.ts';
import { pickupExtension, type OrderPickup } from '../inventory/order-pickup.ts';
import {
  invoicedField,
  NOTHING_INVOICED,
  totalDueOf,
  type ItemInvoiced,
  type OrderInvoiced,
} from '../invoices/invoiced.ts';

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

export const orderItemRow = z.object({
  item_id: sqlNumber,
  order_id: sqlNumber,
  quote_item_id: sqlNumber,
  product_id: sqlNumber,
  sku: z.string(),
  name: z.string(),
  /** Excl VAT, where the tax columns are set (null on a child item and before VAT was kept). */
  price: sqlNumber,
  price_incl_tax: sqlNumber.nullable(),
  qty: sqlNumber,
  row_total: sqlNumber,
  row_total_incl_tax: sqlNumber.nullable(),
  tax_amount: sqlNumber.nullable(),
  tax_percent: sqlNumber.nullable(),
  discount_tax_compensation_amount: sqlNumber.nullable(),
  /** Positive. */
  discount_amount: sqlNumber,
  discount_percent: sqlNumber,
  product_type: z.string(),
  /** A configurable item's chosen options (JSON), null otherwise. */
  product_option: z.string().nullable(),
  /** Set on a configurable's child item. */
  parent_item_id: sqlNumber.nullable(),
  qty_shipped: sqlNumber,
  created_at: z.string(),
});
export type OrderItemRow = z.output<typeof orderItemRow>;

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

/** What an item's invoices took of it (`invoices/invoiced.ts`); nothing when it has none. */
export type InvoicedOf = (itemId: number) => ItemInvoiced;

const nothingInvoiced: InvoicedOf = () => NOTHING_INVOICED;

/**
 * `OrderItemInterface` in its getters' order. A configurable's item carries its choice as `product_option`
 * (`Order\ProductOption::add`, only on an item without a parent); its child's item names it by
 * `parent_item_id` and carries it whole as `parent_item` (`getParentItem()`).
 */
export const serializeOrderItem = (
  order: OrderRow,
  item: OrderItemRow,
  parent?: OrderItemRow,
  invoicedOf: InvoicedOf = nothingInvoiced,
) => ({
  ...orderItemFields(order, item, invoicedOf(item.item_id)),
  ...(parent
    ? {
        parent_item: {
          ...orderItemFields(order, parent, invoicedOf(parent.item_id)),
          ...productOption(parent),
        },
      }
    : {}),
  ...productOption(item),
});

const productOption = (item: OrderItemRow) =>
  item.product_option === null || item.parent_item_id !== null
    ? {}
    : { product_option: productOptionOf(parseOptions(item.product_option)) };

/**
 * An item's VAT as the order keeps it (tax.ts); an item without (a configurable's child, or an order from
 * before VAT was kept) has none, its amounts the same incl and excl VAT.
 */
function itemTax(item: OrderItemRow) {
  return {
    priceInclTax: item.price_incl_tax ?? item.price,
    rowTotalInclTax: item.row_total_incl_tax ?? item.row_total,
    taxAmount: item.tax_amount ?? 0,
    taxPercent: item.tax_percent ?? 0,
    compensation: item.discount_tax_compensation_amount,
  };
}

/** The item's own fields, up to `updated_at` (a parent item has neither parent nor, here, children). */
const orderItemFields = (order: OrderRow, item: OrderItemRow, invoiced: ItemInvoiced) => {
  const tax = itemTax(item);
  // Magento leaves it unset (REST omits it) on an item no tax was worked out for.
  const compensation = tax.compensation;
  const baseCompensation =
    compensation === null ? {} : { base_discount_tax_compensation_amount: compensation };
  const ownCompensation = compensation === null ? {} : { discount_tax_compensation_amount: compensation };
  return {
    amount_refunded: 0,
    base_amount_refunded: 0,
    base_discount_amount: item.discount_amount,
    base_discount_invoiced: invoiced.discount,
    ...baseCompensation,
    // The catalogue's price, as entered: incl VAT.
    base_original_price: tax.priceInclTax,
    base_price: item.price,
    base_price_incl_tax: tax.priceInclTax,
    base_row_invoiced: invoiced.row,
    base_row_total: item.row_total,
    base_row_total_incl_tax: tax.rowTotalInclTax,
    base_tax_amount: tax.taxAmount,
    base_tax_invoiced: invoiced.tax,
    created_at: item.created_at,
    discount_amount: item.discount_amount,
    discount_invoiced: invoiced.discount,
    discount_percent: item.discount_percent,
    ...ownCompensation,
    free_shipping: 0,
    is_qty_decimal: 0,
    is_virtual: 0,
    item_id: item.item_id,
    name: item.name,
    no_discount: 0,
    order_id: order.entity_id,
    original_price: tax.priceInclTax,
    ...(item.parent_item_id === null ? {} : { parent_item_id: item.parent_item_id }),
    price: item.price,
    price_incl_tax: tax.priceInclTax,
    product_id: item.product_id,
    product_type: item.product_type,
    qty_canceled: 0,
    qty_invoiced: invoiced.qty,
    qty_ordered: item.qty,
    qty_refunded: 0,
    qty_shipped: item.qty_shipped,
    quote_item_id: item.quote_item_id,
    row_invoiced: invoiced.row,
    row_total: item.row_total,
    row_total_incl_tax: tax.rowTotalInclTax,
    sku: item.sku,
    store_id: order.store_id,
    tax_amount: tax.taxAmount,
    tax_invoiced: invoiced.tax,
    tax_percent: tax.taxPercent,
    updated_at: item.created_at,
  };
};

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
