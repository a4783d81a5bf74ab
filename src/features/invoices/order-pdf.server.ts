/**
 * The UK VAT invoice (PDF) of one of an order's invoices, with the seller's details (issue 38): the invoice
 * as Magento made it (features/orders/order-invoices.server.ts reads an order's), the order as the caller
 * already proved is the shopper's.
 */
import type { IntegrationConfig } from '../../magento/client.ts';
import { invoicedOrderSchema } from '../../magento/wire/invoice.ts';
import type { CustomerOrderWire } from '../../magento/wire/order.ts';
import { invoicesOf } from '../orders/index.server.ts';
import { renderVatInvoicePdf } from './vat-invoice-pdf.ts';
import { toVatInvoice, type Seller } from './vat-invoice.ts';

/**
 * The VAT invoice (PDF) of the order's invoice with this number; undefined when the order has no such
 * invoice. `order` is an order the caller already knows to be the shopper's.
 */
export async function vatInvoicePdf(
  magento: IntegrationConfig,
  seller: Seller,
  order: CustomerOrderWire,
  invoiceNumber: string,
): Promise<Uint8Array | undefined> {
  const invoices = await invoicesOf(magento, order.entity_id);
  const invoice = invoices.find((candidate) => candidate.increment_id === invoiceNumber);
  if (!invoice) return undefined;
  // The order was read loosely: what only the VAT invoice needs (VAT numbers, each line's rate) is read now.
  return renderVatInvoicePdf(toVatInvoice({ invoice, order: invoicedOrderSchema.parse(order), seller }));
}
