/**
 * The top of a VAT invoice's first page: the seller (name, address, VAT registration and company numbers)
 * on the left, "VAT invoice" and its facts (number, date, tax point, order, purchase order) on the right,
 * then the buyer ("Invoice to", with their VAT number) and, when the goods went elsewhere, "Deliver to".
 */
import { invoiceTexts as t } from '../trade/index.ts';
import type { InvoiceParty } from './vat-invoice.ts';
import {
  BOLD,
  contentWidth,
  dateOf,
  INK,
  MARGIN,
  MUTED,
  REGULAR,
  type Doc,
  type Sheet,
} from './vat-invoice-pdf-layout.ts';
import { winAnsi } from './win-ansi.ts';

const FACTS_WIDTH = 220;

/** Lines of text from (x, y) in the current font; answers the y below them. */
function lines(doc: Doc, texts: readonly string[], x: number, y: number, width: number): number {
  let below = y;
  for (const text of texts) {
    doc.text(winAnsi(text), x, below, { width });
    below = doc.y;
  }
  return below;
}

function drawSeller(sheet: Sheet): number {
  const { doc, figures } = sheet;
  const { seller } = figures;
  const width = contentWidth(doc) - FACTS_WIDTH - 20;
  doc.font(BOLD).fontSize(14).fillColor(INK);
  const below = lines(doc, [seller.name], MARGIN, MARGIN, width);
  doc.font(REGULAR).fontSize(9);
  const details = [...seller.addressLines, t.sellerVatNumber(seller.vatNumber)];
  if (seller.companyNumber) details.push(t.companyNumber(seller.companyNumber));
  return lines(doc, details, MARGIN, below + 4, width);
}

function drawFacts(sheet: Sheet): number {
  const { doc, figures } = sheet;
  const x = MARGIN + contentWidth(doc) - FACTS_WIDTH;
  doc.font(BOLD).fontSize(20).fillColor(INK);
  doc.text(t.title, x, MARGIN - 2, { width: FACTS_WIDTH, align: 'right' });
  const facts: [string, string][] = [
    [t.invoiceNumber, figures.invoiceNumber],
    [t.invoiceDate, dateOf(figures.issuedAt)],
    [t.taxPoint, dateOf(figures.taxPoint)],
    [t.orderNumber, figures.orderNumber],
    [t.orderDate, dateOf(figures.orderedAt)],
  ];
  if (figures.poNumber) facts.push([t.poNumber, figures.poNumber]);
  let y = doc.y + 6;
  for (const [label, value] of facts) {
    doc.font(REGULAR).fontSize(9).fillColor(MUTED);
    doc.text(winAnsi(label), x, y, { width: 100 });
    doc.font(BOLD).fillColor(INK);
    doc.text(winAnsi(value), x + 100, y, { width: FACTS_WIDTH - 100, align: 'right' });
    y = Math.max(doc.y, y + 12);
  }
  return y;
}

function drawParty(
  doc: Doc,
  heading: string,
  party: Omit<InvoiceParty, 'vatNumber'>,
  vat: string | null,
  x: number,
  y: number,
): number {
  const width = contentWidth(doc) / 2 - 20;
  doc.font(BOLD).fontSize(8).fillColor(MUTED).text(winAnsi(heading.toUpperCase()), x, y, { width });
  doc.font(BOLD).fontSize(10).fillColor(INK);
  let below = lines(doc, [party.name], x, doc.y + 3, width);
  doc.font(REGULAR).fontSize(9);
  below = lines(
    doc,
    [...party.lines, party.country].filter((line) => line !== ''),
    x,
    below,
    width,
  );
  if (vat) below = lines(doc, [t.buyerVatNumber(vat)], x, below + 2, width);
  return below;
}

/** The head of the first page; answers where the table starts. */
export function drawHead(sheet: Sheet): number {
  const { doc, figures } = sheet;
  const top = Math.max(drawSeller(sheet), drawFacts(sheet)) + 22;
  const buyer = drawParty(doc, t.invoiceTo, figures.buyer, figures.buyer.vatNumber, MARGIN, top);
  const deliverTo = figures.deliverTo
    ? drawParty(doc, t.deliverTo, figures.deliverTo, null, MARGIN + contentWidth(doc) / 2, top)
    : top;
  return Math.max(buyer, deliverTo) + 22;
}
