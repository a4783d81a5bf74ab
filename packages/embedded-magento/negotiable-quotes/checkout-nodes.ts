/**
 * What checkout reads of a negotiable quote in the buyer's GraphQL: its shipping address with the
 * delivery methods the carriers give it and the chosen one (at the seller's delivery price when the seller
 * set one), its billing address, the payment methods it is offered and the one chosen.
 */
import { quoteAddress, type AddressData } from '../carts/addresses.ts';
import { quoteById as cartById } from '../carts/carts.ts';
import { b2bMethods } from '../carts/company-payment.ts';
import { availableMethods, storedPayment } from '../carts/payment.ts';
import { rateCode, type Rate } from '../checkout/carriers.ts';
import { collectTotals } from '../checkout/collect.ts';
import { shippingTax } from '../tax.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { money } from './people.ts';
import type { NegotiableRow } from './quotes.ts';

const countries = new Intl.DisplayNames(['en-GB'], { type: 'region' });

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function addressFields(data: AddressData) {
  const country = text(data['country_id']);
  if (!country) return undefined;
  const street = Array.isArray(data['street'])
    ? data['street'].filter((line) => typeof line === 'string')
    : [];
  return {
    firstname: text(data['firstname']) ?? '',
    lastname: text(data['lastname']) ?? '',
    company: text(data['company']),
    street,
    city: text(data['city']) ?? '',
    postcode: text(data['postcode']),
    telephone: text(data['telephone']),
    region: text(data['region']) ? { code: text(data['region_code']), label: text(data['region']) } : null,
    country: { code: country, label: countries.of(country) ?? country },
  };
}

/** The delivery the quote is priced with: the chosen method's rate, at the seller's price if they set one. */
export function shippingView(
  context: GraphQlContext,
  row: NegotiableRow,
): { amount: number; rate: Rate | undefined; rates: readonly Rate[] } {
  const cart = cartById(context.db, row.quote_id, false);
  const collected = collectTotals(context.db, cart, context.checkout);
  const rate = collected.shippingRate;
  if (!rate || !row.shipping_method || rateCode(rate) !== row.shipping_method)
    return { amount: 0, rate: undefined, rates: collected.rates };
  return { amount: row.shipping_price ?? rate.price, rate, rates: collected.rates };
}

function methodView(context: GraphQlContext, rate: Rate, price: number) {
  return {
    carrier_code: rate.carrierCode,
    method_code: rate.methodCode,
    carrier_title: rate.carrierTitle,
    method_title: rate.methodTitle,
    amount: money(context, price),
    price_incl_tax: money(context, price),
    price_excl_tax: money(context, shippingTax(price).amount),
  };
}

export function quoteAddresses(context: GraphQlContext, row: NegotiableRow) {
  const cart = cartById(context.db, row.quote_id, false);
  const shipping = addressFields(quoteAddress(context.db, row.quote_id, 'shipping').data);
  const billing = addressFields(quoteAddress(context.db, row.quote_id, 'billing').data);
  const delivery = () => shippingView(context, row);
  return {
    shipping: shipping
      ? [
          {
            ...shipping,
            available_shipping_methods: () =>
              delivery().rates.map((rate) => ({ ...methodView(context, rate, rate.price), available: true })),
            selected_shipping_method: () => {
              const chosen = delivery();
              return chosen.rate ? methodView(context, chosen.rate, chosen.amount) : null;
            },
          },
        ]
      : [],
    billing: billing ?? null,
    // B2B's company check takes out the methods the buyer's company may not pay with.
    payments: () => b2bMethods(context.checkout, availableMethods(context.db, cart, context.checkout)),
  };
}

export function selectedPayment(context: GraphQlContext, row: NegotiableRow) {
  const stored = storedPayment(context.db, row.quote_id);
  if (!stored) return null;
  const cart = cartById(context.db, row.quote_id, false);
  const title = availableMethods(context.db, cart, context.checkout).find(
    (one) => one.code === stored.method,
  )?.title;
  return { code: stored.method, title: title ?? stored.method, purchase_order_number: stored.po_number };
}
