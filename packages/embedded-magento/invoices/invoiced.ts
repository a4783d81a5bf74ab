/**
 * What an order's invoices have taken of it. Magento adds each invoice to its order and order items as it
 * is paid (`Invoice\Item::register()`, `Invoice\PayOperation::calculateOrderTotals()`, `Invoice::pay()`);
 * here the invoice rows are the one record, and these sums are what Magento would have added up.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { roundMoney } from '../money.ts';

/** An order item's `qty_invoiced`, `row_invoiced`, `tax_invoiced`, `discount_invoiced` (positive). */
export interface ItemInvoiced {
  readonly qty: number;
  readonly row: number;
  readonly tax: number;
  readonly discountTaxCompensation: number;
  readonly discount: number;
}

export const NOTHING_INVOICED: ItemInvoiced = {
  qty: 0,
  row: 0,
  tax: 0,
  discountTaxCompensation: 0,
  discount: 0,
};

/** An order's `*_invoiced` totals and `total_paid`, and what the collectors ask of earlier invoices. */
export interface OrderInvoiced {
  readonly total: number;
  readonly subtotal: number;
  readonly tax: number;
  readonly discountTaxCompensation: number;
  readonly shippingDiscountTaxCompensation: number;
  readonly shipping: number;
  readonly shippingTax: number;
  /** Negative, as the invoices' discounts are. */
  readonly discount: number;
  readonly paid: number;
  /** An earlier invoice charged the shipping (`Invoice\Total\Shipping`, `Tax::_canIncludeShipping`). */
  readonly shippingCharged: boolean;
  /** An earlier invoice had a discount (`Invoice\Total\Discount`: no shipping discount again). */
  readonly discountTaken: boolean;
}

const itemSums = z.object({
  order_item_id: sqlNumber,
  qty: sqlNumber,
  row: sqlNumber,
  tax: sqlNumber,
  dtc: sqlNumber,
  discount: sqlNumber,
});

// Canceled invoices (state 3) give back what they took (`Invoice::cancel()`).
const ITEM_SUMS = `SELECT ii.order_item_id, SUM(ii.qty) AS qty, SUM(COALESCE(ii.row_total, 0)) AS row,
    SUM(COALESCE(ii.tax_amount, 0)) AS tax, SUM(COALESCE(ii.discount_tax_compensation_amount, 0)) AS dtc,
    SUM(COALESCE(ii.discount_amount, 0)) AS discount
  FROM invoice_items ii JOIN invoices i ON i.entity_id = ii.parent_id AND i.state <> 3
  WHERE i.order_id = ? GROUP BY ii.order_item_id`;

/** Each invoiced order item's sums, by order item id (an item never invoiced is absent). */
export function invoicedItems(db: Database, orderId: number): Map<number, ItemInvoiced> {
  return new Map(
    db.all(itemSums, ITEM_SUMS, orderId).map((row) => [
      row.order_item_id,
      {
        qty: row.qty,
        row: roundMoney(row.row),
        tax: roundMoney(row.tax),
        discountTaxCompensation: roundMoney(row.dtc),
        discount: roundMoney(row.discount),
      },
    ]),
  );
}

const orderSums = z.object({
  n: sqlNumber,
  total: sqlNumber.nullable(),
  subtotal: sqlNumber.nullable(),
  tax: sqlNumber.nullable(),
  dtc: sqlNumber.nullable(),
  shipping_dtc: sqlNumber.nullable(),
  shipping: sqlNumber.nullable(),
  shipping_tax: sqlNumber.nullable(),
  discount: sqlNumber.nullable(),
  paid: sqlNumber.nullable(),
  shipping_charged: sqlNumber.nullable(),
  discount_taken: sqlNumber.nullable(),
});

const ORDER_SUMS = `SELECT COUNT(*) AS n, SUM(grand_total) AS total, SUM(subtotal) AS subtotal,
    SUM(tax_amount) AS tax, SUM(discount_tax_compensation_amount) AS dtc,
    SUM(COALESCE(shipping_discount_tax_compensation_amount, 0)) AS shipping_dtc,
    SUM(shipping_amount) AS shipping, SUM(COALESCE(shipping_tax_amount, 0)) AS shipping_tax,
    SUM(discount_amount) AS discount, SUM(CASE WHEN state = 2 THEN grand_total ELSE 0 END) AS paid,
    MAX(shipping_amount <> 0) AS shipping_charged, MAX(discount_amount <> 0) AS discount_taken
  FROM invoices WHERE order_id = ? AND state <> 3`;

/** The order's invoiced totals; undefined when it has no invoice (Magento's fields are then null). */
export function invoicedTotals(db: Database, orderId: number): OrderInvoiced | undefined {
  const sums = db.get(orderSums, ORDER_SUMS, orderId);
  if (!sums || sums.n === 0) return undefined;
  const money = (value: number | null) => roundMoney(value ?? 0);
  return {
    total: money(sums.total),
    subtotal: money(sums.subtotal),
    tax: money(sums.tax),
    discountTaxCompensation: money(sums.dtc),
    shippingDiscountTaxCompensation: money(sums.shipping_dtc),
    shipping: money(sums.shipping),
    shippingTax: money(sums.shipping_tax),
    discount: money(sums.discount),
    paid: money(sums.paid),
    shippingCharged: sums.shipping_charged === 1,
    discountTaken: sums.discount_taken === 1,
  };
}

/**
 * An order's `*_invoiced` field, only once it has an invoice: Magento's are null, so left out, before.
 * One currency: the `base_` twin is the same figure.
 */
export const invoicedField = (
  invoiced: OrderInvoiced | undefined,
  key: string,
  value: (sums: OrderInvoiced) => number,
): Record<string, number> => (invoiced ? { [key]: value(invoiced) } : {});

/**
 * `Order::getTotalDue()`: the grand total less what the invoices paid. An order without invoices that is
 * complete (a past order written complete, whose invoicing is not recorded) owes nothing.
 */
export const totalDueOf = (grandTotal: number, state: string, invoiced: OrderInvoiced | undefined): number =>
  invoiced ? Math.max(roundMoney(grandTotal - invoiced.paid), 0) : state === 'complete' ? 0 : grandTotal;
