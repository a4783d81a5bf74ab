/**
 * An invoice's totals, collected from its order as Magento's invoice total collectors do, in their order
 * (Sales/etc/sales.xml): `Invoice\Total\Subtotal` (with `Invoice\Item::calcRowTotal()`), `Discount`,
 * `Shipping`, `Tax`; `Grand` adds nothing and `Cost` nothing here (no product has a cost). A line not
 * invoiced in full gets its share of the row, discount and tax, rounded by `Invoice::roundPrice()`'s delta
 * rounding; the last invoice of an order takes exactly what is left, so the invoices add up to the order.
 */
import { phpRoundMoney, roundMoney } from '../money.ts';
import type { InvoicingItem, InvoicingOrder } from './order-view.ts';

/** One order item on the invoice; null where the collectors leave a field unset (REST then omits it). */
export interface InvoiceLine {
  readonly item: InvoicingItem;
  readonly qty: number;
  rowTotal: number | null;
  rowTotalInclTax: number | null;
  /** Positive, as Magento keeps an item's. */
  discount: number | null;
  tax: number | null;
  discountTaxCompensation: number | null;
}

export interface InvoiceTotals {
  readonly subtotal: number;
  readonly subtotalInclTax: number;
  /** Negative, as Magento keeps it. */
  readonly discountAmount: number;
  readonly shippingAmount: number;
  readonly shippingInclTax: number | null;
  readonly shippingTaxAmount: number | null;
  readonly shippingDiscountTaxCompensation: number | null;
  readonly taxAmount: number;
  readonly discountTaxCompensation: number;
  readonly grandTotal: number;
}

/** `Order\Item::isDummy()` for the catalogue's types: a configurable's child item, priced on its parent. */
export const isDummy = (item: InvoicingItem): boolean => item.parentItemId !== null;

/** `Order\Item::getQtyToInvoice()`. */
export const qtyToInvoice = (item: InvoicingItem): number =>
  isDummy(item) ? 0 : Math.max(roundQty(item.qtyOrdered - item.invoiced.qty - item.qtyCanceled), 0);

const roundQty = (qty: number): number => Math.round(qty * 1e8) / 1e8;

/** `Invoice\Item::isLast()`: the line invoices all that is left of its item. */
const isLastLine = (line: InvoiceLine): boolean => line.qty === qtyToInvoice(line.item);

/** `Invoice::isLast()`: every line but the dummies is its item's last. */
export const isLastInvoice = (lines: readonly InvoiceLine[]): boolean =>
  lines.every((line) => isDummy(line.item) || isLastLine(line));

/**
 * `Invoice::roundPrice()`: one `Math\Calculator` per rounding type for the whole invoice, whose
 * `deltaRound()` carries each rounding's remainder into the next amount of the same type.
 */
class Rounders {
  readonly #deltas = new Map<string, number>();

  round(amount: number, type: 'regular' | 'including', negative = false): number {
    if (!amount) return amount;
    let delta = this.#deltas.get(type) ?? 0;
    if (negative) delta = -delta;
    const carried = amount + delta;
    const rounded = phpRoundMoney(carried);
    this.#deltas.set(type, negative ? -(carried - rounded) : carried - rounded);
    return rounded;
  }
}

/** A money column's `decimal(20,4)`: what is left loses the doubles' noise when Magento saves it. */
const stored = (amount: number): number => Math.round(amount * 10_000) / 10_000;

/** The item's amount less what was invoiced, shared out by quantity unless the line is its item's last. */
function share(line: InvoiceLine, left: number, rounders: Rounders, negative = false): number {
  if (isLastLine(line)) return stored(left);
  const available = line.item.qtyOrdered - line.item.invoiced.qty;
  return rounders.round((left / available) * line.qty, 'regular', negative);
}

/** `Invoice\Total\Subtotal` with `Invoice\Item::calcRowTotal()`. */
function collectSubtotal(order: InvoicingOrder, lines: InvoiceLine[], last: boolean, rounders: Rounders) {
  let subtotal = 0;
  let subtotalInclTax = 0;
  for (const line of lines) {
    if (isDummy(line.item)) continue;
    const { item } = line;
    line.rowTotal = share(line, item.rowTotal - item.invoiced.row, rounders);
    if (item.rowTotalInclTax)
      line.rowTotalInclTax = rounders.round((item.rowTotalInclTax / item.qtyOrdered) * line.qty, 'including');
    subtotal += line.rowTotal;
    subtotalInclTax += line.rowTotalInclTax ?? 0;
  }
  const allowed = order.subtotal - (order.invoiced?.subtotal ?? 0);
  return { subtotal: last ? allowed : Math.min(allowed, subtotal), subtotalInclTax };
}

/** `Invoice\Total\Discount`: positive here, the invoice keeps it negative. */
function collectDiscount(order: InvoicingOrder, lines: InvoiceLine[], rounders: Rounders): number {
  let total = order.invoiced?.discountTaken ? 0 : order.shippingDiscountAmount;
  for (const line of lines) {
    const { item } = line;
    if (isDummy(item) || !item.discountAmount || !item.qtyOrdered) continue;
    line.discount = share(line, item.discountAmount - item.invoiced.discount, rounders, true);
    total += line.discount;
  }
  return total;
}

/** `Invoice\Total\Tax`, shipping's tax included on the invoice that charges the shipping. */
function collectTax(order: InvoicingOrder, lines: InvoiceLine[], last: boolean, rounders: Rounders) {
  let tax = 0;
  let compensation = 0;
  for (const line of lines) {
    const { item } = line;
    if (!(item.taxAmount || item.discountTaxCompensation) || !item.qtyOrdered) continue;
    if (isDummy(item) || line.qty <= 0) continue;
    line.tax = share(line, item.taxAmount - item.invoiced.tax, rounders);
    line.discountTaxCompensation = share(
      line,
      item.discountTaxCompensation - item.invoiced.discountTaxCompensation,
      rounders,
    );
    tax += line.tax;
    compensation += line.discountTaxCompensation;
  }
  const withShipping = !order.invoiced?.shippingCharged;
  if (withShipping) {
    tax += order.shippingTaxAmount;
    compensation += order.shippingDiscountTaxCompensation;
  }
  const invoiced = order.invoiced;
  const allowedTax = order.taxAmount - (invoiced?.tax ?? 0);
  const allowedCompensation =
    order.discountTaxCompensation +
    order.shippingDiscountTaxCompensation -
    (invoiced?.discountTaxCompensation ?? 0) -
    (invoiced?.shippingDiscountTaxCompensation ?? 0);
  return {
    taxAmount: last ? allowedTax : Math.min(allowedTax, tax),
    discountTaxCompensation: last ? allowedCompensation : Math.min(allowedCompensation, compensation),
    shippingTaxAmount: withShipping ? order.shippingTaxAmount : null,
    shippingDiscountTaxCompensation: withShipping ? order.shippingDiscountTaxCompensation : null,
  };
}

/** Fills the lines' row, discount and tax figures and returns the invoice's totals. */
export function collectTotals(order: InvoicingOrder, lines: InvoiceLine[]): InvoiceTotals {
  const rounders = new Rounders();
  const last = isLastInvoice(lines);
  const { subtotal, subtotalInclTax } = collectSubtotal(order, lines, last, rounders);
  const discount = collectDiscount(order, lines, rounders);
  // `Invoice\Total\Shipping`: all of it on the first invoice that has any.
  const charged = order.shippingAmount !== 0 && !order.invoiced?.shippingCharged;
  const shippingAmount = charged ? order.shippingAmount : 0;
  const tax = collectTax(order, lines, last, rounders);
  return {
    subtotal: roundMoney(subtotal),
    subtotalInclTax: roundMoney(subtotalInclTax),
    discountAmount: roundMoney(-discount),
    shippingAmount,
    shippingInclTax: charged ? order.shippingInclTax : null,
    shippingTaxAmount: tax.shippingTaxAmount,
    shippingDiscountTaxCompensation: tax.shippingDiscountTaxCompensation,
    taxAmount: roundMoney(tax.taxAmount),
    discountTaxCompensation: roundMoney(tax.discountTaxCompensation),
    grandTotal: roundMoney(
      subtotal - discount + shippingAmount + tax.taxAmount + tax.discountTaxCompensation,
    ),
  };
}
