/**
 * Saving an invoice (`InvoiceRepository::save()`): the invoice, its lines of quantity above 0 (the others
 * are deleted when it is paid, `Invoice\PayOperation::calculateOrderItemsTotals()`) and its comment.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import type { InvoiceDocument } from './document.ts';
import type { InvoicingOrder } from './order-view.ts';

/** `Invoice::STATE_PAID`: a checkmo or purchase-order invoice is paid as it is made (`Invoice::pay()`). */
export const INVOICE_STATE_PAID = 2;

export interface InvoiceRecord {
  /** `YYYY-MM-DD HH:MM:SS` (UTC): created and updated. */
  readonly at: string;
  /** The customer was e-mailed the invoice (`email_sent`). */
  readonly emailSent: boolean;
  readonly comment?:
    { readonly text: string; readonly notified: boolean; readonly visibleOnFront: boolean } | undefined;
}

const nextId = z.object({ n: sqlNumber });

/** Writes the paid invoice; returns its entity id. Callers run it inside their transaction. */
export function writeInvoice(
  db: Database,
  order: InvoicingOrder,
  document: InvoiceDocument,
  record: InvoiceRecord,
): number {
  const { totals } = document;
  // Magento's sequence_invoice_1: its own numbers, "000000001" onwards, apart from the orders'.
  const next = db.get(nextId, 'SELECT COALESCE(MAX(entity_id), 0) + 1 AS n FROM invoices')?.n ?? 1;
  const invoiceId = db.run(
    `INSERT INTO invoices (entity_id, increment_id, order_id, store_id, state, billing_address_id,
       shipping_address_id, subtotal, subtotal_incl_tax, discount_amount, discount_description, shipping_amount,
       shipping_incl_tax, shipping_tax_amount, shipping_discount_tax_compensation_amount, tax_amount,
       discount_tax_compensation_amount, grand_total, total_qty, can_void_flag, email_sent, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
    next,
    String(next).padStart(9, '0'),
    order.row.entity_id,
    order.row.store_id,
    INVOICE_STATE_PAID,
    order.billing?.entity_id ?? null,
    order.shipping?.entity_id ?? null,
    totals.subtotal,
    totals.subtotalInclTax,
    totals.discountAmount,
    order.row.discount_description,
    totals.shippingAmount,
    totals.shippingInclTax,
    totals.shippingTaxAmount,
    totals.shippingDiscountTaxCompensation,
    totals.taxAmount,
    totals.discountTaxCompensation,
    totals.grandTotal,
    document.totalQty,
    record.emailSent ? 1 : null,
    record.at,
    record.at,
  ).lastInsertRowid;
  for (const line of document.lines) {
    if (line.qty <= 0) continue;
    const { item } = line;
    db.run(
      `INSERT INTO invoice_items (parent_id, order_item_id, product_id, sku, name, qty, price, price_incl_tax,
         row_total, row_total_incl_tax, tax_amount, discount_tax_compensation_amount, discount_amount)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      invoiceId,
      item.itemId,
      item.productId,
      item.sku,
      item.name,
      line.qty,
      item.price,
      item.priceInclTax,
      line.rowTotal,
      line.rowTotalInclTax,
      line.tax,
      line.discountTaxCompensation,
      line.discount,
    );
  }
  const { comment } = record;
  if (comment)
    db.run(
      `INSERT INTO invoice_comments (parent_id, comment, is_customer_notified, is_visible_on_front, created_at)
       VALUES (?, ?, ?, ?, ?)`,
      invoiceId,
      comment.text,
      comment.notified ? 1 : 0,
      comment.visibleOnFront ? 1 : 0,
      record.at,
    );
  return invoiceId;
}
