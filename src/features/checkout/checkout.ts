/**
 * The checkout's pure core: the address forms of the shipping step (spec §2, §5) and their mapping to
 * Magento's quote addresses and back, the shipping-information body (with the delivery method the shopper
 * chose from Magento's, DESIGN.md §3 in place of the spec's flat rate), and the payment
 * bridge's answers as the islands parse them.
 */
import { z } from '../../magento/wire/zod.ts';
import type { QuoteAddress } from '../../magento/wire/address.ts';
import type { CheckoutCartWire } from '../../magento/wire/cart.ts';
import { PAYMENT_METHODS } from '../../payments/methods.ts';
import {
  countryName,
  resolveCountry,
  type CountryName,
  ADDRESS_FIELDS,
  addressProblems,
  type AddressFields,
  type FieldProblems,
} from '../account/index.ts';

/** The checkout's pages. */
export const CHECKOUT_PATHS = {
  home: '/',
  account: '/customer',
  basket: '/basket',
  shipping: '/basket/shipping',
  payment: '/basket/shipping/payment',
  paid: '/paid',
  failed: '/failed-payment',
  /** The confirmation of an order placed on account (issue 38). */
  placedOnAccount: '/order-placed',
} as const;

/** The fields of one address form, in the order the form shows them. */
export const CHECKOUT_FIELDS = ['email', ...ADDRESS_FIELDS] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutAddress = Record<CheckoutField, string>;
export type AddressRole = 'shipping' | 'billing';

/** Every field empty, in the order of CHECKOUT_FIELDS. */
export const emptyCheckoutAddress = (): CheckoutAddress => ({
  email: '',
  firstname: '',
  lastname: '',
  street: '',
  city: '',
  region: '',
  postcode: '',
  country: '',
  telephone: '',
});

export type CheckoutCart = CheckoutCartWire;

export const cartShippingAddress = (cart: CheckoutCart): QuoteAddress | undefined =>
  cart.extension_attributes?.shipping_assignments?.[0]?.shipping.address;

/** The method the cart's shipping assignment holds (`flatrate_flatrate`), '' when none is chosen yet. */
export const cartShippingMethod = (cart: CheckoutCart): string =>
  cart.extension_attributes?.shipping_assignments?.[0]?.shipping.method ?? '';

/** A stored quote address as form values, or undefined when it is still Magento's empty address. */
export function fromQuoteAddress(
  address: QuoteAddress | undefined,
  countries: readonly CountryName[],
): CheckoutAddress | undefined {
  if (!address?.firstname || !address.country_id) return undefined;
  return {
    email: address.email ?? '',
    firstname: address.firstname,
    lastname: address.lastname ?? '',
    street: (address.street ?? []).filter((line): line is string => Boolean(line)).join(', '),
    city: address.city ?? '',
    region: address.region ?? '',
    postcode: address.postcode ?? '',
    country: countryName(address.country_id, countries),
    telephone: address.telephone ?? '',
  };
}

/** A customer's saved address (already in form shape, see the account islands) with their e-mail. */
export const fromSavedAddress = (address: AddressFields, email: string): CheckoutAddress => ({
  ...address,
  email,
});

/**
 * Spec §5, shipping Confirm, and Magento's input limits: what is wrong in one form, field by field
 * ('Validation failed…' when anything is).
 */
export const checkoutProblems = (address: CheckoutAddress): FieldProblems<CheckoutField> =>
  addressProblems(address, { checkout: true });

/** The fields at fault in one form. */
export const invalidCheckoutFields = (address: CheckoutAddress): string[] =>
  Object.keys(checkoutProblems(address));

/** The form's values as Magento's quote address, the country text resolved to a code (spec §5). */
export function toQuoteAddress(address: CheckoutAddress, countries: readonly CountryName[]) {
  return {
    firstname: address.firstname.trim(),
    lastname: address.lastname.trim(),
    street: [address.street.trim()],
    city: address.city.trim(),
    region: address.region.trim(),
    postcode: address.postcode.trim(),
    country_id: resolveCountry(address.country, countries),
    telephone: address.telephone.trim(),
    email: address.email.trim(),
  };
}

/** A delivery method as Magento names it on shipping-information. */
export interface DeliveryMethodCode {
  readonly carrier_code: string;
  readonly method_code: string | null;
}

/** `POST …/shipping-information`: both addresses and the chosen delivery method (spec §7). */
export const shippingInformation = (
  shipping: CheckoutAddress,
  billing: CheckoutAddress,
  countries: readonly CountryName[],
  method: DeliveryMethodCode,
) => ({
  addressInformation: {
    shipping_address: toQuoteAddress(shipping, countries),
    billing_address: toQuoteAddress(billing, countries),
    shipping_carrier_code: method.carrier_code,
    shipping_method_code: method.method_code ?? '',
  },
});

/** Transaction codes are 40 letters, digits and hyphens (spec §9). */
export const ORDER_CODE = /^[A-Za-z0-9-]{40}$/;
/** A stored pending order code, or '' when missing or corrupt. */
export const validOrderCode = (value: string): string => (ORDER_CODE.test(value) ? value : '');

export const startReplySchema = z.object({ code: z.string().regex(ORDER_CODE), nextUrl: z.string() });
/** `GET /payments/status/{code}`: the transaction's state, and for a paid one its order's number when known. */
export const paymentStatusSchema = z.object({
  status: z.enum(['pending', 'paid', 'failed']),
  /** @example "000000123" */
  order: z.string().optional(),
  /** A failed payment whose money the provider took for an order that could not be placed: its refund. */
  refund: z
    .object({
      state: z.enum(['refunding', 'refunded']),
      /** Pence. @example 64999 */
      amount: z.number().int().nonnegative(),
      way: z.enum(PAYMENT_METHODS),
    })
    .optional(),
});
export type PaymentAnswer = z.infer<typeof paymentStatusSchema>;
export type PaymentStatus = PaymentAnswer['status'];

/** Where Pay may send the browser: the provider's page over http(s), nothing else (no `javascript:`). */
export function isProviderUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
