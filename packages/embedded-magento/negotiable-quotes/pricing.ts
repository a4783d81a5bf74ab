/**
 * What a negotiable quote's lines cost: each line's catalogue price when it was quoted (`original_price`),
 * the seller's price for it if any, then the quote's negotiated discount (Adobe's three kinds: a
 * percentage off, an amount off the total, or a proposed total), spread over the lines in proportion.
 * Prices include VAT, as the shop's catalogue prices do (../tax.ts).
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { lineTotal, roundMoney } from '../money.ts';
import { rateOfTaxClass, rowTax, taxTotals, type RowTax, type Taxed } from '../tax.ts';
import type { NegotiableRow } from './quotes.ts';

export const PRICE_TYPE = { percentage: 1, amount: 2, proposedTotal: 3 } as const;

const lineRow = z.object({
  item_id: sqlNumber,
  product_id: sqlNumber,
  sku: z.string(),
  name: z.string(),
  qty: sqlNumber,
  product_type: z.string(),
  product_option: z.string().nullable(),
  original_price: sqlNumber,
  negotiated_price: sqlNumber.nullable(),
  tax_class_id: z.unknown(),
  sold_id: sqlNumber.nullable(),
});

export interface QuoteLine extends Omit<z.output<typeof lineRow>, 'tax_class_id'> {
  /** The unit price the buyer is offered, incl VAT: the seller's line price, less the quote's discount. */
  readonly price: number;
  readonly tax: RowTax;
}

const linesOf = (db: Database, quoteId: number) =>
  db.all(
    lineRow,
    `SELECT i.item_id, i.product_id, i.sku, i.name, i.qty, i.product_type, i.product_option,
            n.original_price, n.negotiated_price,
            json_extract(p.attributes, '$.tax_class_id') AS tax_class_id, s.id AS sold_id
       FROM quote_items i JOIN negotiable_quote_item n ON n.quote_item_id = i.item_id
       LEFT JOIN products p ON p.id = i.product_id LEFT JOIN products s ON s.sku = i.sku
      WHERE i.quote_id = ? ORDER BY i.item_id`,
    quoteId,
  );

/** The factor the quote's negotiated discount leaves of the lines' total (1 for none). */
function discountFactor(
  quote: Pick<NegotiableRow, 'negotiated_price_type' | 'negotiated_price_value'>,
  total: number,
) {
  const value = quote.negotiated_price_value;
  if (value === null || quote.negotiated_price_type === null || total <= 0) return 1;
  if (quote.negotiated_price_type === PRICE_TYPE.percentage) return Math.max(0, 1 - value / 100);
  if (quote.negotiated_price_type === PRICE_TYPE.amount) return Math.max(0, (total - value) / total);
  return Math.max(0, value / total);
}

export interface QuotePrices {
  readonly lines: readonly QuoteLine[];
  /** Σ the lines at their catalogue prices when quoted, incl VAT. */
  readonly originalTotal: number;
  /** Σ the lines at the offered prices, incl VAT. */
  readonly total: number;
  readonly quantity: number;
}

export function quotePrices(
  db: Database,
  quote: Pick<NegotiableRow, 'quote_id' | 'negotiated_price_type' | 'negotiated_price_value'>,
): QuotePrices {
  const rows = linesOf(db, quote.quote_id);
  const base = rows.map((row) => row.negotiated_price ?? row.original_price);
  const baseTotal = rows.reduce((sum, row, index) => sum + lineTotal(base[index] ?? 0, row.qty), 0);
  const factor = discountFactor(quote, baseTotal);
  const lines = rows.map(({ tax_class_id, ...row }, index) => {
    const price = roundMoney((base[index] ?? row.original_price) * factor);
    return { ...row, price, tax: rowTax(price, row.qty, 0, rateOfTaxClass(tax_class_id)) };
  });
  return {
    lines,
    originalTotal: roundMoney(rows.reduce((sum, row) => sum + lineTotal(row.original_price, row.qty), 0)),
    total: roundMoney(lines.reduce((sum, line) => sum + line.tax.rowTotalInclTax, 0)),
    quantity: lines.reduce((sum, line) => sum + line.qty, 0),
  };
}

/** The quote's VAT and sums with delivery at `shippingInclTax`. */
export const quoteTaxes = (prices: QuotePrices, shippingInclTax: number): Taxed =>
  taxTotals(
    prices.lines.map((line) => line.tax),
    shippingInclTax,
  );
