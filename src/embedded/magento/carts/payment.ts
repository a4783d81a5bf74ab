/**
 * The quote's payment method (CONTRACT.md §5.4, COVERAGE.md rows 29–30): a server with an integration
 * token (the payment bridge) records checkmo on the quote, then places it by quote id
 * (`../checkout/place-order.ts`), with no shopper token, so a notification arriving after the customer's
 * token expired still turns into the order.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import type { PaymentMethodInput } from '../input.ts';
import { quoteById } from './carts.ts';
import { quoteAddress } from './addresses.ts';
import type { QuoteRow } from './rows.ts';

/** The only method the embedded shop offers (`paymentDetails` lists it). */
const AVAILABLE_METHODS = ['checkmo'];

const quotePaymentRow = z.object({ payment_id: sqlNumber, method: z.string() });

export const storedPayment = (db: Database, quoteId: number) =>
  db.get(quotePaymentRow, 'SELECT payment_id, method FROM quote_payments WHERE quote_id = ?', quoteId);

/** `Quote\Payment::importData()`: an unknown or unavailable method is refused before anything is kept. */
export function importPayment(db: Database, quote: QuoteRow, method: PaymentMethodInput): number {
  const code = method.method ?? '';
  if (!AVAILABLE_METHODS.includes(code)) throw errors.paymentMethodNotAvailable();
  db.run(
    `INSERT INTO quote_payments (quote_id, method) VALUES (?, ?)
     ON CONFLICT (quote_id) DO UPDATE SET method = excluded.method`,
    quote.id,
    code,
  );
  return storedPayment(db, quote.id)?.payment_id ?? 0;
}

/**
 * `PUT /V1/carts/:cartId/selected-payment-method` (`Quote/Model/PaymentMethodManagement::set()`): the
 * quote is loaded with `get()`, so an inactive one is not refused; a quote without a shipping country is
 * (the 2.4 message); returns the quote-payment row id, a numeric string as Magento's uncast scalar
 * arrives (COVERAGE.md row 30: not the "redirect url" the schema's description claims).
 */
export function selectPaymentMethod(db: Database, cartId: number, method: PaymentMethodInput): string {
  return db.transaction(() => {
    const quote = quoteById(db, cartId, false);
    const country = quoteAddress(db, quote.id, 'shipping').data['country_id'];
    if (typeof country !== 'string' || country === '') throw errors.shippingAddressMissing();
    return String(importPayment(db, quote, method));
  });
}
