/** What the VAT invoice's parts are drawn with: the page's measures, the type, and how figures read. */
import { invoiceTexts as t } from '../trade/index.ts';
import type { VatInvoiceFigures } from './vat-invoice.ts';

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 42;
/** Room kept at the foot of every page for the seller's line and the page number. */
export const FOOTER = 28;
export const REGULAR = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const INK = '#1f2328';
export const MUTED = '#59636e';
export const RULE = '#d1d9e0';

/** What the drawing needs: the document, how money reads, and the invoice. */
export interface Sheet {
  readonly doc: Doc;
  readonly money: (pence: number) => string;
  readonly figures: VatInvoiceFigures;
}

/** The lowest a row may reach before the page's foot. */
export const bottom = (doc: Doc): number => doc.page.height - MARGIN - FOOTER;
export const contentWidth = (doc: Doc): number => doc.page.width - 2 * MARGIN;

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** "26 November 2026", the day in the UK. */
export const dateOf = (iso: string): string => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : DATE.format(time);
};

export const rateOf = (rate: number | null): string => (rate === null ? t.noRate : t.rate(rate));

/** Pence as money in `currency`, "£1,249.50"; a zero never shows a minus sign. */
export function moneyIn(currency: string): (pence: number) => string {
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
  return (pence) => format.format(pence === 0 ? 0 : pence / 100);
}
