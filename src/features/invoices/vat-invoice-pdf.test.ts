/**
 * The VAT invoice PDF read back as a buyer's software reads it (its text, with each piece's place on the
 * page): the figures printed are Magento's to the penny, the VAT column adds up to the VAT total, and a
 * long invoice runs over pages with the table's header on each.
 */
import { describe, expect, it } from 'vitest';
import { extractTextItems } from 'unpdf';
import { longInvoice, seller, taxedInvoice, untaxedInvoice } from './fixtures/invoices.ts';
import { toVatInvoice } from './vat-invoice.ts';
import { renderVatInvoicePdf } from './vat-invoice-pdf.ts';
import { winAnsi } from './win-ansi.ts';

interface Piece {
  readonly str: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
}

const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const pounds = (amount: number | null | undefined) => GBP.format(amount ?? 0);
const MONEY = /^-?£[\d,]+\.\d\d$/;
const close = (a: number, b: number) => Math.abs(a - b) < 1;

async function pagesOf(input: Parameters<typeof toVatInvoice>[0]): Promise<Piece[][]> {
  const pdf = await renderVatInvoicePdf(toVatInvoice(input));
  expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
  const { items } = await extractTextItems(new Uint8Array(pdf));
  return items.map((page) => page.filter((piece) => piece.str.trim() !== ''));
}

const textOf = (pages: readonly Piece[][]) =>
  pages.map((page) => page.map((piece) => piece.str).join('\n')).join('\n');

/** The table header's row on a page: where "Description" is. */
const headerY = (page: readonly Piece[]): number | undefined =>
  page.find((piece) => piece.str === 'Description')?.y;

/** The amounts in the column whose header (its first line) is `title`, top to bottom (they are right-aligned). */
function column(page: readonly Piece[], title: string): string[] {
  const top = headerY(page);
  const header = page.find((piece) => piece.str === title && top !== undefined && close(piece.y, top));
  if (!header || top === undefined) return [];
  const right = header.x + header.width;
  return page
    .filter((piece) => piece.y < top - 12 && MONEY.test(piece.str) && close(piece.x + piece.width, right))
    .sort((a, b) => b.y - a.y)
    .map((piece) => piece.str);
}

/** The amount printed on the same line as a totals label. */
function total(pages: readonly Piece[][], label: string): string | undefined {
  for (const page of pages) {
    const at = page.find((piece) => piece.str === label);
    if (at) return page.find((piece) => piece !== at && close(piece.y, at.y) && MONEY.test(piece.str))?.str;
  }
  return undefined;
}

const sumOf = (amounts: readonly string[]) =>
  amounts.reduce((sum, amount) => sum + Math.round(Number(amount.replace(/[£,]/g, '')) * 100), 0);

describe('renderVatInvoicePdf', () => {
  it("prints Magento's figures to the penny: each line's unit price and VAT, delivery, and the totals", async () => {
    const { invoice, order } = taxedInvoice;
    const pages = await pagesOf({ invoice, order, seller });
    expect(pages).toHaveLength(1);
    const [page = []] = pages;
    const shown = invoice.items.filter((item) => item.order_item_id !== 104);
    expect(column(page, 'Unit price excl')).toEqual([
      ...shown.map((item) => pounds(item.price)),
      pounds(invoice.shipping_amount),
    ]);
    expect(column(page, 'VAT')).toEqual([
      ...shown.map((item) => pounds(item.tax_amount)),
      pounds(invoice.shipping_tax_amount),
    ]);
    expect(total(pages, 'Goods excl VAT')).toBe(pounds(invoice.subtotal));
    expect(total(pages, 'Delivery excl VAT')).toBe(pounds(invoice.shipping_amount));
    expect(total(pages, 'VAT at 20%')).toBe(pounds(invoice.tax_amount));
    expect(total(pages, 'Total excl VAT')).toBe(
      pounds((invoice.grand_total ?? 0) - (invoice.tax_amount ?? 0)),
    );
    expect(total(pages, 'Total incl VAT')).toBe(pounds(invoice.grand_total));
  });

  it('has VAT lines that add up to the VAT total, and amounts excl VAT that add up to the total excl VAT', async () => {
    for (const { invoice, order } of [taxedInvoice, untaxedInvoice]) {
      const pages = await pagesOf({ invoice, order, seller });
      const [page = []] = pages;
      expect(pounds(sumOf(column(page, 'VAT')) / 100)).toBe(total(pages, 'VAT at 20%'));
      expect(pounds(sumOf(column(page, 'Amount excl')) / 100)).toBe(total(pages, 'Total excl VAT'));
      expect(total(pages, 'Total incl VAT')).toBe(pounds(invoice.grand_total));
    }
  });

  it('names the invoice, both VAT numbers, the purchase order and the discount', async () => {
    const text = textOf(await pagesOf({ ...taxedInvoice, seller }));
    for (const expected of [
      'VAT invoice',
      '000000012',
      'VAT registration number GB 123 4567 82',
      'Registered company number 09876543',
      'VAT number GB 246 8135 93',
      'PO-2026-0415',
      '20 November 2026',
      'Brightwater Facilities Ltd',
      'Discount (TRADE10)',
      'Kärcher HDS 8/18-4 C hot water pressure',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('runs a 60-line invoice over pages, with the header on each and every line once', async () => {
    const { invoice, order } = longInvoice(60);
    const pages = await pagesOf({ invoice, order, seller });
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(headerY(page), `page ${index + 1} has the table's header`).toBeDefined();
      expect(column(page, 'VAT').length).toBeGreaterThan(0);
      expect(page.some((piece) => piece.str === `Page ${index + 1} of ${pages.length}`)).toBe(true);
      if (index > 0)
        expect(page.some((piece) => piece.str === 'VAT invoice 000000014 (continued)')).toBe(true);
    });
    const skus = textOf(pages).match(/PART-\d{4}/g) ?? [];
    expect(skus).toEqual(invoice.items.map((item) => item.sku));
    const vat = pages.flatMap((page) => column(page, 'VAT'));
    expect(sumOf(vat)).toBe(Math.round((invoice.tax_amount ?? 0) * 100));
    expect(total(pages, 'Total incl VAT')).toBe(pounds(invoice.grand_total));
  });
});

describe('winAnsi', () => {
  it('keeps what the standard fonts show (£, accents of Latin-1, curly quotes, dashes) and replaces the rest', () => {
    expect(winAnsi('£1,249.50 – Kärcher “Pro” café')).toBe('£1,249.50 – Kärcher “Pro” café');
    expect(winAnsi('Łódź pad ≥ 40 cm')).toBe('?ódz pad ? 40 cm');
  });
});
