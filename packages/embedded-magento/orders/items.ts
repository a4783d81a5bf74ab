/**
 * An order's items as Magento's `OrderItemInterface` serializes them (the rest of the order is
 * `serialize.ts`'s): the `order_items` row, its VAT and what its invoices took of it.
 */
import { z } from 'zod';
import { sqlNumber } from '../db.ts';
import { parseOptions, productOptionOf } from '../carts/configurable.ts';
import { NOTHING_INVOICED, type ItemInvoiced } from '../invoices/invoiced.ts';
import type { OrderRow } from './serialize.ts';

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
