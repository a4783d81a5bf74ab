/** The door of features/invoices for the server: what the rest of the shop may use of it that runs only in Node. */
export { vatInvoicePdf } from './order-pdf.server.ts';
export { bytesOf } from './vat-invoice-pdf.ts';
