/** Invoicing's refusals, word for word as Magento 2.4 throws them, with the status each one maps to. */
import { MagentoError } from '../errors.ts';

export const invoiceErrors = {
  /** `InvoiceService::setInvoiceItemQuantity()` (a LocalizedException: 400). */
  invalidQty: (name: string) =>
    new MagentoError(400, 'We found an invalid quantity to invoice item "%1".', [name]),
  /**
   * `InvoiceOrder::createInvoice()`'s DocumentValidationException: the validators' messages, already
   * rendered, appended to its heading by "\n" (so the phrase has no parameters).
   */
  documentNotValid: (messages: readonly string[]) =>
    new MagentoError(400, `Invoice Document Validation Error(s):\n${messages.join('\n')}`),
  /** `InvoiceOrder::createInvoice()` when saving fails (here: a comment without text). */
  couldNotInvoice: () => new MagentoError(400, 'Could not save an invoice, see error log for details'),
  /** `InvoiceRepository::get()` without an id. */
  idNeeded: () => new MagentoError(400, 'An ID is needed. Set the ID and try again.'),
  /** `InvoiceRepository::get()` of an unknown id. */
  notFound: () =>
    new MagentoError(404, "The entity that was requested doesn't exist. Verify the entity and try again."),
};
