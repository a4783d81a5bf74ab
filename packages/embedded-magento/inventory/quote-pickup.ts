/**
 * InventoryInStorePickupQuote: the pickup location a quote's shipping address is assigned
 * (`inventory_pickup_location_quote_address`; ManageAssignmentOfPickupLocationToQuoteAddress saves it on
 * each save of the shipping address and deletes it when the address comes without one;
 * LoadPickupLocationForQuoteAddress reads it back), the shipping description it gives
 * (SetShippingDescription) and the placement rule (InStorePickupQuoteValidationRule).
 */
import { z } from 'zod';
import type { AddressData } from '../carts/addresses.ts';
import type { Database } from '../db.ts';
import { MagentoError } from '../errors.ts';
import { getPickupLocation } from './pickup-locations.ts';
import type { SourceRow } from './sources.ts';

/** A quote address's `extension_attributes` as far as pickup goes (`AddressExtensionInterface`). */
const addressExtension = z.object({ pickup_location_code: z.string().nullish() });

/** The code a shipping address sent carries in its extension attributes, if any. */
export function sentPickupCode(address: AddressData): string | undefined {
  const parsed = addressExtension.safeParse(address['extension_attributes']);
  const code = parsed.success ? parsed.data.pickup_location_code : undefined;
  return code ? code : undefined;
}

const codeRow = z.object({ pickup_location_code: z.string() });

/** The code assigned to the quote's shipping address, if any. */
export function quotePickupCode(db: Database, quoteId: number): string | undefined {
  return db.get(
    codeRow,
    `SELECT p.pickup_location_code FROM quote_address_pickup p
       JOIN quote_addresses a ON a.id = p.address_id WHERE a.quote_id = ? AND a.address_type = 'shipping'`,
    quoteId,
  )?.pickup_location_code;
}

/** ManageAssignmentOfPickupLocationToQuoteAddress: the shipping address's code saved, or deleted. */
export function assignPickupLocation(db: Database, quoteId: number, code: string | undefined): void {
  const address = `SELECT id FROM quote_addresses WHERE quote_id = ? AND address_type = 'shipping'`;
  if (code === undefined) {
    db.run(`DELETE FROM quote_address_pickup WHERE address_id IN (${address})`, quoteId);
    return;
  }
  db.run(
    `INSERT INTO quote_address_pickup (address_id, pickup_location_code) SELECT id, ? FROM quote_addresses
       WHERE quote_id = ? AND address_type = 'shipping'
     ON CONFLICT (address_id) DO UPDATE SET pickup_location_code = excluded.pickup_location_code`,
    code,
    quoteId,
  );
}

/** SetShippingDescription: `"<carrier title> - <pickup location name>"`. */
export const pickupDescription = (carrierTitle: string, location: SourceRow): string =>
  `${carrierTitle} - ${location.frontend_name ?? location.name}`;

/** PHP's `!=` between two scalars as the quote and the location hold them (null, '' and 0 alike). */
function looselyEqual(a: unknown, b: unknown): boolean {
  const blank = (value: unknown) => value === null || value === undefined || value === '' || value === false;
  if (blank(a) || blank(b)) return (blank(a) && blank(b)) || a === 0 || b === 0;
  return String(a) === String(b) || (Number(a) === Number(b) && !Number.isNaN(Number(a)));
}

/**
 * IsPickupLocationShippingAddress: the address must be the location's (ExtractPickupLocationAddressData:
 * country, region, region id, city, street, postcode) and not the billing one, nor one to keep
 * (GetShippingAddressData: same_as_billing and save_in_address_book false, no customer address).
 */
function isLocationAddress(location: SourceRow, address: AddressData): boolean {
  const street = Array.isArray(address['street']) ? address['street'].join('\n') : address['street'];
  const pairs: [unknown, unknown][] = [
    [address['same_as_billing'] ?? 0, false],
    [address['save_in_address_book'] ?? 0, false],
    [address['customer_address_id'] ?? null, null],
    [address['country_id'], location.country_id],
    [address['region'], location.region],
    [address['region_id'], location.region_id],
    [address['city'], location.city],
    [street, location.street],
    [address['postcode'], location.postcode],
  ];
  return pairs.every(([sent, wanted]) => looselyEqual(sent, wanted));
}

/**
 * `QuoteValidator::validateBeforeSubmit` for a rule's failed result: its first message as the phrase, the
 * others joined by a space as `%1` (a ValidatorException, 400; `%1` is '' for a lone message).
 */
const quoteInvalid = ([first = '', ...rest]: readonly string[]) =>
  new MagentoError(400, rest.length > 0 ? `${first} %1` : first, [rest.join(' ')]);

/**
 * InStorePickupQuoteValidationRule: a pickup quote needs its location (a code no longer an active
 * location is GetPickupLocation's 404, thrown from inside the rule) at the location's address. Returns
 * the location.
 */
export function validatePickupQuote(db: Database, quoteId: number, address: AddressData): SourceRow {
  const code = quotePickupCode(db, quoteId);
  const location = code === undefined ? undefined : getPickupLocation(db, code);
  if (!location) throw quoteInvalid(['Quote does not have Pickup Location assigned.']);
  if (!isLocationAddress(location, address))
    throw quoteInvalid([
      'Pickup Location Address does not match Shipping Address for In-Store Pickup Quote.',
    ]);
  return location;
}
