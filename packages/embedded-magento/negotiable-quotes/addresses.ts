/**
 * The buyer's address and payment calls on a negotiable quote: `setNegotiableQuoteShippingAddress`,
 * `setNegotiableQuoteBillingAddress` (an address typed in, or one of the customer's own by its uid),
 * `setNegotiableQuoteShippingMethods` and `setNegotiableQuotePaymentMethod`. They prepare the order and
 * leave the negotiation's state as it is; the payment is set only on a quote the buyer may order now.
 */
import { z } from 'zod';
import { saveQuoteAddress, type AddressData } from '../carts/addresses.ts';
import { quoteById as cartById } from '../carts/carts.ts';
import { b2bMayUse } from '../carts/company-payment.ts';
import { importPayment } from '../carts/payment.ts';
import { rateCode } from '../checkout/carriers.ts';
import { collectTotals } from '../checkout/collect.ts';
import { sqlNumber } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { ClientSafeError, inputError } from '../graphql/errors.ts';
import { jsonRecord, record } from '../json.ts';
import { MagentoError } from '../errors.ts';
import type { CompanyUser } from '../company/index.ts';
import { buyer, ownQuote } from './access.ts';
import { quoteOut } from './buyer.ts';
import { quoteErrors } from './errors.ts';
import type { NegotiableRow } from './quotes.ts';
import { BUYER_EDITABLE, STATUS } from './status.ts';
import { decodeUid } from './uid.ts';

const addressInput = z.object({
  firstname: z.string(),
  lastname: z.string(),
  company: z.string().nullish(),
  street: z.array(z.string()),
  city: z.string(),
  region: z.string().nullish(),
  region_id: z.number().int().nullish(),
  postcode: z.string().nullish(),
  country_code: z.string(),
  telephone: z.string().nullish(),
  save_in_address_book: z.boolean().nullish(),
});
const addressChoice = z.object({
  address: addressInput.nullish(),
  customer_address_uid: z.string().nullish(),
});

/** A quote the buyer may prepare for ordering. */
function preparing(context: GraphQlContext, uid: string): NegotiableRow {
  const user = buyer(context, 'manage');
  const row = ownQuote(context, user, uid);
  if (!BUYER_EDITABLE.includes(row.status)) throw quoteErrors.badStatus([row.uid]);
  return row;
}

const customerAddressRow = z.object({ id: sqlNumber, data: z.string() });

/** The customer's saved address the uid names, as a quote keeps an address. */
function savedAddress(context: GraphQlContext, customerId: number, uid: string): AddressData {
  const id = decodeUid(uid);
  const row =
    id === undefined
      ? undefined
      : context.db.get(
          customerAddressRow,
          'SELECT id, data FROM customer_addresses WHERE id = ? AND customer_id = ?',
          id,
          customerId,
        );
  if (!row) throw quoteErrors.addressNotFound(uid);
  const data = jsonRecord(row.data);
  const region = record(data['region']);
  return {
    ...data,
    region: region['region'] ?? null,
    region_id: region['region_id'] ?? null,
    region_code: region['region_code'] ?? null,
    customer_address_id: row.id,
  };
}

function chosenAddress(
  context: GraphQlContext,
  row: NegotiableRow,
  choice: z.output<typeof addressChoice>,
): AddressData {
  if (choice.customer_address_uid) return savedAddress(context, row.customer_id, choice.customer_address_uid);
  if (!choice.address)
    throw inputError('The shipping address must contain either "customer_address_uid" or "address".');
  const { country_code, ...rest } = choice.address;
  return { ...rest, country_id: country_code.toUpperCase() };
}

const shippingArgs = z.object({
  input: z.object({ quote_uid: z.string(), shipping_addresses: z.array(addressChoice) }),
});

export function setShippingAddress(args: unknown, context: GraphQlContext) {
  const { input } = shippingArgs.parse(args);
  return context.db.transaction(() => {
    const row = preparing(context, input.quote_uid);
    const [first] = input.shipping_addresses;
    if (!first || input.shipping_addresses.length > 1)
      throw inputError('You cannot specify multiple shipping addresses.');
    saveQuoteAddress(context.db, row.quote_id, 'shipping', chosenAddress(context, row, first));
    return { quote: quoteOut(context, row.uid) };
  });
}

const billingArgs = z.object({
  input: z.object({
    quote_uid: z.string(),
    billing_address: addressChoice.extend({
      same_as_shipping: z.boolean().nullish(),
      use_for_shipping: z.boolean().nullish(),
    }),
  }),
});

export function setBillingAddress(args: unknown, context: GraphQlContext) {
  const { input } = billingArgs.parse(args);
  return context.db.transaction(() => {
    const row = preparing(context, input.quote_uid);
    const address = chosenAddress(context, row, input.billing_address);
    saveQuoteAddress(context.db, row.quote_id, 'billing', address);
    if (input.billing_address.same_as_shipping || input.billing_address.use_for_shipping)
      saveQuoteAddress(context.db, row.quote_id, 'shipping', address);
    return { quote: quoteOut(context, row.uid) };
  });
}

const methodArgs = z.object({
  input: z.object({
    quote_uid: z.string(),
    shipping_methods: z.array(z.object({ carrier_code: z.string(), method_code: z.string() })),
  }),
});

export function setShippingMethods(args: unknown, context: GraphQlContext) {
  const { input } = methodArgs.parse(args);
  return context.db.transaction(() => {
    const row = preparing(context, input.quote_uid);
    const [method] = input.shipping_methods;
    if (!method) throw inputError('Required parameter "shipping_methods" is missing');
    const code = rateCode({ carrierCode: method.carrier_code, methodCode: method.method_code });
    const rates = collectTotals(
      context.db,
      cartById(context.db, row.quote_id, false),
      context.checkout,
    ).rates;
    if (!rates.some((rate) => rateCode(rate) === code))
      throw inputError(`Carrier with such method not found: ${method.carrier_code}, ${method.method_code}`);
    context.db.run('UPDATE quotes SET shipping_method = ? WHERE id = ?', code, row.quote_id);
    return { quote: quoteOut(context, row.uid) };
  });
}

const paymentArgs = z.object({
  input: z.object({
    quote_uid: z.string(),
    payment_method: z.object({ code: z.string(), purchase_order_number: z.string().nullish() }),
  }),
});

/** The buyer who may check out; Adobe words every refusal of theirs (a guest's too) as the payment call's own. */
function checkoutBuyer(context: GraphQlContext): CompanyUser {
  try {
    return buyer(context, 'checkout');
  } catch (error) {
    const refused = error instanceof ClientSafeError && error.extensions.category === 'graphql-authorization';
    throw refused ? quoteErrors.cannotSetPayment() : error;
  }
}

/** The buyer's quote they may order now (UPDATED); any other is locked. */
function paying(context: GraphQlContext, uid: string): NegotiableRow {
  const row = ownQuote(context, checkoutBuyer(context), uid);
  if (row.status !== STATUS.submittedByAdmin) throw quoteErrors.paymentLocked(uid);
  return row;
}

/**
 * `setNegotiableQuotePaymentMethod`: `PaymentMethodManagement::set` on the quote, whose `importData` also
 * runs B2B's company check (`../carts/company-payment.ts`): a method the company may not pay with is
 * refused in Magento's words.
 */
export function setPaymentMethod(args: unknown, context: GraphQlContext) {
  const { input } = paymentArgs.parse(args);
  return context.db.transaction(() => {
    const row = paying(context, input.quote_uid);
    const code = input.payment_method.code;
    if (!b2bMayUse(context.checkout, code)) throw quoteErrors.paymentNotAvailable();
    const cart = cartById(context.db, row.quote_id, false);
    const method = { method: code, po_number: input.payment_method.purchase_order_number ?? undefined };
    try {
      importPayment(context.db, cart, method, context.checkout);
    } catch (error) {
      throw error instanceof MagentoError ? inputError(error.message) : error;
    }
    return { quote: quoteOut(context, row.uid) };
  });
}
