/**
 * Reading invoices (`Sales/Model/Order/InvoiceRepository.php` `get()`/`getList()`,
 * `Service\InvoiceService::getCommentsList()`) in `InvoiceInterface`'s shape: its getters' order, fields
 * Magento leaves null left out, one currency (the `base_` twins are the same figures, rates 1 as on the
 * order).
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { searchPage, type FieldMapping, type SearchCriteria } from '../search-criteria.ts';
import type { StoreSettings } from '../store-view.ts';
import { invoiceErrors } from './errors.ts';

export const invoiceRow = z.object({
  entity_id: sqlNumber,
  increment_id: z.string(),
  order_id: sqlNumber,
  store_id: sqlNumber,
  state: sqlNumber,
  billing_address_id: sqlNumber.nullable(),
  shipping_address_id: sqlNumber.nullable(),
  subtotal: sqlNumber,
  subtotal_incl_tax: sqlNumber,
  discount_amount: sqlNumber,
  discount_description: z.string().nullable(),
  shipping_amount: sqlNumber,
  shipping_incl_tax: sqlNumber.nullable(),
  shipping_tax_amount: sqlNumber.nullable(),
  shipping_discount_tax_compensation_amount: sqlNumber.nullable(),
  tax_amount: sqlNumber,
  discount_tax_compensation_amount: sqlNumber,
  grand_total: sqlNumber,
  total_qty: sqlNumber,
  can_void_flag: sqlNumber,
  email_sent: sqlNumber.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InvoiceRow = z.output<typeof invoiceRow>;

export const invoiceItemRow = z.object({
  entity_id: sqlNumber,
  parent_id: sqlNumber,
  order_item_id: sqlNumber,
  product_id: sqlNumber,
  sku: z.string(),
  name: z.string(),
  qty: sqlNumber,
  price: sqlNumber,
  price_incl_tax: sqlNumber.nullable(),
  row_total: sqlNumber.nullable(),
  row_total_incl_tax: sqlNumber.nullable(),
  tax_amount: sqlNumber.nullable(),
  discount_tax_compensation_amount: sqlNumber.nullable(),
  discount_amount: sqlNumber.nullable(),
});
export type InvoiceItemRow = z.output<typeof invoiceItemRow>;

export const invoiceCommentRow = z.object({
  entity_id: sqlNumber,
  parent_id: sqlNumber,
  comment: z.string(),
  is_customer_notified: sqlNumber,
  is_visible_on_front: sqlNumber,
  created_at: z.string(),
});
export type InvoiceCommentRow = z.output<typeof invoiceCommentRow>;

/** The object without its null fields, as Magento's REST output leaves them out. */
const withoutNulls = <T extends Record<string, unknown>>(record: T) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null && value !== undefined));

/** `InvoiceItemInterface` in its getters' order. */
export const serializeInvoiceItem = (item: InvoiceItemRow) =>
  withoutNulls({
    base_discount_amount: item.discount_amount,
    base_discount_tax_compensation_amount: item.discount_tax_compensation_amount,
    base_price: item.price,
    base_price_incl_tax: item.price_incl_tax,
    base_row_total: item.row_total,
    base_row_total_incl_tax: item.row_total_incl_tax,
    base_tax_amount: item.tax_amount,
    discount_amount: item.discount_amount,
    entity_id: item.entity_id,
    discount_tax_compensation_amount: item.discount_tax_compensation_amount,
    name: item.name,
    parent_id: item.parent_id,
    price: item.price,
    price_incl_tax: item.price_incl_tax,
    product_id: item.product_id,
    row_total: item.row_total,
    row_total_incl_tax: item.row_total_incl_tax,
    sku: item.sku,
    tax_amount: item.tax_amount,
    order_item_id: item.order_item_id,
    qty: item.qty,
  });

/** `InvoiceCommentInterface` in its getters' order. */
export const serializeInvoiceComment = (comment: InvoiceCommentRow) => ({
  is_customer_notified: comment.is_customer_notified,
  parent_id: comment.parent_id,
  comment: comment.comment,
  is_visible_on_front: comment.is_visible_on_front,
  created_at: comment.created_at,
  entity_id: comment.entity_id,
});

export const invoiceItems = (db: Database, invoiceId: number) =>
  db.all(invoiceItemRow, 'SELECT * FROM invoice_items WHERE parent_id = ? ORDER BY entity_id', invoiceId);

export const invoiceCommentRows = (db: Database, invoiceId: number) =>
  db.all(
    invoiceCommentRow,
    'SELECT * FROM invoice_comments WHERE parent_id = ? ORDER BY entity_id',
    invoiceId,
  );

/** `InvoiceInterface` with its items and comments. */
function serializeInvoice(db: Database, row: InvoiceRow, settings: StoreSettings) {
  const code = settings.currency;
  return {
    ...withoutNulls({
      base_currency_code: code,
      base_discount_amount: row.discount_amount,
      base_grand_total: row.grand_total,
      base_discount_tax_compensation_amount: row.discount_tax_compensation_amount,
      base_shipping_amount: row.shipping_amount,
      base_shipping_discount_tax_compensation_amnt: row.shipping_discount_tax_compensation_amount,
      base_shipping_incl_tax: row.shipping_incl_tax,
      base_shipping_tax_amount: row.shipping_tax_amount,
      base_subtotal: row.subtotal,
      base_subtotal_incl_tax: row.subtotal_incl_tax,
      base_tax_amount: row.tax_amount,
      base_to_global_rate: 1,
      base_to_order_rate: 1,
      billing_address_id: row.billing_address_id,
      can_void_flag: row.can_void_flag,
      created_at: row.created_at,
      discount_amount: row.discount_amount,
      discount_description: row.discount_description,
      email_sent: row.email_sent,
      entity_id: row.entity_id,
      global_currency_code: code,
      grand_total: row.grand_total,
      discount_tax_compensation_amount: row.discount_tax_compensation_amount,
      increment_id: row.increment_id,
      order_currency_code: code,
      order_id: row.order_id,
      shipping_address_id: row.shipping_address_id,
      shipping_amount: row.shipping_amount,
      shipping_discount_tax_compensation_amount: row.shipping_discount_tax_compensation_amount,
      shipping_incl_tax: row.shipping_incl_tax,
      shipping_tax_amount: row.shipping_tax_amount,
      state: row.state,
      store_currency_code: code,
      store_id: row.store_id,
      // As the order has them (`Order\Convert::toInvoice()` copies them).
      store_to_base_rate: 0,
      store_to_order_rate: 0,
      subtotal: row.subtotal,
      subtotal_incl_tax: row.subtotal_incl_tax,
      tax_amount: row.tax_amount,
      total_qty: row.total_qty,
      updated_at: row.updated_at,
    }),
    items: invoiceItems(db, row.entity_id).map(serializeInvoiceItem),
    comments: invoiceCommentRows(db, row.entity_id).map(serializeInvoiceComment),
  };
}

/** `GET /V1/invoices/:id`. */
export function getInvoice(db: Database, id: number, settings: StoreSettings) {
  if (!id) throw invoiceErrors.idNeeded();
  const row = db.get(invoiceRow, 'SELECT * FROM invoices WHERE entity_id = ?', id);
  if (!row) throw invoiceErrors.notFound();
  return serializeInvoice(db, row, settings);
}

const INVOICE_COLUMNS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(invoiceRow.shape).map((column) => [column, `i.${column}`]),
);

/** Any other field is a column `sales_invoice` lacks here: Magento's masked 500, as for orders. */
const invoiceFields: FieldMapping = {
  expression: (field) => INVOICE_COLUMNS[field] ?? `i.[${field.replace(/\W/g, '')}]`,
};

/** `GET /V1/invoices`: a searchCriteria page of invoices (an order's by `order_id`), each in full. */
export function searchInvoices(db: Database, criteria: SearchCriteria, settings: StoreSettings) {
  const { rows, total } = searchPage(
    db,
    { table: 'invoices', alias: 'i', mapping: invoiceFields, tieBreak: 'i.entity_id ASC', row: invoiceRow },
    criteria,
  );
  return {
    items: rows.map((row) => serializeInvoice(db, row, settings)),
    search_criteria: criteria,
    total_count: total,
  };
}

/**
 * `GET /V1/invoices/:id/comments`: the comments whose `parent_id` is the id, found by a search Magento
 * builds itself (so an unknown invoice has none, and its criteria are echoed).
 */
export function invoiceComments(db: Database, id: number) {
  const items = invoiceCommentRows(db, id).map(serializeInvoiceComment);
  return {
    items,
    search_criteria: {
      filter_groups: [{ filters: [{ field: 'parent_id', value: String(id), condition_type: 'eq' }] }],
    },
    total_count: items.length,
  };
}
