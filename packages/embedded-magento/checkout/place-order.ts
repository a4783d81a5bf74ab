/**
 * The payment details, and placing the order from the cart with payment method checkmo (CONTRACT.md §5.4,
 * §5.5): by the shopper (`…/payment-information`) or by the admin's quote id (`PUT /V1/carts/:cartId/order`,
 * the payment bridge). The totals are collected one last time and the order is made from that
 * collection: its discount, its delivery and its grand total are the ones the cart showed. Stock is checked
 * and taken, the rules' and coupon's uses counted, the cart deactivated, all in one transaction.
 */
import { z } from 'zod';
import {
  addressValidationMessages,
  quoteAddress,
  saveQuoteAddress,
  type AddressData,
} from '../carts/addresses.ts';
import { quoteById } from '../carts/carts.ts';
import {
  availableMethods,
  CHECKMO,
  importPayment,
  PURCHASE_ORDER,
  storedPayment,
  type StoredPayment,
} from '../carts/payment.ts';
import { customerGroupOf } from '../carts/pricing.ts';
import type { QuoteRow } from '../carts/rows.ts';
import { productRow } from '../catalog/products.ts';
import { customerRow } from '../customers/rows.ts';
import { addressProblems, refuseProblems } from '../customers/validators.ts';
import { magentoDate, type Database } from '../db.ts';
import { couldNotSave, errors, MagentoError } from '../errors.ts';
import type { PaymentMethodInput, QuoteAddressInput } from '../input.ts';
import { writeOrder } from '../orders/write.ts';
import { savePickupLocation } from '../inventory/order-pickup.ts';
import { pickupDescription, validatePickupQuote } from '../inventory/quote-pickup.ts';
import type { SourceRow } from '../inventory/sources.ts';
import { salableQty } from '../inventory/stock.ts';
import { recordUsage } from '../sales-rules/usage.ts';
import { IN_STORE_PICKUP, rateCode, rateDescription, type Rate } from './carriers.ts';
import { collectTotals, type Collected, type CollectedLine } from './collect.ts';
import type { CheckoutSettings } from './settings.ts';
import { computeTotals } from './totals.ts';

/** The customer an order is placed for, with the VAT number the order copies (`customer_taxvat`). */
const customerContact = customerRow.pick({ email: true, firstname: true, lastname: true }).extend({
  taxvat: z.unknown().transform((value) => (typeof value === 'string' ? value : null)),
});
type CustomerContact = z.output<typeof customerContact>;
const productStock = productRow.pick({ status: true, qty: true, is_in_stock: true });

/** `PaymentDetailsInterface`: the methods the quote is offered (its customer group's) and its totals. */
export function paymentDetails(db: Database, quote: QuoteRow, settings: CheckoutSettings) {
  return {
    payment_methods: availableMethods(db, quote, settings),
    totals: computeTotals(db, quote, settings),
  };
}

interface PlaceOrderInput {
  email?: string | undefined;
  paymentMethod: PaymentMethodInput;
  billingAddress?: QuoteAddressInput | undefined;
}

/**
 * `…/payment-information`: records the payment and places the order. Returns the order entity id as the
 * integer Magento's schema declares; real Magento has been seen to send a numeric string instead
 * (CONTRACT.md §1.4.7), which is why clients accept both. What placing refuses comes back as
 * `(Guest)PaymentInformationManagement` rethrows it (`couldNotSave`). (derived) An unexpected error stays
 * the 500 the app logs, where Magento answers a 400 "An error occurred on the server…": a fault here
 * should show.
 */
export function placeOrder(
  db: Database,
  quote: QuoteRow,
  input: PlaceOrderInput,
  settings: CheckoutSettings,
): number {
  return db.transaction(() => {
    savePaymentInformation(db, quote, input, settings);
    try {
      return submit(db, quote, input.email, settings);
    } catch (error) {
      throw error instanceof MagentoError ? couldNotSave(error) : error;
    }
  });
}

/**
 * `QuoteManagement::placeOrder`, inside the caller's transaction: the order made from the quote, the
 * quote closed; the order's id.
 */
function submit(
  db: Database,
  quote: QuoteRow,
  email: string | undefined,
  settings: CheckoutSettings,
): number {
  const ready = orderable(db, quote, email, settings);
  const now = magentoDate();
  const { orderId, incrementId } = insertOrder(db, quote, ready, now);
  db.run(
    'UPDATE quotes SET is_active = 0, reserved_order_id = ?, updated_at = ? WHERE id = ?',
    incrementId,
    now,
    quote.id,
  );
  return orderId;
}

interface Orderable {
  readonly collected: Collected;
  readonly rate: Rate;
  readonly billing: AddressData;
  readonly shipping: AddressData;
  readonly customer: CustomerContact | undefined;
  readonly email: string;
  readonly payment: StoredPayment;
  /** An in-store pickup order's location. */
  readonly pickup: SourceRow | undefined;
}

/** `savePaymentInformation`: the billing address sent and the payment method, before placing. */
function savePaymentInformation(
  db: Database,
  quote: QuoteRow,
  input: PlaceOrderInput,
  settings: CheckoutSettings,
): void {
  // A method the shop has no model for: QuoteValidator's message, as the contract records it.
  const code = input.paymentMethod.method;
  if (code !== CHECKMO.code && code !== PURCHASE_ORDER) throw errors.invalidPaymentMethod();
  if (input.billingAddress) {
    refuseProblems(addressProblems(input.billingAddress));
    saveQuoteAddress(db, quote.id, 'billing', input.billingAddress);
  }
  // PaymentMethodManagement::set → importData, before the order is submitted.
  importPayment(db, quote, input.paymentMethod, settings);
}

/**
 * Magento's checks before an order is placed, in its order (`QuoteValidator::validateBeforeSubmit`'s
 * rules: shipping address, shipping method, billing address; then the coupon, 2.4.7's
 * `CouponUsagesIncrementObserver`; then stock); what the order is made from. A cart that never had a
 * method chosen is refused for it first, as the contract's fixture records.
 */
function orderable(
  db: Database,
  quote: QuoteRow,
  sentEmail: string | undefined,
  settings: CheckoutSettings,
): Orderable {
  const payment = storedPayment(db, quote.id);
  if (!payment) throw errors.invalidPaymentMethod();
  if (!quote.shipping_method) throw errors.shippingMethodMissing();
  const collected = collectTotals(db, quote, settings);
  if (collected.lines.length === 0) throw errors.shippingMethodMissing();
  const billing = quoteAddress(db, quote.id, 'billing').data;
  const shipping = quoteAddress(db, quote.id, 'shipping').data;
  const shippingProblems = addressValidationMessages(shipping);
  if (shippingProblems.length > 0) throw errors.shippingAddressInvalid(shippingProblems);
  // A method the carriers no longer give (the basket got heavier, fell under a threshold) is no method.
  const rate = collected.shippingRate;
  if (!rate || rateCode(rate) !== quote.shipping_method) throw errors.shippingMethodMissing();
  const billingProblems = addressValidationMessages(billing);
  if (billingProblems.length > 0) throw errors.billingAddressInvalid(billingProblems);
  // InStorePickupQuoteValidationRule, the last of the quote's rules.
  const pickup = rateCode(rate) === IN_STORE_PICKUP ? validatePickupQuote(db, quote.id, shipping) : undefined;

  const customer =
    quote.customer_id === null
      ? undefined
      : db.get(
          customerContact,
          "SELECT email, firstname, lastname, json_extract(extra, '$.taxvat') AS taxvat FROM customers WHERE id = ?",
          quote.customer_id,
        );
  const email =
    customer?.email ?? sentEmail ?? (typeof billing['email'] === 'string' ? billing['email'] : undefined);
  if (!email) throw errors.required(['email']);

  // 2.4.7+: a code the last collection dropped, or a coupon used up meanwhile, refuses the order.
  if (quote.coupon_code && !collected.couponCode) throw errors.couponNotValid();

  checkStock(db, collected.lines, pickup !== undefined);
  return { collected, rate, billing, shipping, customer, email, payment, pickup };
}

/**
 * Each line's product sellable for its quantity: a delivery order against the product's own stock; a
 * pickup order (derived) against the stock's salable quantity (`inventory/stock.ts`), as MSI checks
 * `IsProductSalableForRequestedQty` against the stock a pickup order reserves from.
 */
function checkStock(db: Database, lines: readonly CollectedLine[], pickup: boolean): void {
  for (const line of lines) {
    const product = line.sold
      ? db.get(productStock, 'SELECT status, qty, is_in_stock FROM products WHERE id = ?', line.sold.id)
      : undefined;
    if (!product || product.status !== 1) throw errors.productNotAvailable();
    if (pickup ? line.qty > salableQty(db, line.sku) : product.is_in_stock !== 1 || line.qty > product.qty)
      throw errors.qtyNotAvailable();
  }
}

/** The order, written as the seed writes its past ones; then the stock its lines take and the uses. */
function insertOrder(db: Database, quote: QuoteRow, ready: Orderable, now: string) {
  const { customer, billing, email, collected, rate } = ready;
  const written = writeOrder(db, {
    quoteId: quote.id,
    storeId: quote.store_id,
    customer: {
      id: quote.customer_id,
      email,
      firstname: customer?.firstname ?? String(billing['firstname']),
      lastname: customer?.lastname ?? String(billing['lastname']),
    },
    lines: collected.lines.map((line) => ({
      ...line,
      discount_amount: line.discountAmount,
      discount_percent: line.discountPercent,
      tax_rate: line.tax.taxPercent,
      // A configurable's line is Magento's pair: this item and its chosen child's, hidden under it.
      child:
        line.product_type === 'configurable' && line.sold
          ? { product_id: line.sold.id, sku: line.sku, name: line.sold.name }
          : undefined,
    })),
    shippingAmount: collected.shippingAmount,
    shippingMethod: rateCode(rate),
    // SetShippingDescription: a pickup order names its location instead of the method.
    shippingDescription: ready.pickup
      ? pickupDescription(rate.carrierTitle, ready.pickup)
      : rateDescription(rate),
    discount:
      collected.appliedRuleIds.length === 0
        ? undefined
        : {
            amount: collected.discountAmount,
            description: collected.discountDescription,
            couponCode: collected.couponCode || null,
            appliedRuleIds: collected.appliedRuleIds,
          },
    billing,
    shipping: ready.shipping,
    payment: { method: ready.payment.method, poNumber: ready.payment.po_number },
    customerGroupId: customerGroupOf(db, quote),
    customerTaxvat: customer?.taxvat,
    createdAt: now,
    history: [{ status: 'pending', at: now }],
  });
  // A pickup order reserves at the stock and takes its pickup source's quantity when it ships (inventory/notify.ts).
  if (ready.pickup) savePickupLocation(db, written.orderId, ready.pickup.source_code);
  else takeStock(db, collected.lines);
  recordUsage(db, {
    ruleIds: collected.appliedRuleIds,
    couponId: collected.couponId,
    customerId: quote.customer_id,
  });
  return written;
}

/** Each line's sold product gives up the line's quantity (a configurable's child, not the parent). */
function takeStock(db: Database, lines: readonly CollectedLine[]): void {
  for (const line of lines) {
    if (!line.sold) continue;
    db.run(
      'UPDATE products SET qty = qty - ?, is_in_stock = CASE WHEN qty - ? <= 0 THEN 0 ELSE is_in_stock END WHERE id = ?',
      line.qty,
      line.qty,
      line.sold.id,
    );
  }
}

/**
 * `PUT /V1/carts/:cartId/order` (`QuoteManagement::placeOrder($cartId, $paymentMethod)`): the active
 * quote only (a second call after a successful one gets 404 for `cartId`); a method in the body is
 * imported first, otherwise the one already selected is used, and none at all is Magento's "Enter a
 * valid payment method". A guest quote's order takes the billing address's e-mail, a customer quote's
 * the customer's (`placeOrder`).
 */
export function placeOrderForCart(
  db: Database,
  cartId: number,
  method: PaymentMethodInput | undefined,
  settings: CheckoutSettings,
): number {
  return db.transaction(() => {
    const quote = quoteById(db, cartId, true);
    if (method) importPayment(db, quote, method, settings);
    const selected = storedPayment(db, quote.id);
    if (!selected) throw errors.invalidPaymentMethod();
    const paymentMethod = { method: selected.method, po_number: selected.po_number };
    savePaymentInformation(db, quote, { paymentMethod }, settings);
    // QuoteManagement's own refusals, unwrapped: no payment-information service around it.
    return submit(db, quote, undefined, settings);
  });
}
