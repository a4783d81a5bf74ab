/**
 * A VAT invoice's figures (vat-invoice.ts) as an A4 PDF, made with pdfkit in the PDF standard fonts
 * (Helvetica: nothing to load or embed; their WinAnsi encoding has £). The lines are a table whose header
 * is repeated at the top of every page a long invoice runs to; every page's foot names the seller, its VAT
 * number and the page. Server-only.
 */
import PDFDocument from 'pdfkit';
import { invoiceTexts as t } from '../trade/index.ts';
import type { VatInvoiceFigures, VatInvoiceLine } from './vat-invoice.ts';
import { drawHead } from './vat-invoice-pdf-head.ts';
import {
  BOLD,
  bottom,
  contentWidth,
  INK,
  MARGIN,
  moneyIn,
  MUTED,
  rateOf,
  REGULAR,
  RULE,
  type Doc,
  type Sheet,
} from './vat-invoice-pdf-layout.ts';
import { winAnsi } from './win-ansi.ts';

/** Room inside a table cell. */
const PAD = 4;

interface Column {
  readonly title: string;
  readonly width: number;
  readonly align: 'left' | 'right';
  readonly cell: (line: VatInvoiceLine) => string;
}

const QTY = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 4 });
const qtyOf = (qty: number): string => QTY.format(qty);

function columnsFor(sheet: Sheet): Column[] {
  const { money, figures } = sheet;
  const discounted = [...figures.lines, ...(figures.delivery ? [figures.delivery] : [])].some(
    (line) => line.discount !== 0,
  );
  const discountColumn: Column = {
    title: t.discount,
    width: 58,
    align: 'right',
    cell: (line) => (line.discount === 0 ? '' : money(-line.discount)),
  };
  const columns: Column[] = [
    { title: t.qty, width: 34, align: 'right', cell: (line) => qtyOf(line.qty) },
    { title: t.unitPrice, width: 66, align: 'right', cell: (line) => money(line.unitPrice) },
    ...(discounted ? [discountColumn] : []),
    { title: t.net, width: 68, align: 'right', cell: (line) => money(line.net) },
    { title: t.vatRate, width: 40, align: 'right', cell: (line) => rateOf(line.vatRate) },
    { title: t.vat, width: 60, align: 'right', cell: (line) => money(line.vat) },
  ];
  const rest = columns.reduce((sum, column) => sum + column.width, 0);
  const description: Column = {
    title: t.description,
    width: contentWidth(sheet.doc) - rest,
    align: 'left',
    cell: (line) => line.description,
  };
  return [description, ...columns];
}

/** The header's cells from `y`, each wrapped in its column; answers the row's height. */
function drawHeaderRow(doc: Doc, columns: readonly Column[], y: number): number {
  doc.font(BOLD).fontSize(8).fillColor(INK);
  let x = MARGIN;
  let height = 0;
  for (const column of columns) {
    const options = { width: column.width - 2 * PAD, align: column.align } as const;
    doc.text(column.title, x + PAD, y + PAD, options);
    height = Math.max(height, doc.heightOfString(column.title, options));
    x += column.width;
  }
  const below = y + height + 2 * PAD;
  doc
    .moveTo(MARGIN, below)
    .lineTo(MARGIN + contentWidth(doc), below)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  return below;
}

/** A line's cells, WinAnsi-safe: the description (with the SKU under it) and one figure per column. */
interface Cells {
  readonly description: string;
  readonly note: string | null;
  readonly figures: readonly string[];
}

const NOTE_SIZE = 7.5;
const TEXT_SIZE = 9;

/** A line's height: its description and note wrapped in their column (the figures are one line each). */
function measureLine(doc: Doc, width: number, cells: Cells): number {
  let used = doc.heightOfString(cells.description, { width });
  if (cells.note) {
    doc.fontSize(NOTE_SIZE);
    used += doc.heightOfString(cells.note, { width });
    doc.fontSize(TEXT_SIZE);
  }
  return used + 2 * PAD;
}

/**
 * A line from `y`. Only the description wraps; each figure is one line, placed at its column's right edge
 * by its width (pdfkit's own alignment would run its line wrapper for every cell, the most of the time).
 */
function drawLine(doc: Doc, columns: readonly Column[], cells: Cells, y: number): void {
  const [first, ...rest] = columns;
  const width = (first?.width ?? 0) - 2 * PAD;
  doc.text(cells.description, MARGIN + PAD, y + PAD, { width });
  if (cells.note) {
    doc
      .fillColor(MUTED)
      .fontSize(NOTE_SIZE)
      .text(cells.note, MARGIN + PAD, doc.y, { width });
    doc.fontSize(TEXT_SIZE).fillColor(INK);
  }
  let x = MARGIN + (first?.width ?? 0);
  rest.forEach((column, index) => {
    const text = cells.figures[index] ?? '';
    x += column.width;
    doc.text(text, x - PAD - doc.widthOfString(text), y + PAD, { lineBreak: false });
  });
}

/** The lines and delivery, a new page (with the header again) whenever the next line would not fit. */
function drawTable(sheet: Sheet, top: number): number {
  const { doc, figures } = sheet;
  const columns = columnsFor(sheet);
  const [description, ...rest] = columns;
  const width = (description?.width ?? 0) - 2 * PAD;
  let y = drawHeaderRow(doc, columns, top);
  doc.font(REGULAR).fontSize(TEXT_SIZE).fillColor(INK);
  const rows = figures.delivery ? [...figures.lines, figures.delivery] : figures.lines;
  for (const line of rows) {
    const cells: Cells = {
      description: winAnsi(line.description),
      note: line.sku ? winAnsi(t.sku(line.sku)) : null,
      figures: rest.map((column) => winAnsi(column.cell(line))),
    };
    const height = measureLine(doc, width, cells);
    if (y + height > bottom(doc)) {
      doc.addPage();
      doc
        .font(BOLD)
        .fontSize(10)
        .text(winAnsi(t.continued(figures.invoiceNumber)), MARGIN, MARGIN);
      y = drawHeaderRow(doc, columns, MARGIN + 20);
      doc.font(REGULAR).fontSize(TEXT_SIZE).fillColor(INK);
    }
    drawLine(doc, columns, cells, y);
    y += height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + contentWidth(doc), y)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
  }
  return y;
}

/** Label and amount pairs, right-aligned under the table; the last (incl VAT) in bold. */
function drawTotals(sheet: Sheet, top: number): void {
  const { doc, money, figures } = sheet;
  const { totals } = figures;
  const pairs: [string, string][] = [[t.goodsTotal, money(totals.goods)]];
  if (totals.discount !== 0) pairs.push([t.discountTotal(figures.discountLabel), money(-totals.discount)]);
  if (figures.delivery) pairs.push([t.deliveryTotal, money(totals.delivery)]);
  pairs.push([t.netTotal, money(totals.net)]);
  // One rate: its line is the total VAT. Several: a line for each, then the total.
  const [only, ...more] = totals.bands;
  if (only && more.length === 0) pairs.push([t.vatAt(rateOf(only.rate), null), money(totals.vat)]);
  else {
    for (const band of totals.bands)
      pairs.push([t.vatAt(rateOf(band.rate), money(band.net)), money(band.vat)]);
    pairs.push([t.vatTotal, money(totals.vat)]);
  }
  pairs.push([t.grossTotal, money(totals.gross)]);
  const rowHeight = 15;
  let y = top + 10;
  if (y + pairs.length * rowHeight > bottom(doc)) {
    doc.addPage();
    y = MARGIN;
  }
  const right = MARGIN + contentWidth(doc);
  pairs.forEach(([label, amount], index) => {
    const last = index === pairs.length - 1;
    if (last)
      doc
        .moveTo(right - 260, y - 3)
        .lineTo(right, y - 3)
        .lineWidth(0.8)
        .strokeColor(INK)
        .stroke();
    doc
      .font(last ? BOLD : REGULAR)
      .fontSize(last ? 10.5 : 9)
      .fillColor(INK);
    doc.text(winAnsi(label), right - 260, y, { width: 180, align: 'right', lineBreak: false });
    doc.text(winAnsi(amount), right - 76, y, { width: 76, align: 'right', lineBreak: false });
    y += rowHeight;
  });
}

/** The seller, its VAT number and the page at the foot of every page (drawn once all pages exist). */
function drawFooters(doc: Doc, figures: VatInvoiceFigures): void {
  const range = doc.bufferedPageRange();
  const { name, vatNumber } = figures.seller;
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Text below the bottom margin would start a new page: the foot lies in the margin, so lift it.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 10;
    doc.font(REGULAR).fontSize(7.5).fillColor(MUTED);
    doc.text(winAnsi(`${name} · ${t.sellerVatNumber(vatNumber)}`), MARGIN, y, { lineBreak: false });
    doc.text(t.page(index + 1, range.count), MARGIN, y, {
      width: contentWidth(doc),
      align: 'right',
      lineBreak: false,
    });
  }
}

/** The PDF's bytes, as pdfkit streams them out. */
export function bytesOf(doc: Doc): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** The VAT invoice as an A4 PDF. */
export async function renderVatInvoicePdf(figures: VatInvoiceFigures): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: t.documentTitle(figures.invoiceNumber), Author: figures.seller.name },
  });
  const bytes = bytesOf(doc);
  const sheet: Sheet = { doc, figures, money: moneyIn(figures.currency) };
  const tableTop = drawHead(sheet);
  drawTotals(sheet, drawTable(sheet, tableTop));
  drawFooters(doc, figures);
  doc.end();
  return bytes;
}
