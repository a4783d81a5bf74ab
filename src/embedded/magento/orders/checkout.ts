/**
 * Checkout: shipping information (flat rate), the payment details, and placing the order from the cart
 * with payment method checkmo (stock checked and decremented, cart deactivated, all in one transaction)
 * (CONTRACT.md §5.4, §5.5).
 */
import type { z } from 'zod';
import {
  missingAddressFields,
  quoteAddress,
  saveQuoteAddress,
  type AddressData,
} from '../carts/addresses.ts';
import type { CartSettings } from '../carts/carts.ts';
import { itemRow, type ItemRow, type QuoteRow } from '../carts/rows.ts';
import { computeTotals, FLAT_RATE } from '../carts/totals.ts';
import { productRow } from '../catalog/products.ts';
import { customerRow } from '../customers/rows.ts';
import { addressProblems, refuseProblems } from '../customers/validators.ts';
import { countRow, magentoDate, type Database } from '../db.ts';
import { isKnownCountry } from '../directory/countries.ts';
import { errors } from '../errors.ts';
import type { PaymentMethodInput, QuoteAddressInput, ShippingInformationInput } from '../input.ts';
import { isRecord, type JsonRecord } from '../json.ts';
import { writeOrder } from './write.ts';

const optionalRecord = (value: unknown): JsonRecord | undefined => (isRecord(value) ? value : undefined);

const customerContact = customerRow.pick({ email: true, firstname: true, lastname: true });
type CustomerContact = z.output<typeof customerContact>;
const productStock = productRow.pick({ status: true, qty: true, is_in_stock: true });

const PAYMENT_METHODS = [{ code: 'checkmo', title: 'Check / Money order' }];

export function saveShippingInformation(
  db: Database,
  quote: QuoteRow,
  info: ShippingInformationInput,
  settings: CartSettings,
) {
  return db.transaction(() => {
    const count =
      db.get(countRow, 'SELECT COUNT(*) AS n FROM quote_items WHERE quote_id = ?', quote.id)?.n ?? 0;
    if (count === 0) throw errors.emptyCartShipping();
    const shipping = optionalRecord(info['shipping_address']);
    if (!shipping || typeof shipping['country_id'] !== 'string' || shipping['country_id'] === '') {
      throw errors.shippingAddressMissing();
    }
    const carrier = String(info['shipping_carrier_code'] ?? '');
    const method = String(info['shipping_method_code'] ?? '');
    if (carrier !== FLAT_RATE.carrier || method !== FLAT_RATE.method)
      throw errors.carrierNotFound(carrier, method);
    const billing = optionalRecord(info['billing_address']);
    const addresses = billing ? [shipping, billing] : [shipping];
    for (const address of addresses) {
      if (!isKnownCountry(String(address['country_id']).toUpperCase())) throw errors.shippingInfoNotSaved();
    }
    // (derived) The customer address rules hold for quote addresses too: 2.4.8 refuses an order over a
    // city it refuses (magento/magento2#39854), before anything is saved.
    for (const address of addresses) refuseProblems(addressProblems(address));
    saveQuoteAddress(db, quote.id, 'shipping', shipping);
    if (billing) saveQuoteAddress(db, quote.id, 'billing', billing);
    db.run(
      'UPDATE quotes SET shipping_method = ?, updated_at = ? WHERE id = ?',
      `${FLAT_RATE.carrier}_${FLAT_RATE.method}`,
      magentoDate(),
      quote.id,
    );
    const updated = { ...quote, shipping_method: `${FLAT_RATE.carrier}_${FLAT_RATE.method}` };
    return { payment_methods: PAYMENT_METHODS, totals: computeTotals(db, updated, settings) };
  });
}

export function paymentDetails(db: Database, quote: QuoteRow, settings: CartSettings) {
  return { payment_methods: PAYMENT_METHODS, totals: computeTotals(db, quote, settings) };
}

interface PlaceOrderInput {
  email?: string | undefined;
  paymentMethod: PaymentMethodInput;
  billingAddress?: QuoteAddressInput | undefined;
}

/**
 * `…/payment-information`: records the payment and places the order. Returns the order entity id as the
 * integer Magento's schema declares; real Magento has been seen to send a numeric string instead
 * (CONTRACT.md §1.4.7), which is why clients accept both.
 */
export function placeOrder(
  db: Database,
  quote: QuoteRow,
  input: PlaceOrderInput,
  settings: CartSettings,
): number {
  return db.transaction(() => {
    const ready = orderable(db, quote, input);
    const now = magentoDate();
    const { orderId, incrementId } = insertOrder(db, quote, ready, settings, now);
    db.run(
      'UPDATE quotes SET is_active = 0, reserved_order_id = ?, updated_at = ? WHERE id = ?',
      incrementId,
      now,
      quote.id,
    );
    return orderId;
  });
}

interface Orderable {
  readonly lines: ItemRow[];
  readonly billing: AddressData;
  readonly shipping: AddressData;
  readonly customer: CustomerContact | undefined;
  readonly email: string;
  readonly shippingMethod: string;
}

/** Magento's checks before an order is placed, in its order; what the order is made from. */
function orderable(db: Database, quote: QuoteRow, input: PlaceOrderInput): Orderable {
  if (input.paymentMethod['method'] !== 'checkmo') throw errors.invalidPaymentMethod();
  if (input.billingAddress) {
    refuseProblems(addressProblems(input.billingAddress));
    saveQuoteAddress(db, quote.id, 'billing', input.billingAddress);
  }
  const shippingMethod = quote.shipping_method;
  if (!shippingMethod) throw errors.shippingMethodMissing();
  const lines = db.all(itemRow, 'SELECT * FROM quote_items WHERE quote_id = ? ORDER BY item_id', quote.id);
  if (lines.length === 0) throw errors.shippingMethodMissing();
  const billing = quoteAddress(db, quote.id, 'billing').data;
  const shipping = quoteAddress(db, quote.id, 'shipping').data;
  const missing = missingAddressFields(billing);
  if (missing.length > 0)
    throw errors.billingAddressInvalid(`"${missing[0]}" is required. Enter and try again.`);

  const customer =
    quote.customer_id === null
      ? undefined
      : db.get(
          customerContact,
          'SELECT email, firstname, lastname FROM customers WHERE id = ?',
          quote.customer_id,
        );
  const email =
    customer?.email ?? input.email ?? (typeof billing['email'] === 'string' ? billing['email'] : undefined);
  if (!email) throw errors.required(['email']);

  for (const line of lines) {
    const product = db.get(
      productStock,
      'SELECT status, qty, is_in_stock FROM products WHERE id = ?',
      line.product_id,
    );
    if (!product || product.status !== 1) throw errors.productNotAvailable();
    if (product.is_in_stock !== 1 || line.qty > product.qty) throw errors.qtyNotAvailable();
  }

  return { lines, billing, shipping, customer, email, shippingMethod };
}

/** The order, written as the seed writes its past ones; then the stock its lines take. */
function insertOrder(db: Database, quote: QuoteRow, ready: Orderable, settings: CartSettings, now: string) {
  const { customer, billing, email } = ready;
  const totals = computeTotals(db, quote, settings);
  const written = writeOrder(db, {
    quoteId: quote.id,
    storeId: quote.store_id,
    customer: {
      id: quote.customer_id,
      email,
      firstname: customer?.firstname ?? String(billing['firstname']),
      lastname: customer?.lastname ?? String(billing['lastname']),
    },
    lines: ready.lines,
    shippingAmount: totals.shipping_amount,
    shippingMethod: ready.shippingMethod,
    billing,
    shipping: ready.shipping,
    createdAt: now,
    history: [{ status: 'pending', at: now }],
  });
  takeStock(db, ready.lines);
  return written;
}

function takeStock(db: Database, lines: readonly ItemRow[]): void {
  for (const line of lines) {
    db.run(
      'UPDATE products SET qty = qty - ?, is_in_stock = CASE WHEN qty - ? <= 0 THEN 0 ELSE is_in_stock END WHERE id = ?',
      line.qty,
      line.qty,
      line.product_id,
    );
  }
}
