/**
 * The delivery methods a cart can have (`ShippingMethodManagement`, `ShipmentEstimation`;
 * COMMERCE-BASICS.md §2.1–2.2): estimated for an address sent or one of the customer's saved addresses,
 * or listed for the address the cart holds. An estimate saves nothing. An empty cart has none.
 */
import { quoteAddress, type AddressData } from '../carts/addresses.ts';
import type { QuoteRow } from '../carts/rows.ts';
import { customerAddressRow, flatAddress } from '../customers/rows.ts';
import { countRow, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import type { Rate } from './carriers.ts';
import { collectTotals } from './collect.ts';
import type { CheckoutSettings } from './settings.ts';

/** `ShippingMethodInterface` in its getter order (`ShippingMethodConverter::modelToDataObject`). */
export const serializeShippingMethod = (rate: Rate) => ({
  carrier_code: rate.carrierCode,
  method_code: rate.methodCode,
  carrier_title: rate.carrierTitle,
  method_title: rate.methodTitle,
  amount: rate.price,
  base_amount: rate.price,
  available: true,
  // The converter sets `false` for "no error"; the getter is typed string, so it goes out as "".
  error_message: '',
  price_excl_tax: rate.price,
  price_incl_tax: rate.price,
});

const isEmpty = (db: Database, quote: QuoteRow): boolean =>
  (db.get(countRow, 'SELECT COUNT(*) AS n FROM quote_items WHERE quote_id = ?', quote.id)?.n ?? 0) === 0;

/** The cart's rates with `address` laid over its shipping address (`addData`), nothing saved. */
function ratesFor(db: Database, quote: QuoteRow, settings: CheckoutSettings, address: AddressData) {
  const saved = quoteAddress(db, quote.id, 'shipping').data;
  const defined = Object.fromEntries(
    Object.entries(address).filter(([, value]) => value !== null && value !== undefined),
  );
  return collectTotals(db, quote, settings, { shippingAddress: { ...saved, ...defined } }).rates.map(
    serializeShippingMethod,
  );
}

/** `POST …/estimate-shipping-methods` (`estimateByExtendedAddress`). */
export function estimateShippingMethods(
  db: Database,
  quote: QuoteRow,
  settings: CheckoutSettings,
  address: AddressData,
) {
  if (isEmpty(db, quote)) return [];
  return ratesFor(db, quote, settings, address);
}

/** One of the quote's customer's saved addresses as a quote address (flat region). */
function customerAddress(db: Database, quote: QuoteRow, addressId: number): AddressData | undefined {
  if (quote.customer_id === null) return undefined;
  const row = db.get(
    customerAddressRow,
    'SELECT * FROM customer_addresses WHERE id = ? AND customer_id = ?',
    addressId,
    quote.customer_id,
  );
  if (!row) return undefined;
  return { ...flatAddress(row), customer_address_id: row.id };
}

/**
 * `POST carts/mine/estimate-shipping-methods-by-address-id` (`estimateByAddressId`, current 2.4): the
 * address must be one of the cart's customer's, else "The shipping address is missing".
 */
export function estimateByAddressId(
  db: Database,
  quote: QuoteRow,
  settings: CheckoutSettings,
  addressId: number,
) {
  if (isEmpty(db, quote)) return [];
  const address = customerAddress(db, quote, addressId);
  if (!address) throw errors.shippingAddressMissing();
  return ratesFor(db, quote, settings, address);
}

/** `GET …/shipping-methods` (`getList`): the rates for the address the cart holds. */
export function listShippingMethods(db: Database, quote: QuoteRow, settings: CheckoutSettings) {
  if (isEmpty(db, quote)) return [];
  const country = quoteAddress(db, quote.id, 'shipping').data['country_id'];
  if (typeof country !== 'string' || country === '') throw errors.shippingAddressNotSet();
  return collectTotals(db, quote, settings).rates.map(serializeShippingMethod);
}
