/**
 * A registration's guarantee certificate as an A4 PDF, drawn like the VAT invoice (its page measures, type
 * and WinAnsi text handling: features/invoices): the shop, the customer, the machine, its serial number, the
 * purchase and delivery days, the guarantee's end (and why there is no extra year) and the certificate's
 * number. Server-only.
 */
import PDFDocument from 'pdfkit';
import { bytesOf } from '../invoices/index.server.ts';
import { BOLD, contentWidth, INK, MARGIN, MUTED, REGULAR, RULE, winAnsi } from '../invoices/index.ts';
import type { Registration } from './registrations.server.ts';
import { dayText } from '../../calendar/day-text.ts';
import { extraYearText, guaranteeTexts as t } from './texts.ts';

/** The shop that issues the certificate. */
export interface CertificateShop {
  readonly name: string;
  readonly address: string;
  readonly phone: string;
  readonly email: string;
}

export interface CertificateFacts {
  readonly shop: CertificateShop;
  /** The customer's name as Magento holds it. */
  readonly customer: string;
  readonly registration: Registration;
}

/** The file's name: `guarantee-certificate-GC-….pdf`. */
export const certificateFileName = (certificate: string): string =>
  `guarantee-certificate-${certificate.replace(/[^A-Z0-9-]/gi, '')}.pdf`;

type Doc = PDFKit.PDFDocument;

function row(doc: Doc, label: string, value: string, y: number): number {
  doc.font(REGULAR).fontSize(10).fillColor(MUTED).text(winAnsi(label), MARGIN, y, { width: 150 });
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(INK)
    .text(winAnsi(value), MARGIN + 160, y, {
      width: contentWidth(doc) - 160,
    });
  return Math.max(doc.y, y + 16) + 6;
}

export async function renderCertificatePdf({
  shop,
  customer,
  registration: r,
}: CertificateFacts): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${t.certificateTitle} ${r.certificate}`, Author: shop.name },
  });
  const bytes = bytesOf(doc);
  doc.font(BOLD).fontSize(20).fillColor(INK).text(winAnsi(shop.name), MARGIN, MARGIN);
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text(winAnsi(`${shop.address} · ${shop.phone} · ${shop.email}`));
  doc.moveDown(1.5);
  doc.font(BOLD).fontSize(16).fillColor(INK).text(winAnsi(t.certificateTitle));
  const top = doc.y + 8;
  doc
    .moveTo(MARGIN, top)
    .lineTo(MARGIN + contentWidth(doc), top)
    .lineWidth(0.8)
    .strokeColor(RULE)
    .stroke();
  let y = top + 12;
  const rows: [string, string][] = [
    [t.certificateNumber, r.certificate],
    [t.customer, customer],
    [t.machine, `${r.productName} (${r.model})`],
    [t.serial, r.serial],
    ...(r.orderNumber ? [[t.order, r.orderNumber] as [string, string]] : []),
    [t.purchasedOn, dayText(r.purchasedOn)],
    [t.deliveredOn, dayText(r.deliveredOn)],
    [t.registeredOn, dayText(r.registeredOn)],
    [t.guaranteeEnds, dayText(r.endsOn)],
  ];
  for (const [label, value] of rows) y = row(doc, label, value, y);
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(INK)
    .text(winAnsi(extraYearText(r)), MARGIN, y + 10, {
      width: contentWidth(doc),
    });
  doc.end();
  return bytes;
}
