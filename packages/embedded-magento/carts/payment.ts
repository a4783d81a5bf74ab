/**
 * The quote's payment method (CONTRACT.md §5.4, COVERAGE.md rows 29–30): the methods a quote is offered
 * (`PaymentMethodManagement::getList`, `MethodList::getAvailableMethods`), choosing one
 * (`PaymentMethodManagement::set`, `Quote\Payment::importData`) and reading the choice back. Check / Money
 * order is offered to every quote; Purchase Order (`OfflinePayments\Model\Purchaseorder`) to the quotes
 * of the customer groups the settings name (`../checkout/payment-config.ts`), and it keeps the buyer's
 * purchase-order number. A server with an integration token (the payment bridge) records a method on the
 * quote, then places it by quote id (`../checkout/place-order.ts`), with no shopper token.
 */
import { z } from 'zod';
import { DEMO_PAYMENTS } from '../checkout/payment-config.ts';
import type { CheckoutSettings } from '../checkout/settings.ts';
import { sqlNumber, type Database } from '../db.ts';
import { errors, MagentoError } from '../errors.ts';
import type { PaymentMethodInput } from '../input.ts';
import { quoteById } from './carts.ts';
import { quoteAddress } from './addresses.ts';
import { customerGroupOf } from './pricing.ts';
import type { QuoteRow } from './rows.ts';

/** `PaymentMethodInterface`: a method's code and title. */
export interface PaymentMethod {
  readonly code: string;
  readonly title: string;
}

/** `payment/checkmo/title` (OfflinePayments/etc/config.xml), offered to every quote. */
export const CHECKMO: PaymentMethod = { code: 'checkmo', title: 'Check / Money order' };
export const PURCHASE_ORDER = 'purchaseorder';

/**
 * The methods the quote is offered, in Magento's config order (checkmo, then purchaseorder): pay on
 * account only while active and for a quote of one of its customer groups.
 */
export function availableMethods(db: Database, quote: QuoteRow, settings: CheckoutSettings): PaymentMethod[] {
  const purchaseOrder = (settings.payments ?? DEMO_PAYMENTS).purchaseorder;
  const offered = purchaseOrder.active && purchaseOrder.customerGroups.includes(customerGroupOf(db, quote));
  return offered ? [CHECKMO, { code: PURCHASE_ORDER, title: purchaseOrder.title }] : [CHECKMO];
}

const quotePaymentRow = z.object({
  payment_id: sqlNumber,
  method: z.string(),
  po_number: z.string().nullable(),
});
export type StoredPayment = z.output<typeof quotePaymentRow>;

export const storedPayment = (db: Database, quoteId: number): StoredPayment | undefined =>
  db.get(
    quotePaymentRow,
    'SELECT payment_id, method, po_number FROM quote_payments WHERE quote_id = ?',
    quoteId,
  );

/** PHP's `empty()` on the number: null, '' and '0' are empty. */
const isEmpty = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value === '' || value === '0';

/**
 * `Quote\Payment::importData()`: a method the quote is not offered is refused before anything is kept
 * ("The requested Payment Method is not available."); then the method's `assignData()` (purchaseorder
 * keeps `po_number`, the others nothing) and `validate()` (`Purchaseorder::validate`: "Purchase order
 * number is a required field.", both 400 without parameters).
 */
export function importPayment(
  db: Database,
  quote: QuoteRow,
  method: PaymentMethodInput,
  settings: CheckoutSettings,
): number {
  const code = method.method ?? '';
  if (!availableMethods(db, quote, settings).some((offered) => offered.code === code))
    throw errors.paymentMethodNotAvailable();
  const poNumber = code === PURCHASE_ORDER ? (method.po_number ?? null) : null;
  if (code === PURCHASE_ORDER && isEmpty(poNumber))
    throw new MagentoError(400, 'Purchase order number is a required field.');
  db.run(
    `INSERT INTO quote_payments (quote_id, method, po_number) VALUES (?, ?, ?)
     ON CONFLICT (quote_id) DO UPDATE SET method = excluded.method, po_number = excluded.po_number`,
    quote.id,
    code,
    poNumber,
  );
  return storedPayment(db, quote.id)?.payment_id ?? 0;
}

/**
 * `…/selected-payment-method` PUT (`PaymentMethodManagement::set()`): a quote without a shipping country is
 * refused (the 2.4 message); returns the quote-payment row id, a numeric string as Magento's uncast scalar
 * arrives (COVERAGE.md row 30: not the "redirect url" the schema's description claims).
 */
export function selectPaymentMethod(
  db: Database,
  quote: QuoteRow,
  method: PaymentMethodInput,
  settings: CheckoutSettings,
): string {
  return db.transaction(() => {
    const country = quoteAddress(db, quote.id, 'shipping').data['country_id'];
    if (typeof country !== 'string' || country === '') throw errors.shippingAddressMissing();
    return String(importPayment(db, quote, method, settings));
  });
}

/** The admin's `PUT /V1/carts/:cartId/selected-payment-method`: the quote by id, an inactive one too (`get()`). */
export const selectPaymentMethodById = (
  db: Database,
  cartId: number,
  method: PaymentMethodInput,
  settings: CheckoutSettings,
): string => selectPaymentMethod(db, quoteById(db, cartId, false), method, settings);

/**
 * `…/selected-payment-method` GET (`PaymentMethodManagement::get()`): the quote's `PaymentInterface`
 * (`po_number` when one was kept, `method`; no `additional_data`, which is null), or null before a method
 * was chosen.
 */
export function selectedPayment(db: Database, quote: QuoteRow) {
  const payment = storedPayment(db, quote.id);
  if (!payment) return null;
  return {
    ...(payment.po_number === null ? {} : { po_number: payment.po_number }),
    method: payment.method,
  };
}
