/**
 * `POST /V1/order/:orderId/invoice` (`Sales/Model/InvoiceOrder.php`, `InvoiceOrderInterface::execute()`):
 * invoice an order, all of what is left or the items asked for, and answer the invoice's entity id. The
 * order is read, the document prepared and validated (`document.ts`), then paid (checkmo and purchase
 * order are no gateways: `PayOperation` calls `Invoice::pay()` whatever `capture` says), saved, and the
 * order moved on (`Order\StateResolver`). The seed invoices its past orders through the same steps.
 */
import { stateInProgress } from '../inventory/shipments.ts';
import { magentoDate, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import { prepareInvoice, validateInvoice, type InvoiceItemRequest } from './document.ts';
import { invoiceErrors } from './errors.ts';
import { invoicingOrder } from './order-view.ts';
import { writeInvoice } from './write.ts';

/** The service method's parameters (`capture` and `arguments` change nothing for these methods). */
export interface InvoiceOrderRequest {
  readonly items?: readonly InvoiceItemRequest[];
  readonly notify?: boolean;
  readonly appendComment?: boolean;
  readonly comment?: { readonly comment: string; readonly isVisibleOnFront: boolean } | undefined;
}

export interface InvoiceOrderOptions {
  /** When the invoice is made (`YYYY-MM-DD HH:MM:SS`, UTC); now when left out. */
  readonly at?: string;
  /**
   * A past order written with its final status (the seed): its state is what followed the invoice, so it
   * is neither checked (`CanInvoice` refuses a complete order, which only invoicing and shipping make)
   * nor changed. Its quantities are checked as any invoice's.
   */
  readonly asRecorded?: boolean;
}

/** Invoices the order; returns the new invoice's entity id. */
export function invoiceOrder(
  db: Database,
  orderId: number,
  request: InvoiceOrderRequest,
  options: InvoiceOrderOptions = {},
): number {
  return db.transaction(() => {
    const order = invoicingOrder(db, orderId);
    if (!order) throw errors.orderNotFound();
    const document = prepareInvoice(order, request.items ?? []);
    const messages = validateInvoice(order, document, !options.asRecorded);
    if (messages.length > 0) throw invoiceErrors.documentNotValid(messages);
    // The comment validator refuses an empty comment when the invoice is saved; InvoiceOrder rewords it.
    if (request.comment && request.comment.comment === '') throw invoiceErrors.couldNotInvoice();
    const at = options.at ?? magentoDate();
    const notify = request.notify ?? false;
    const invoiceId = writeInvoice(db, order, document, {
      at,
      emailSent: notify,
      comment: request.comment && {
        text: request.comment.comment,
        // `InvoiceDocumentFactory::create()`: the comment counts as sent only when it goes with the e-mail.
        notified: notify && (request.appendComment ?? false),
        visibleOnFront: request.comment.isVisibleOnFront,
      },
    });
    // `Order\StateResolver::getStateForOrder($order, [IN_PROGRESS])` after the invoice: processing, a new
    // order included, or complete when its shipment (a pickup order's: inventory/) already went out; with
    // that state's default status (`Order\Config::getStateDefaultStatus()`).
    if (!options.asRecorded) {
      const after = stateInProgress(db, orderId);
      db.run(
        'UPDATE orders SET state = ?, status = ?, updated_at = ? WHERE entity_id = ?',
        after.state,
        after.status,
        at,
        orderId,
      );
    }
    return invoiceId;
  });
}
