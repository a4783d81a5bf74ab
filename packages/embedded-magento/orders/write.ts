/**
 * Writing an order: the one place that fills `orders`, `order_items`, `order_addresses` and
 * `order_status_history`, for checkout and for the seed's past orders alike. Stock is not touched here:
 * checkout takes it itself, and a seeded order must leave the catalogue's stock as it is.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import type { JsonRecord } from '../json.ts';
import { roundMoney } from '../money.ts';
import { rowTax, taxTotals, VAT_RATE, type RowTax } from '../tax.ts';

/**
 * Magento's order states for the statuses an integration sets, and the shop's own `collected` (derived: a
 * custom status the merchant assigns to state complete, `sales_order_status_state`), which staff set with
 * `POST /V1/orders/:id/comments` once a click & collect order (inventory/) is handed over; as any status of
 * a state, only an order in that state can take it (`OrderService::addComment`).
 */
export const STATE_OF_STATUS: Readonly<Record<string, string>> = {
  pending: 'new',
  processing: 'processing',
  complete: 'complete',
  collected: 'complete',
  closed: 'closed',
  canceled: 'canceled',
  holded: 'holded',
};

/** A line as the order keeps it: the quote item it came from, at the price it was bought for. */
export interface OrderLine {
  /** The quote item's id. */
  readonly item_id: number;
  readonly product_id: number;
  readonly sku: string;
  readonly name: string;
  /** The unit price it was bought for, incl VAT (the catalogue's prices include it: tax.ts). */
  readonly price: number;
  readonly qty: number;
  readonly product_type: string;
  /** The VAT rate its product's tax class has, percent: the standard rate when left out. */
  readonly tax_rate?: number;
  /** The line's share of the discount, positive (0 when none). */
  readonly discount_amount?: number;
  readonly discount_percent?: number;
  /** A configurable line's chosen options as the quote line keeps them (JSON), null or left out otherwise. */
  readonly product_option?: string | null;
  /**
   * A configurable line's chosen child: Magento orders the pair, the configurable item (the price, the
   * options) and the child's item under it (`parent_item_id`, price 0), which stock and shipping follow.
   */
  readonly child?: { readonly product_id: number; readonly sku: string; readonly name: string } | undefined;
}

/** The cart price rules' part in an order. */
export interface OrderDiscount {
  /** Σ the lines' discounts, positive (the order keeps it negative). */
  readonly amount: number;
  /** The rules' labels, ", "-joined, as the cart's discount segment names them ('' for none). */
  readonly description: string;
  readonly couponCode: string | null;
  readonly appliedRuleIds: readonly number[];
}

/** Address data keyed as on the wire (flat `region`). */
type AddressData = JsonRecord;

export interface NewOrder {
  /** The quote the order was placed from (Magento always has one; the payment bridge finds orders by it). */
  readonly quoteId: number;
  readonly storeId: number;
  /** `id` null for a guest (Magento clears `customer_id` on a guest's order). */
  readonly customer: {
    readonly id: number | null;
    readonly email: string;
    readonly firstname: string;
    readonly lastname: string;
  };
  readonly lines: readonly OrderLine[];
  /** Delivery's price, incl VAT. */
  readonly shippingAmount: number;
  /** e.g. `flatrate_flatrate`. */
  readonly shippingMethod: string;
  /** `<carrier title> - <method title>`, e.g. `Standard delivery - Standard`. */
  readonly shippingDescription: string;
  /** Left out when no rule applied. */
  readonly discount?: OrderDiscount | undefined;
  /** How it was paid: checkmo when left out; `poNumber` is purchaseorder's (`payment.po_number`). */
  readonly payment?: { readonly method: string; readonly poNumber?: string | null } | undefined;
  /**
   * The quote's customer group and the customer's `taxvat`, as Magento copies them onto the order
   * (`customer_group_id`, `customer_taxvat`); left out: 0 for a guest, 1 for a customer, and no VAT number.
   */
  readonly customerGroupId?: number | undefined;
  readonly customerTaxvat?: string | null | undefined;
  /** Address data keyed as on the wire (flat `region`); the customer's e-mail fills a missing `email`. */
  readonly billing: AddressData;
  readonly shipping: AddressData;
  /** Magento's `YYYY-MM-DD HH:MM:SS` (UTC). */
  readonly createdAt: string;
  /**
   * The status history, oldest first and not empty: the last entry is the order's status (its state
   * follows from it) and its time the order's `updated_at`. Checkout writes `[{ status: 'pending', at }]`.
   */
  readonly history: readonly [{ status: string; at: string }, ...{ status: string; at: string }[]];
}

/** A line with its VAT (tax.ts), worked out from the same price, quantity and discount as the cart's. */
interface TaxedLine {
  readonly line: OrderLine;
  readonly tax: RowTax;
}

const taxedLines = (lines: readonly OrderLine[]): TaxedLine[] =>
  lines.map((line) => ({
    line,
    tax: rowTax(line.price, line.qty, line.discount_amount ?? 0, line.tax_rate ?? VAT_RATE),
  }));

/**
 * The order's VAT, as the cart's totals sum it, its quantity, and its grand total (subtotal incl VAT −
 * discount + delivery incl VAT: the VAT is inside it).
 */
function orderTotals(lines: readonly TaxedLine[], shippingAmount: number, discount: number) {
  const tax = taxTotals(
    lines.map((taxed) => taxed.tax),
    shippingAmount,
  );
  return {
    tax,
    totalQty: lines.reduce((sum, { line }) => sum + line.qty, 0),
    grandTotal: roundMoney(tax.subtotalInclTax - discount + shippingAmount),
  };
}

const nextOrderId = z.object({ n: sqlNumber });

/**
 * Writes one order with its lines, addresses and status history; returns its entity id and number.
 * Entity id and increment id come from one sequence (`000000001`, …), so checkout and the seed never
 * hand out the same number. Callers run it inside their transaction.
 */
export function writeOrder(db: Database, order: NewOrder): { orderId: number; incrementId: string } {
  const { customer, history } = order;
  const lines = taxedLines(order.lines);
  const last = history[history.length - 1] ?? history[0];
  const { discount } = order;
  const totals = orderTotals(lines, order.shippingAmount, discount?.amount ?? 0);
  const { tax } = totals;
  const next = db.get(nextOrderId, 'SELECT COALESCE(MAX(entity_id), 0) + 1 AS n FROM orders')?.n ?? 1;
  const incrementId = String(next).padStart(9, '0');
  const orderId = db.run(
    `INSERT INTO orders (entity_id, increment_id, quote_id, customer_id, customer_email, customer_firstname, customer_lastname,
      customer_is_guest, state, status, subtotal, subtotal_incl_tax, shipping_amount, shipping_incl_tax,
      shipping_tax_amount, tax_amount, discount_tax_compensation_amount, discount_amount, grand_total, total_qty,
      shipping_method, shipping_description, coupon_code, discount_description, applied_rule_ids, payment_method,
      payment_po_number, customer_group_id, customer_taxvat, store_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    next,
    incrementId,
    order.quoteId,
    customer.id,
    customer.email,
    customer.firstname,
    customer.lastname,
    customer.id === null ? 1 : 0,
    STATE_OF_STATUS[last.status] ?? last.status,
    last.status,
    tax.subtotal,
    tax.subtotalInclTax,
    tax.shipping.amount,
    tax.shipping.inclTax,
    tax.shipping.taxAmount,
    tax.taxAmount,
    tax.discountTaxCompensation,
    discount && discount.amount !== 0 ? -discount.amount : 0,
    totals.grandTotal,
    totals.totalQty,
    order.shippingMethod,
    order.shippingDescription,
    discount?.couponCode ?? null,
    discount?.description || null,
    discount ? discount.appliedRuleIds.join(',') : null,
    order.payment?.method ?? 'checkmo',
    order.payment?.poNumber ?? null,
    order.customerGroupId ?? (customer.id === null ? 0 : 1),
    order.customerTaxvat ?? null,
    order.storeId,
    order.createdAt,
    last.at,
  ).lastInsertRowid;
  for (const { line, tax: taxed } of lines) {
    const parentItemId = db.run(
      `INSERT INTO order_items (order_id, quote_item_id, product_id, sku, name, price, price_incl_tax, qty,
         row_total, row_total_incl_tax, tax_amount, tax_percent, discount_tax_compensation_amount,
         discount_amount, discount_percent, product_type, product_option, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      orderId,
      line.item_id,
      line.product_id,
      line.sku,
      line.name,
      taxed.price,
      line.price,
      line.qty,
      taxed.rowTotal,
      taxed.rowTotalInclTax,
      taxed.taxAmount,
      taxed.taxPercent,
      taxed.discountTaxCompensation,
      line.discount_amount ?? 0,
      line.discount_percent ?? 0,
      line.product_type,
      line.product_option ?? null,
      order.createdAt,
    ).lastInsertRowid;
    // The child's own quote item is not kept (REST never shows it), so it names its parent's.
    if (line.child)
      db.run(
        `INSERT INTO order_items (order_id, quote_item_id, product_id, sku, name, price, qty, row_total,
           product_type, parent_item_id, created_at)
         VALUES (?, ?, ?, ?, ?, 0, ?, 0, 'simple', ?, ?)`,
        orderId,
        line.item_id,
        line.child.product_id,
        line.child.sku,
        line.child.name,
        line.qty,
        parentItemId,
        order.createdAt,
      );
  }
  const withEmail = (address: AddressData) => ({ ...address, email: address['email'] ?? customer.email });
  db.run(
    "INSERT INTO order_addresses (parent_id, address_type, data) VALUES (?, 'shipping', ?), (?, 'billing', ?)",
    orderId,
    JSON.stringify(withEmail(order.shipping)),
    orderId,
    JSON.stringify(withEmail(order.billing)),
  );
  for (const entry of history) {
    db.run(
      'INSERT INTO order_status_history (parent_id, status, comment, created_at) VALUES (?, ?, NULL, ?)',
      orderId,
      entry.status,
      entry.at,
    );
  }
  return { orderId, incrementId };
}
