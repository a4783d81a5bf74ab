/**
 * The texts of trade accounts (issue 38), in a module of their own: the VAT-number check runs in the trade
 * application form's script and on the storefront server, and the VAT invoice is made on the server only,
 * so no page's shell carries them.
 */

const ORDINALS = ['1st', '2nd', '3rd'];
/** 1st, 2nd, 3rd, 4th … 12th (VAT numbers are never longer). */
const ordinal = (position: number): string => ORDINALS[position - 1] ?? `${position}th`;
const digits = (count: number): string => (count === 1 ? '1 digit' : `${count} digits`);

/** A letter typed for a digit, and the digit it is usually mistaken for. */
const LOOK_ALIKES: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1', S: '5', B: '8' };

/** A VAT rate's number: 20, 17.5 (a formatter made once: the invoice formats one a line). */
const RATE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

const CHECK_CERTIFICATE = 'Please check you typed it as it appears on your VAT certificate.';

/**
 * What is wrong with a UK VAT number as typed (features/trade/vat-number.ts). Each message names the fault
 * and what a right number looks like; `shown` is the number as the shopper typed it, tidied into HMRC's
 * groups where it has the right length ("GB 123 4567 82").
 */
export const vatNumberTexts = {
  label: 'UK VAT number (optional)',
  hint: 'If your business is VAT-registered: GB followed by 9 digits, e.g. GB 123 4567 82.',
  /** Characters other than letters, digits and the spaces, dots and dashes people type between groups. */
  characters: (character: string) =>
    `“${character}” can't be part of a VAT number. Type GB followed by the digits; spaces, dots and dashes between them are fine.`,
  /** Two letters other than GB (a French or Irish number, say). */
  notUk: (prefix: string) =>
    `A UK VAT number starts with GB, and this one starts with ${prefix}. We can only take a UK VAT number.`,
  /** XI: Northern Ireland's prefix for trade in goods with the EU; the same number with GB is the UK one. */
  northernIreland:
    'Numbers starting XI are for trade between Northern Ireland and the EU. Please type the same number with GB at the start.',
  /** A single letter, or something that doesn't begin with GB or a digit. */
  notGb: 'A UK VAT number starts with GB, followed by 9 digits, e.g. GB 123 4567 82.',
  letter: (letter: string, position: number) => {
    const meant = LOOK_ALIKES[letter];
    return (
      `There's a letter where a digit should be: “${letter}”, the ${ordinal(position)} character after GB.` +
      (meant === undefined ? '' : ` Did you mean the digit ${meant}?`) +
      ' After GB a VAT number has only digits.'
    );
  },
  length: (typed: number) =>
    `You typed ${digits(typed)} after GB, but a UK VAT number has 9 (or 12 for a branch of a business). ${CHECK_CERTIFICATE}`,
  /** GD (government departments, 000–499) and HA (health authorities, 500–999): three digits follow. */
  governmentLength: (kind: 'GD' | 'HA', typed: number) =>
    `A VAT number starting GB${kind} has 3 digits after ${kind}, and you typed ${typed}.`,
  governmentRange: (kind: 'GD' | 'HA') =>
    kind === 'GD'
      ? 'Government department numbers run from GBGD000 to GBGD499. ' + CHECK_CERTIFICATE
      : 'Health authority numbers run from GBHA500 to GBHA999. ' + CHECK_CERTIFICATE,
  checkDigits: (shown: string) =>
    `${shown} isn't a valid VAT number: its last two digits don't match the seven before them, so a digit may be wrong or two may be swapped. ${CHECK_CERTIFICATE}`,
  /** Check digits that fit, in a range HMRC does not issue VAT numbers from. */
  range: (shown: string) => `${shown} isn't in a range HMRC issues VAT numbers from. ${CHECK_CERTIFICATE}`,
} as const;

/**
 * The VAT invoice (features/invoices/vat-invoice-pdf.ts): the words HMRC's full VAT invoice asks for (VAT
 * Notice 700 §16.3), in the PDF a buyer files. Only characters of the PDF standard fonts' WinAnsi encoding
 * (£, – and curly quotes are among them).
 */
export const invoiceTexts = {
  title: 'VAT invoice',
  /** The PDF's document title, as a reader's window shows it. */
  documentTitle: (number: string) => `VAT invoice ${number}`,
  invoiceNumber: 'Invoice number',
  invoiceDate: 'Invoice date',
  taxPoint: 'Tax point',
  orderNumber: 'Order number',
  orderDate: 'Order date',
  poNumber: 'Your purchase order',
  invoiceTo: 'Invoice to',
  deliverTo: 'Deliver to',
  sellerVatNumber: (number: string) => `VAT registration number ${number}`,
  buyerVatNumber: (number: string) => `VAT number ${number}`,
  companyNumber: (number: string) => `Registered company number ${number}`,
  description: 'Description',
  qty: 'Qty',
  unitPrice: 'Unit price excl VAT',
  discount: 'Discount',
  net: 'Amount excl VAT',
  vatRate: 'VAT rate',
  vat: 'VAT',
  sku: (sku: string) => `SKU ${sku}`,
  /** Delivery's line, when Magento names no shipping method. */
  delivery: 'Delivery',
  /** Free delivery has no VAT to rate. */
  noRate: '–',
  rate: (rate: number) => `${RATE.format(rate)}%`,
  goodsTotal: 'Goods excl VAT',
  discountTotal: (label: string | null) => (label ? `Discount (${label})` : 'Discount'),
  deliveryTotal: 'Delivery excl VAT',
  netTotal: 'Total excl VAT',
  /** The VAT at one rate, and what it was charged on when the invoice has several rates. */
  vatAt: (rate: string, net: string | null) => (net === null ? `VAT at ${rate}` : `VAT at ${rate} on ${net}`),
  vatTotal: 'Total VAT',
  grossTotal: 'Total incl VAT',
  /** At the top of every page after the first. */
  continued: (number: string) => `VAT invoice ${number} (continued)`,
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;
