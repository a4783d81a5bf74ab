/**
 * The figures of a full UK VAT invoice (HMRC, VAT Notice 700 §16.3: "full VAT invoices"), made from a
 * Magento invoice and the order it bills: the invoice's number and date, the time of supply (tax point),
 * the seller's name, address and VAT registration number, the buyer's name and address (and VAT number
 * when they gave one), each line's description, quantity, unit price excl VAT, discount, amount excl VAT,
 * VAT rate and VAT, the delivery, the totals excl VAT, VAT and incl VAT (VAT by rate), and the buyer's
 * purchase-order reference when there is one. Server-only, pure: the caller reads Magento.
 *
 * Magento's figures are used as they are; only what it lacks is derived (vat-invoice-rows.ts says how, and
 * how rounding is reconciled), so the totals equal Magento's invoice to the penny and the VAT lines add up.
 */
import type { InvoicedOrderWire, InvoiceWire } from '../../magento/wire/invoice.ts';
import { magentoTime } from '../../magento/wire/date.ts';
import { address } from '../orders/index.ts';
import { checkUkVatNumber, formatUkVatNumber } from '../trade/index.ts';
import {
  invoiceRows,
  pence,
  VatInvoiceMismatch,
  type Pence,
  type VatInvoiceLine,
} from './vat-invoice-rows.ts';

export { VatInvoiceMismatch, type Pence, type VatInvoiceLine } from './vat-invoice-rows.ts';

/** The shop as the seller, from the shop's configuration (the caller's). */
export interface Seller {
  /** The business's registered name, e.g. "Cleaning Machines Ltd". */
  readonly name: string;
  /** Its address, one line each, e.g. ["1 Mill Lane", "Leeds", "LS1 1AA"]. */
  readonly addressLines: readonly string[];
  /** Its VAT registration number, e.g. "GB123456782" (shown in HMRC's groups, "GB 123 4567 82"). */
  readonly vatNumber: string;
  /** Its company registration number, when it is a company, e.g. "01234567". */
  readonly companyNumber?: string | undefined;
}

export interface InvoiceParty {
  readonly name: string;
  /** Company, street lines, city, region and postcode. */
  readonly lines: readonly string[];
  readonly country: string;
  /** The buyer's VAT number as given: a UK one in HMRC's groups; null when they gave none. */
  readonly vatNumber: string | null;
}

/** The VAT at one rate: what it was charged on, and how much. */
export interface VatBand {
  readonly rate: number;
  readonly net: Pence;
  readonly vat: Pence;
}

export interface VatInvoiceTotals {
  /** The lines before discount, excl VAT. */
  readonly goods: Pence;
  /** Every discount (lines and delivery), excl VAT, as a positive amount. */
  readonly discount: Pence;
  /** Delivery before discount, excl VAT. */
  readonly delivery: Pence;
  /** goods − discount + delivery: Magento's grand total less its VAT. */
  readonly net: Pence;
  readonly vat: Pence;
  /** Magento's grand total. */
  readonly gross: Pence;
  /** The VAT by rate, highest rate first. */
  readonly bands: readonly VatBand[];
}

export interface VatInvoiceFigures {
  /** Magento's invoice number (`increment_id`). */
  readonly invoiceNumber: string;
  /** When Magento made the invoice, ISO 8601 in UTC. */
  readonly issuedAt: string;
  /** The time of supply, ISO 8601 in UTC (the invoice's date: see `taxPointOf`). */
  readonly taxPoint: string;
  readonly orderNumber: string;
  readonly orderedAt: string;
  readonly poNumber: string | null;
  readonly currency: string;
  readonly seller: {
    readonly name: string;
    readonly addressLines: readonly string[];
    readonly vatNumber: string;
    readonly companyNumber: string | null;
  };
  readonly buyer: InvoiceParty;
  /** Where the goods went, when it is not the billing address. */
  readonly deliverTo: Omit<InvoiceParty, 'vatNumber'> | null;
  readonly lines: readonly VatInvoiceLine[];
  /** Delivery as a line of its own, on every invoice of goods sent (£0.00 when free). */
  readonly delivery: VatInvoiceLine | null;
  /** What Magento says the discount was for (the rule's label or the code), when it says. */
  readonly discountLabel: string | null;
  readonly totals: VatInvoiceTotals;
}

const iso = (magento: string): string => {
  const time = magentoTime(magento);
  return Number.isNaN(time) ? magento : new Date(time).toISOString();
};

/**
 * The time of supply is the earlier of the goods' dispatch and the invoice or payment (VAT Notice 700 §14):
 * Magento makes an invoice when the payment is captured, or when the merchant invoices goods on account
 * within the 14 days that let the invoice's date be the tax point, so the invoice's date is it.
 */
const taxPointOf = (invoice: InvoiceWire): string => iso(invoice.created_at);

function buyerVatNumber(order: InvoicedOrderWire): string | null {
  const given = [order.billing_address?.vat_id, order.customer_taxvat].find((value) => value?.trim());
  if (!given) return null;
  const checked = checkUkVatNumber(given);
  return checked.ok && checked.normalised !== null ? formatUkVatNumber(checked.normalised) : given.trim();
}

function buyerOf(order: InvoicedOrderWire): InvoiceParty {
  const billing = address(order.billing_address);
  const customer = [order.customer_firstname, order.customer_lastname]
    .filter((part) => part?.trim())
    .join(' ');
  return {
    name: billing?.name || customer,
    lines: billing?.lines ?? [],
    country: billing?.country ?? '',
    vatNumber: buyerVatNumber(order),
  };
}

function deliverToOf(order: InvoicedOrderWire, buyer: InvoiceParty): VatInvoiceFigures['deliverTo'] {
  const shipping = address(order.extension_attributes?.shipping_assignments?.[0]?.shipping?.address);
  if (!shipping) return null;
  const same =
    shipping.name === buyer.name &&
    shipping.country === buyer.country &&
    shipping.lines.join('\n') === buyer.lines.join('\n');
  return same ? null : { name: shipping.name, lines: shipping.lines, country: shipping.country };
}

function bandsOf(rows: readonly VatInvoiceLine[]): VatBand[] {
  const bands = new Map<number, { net: Pence; vat: Pence }>();
  for (const row of rows) {
    if (row.vatRate === null) continue;
    const band = bands.get(row.vatRate) ?? { net: 0, vat: 0 };
    bands.set(row.vatRate, { net: band.net + row.net, vat: band.vat + row.vat });
  }
  return [...bands].map(([rate, band]) => ({ rate, ...band })).sort((a, b) => b.rate - a.rate);
}

/** The VAT invoice's figures for a Magento invoice, the order it bills and the seller. */
export function toVatInvoice(input: {
  invoice: InvoiceWire;
  order: InvoicedOrderWire;
  seller: Seller;
}): VatInvoiceFigures {
  const { invoice, order, seller } = input;
  if (invoice.order_id !== order.entity_id) {
    throw new VatInvoiceMismatch(
      `Invoice ${invoice.increment_id} bills order id ${invoice.order_id}, not order ${order.increment_id} (id ${order.entity_id})`,
    );
  }
  const { lines, delivery, vat } = invoiceRows(invoice, order);
  const rows = delivery ? [...lines, delivery] : lines;
  const gross = pence(invoice.grand_total);
  const buyer = buyerOf(order);
  const sum = (of: (row: VatInvoiceLine) => Pence, from: readonly VatInvoiceLine[] = rows) =>
    from.reduce((total, row) => total + of(row), 0);
  return {
    invoiceNumber: invoice.increment_id,
    issuedAt: iso(invoice.created_at),
    taxPoint: taxPointOf(invoice),
    orderNumber: order.increment_id,
    orderedAt: iso(order.created_at),
    poNumber: order.payment?.po_number?.trim() || null,
    currency: invoice.order_currency_code ?? order.order_currency_code ?? 'GBP',
    seller: {
      name: seller.name,
      addressLines: seller.addressLines,
      vatNumber: formatUkVatNumber(seller.vatNumber.replace(/[\s.-]/g, '').toUpperCase()),
      companyNumber: seller.companyNumber ?? null,
    },
    buyer,
    deliverTo: deliverToOf(order, buyer),
    lines,
    delivery,
    discountLabel: invoice.discount_description || order.discount_description || null,
    totals: {
      goods: sum((row) => row.rowNet, lines),
      discount: sum((row) => row.discount),
      delivery: delivery?.rowNet ?? 0,
      net: gross - vat,
      vat,
      gross,
      bands: bandsOf(rows),
    },
  };
}
