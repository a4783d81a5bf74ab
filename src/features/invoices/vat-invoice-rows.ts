/**
 * The lines of a VAT invoice from a Magento invoice's items and delivery, in whole pence.
 *
 * Where Magento taxed the order (its invoice has tax, or its order lines a tax rate), every figure is
 * Magento's: a line's unit price and amount excl VAT (`price`, `row_total`), its discount (`discount_amount`
 * less `discount_tax_compensation_amount`, the VAT part of a discount taken from a price incl VAT), its VAT
 * (`tax_amount`) and rate (the order line's `tax_percent`); delivery the same from the invoice's `shipping_*`,
 * its discount being what of the invoice's discount the lines don't carry, and its rate the lines' rate its
 * VAT fits (Magento gives delivery no rate).
 *
 * Where Magento charged no tax (the embedded back end, or a store with no tax rules), the shop's prices
 * include VAT at the standard rate (catalogue/money.ts `exclVat`), so Magento's amounts are taken as incl VAT
 * and each line's VAT derived from its own amount after discount: round(amount × 20 / 120), to the nearest
 * penny, per line, which HMRC allows (VAT Notice 700 §17.5); the invoice's VAT is the sum of the lines'.
 *
 * Rounding is reconciled to Magento's totals: its grand total is the invoice's total incl VAT and, where it
 * taxed the order, its `tax_amount` the total VAT. Magento's own lines add up to these (its tax collectors
 * carry rounding deltas from line to line); should they differ by at most a penny a line, the difference is
 * put on the largest line, as Magento puts its rounding delta, so the lines still add up to the totals. A
 * larger difference means the figures don't belong together, and no invoice is made of them.
 */
import type { InvoicedOrderWire, InvoiceItemWire, InvoiceWire } from '../../magento/wire/invoice.ts';
import { invoiceTexts } from '../trade/index.ts';

/** Money in whole pence: the invoice adds and compares amounts, and pence add exactly. */
export type Pence = number;

/** The UK standard rate, which the shop's prices include where Magento charges no tax. */
export const STANDARD_RATE = 20;

export interface VatInvoiceLine {
  readonly description: string;
  readonly sku: string | null;
  readonly qty: number;
  /** Unit price excl VAT. */
  readonly unitPrice: Pence;
  /** Quantity × unit price, excl VAT, before discount (Magento's `row_total`). */
  readonly rowNet: Pence;
  /** The line's discount excl VAT, positive (0 without one). */
  readonly discount: Pence;
  /** rowNet − discount: what VAT is charged on. */
  readonly net: Pence;
  /** Percent; null for free delivery, which has no VAT to rate. */
  readonly vatRate: number | null;
  readonly vat: Pence;
}

/** An invoice whose figures don't belong together: making a VAT invoice of them would mislead. */
export class VatInvoiceMismatch extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VatInvoiceMismatch';
  }
}

/** Magento's amount in pence (its amounts have at most 4 decimals; an absent one is 0). */
export const pence = (amount: number | null | undefined): Pence => Math.round((amount ?? 0) * 100);

type OrderLine = NonNullable<InvoicedOrderWire['items']>[number];

/** A configurable's child line: its parent carries the price, and the invoice shows the parent. */
function hiddenChild(line: OrderLine | undefined, lines: ReadonlyMap<number, OrderLine>): boolean {
  const parentId = line?.parent_item_id;
  return parentId !== null && parentId !== undefined && lines.get(parentId)?.product_type === 'configurable';
}

/** A line as Magento taxed it. */
function taxedLine(item: InvoiceItemWire, line: OrderLine | undefined): VatInvoiceLine {
  const rowNet = item.row_total ?? (item.price ?? 0) * item.qty;
  const discount = pence(item.discount_amount) - pence(item.discount_tax_compensation_amount);
  const net = pence(rowNet) - discount;
  const vat = pence(item.tax_amount);
  return {
    description: item.name ?? line?.name ?? item.sku,
    sku: item.sku,
    qty: item.qty,
    unitPrice:
      item.price === null || item.price === undefined
        ? Math.round(pence(rowNet) / item.qty)
        : pence(item.price),
    rowNet: pence(rowNet),
    discount,
    net,
    vatRate: line?.tax_percent ?? (net === 0 ? 0 : Math.round((vat * 1000) / net) / 10),
    vat,
  };
}

/** VAT inside an amount incl VAT at `rate`, to the nearest penny. */
const vatIn = (gross: Pence, rate: number): Pence => Math.round((gross * rate) / (100 + rate));

/** A line Magento charged no tax on: its amounts include VAT at the standard rate. */
function inclusiveLine(
  described: Pick<VatInvoiceLine, 'description' | 'sku' | 'qty'>,
  amounts: { unit: Pence; row: Pence; discount: Pence },
): VatInvoiceLine {
  const gross = amounts.row - amounts.discount;
  const vat = vatIn(gross, STANDARD_RATE);
  const rowNet = amounts.row - vatIn(amounts.row, STANDARD_RATE);
  const net = gross - vat;
  return {
    ...described,
    unitPrice: amounts.unit - vatIn(amounts.unit, STANDARD_RATE),
    rowNet,
    discount: rowNet - net,
    net,
    vatRate: STANDARD_RATE,
    vat,
  };
}

/** Delivery's rate: of the lines' rates, the one its VAT fits best (Magento gives delivery no rate). */
function deliveryRate(net: Pence, vat: Pence, lines: readonly VatInvoiceLine[]): number | null {
  if (net === 0 && vat === 0) return null;
  const rates = [...new Set(lines.map((line) => line.vatRate).filter((rate) => rate !== null))];
  const misfit = (rate: number) => Math.abs((net * rate) / 100 - vat);
  const best = rates.sort((a, b) => misfit(a) - misfit(b))[0];
  return best ?? (net === 0 ? 0 : Math.round((vat * 1000) / net) / 10);
}

function deliveryLine(
  invoice: InvoiceWire,
  order: InvoicedOrderWire,
  lines: readonly VatInvoiceLine[],
  taxed: boolean,
): VatInvoiceLine | null {
  if (!order.shipping_description && pence(invoice.shipping_amount) === 0) return null;
  const linesDiscount = invoice.items.reduce((sum, item) => sum + pence(item.discount_amount), 0);
  const discount = Math.max(0, -pence(invoice.discount_amount) - linesDiscount);
  const described = { description: order.shipping_description || invoiceTexts.delivery, sku: null, qty: 1 };
  if (!taxed) {
    const row = pence(invoice.shipping_incl_tax ?? invoice.shipping_amount);
    return inclusiveLine(described, { unit: row, row, discount });
  }
  const rowNet = pence(invoice.shipping_amount);
  const net = rowNet - (discount - pence(invoice.shipping_discount_tax_compensation_amount));
  const vat = pence(invoice.shipping_tax_amount);
  const vatRate = deliveryRate(net, vat, lines);
  return { ...described, unitPrice: rowNet, rowNet, discount: rowNet - net, net, vatRate, vat };
}

/** Puts what the lines miss of the totals on the largest line (see the module's comment). */
function reconcile(
  rows: VatInvoiceLine[],
  wanted: { net: Pence; vat: Pence },
  invoiceNumber: string,
): VatInvoiceLine[] {
  const netGap = wanted.net - rows.reduce((sum, row) => sum + row.net, 0);
  const vatGap = wanted.vat - rows.reduce((sum, row) => sum + row.vat, 0);
  if (netGap === 0 && vatGap === 0) return rows;
  if (Math.abs(netGap) + Math.abs(vatGap) > rows.length) {
    throw new VatInvoiceMismatch(
      `Invoice ${invoiceNumber}: its lines come to ${netGap}p excl VAT and ${vatGap}p VAT short of its totals`,
    );
  }
  const largest = rows.reduce((best, row, index) => (row.net > (rows[best]?.net ?? 0) ? index : best), 0);
  return rows.map((row, index) =>
    index === largest
      ? { ...row, net: row.net + netGap, discount: row.discount - netGap, vat: row.vat + vatGap }
      : row,
  );
}

/** The invoice's lines, its delivery and its total VAT, reconciled to Magento's totals. */
export function invoiceRows(
  invoice: InvoiceWire,
  order: InvoicedOrderWire,
): { lines: VatInvoiceLine[]; delivery: VatInvoiceLine | null; vat: Pence } {
  const orderLines = new Map((order.items ?? []).map((line) => [line.item_id, line]));
  const billed = invoice.items.filter(
    (item) => item.qty > 0 && !hiddenChild(orderLines.get(item.order_item_id), orderLines),
  );
  const taxed =
    pence(invoice.tax_amount) !== 0 ||
    billed.some((item) => (orderLines.get(item.order_item_id)?.tax_percent ?? 0) > 0);
  const lines = billed.map((item) => {
    const line = orderLines.get(item.order_item_id);
    if (taxed) return taxedLine(item, line);
    const described = { description: item.name ?? line?.name ?? item.sku, sku: item.sku, qty: item.qty };
    const row = pence(item.row_total_incl_tax ?? item.row_total);
    const unit = pence(item.price_incl_tax ?? item.price);
    return inclusiveLine(described, { unit, row, discount: pence(item.discount_amount) });
  });
  const delivery = deliveryLine(invoice, order, lines, taxed);
  const rows = delivery ? [...lines, delivery] : lines;
  const vat = taxed ? pence(invoice.tax_amount) : rows.reduce((sum, row) => sum + row.vat, 0);
  const reconciled = reconcile(rows, { net: pence(invoice.grand_total) - vat, vat }, invoice.increment_id);
  return {
    lines: reconciled.slice(0, lines.length),
    delivery: delivery ? (reconciled[lines.length] ?? null) : null,
    vat,
  };
}
