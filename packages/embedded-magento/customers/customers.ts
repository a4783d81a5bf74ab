/**
 * Customer accounts (CONTRACT.md §5.8): create (anonymous), read and save (`me` or admin by id), with
 * Magento's shapes: string default address ids, region objects, default flags present only when true.
 */
import {
  applyCompanyAttributes,
  companyAttributesOf,
  planCompanyAttributes,
  plannedAttributes,
} from '../company/attributes.ts';
import { hashPassword } from '../crypto.ts';
import { magentoDate, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import type { CustomerAddressInput, CustomerInput } from '../input.ts';
import { jsonRecord, record, records } from '../json.ts';
import { regionName } from '../directory/countries.ts';
import {
  customerAddressId,
  customerAddressRow,
  customerLogin,
  customerRow,
  type CustomerLogin,
  storedAddress,
  type CustomerAddressRow,
  type CustomerRow,
  type StoredAddress,
} from './rows.ts';
import {
  customAttributeInput,
  customAttributeProblems,
  customAttributesOf,
  saveCustomAttributes,
  type CustomAttributeValues,
} from './custom-attributes.ts';
import { defaultGroupId, validateGroupId } from './groups.ts';
import { addressProblems, dobProblems, emailProblems, nameProblems, refuseProblems } from './validators.ts';

const OPTIONAL_ADDRESS_FIELDS = [
  'company',
  'telephone',
  'fax',
  'postcode',
  'city',
  'middlename',
  'prefix',
  'suffix',
  'vat_id',
] as const;
/** AccountManagement::MAX_PASSWORD_LENGTH. */
const MAX_PASSWORD_LENGTH = 256;
const EXTRA_FIELDS = ['dob', 'middlename', 'prefix', 'suffix', 'gender', 'taxvat'] as const;

export function findCustomerByEmail(db: Database, email: string): CustomerLogin | undefined {
  return db.get(
    customerLogin,
    'SELECT id, password_hash FROM customers WHERE email = ? AND website_id = 1',
    email,
  );
}

function serializeAddress(row: CustomerAddressRow, customer: CustomerRow) {
  const data = storedAddress.parse(JSON.parse(row.data));
  return {
    id: row.id,
    customer_id: row.customer_id,
    region: data.region,
    region_id: data.region.region_id,
    country_id: data.country_id,
    street: data.street,
    ...Object.fromEntries(
      OPTIONAL_ADDRESS_FIELDS.slice(0, 5)
        .filter((key) => data[key] !== undefined)
        .map((key) => [key, data[key]]),
    ),
    firstname: data.firstname,
    lastname: data.lastname,
    ...Object.fromEntries(
      OPTIONAL_ADDRESS_FIELDS.slice(5)
        .filter((key) => data[key] !== undefined)
        .map((key) => [key, data[key]]),
    ),
    ...(customer.default_shipping === row.id ? { default_shipping: true } : {}),
    ...(customer.default_billing === row.id ? { default_billing: true } : {}),
  };
}

type CompanyAttributesAnswer = ReturnType<typeof companyAttributesOf>;

/**
 * `GET /V1/customers/:id` (and `me`); a save answers with `companyAttributes` as it held them, which B2B's
 * plugin puts on the customer it returns.
 */
export function serializeCustomer(db: Database, id: number, companyAttributes?: CompanyAttributesAnswer) {
  const row = db.get(customerRow, 'SELECT * FROM customers WHERE id = ?', id);
  if (!row) throw errors.noSuchEntity('customerId', id);
  const extra = jsonRecord(row.extra);
  const addresses = db.all(
    customerAddressRow,
    'SELECT id, customer_id, data FROM customer_addresses WHERE customer_id = ? ORDER BY id',
    id,
  );
  const custom = customAttributesOf(db, id);
  return {
    id: row.id,
    group_id: row.group_id,
    ...(row.default_billing === null ? {} : { default_billing: String(row.default_billing) }),
    ...(row.default_shipping === null ? {} : { default_shipping: String(row.default_shipping) }),
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_in: 'Default Store View',
    ...(extra['dob'] === undefined ? {} : { dob: extra['dob'] }),
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    ...Object.fromEntries(
      ['middlename', 'prefix', 'suffix', 'gender']
        .filter((k) => extra[k] !== undefined)
        .map((k) => [k, extra[k]]),
    ),
    store_id: row.store_id,
    ...(extra['taxvat'] === undefined ? {} : { taxvat: extra['taxvat'] }),
    website_id: row.website_id,
    addresses: addresses.map((address) => serializeAddress(address, row)),
    disable_auto_group_change: 0,
    extension_attributes: {
      // B2B's company attributes, which every customer has (Magento_Company's plugin on the repository).
      company_attributes: companyAttributes ?? companyAttributesOf(db, row.id),
      is_subscribed: row.is_subscribed === 1,
    },
    ...(custom.length === 0 ? {} : { custom_attributes: custom }),
  };
}

const requireText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function toStoredAddress(input: CustomerAddressInput): StoredAddress {
  const street = input['street'];
  const lines = Array.isArray(street) ? street.filter((line) => typeof line === 'string') : [];
  const missing = (
    ['firstname', 'lastname', 'street', 'city', 'country_id', 'telephone', 'postcode'] as const
  ).filter((field) =>
    field === 'street' ? !Array.isArray(street) || !lines.some(requireText) : !requireText(input[field]),
  );
  if (missing.length > 0) throw errors.required(missing);
  // ResourceModel\Address::_validate(): the customer_address validators, after the required fields.
  refuseProblems(addressProblems(input));
  const countryId = String(input['country_id']).toUpperCase();
  const region = record(input['region']);
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const regionId = number(region['region_id']) ?? number(input['region_id']) ?? 0;
  const known = regionId ? regionName(countryId, regionId) : undefined;
  const stored: StoredAddress = {
    region: {
      // AbstractAddress::getRegionCode(): a free-text region doubles as its code.
      region_code: text(region['region_code']) ?? known?.code ?? text(region['region']) ?? null,
      region: text(region['region']) ?? known?.name ?? null,
      region_id: regionId ?? 0,
    },
    country_id: countryId,
    street: lines,
    firstname: String(input['firstname']),
    lastname: String(input['lastname']),
  };
  for (const key of OPTIONAL_ADDRESS_FIELDS) {
    if (typeof input[key] === 'string') stored[key] = input[key];
  }
  return stored;
}

function validateCustomer(customer: CustomerInput, custom: CustomAttributeValues | undefined): void {
  const missing = (['email', 'firstname', 'lastname'] as const).filter(
    (field) => !requireText(customer[field]),
  );
  if (missing.length > 0) throw errors.required(missing);
  // ResourceModel\Customer::_validate(): the EAV attribute check (the e-mail, then the custom attributes)
  // and the customer validators (Name, Dob) run as one chain, and all their messages make one exception.
  refuseProblems([
    ...emailProblems(String(customer['email'])),
    ...customAttributeProblems(custom),
    ...nameProblems(customer),
    ...dobProblems(customer.dob),
  ]);
}

/**
 * AccountManagement::checkPasswordStrength() with Magento's defaults: at most 256 characters (checked
 * first, before any hashing), at least 8, no space at either end, and at least 3 classes of characters
 * (lower, upper, digits, special).
 */
export function checkPasswordStrength(password: string): void {
  const length = [...password].length;
  if (length > MAX_PASSWORD_LENGTH) throw errors.passwordTooLong(MAX_PASSWORD_LENGTH);
  if (length < 8) throw errors.passwordTooShort(8);
  if (password.trim() !== password) throw errors.passwordSpaces();
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/].filter((re) => re.test(password)).length;
  if (classes < 3) throw errors.passwordClasses(3);
}

/** Replaces the customer's addresses with `addresses` (kept ids updated, others deleted), then defaults. */
function saveAddresses(
  db: Database,
  customerId: number,
  addresses: CustomerAddressInput[],
  fallback: { billing: number | null; shipping: number | null },
) {
  const existing = new Set(
    db
      .all(customerAddressId, 'SELECT id FROM customer_addresses WHERE customer_id = ?', customerId)
      .map((row) => row.id),
  );
  const kept = new Set<number>();
  let billing: number | null = null;
  let shipping: number | null = null;
  for (const address of addresses) {
    const data = JSON.stringify(toStoredAddress(address));
    const requestedId = address.id ?? undefined;
    let id: number;
    if (requestedId !== undefined && existing.has(requestedId)) {
      db.run('UPDATE customer_addresses SET data = ? WHERE id = ?', data, requestedId);
      id = requestedId;
    } else {
      id = db.run(
        'INSERT INTO customer_addresses (customer_id, data) VALUES (?, ?)',
        customerId,
        data,
      ).lastInsertRowid;
    }
    kept.add(id);
    if (address['default_billing'] === true) billing = id;
    if (address['default_shipping'] === true) shipping = id;
  }
  for (const id of existing) if (!kept.has(id)) db.run('DELETE FROM customer_addresses WHERE id = ?', id);
  const keep = (current: number | null) => (current !== null && kept.has(current) ? current : null);
  db.run(
    'UPDATE customers SET default_billing = ?, default_shipping = ? WHERE id = ?',
    billing ?? keep(fallback.billing),
    shipping ?? keep(fallback.shipping),
    customerId,
  );
}

export async function createCustomer(
  db: Database,
  customer: CustomerInput,
  password: string | undefined,
  callerIsAdmin: boolean,
) {
  const custom = customAttributeInput(customer.custom_attributes);
  validateCustomer(customer, custom);
  // AccountManagementApi::validateCustomerRequest(): only a truthy group id needs the right (0 passes).
  if (customer.group_id && !callerIsAdmin) throw errors.unauthorized('Magento_Customer::manage');
  if (password !== undefined) checkPasswordStrength(password);
  const addresses = records(customer['addresses']);
  addresses.forEach(toStoredAddress); // validate before anything is written
  const passwordHash = password === undefined ? null : await hashPassword(password);
  const name = `${String(customer['firstname'])} ${String(customer['lastname'])}`;
  const company = record(customer['extension_attributes'])['company_attributes'];
  const plan = planCompanyAttributes(db, { id: undefined, name }, company, 'create');
  const id = db.transaction(() => {
    validateGroupId(db, customer.group_id);
    if (findCustomerByEmail(db, String(customer['email']))) throw errors.emailExists();
    const now = magentoDate();
    const extra = Object.fromEntries(
      EXTRA_FIELDS.filter((key) => customer[key] !== undefined).map((key) => [key, customer[key]]),
    );
    const subscribed = record(customer['extension_attributes'])['is_subscribed'] === true;
    const newId = db.run(
      `INSERT INTO customers (email, website_id, store_id, group_id, firstname, lastname, password_hash, is_subscribed, extra, created_at, updated_at)
       VALUES (?, 1, 1, ?, ?, ?, ?, ?, ?, ?, ?)`,
      String(customer['email']),
      // Model\Customer::getGroupId(): none given is the store's default group (0 given stays 0).
      customer.group_id ?? defaultGroupId(db),
      String(customer['firstname']),
      String(customer['lastname']),
      passwordHash,
      subscribed ? 1 : 0,
      JSON.stringify(extra),
      now,
      now,
    ).lastInsertRowid;
    saveAddresses(db, newId, addresses, { billing: null, shipping: null });
    if (custom) saveCustomAttributes(db, newId, custom);
    applyCompanyAttributes(db, newId, plan);
    return newId;
  });
  return serializeCustomer(db, id, plannedAttributes(id, plan));
}

/**
 * The group a save leaves the customer in: the one sent, or the one kept when none is sent
 * (`CustomerRepository::setCustomerGroupId()`). The customer's own token may not move the customer to
 * another group: the embedded store refuses it as `AccountManagementApi` refuses a group on sign-up,
 * naming the right it takes (a group id equal to the current one, as a read-then-save sends, passes).
 */
function groupAfterSave(current: CustomerRow, sent: number | null | undefined, self: boolean): number {
  if (sent === null || sent === undefined) return current.group_id;
  if (self && sent !== current.group_id) throw errors.unauthorized('Magento_Customer::manage');
  return sent;
}

/**
 * `PUT /V1/customers/me` (`self`: the customer's own token) and `PUT /V1/customers/:id`; the id is forced
 * by the caller.
 */
export function updateCustomer(db: Database, id: number, customer: CustomerInput, self = false) {
  const custom = customAttributeInput(customer.custom_attributes);
  validateCustomer(customer, custom);
  return db.transaction(() => {
    const current = db.get(customerRow, 'SELECT * FROM customers WHERE id = ?', id);
    if (!current) throw errors.noSuchEntity('customerId', id);
    validateGroupId(db, customer.group_id);
    const name = `${String(customer['firstname'])} ${String(customer['lastname'])}`;
    const company = record(customer['extension_attributes'])['company_attributes'];
    const plan = planCompanyAttributes(db, { id, name }, company, self ? 'self' : 'admin');
    // B2B's plugin puts a company user in their company's group, whatever the save sent.
    const sentGroup = groupAfterSave(current, customer.group_id, self);
    const groupId = plan.groupId ?? sentGroup;
    const clash = findCustomerByEmail(db, String(customer['email']));
    if (clash && clash.id !== id) throw errors.emailExists();
    const extra = jsonRecord(current.extra);
    for (const key of EXTRA_FIELDS) if (customer[key] !== undefined) extra[key] = customer[key];
    const subscribed = record(customer['extension_attributes'])['is_subscribed'];
    db.run(
      'UPDATE customers SET email = ?, group_id = ?, firstname = ?, lastname = ?, is_subscribed = ?, extra = ?, updated_at = ? WHERE id = ?',
      String(customer['email']),
      groupId,
      String(customer['firstname']),
      String(customer['lastname']),
      subscribed === undefined ? current.is_subscribed : subscribed ? 1 : 0,
      JSON.stringify(extra),
      magentoDate(),
      id,
    );
    // CustomerRepository::save(): attributes left out keep their values.
    if (custom) saveCustomAttributes(db, id, custom);
    // B2B's company attributes: the customer joins, moves to or stays in a company, or in none.
    applyCompanyAttributes(db, id, plan);
    const toId = (value: unknown) =>
      typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
    if (customer['addresses'] !== undefined) {
      saveAddresses(db, id, records(customer['addresses']), {
        billing: toId(customer['default_billing']) ?? current.default_billing,
        shipping: toId(customer['default_shipping']) ?? current.default_shipping,
      });
    }
    return serializeCustomer(db, id, plannedAttributes(id, plan));
  });
}
