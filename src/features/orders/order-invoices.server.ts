/**
 * An order's invoices as the storefront server reads them (issue 38): Magento's invoices of one order
 * (`GET /V1/invoices` by `order_id`, `InvoiceRepositoryInterface::getList`, ACL `Magento_Sales::sales_invoice`)
 * with the integration token, only ever for an order the caller has already proved is theirs (orders.server.ts).
 * One of them made into a UK VAT invoice PDF is the invoices feature's (features/invoices/order-pdf.server.ts).
 */
import { magentoFetch, searchCriteria, type IntegrationConfig } from '../../magento/client.ts';
import { magentoTime } from '../../magento/wire/date.ts';
import { invoiceSearchSchema, type InvoiceWire } from '../../magento/wire/invoice.ts';
import type { OrderInvoice } from './order.ts';

/** The invoices Magento made of one order, oldest first. */
export async function invoicesOf(magento: IntegrationConfig, orderId: number): Promise<InvoiceWire[]> {
  const query = searchCriteria({
    filters: [{ field: 'order_id', value: String(orderId) }],
    sort: [{ field: 'entity_id', direction: 'ASC' }],
    pageSize: 100,
    currentPage: 1,
  });
  const found = await magentoFetch(magento, { path: `/invoices?${query}`, schema: invoiceSearchSchema });
  return found.items.filter((invoice) => invoice.order_id === orderId);
}

/** An invoice as the order page lists it. */
export function orderInvoice(invoice: InvoiceWire): OrderInvoice {
  const time = magentoTime(invoice.created_at);
  return {
    number: invoice.increment_id,
    issuedAt: Number.isNaN(time) ? invoice.created_at : new Date(time).toISOString(),
  };
}
