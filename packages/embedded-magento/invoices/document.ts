/**
 * The invoice document for an order, before anything is saved: `InvoiceDocumentFactory::create()` with
 * `Service\InvoiceService::prepareInvoice()` (which lines, which quantities), the totals (`totals.ts`),
 * and the checks `InvoiceOrder` runs on it (`Order\Validation\InvoiceOrder`: `InvoiceQuantityValidator`
 * then `Order\Validation\CanInvoice`), messages word for word.
 */
import { invoiceErrors } from './errors.ts';
import type { InvoicingItem, InvoicingOrder } from './order-view.ts';
import { collectTotals, isDummy, qtyToInvoice, type InvoiceLine, type InvoiceTotals } from './totals.ts';

/** `InvoiceItemCreationInterface`: an order item and how many of it to invoice. */
export interface InvoiceItemRequest {
  readonly orderItemId: number;
  readonly qty: number;
}

export interface InvoiceDocument {
  /** Every line prepared, those of quantity 0 included (they are dropped when the invoice is paid). */
  readonly lines: readonly InvoiceLine[];
  /** Σ the lines' quantities, a configurable's child item counted too, as `prepareInvoice()` adds them. */
  readonly totalQty: number;
  readonly totals: InvoiceTotals;
}

/** `InvoiceService::prepareItemsQty()`: a child item not asked for follows its parent's quantity. */
function preparedQtys(order: InvoicingOrder, requested: ReadonlyMap<number, number>): Map<number, number> {
  const qtys = new Map(requested);
  for (const item of order.items) {
    if (qtys.has(item.itemId) || item.parentItemId === null) continue;
    const parentQty = qtys.get(item.parentItemId);
    if (parentQty !== undefined) qtys.set(item.itemId, parentQty);
  }
  return qtys;
}

/** `InvoiceService::canInvoiceItem()` for the catalogue's types (no bundle: no dummy has children). */
function canInvoiceItem(
  order: InvoicingOrder,
  item: InvoicingItem,
  qtys: ReadonlyMap<number, number>,
): boolean {
  if (item.parentItemId === null) return qtyToInvoice(item) > 0;
  const parentId = item.parentItemId;
  const parent = order.items.find((candidate) => candidate.itemId === parentId);
  if (qtys.size === 0) return parent !== undefined && qtyToInvoice(parent) > 0;
  return (qtys.get(parentId) ?? 0) > 0;
}

/** `InvoiceService::setInvoiceItemQuantity()`: whole units, none below 0, none beyond what is left. */
function lineQty(item: InvoicingItem, qty: number): number {
  // No product of the catalogue sells in fractions (`is_qty_decimal` 0): PHP's (int) cast.
  const whole = Math.max(Math.trunc(qty), 0);
  if (whole > qtyToInvoice(item) && !isDummy(item)) throw invoiceErrors.invalidQty(item.name);
  return whole;
}

/**
 * `prepareInvoice($order, $qtys)`: with no items asked for, everything left to invoice; otherwise the
 * quantities asked for, 0 for the order's other items. An item with nothing left is not on it.
 */
export function prepareInvoice(
  order: InvoicingOrder,
  request: readonly InvoiceItemRequest[],
): InvoiceDocument {
  const requested = new Map(request.map((line) => [line.orderItemId, line.qty]));
  const qtys = preparedQtys(order, requested);
  const lines: InvoiceLine[] = [];
  let totalQty = 0;
  for (const item of order.items) {
    if (!canInvoiceItem(order, item, qtys)) continue;
    const qty =
      qtys.get(item.itemId) ??
      (isDummy(item) ? item.qtyOrdered || 1 : request.length === 0 ? qtyToInvoice(item) : 0);
    lines.push({
      item,
      qty: lineQty(item, qty),
      rowTotal: null,
      rowTotalInclTax: null,
      discount: null,
      tax: null,
      discountTaxCompensation: null,
    });
    totalQty += qty;
  }
  return { lines, totalQty, totals: collectTotals(order, lines) };
}

/** `InvoiceQuantityValidator::checkQtyAvailability()`. */
function quantityMessages(document: InvoiceDocument): string[] {
  const messages: string[] = [];
  let total = 0;
  for (const line of document.lines) {
    if (line.qty > qtyToInvoice(line.item) && !isDummy(line.item))
      messages.push(
        `The quantity to invoice must not be greater than the uninvoiced quantity for product SKU "${line.item.sku}".`,
      );
    total += line.qty;
  }
  if (total <= 0) messages.push("You can't create an invoice without products.");
  return messages;
}

const NOT_INVOICEABLE = new Set(['payment_review', 'holded', 'canceled', 'complete', 'closed']);

/** `Order\Validation\CanInvoice::canInvoice()` (no item here is locked for invoicing). */
export const canInvoice = (order: InvoicingOrder): boolean =>
  !NOT_INVOICEABLE.has(order.row.state) && order.items.some((item) => qtyToInvoice(item) > 0);

/**
 * The validators' messages, the invoice's first, then the order's (`ValidatorResultMerger`); empty when
 * the invoice may be made. `checkState` false skips the order's state (a past order seeded as complete).
 */
export function validateInvoice(
  order: InvoicingOrder,
  document: InvoiceDocument,
  checkState = true,
): string[] {
  const messages = quantityMessages(document);
  if (checkState && !canInvoice(order))
    messages.push(`An invoice cannot be created when an order has a status of ${order.row.status}.`);
  return messages;
}
