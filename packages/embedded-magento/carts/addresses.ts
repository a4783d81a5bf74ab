/** Quote addresses: stored as wire-keyed JSON, serialized in Magento's getter order (§6.3). */
import type { Database } from '../db.ts';
import { errors } from '../errors.ts';
import { jsonRecord } from '../json.ts';
import { quoteAddressRow } from './rows.ts';

/** Quote address data as stored: the quote address fields, keyed as on the wire. */
export type AddressData = Record<string, unknown>;

export const REQUIRED_ADDRESS_GETTERS = [
  'region',
  'region_id',
  'region_code',
  'country_id',
  'street',
  'telephone',
  'postcode',
  'city',
  'firstname',
  'lastname',
  'email',
];

/** Quote address in wire order; getters without `|null` are emitted as null when empty (§6.3). */
export function serializeQuoteAddress(id: number, data: AddressData) {
  const value = (key: string) => (data[key] === undefined ? null : data[key]);
  const optional = (key: string) =>
    data[key] === undefined || data[key] === null ? {} : { [key]: data[key] };
  return {
    id,
    region: value('region'),
    region_id: value('region_id'),
    region_code: value('region_code'),
    country_id: value('country_id'),
    street: Array.isArray(data['street']) && data['street'].length > 0 ? data['street'] : [''],
    ...optional('company'),
    telephone: value('telephone'),
    ...optional('fax'),
    postcode: value('postcode'),
    city: value('city'),
    firstname: value('firstname'),
    lastname: value('lastname'),
    ...optional('middlename'),
    ...optional('prefix'),
    ...optional('suffix'),
    ...optional('vat_id'),
    ...optional('customer_id'),
    email: value('email'),
    same_as_billing: typeof data['same_as_billing'] === 'number' ? data['same_as_billing'] : 0,
    ...optional('customer_address_id'),
    save_in_address_book: typeof data['save_in_address_book'] === 'number' ? data['save_in_address_book'] : 0,
  };
}

export function quoteAddress(db: Database, quoteId: number, type: 'billing' | 'shipping') {
  const row = db.get(
    quoteAddressRow,
    'SELECT id, data FROM quote_addresses WHERE quote_id = ? AND address_type = ?',
    quoteId,
    type,
  );
  if (!row) throw errors.internal();
  return { id: row.id, data: jsonRecord(row.data) };
}

export function saveQuoteAddress(
  db: Database,
  quoteId: number,
  type: 'billing' | 'shipping',
  data: AddressData,
): void {
  const clean: AddressData = {};
  for (const [key, value] of Object.entries(data)) {
    if (
      value !== undefined &&
      value !== null &&
      key !== 'id' &&
      key !== 'extension_attributes' &&
      key !== 'custom_attributes'
    ) {
      clean[key] = value;
    }
  }
  db.run(
    'UPDATE quote_addresses SET data = ? WHERE quote_id = ? AND address_type = ?',
    JSON.stringify(clean),
    quoteId,
    type,
  );
}

/** Countries whose postcode may be left out (Directory's `general/country/optional_zip_countries`). */
const OPTIONAL_POSTCODE = ['HK', 'IE', 'MO', 'PA'];

const blank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

/**
 * `Quote\Address::validate()`'s messages for a quote address, in its validators' order
 * (`Customer\Model\Address\Validator\General`, then `Country`): each field it requires and lacks,
 * named as Magento names it (`countryId`, not `country_id`).
 */
export function addressValidationMessages(data: AddressData): string[] {
  const street = data['street'];
  const streetMissing = !Array.isArray(street) || blank(street[0]);
  const country = typeof data['country_id'] === 'string' ? data['country_id'].toUpperCase() : '';
  const missing = [
    ...(blank(data['firstname']) ? ['firstname'] : []),
    ...(blank(data['lastname']) ? ['lastname'] : []),
    ...(streetMissing ? ['street'] : []),
    ...(blank(data['city']) ? ['city'] : []),
    ...(blank(data['telephone']) ? ['telephone'] : []),
    ...(!OPTIONAL_POSTCODE.includes(country) && blank(data['postcode']) ? ['postcode'] : []),
    ...(country === '' ? ['countryId'] : []),
  ];
  return missing.map((field) => `"${field}" is required. Enter and try again.`);
}
