/**
 * The delivery step: `POST …/shipping-information` (Checkout's `ShippingInformationManagement::
 * saveAddressInformation`; COMMERCE-BASICS.md §2.4) saves both addresses and the method, then answers
 * with the payment methods and the totals; `POST …/totals-information` (`TotalsInformationManagement::
 * calculate`) prices an address and a method without saving either.
 */
import { availableMethods } from '../carts/payment.ts';
import { saveQuoteAddress, type AddressData } from '../carts/addresses.ts';
import type { QuoteRow } from '../carts/rows.ts';
import { addressProblems, refuseProblems } from '../customers/validators.ts';
import { countRow, magentoDate, type Database } from '../db.ts';
import { isKnownCountry } from '../directory/countries.ts';
import { errors } from '../errors.ts';
import type { QuoteAddressInput, ShippingInformationInput } from '../input.ts';
import { isRecord, type JsonRecord } from '../json.ts';
import { getPickupLocation } from '../inventory/pickup-locations.ts';
import { assignPickupLocation, sentPickupCode } from '../inventory/quote-pickup.ts';
import { IN_STORE_PICKUP, rateCode } from './carriers.ts';
import { collectTotals, currentQuote, saveCollected } from './collect.ts';
import type { CheckoutSettings } from './settings.ts';
import { computeTotals, serializeTotals } from './totals.ts';

const optionalRecord = (value: unknown): JsonRecord | undefined => (isRecord(value) ? value : undefined);

const itemCount = (db: Database, quote: QuoteRow): number =>
  db.get(countRow, 'SELECT COUNT(*) AS n FROM quote_items WHERE quote_id = ?', quote.id)?.n ?? 0;

/**
 * Magento's order of things: an empty cart and a missing address are refused before anything is saved;
 * the addresses and `carrier_method` are then saved (`quoteRepository->save`) even when no such rate
 * exists, and only then is the method looked for: 404 "Carrier with such method not found: %1, %2", or,
 * with no method code, 404 "The shipping method is missing".
 */
export function saveShippingInformation(
  db: Database,
  quote: QuoteRow,
  info: ShippingInformationInput,
  settings: CheckoutSettings,
) {
  const carrier = String(info['shipping_carrier_code'] ?? '');
  const method = String(info['shipping_method_code'] ?? '');
  const saved = db.transaction(() => {
    if (itemCount(db, quote) === 0) throw errors.emptyCartShipping();
    const shipping = optionalRecord(info['shipping_address']);
    if (!shipping || typeof shipping['country_id'] !== 'string' || shipping['country_id'] === '') {
      throw errors.shippingAddressMissing();
    }
    const billing = optionalRecord(info['billing_address']);
    const addresses = billing ? [shipping, billing] : [shipping];
    for (const address of addresses) {
      if (!isKnownCountry(String(address['country_id']).toUpperCase())) throw errors.shippingInfoNotSaved();
    }
    // (derived) The customer address rules hold for quote addresses too: 2.4.8 refuses an order over a
    // city it refuses (magento/magento2#39854), before anything is saved.
    for (const address of addresses) refuseProblems(addressProblems(address));
    saveQuoteAddress(db, quote.id, 'shipping', shipping);
    const pickupCode = sentPickupCode(shipping);
    assignPickupLocation(db, quote.id, pickupCode);
    if (billing) saveQuoteAddress(db, quote.id, 'billing', billing);
    db.run(
      'UPDATE quotes SET shipping_method = ?, updated_at = ? WHERE id = ?',
      `${carrier}_${method}`,
      magentoDate(),
      quote.id,
    );
    // SetShippingDescription, on the collection that follows: an unknown location is its 404.
    if (`${carrier}_${method}` === IN_STORE_PICKUP && pickupCode !== undefined)
      getPickupLocation(db, pickupCode);
    saveCollected(db, quote.id, settings);
    const updated = currentQuote(db, quote.id) ?? quote;
    return { quote: updated, collected: collectTotals(db, updated, settings) };
  });
  if (!saved.collected.rates.some((rate) => rateCode(rate) === `${carrier}_${method}`)) {
    throw method === '' ? errors.shippingMethodNotFound() : errors.carrierNotFound(carrier, method);
  }
  return {
    payment_methods: availableMethods(db, saved.quote, settings),
    totals: serializeTotals(saved.collected, settings),
  };
}

/** What `totals-information` is sent (`TotalsInformationInterface`). */
export interface TotalsInformation {
  readonly address?: QuoteAddressInput | null | undefined;
  readonly shipping_carrier_code?: string | null | undefined;
  readonly shipping_method_code?: string | null | undefined;
}

/**
 * `POST …/totals-information`: the cart's totals with `address` as its shipping address and, when both
 * codes are sent, that method; the quote is not saved.
 */
export function totalsInformation(
  db: Database,
  quote: QuoteRow,
  info: TotalsInformation,
  settings: CheckoutSettings,
) {
  if (itemCount(db, quote) === 0) throw errors.totalsEmptyCart();
  const carrier = info.shipping_carrier_code ?? '';
  const method = info.shipping_method_code ?? '';
  const address: AddressData = optionalRecord(info.address) ?? {};
  return computeTotals(db, quote, settings, {
    shippingAddress: address,
    ...(carrier !== '' && method !== '' ? { shippingMethod: `${carrier}_${method}` } : {}),
  });
}
