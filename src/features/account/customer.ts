/**
 * The customer as the account islands see it: Magento's customer (`customers/me`), parsed loosely so a
 * save sends back every field it was given, and pure functions from it to the forms and summaries and
 * from the forms back to Magento's request bodies (spec §4, §7, with DESIGN.md §3's fixes).
 */
import { type CustomerAddress, type Region } from '../../magento/wire/address.ts';
import type { Customer } from '../../magento/wire/customer.ts';
import type { Country } from '../../magento/wire/directory.ts';
import { resolveCountry, countryName } from './country.ts';
import type { AddressFields } from './validation.ts';

export type Role = 'billing' | 'shipping';
export type ManageTarget = 'contact' | 'bill_addr' | 'shipp_addr';
export const MANAGE_TARGETS: readonly ManageTarget[] = ['contact', 'bill_addr', 'shipp_addr'];

const FLAG = { billing: 'default_billing', shipping: 'default_shipping' } as const;
const other = (role: Role): Role => (role === 'billing' ? 'shipping' : 'billing');

const addressesOf = (customer: Customer): CustomerAddress[] => customer.addresses ?? [];

/**
 * The customer's default address for a role: the one whose id the customer's `default_billing` /
 * `default_shipping` names (the spec read the shipping id from a misspelt field), else the flagged one.
 */
export function defaultAddress(customer: Customer, role: Role): CustomerAddress | undefined {
  const id = customer[FLAG[role]];
  const addresses = addressesOf(customer);
  const byId =
    id === undefined || id === null || id === ''
      ? undefined
      : addresses.find((address) => address.id !== undefined && String(address.id) === String(id));
  return byId ?? addresses.find((address) => address[FLAG[role]] === true);
}

export interface ContactFields {
  email: string;
  firstname: string;
  lastname: string;
}

export const contactForm = (customer: Customer): ContactFields => ({
  email: customer.email ?? '',
  firstname: customer.firstname ?? '',
  lastname: customer.lastname ?? '',
});

/** The address form's fields, the country shown by its English name. */
export function addressForm(
  address: CustomerAddress | undefined,
  countries: readonly Country[],
): AddressFields {
  return {
    firstname: address?.firstname ?? '',
    lastname: address?.lastname ?? '',
    street: address?.street?.[0] ?? '',
    city: address?.city ?? '',
    region: address?.region?.region ?? '',
    postcode: address?.postcode ?? '',
    country: address ? countryName(address.country_id, countries) : '',
    telephone: address?.telephone ?? '',
  };
}

/** What the summary blocks of My Account show for an address. */
export interface AddressSummary {
  fullName: string;
  address: string;
  country: string;
  telephone: string;
}

export function addressSummary(address: CustomerAddress, countries: readonly Country[]): AddressSummary {
  return {
    fullName: [address.firstname, address.lastname].filter(Boolean).join(' '),
    address: [address.street?.[0], address.city, address.region?.region, address.postcode]
      .map((part) => (part ?? '').trim())
      .filter((part) => part !== '')
      .join(', '),
    country: countryName(address.country_id, countries),
    telephone: address.telephone ?? '',
  };
}

/**
 * The region object Magento wants: a known region of the country (by name or code) with its id, else
 * the free text (UK addresses have no region list). An unchanged region keeps what Magento had.
 */
export function regionFor(
  value: string,
  countryId: string,
  countries: readonly Country[],
  previous?: { region?: Region | null | undefined; country_id: string },
): Region {
  const wanted = value.trim();
  if (previous?.region && previous.country_id === countryId && (previous.region.region ?? '') === wanted)
    return previous.region;
  const lower = wanted.toLowerCase();
  const known = countries
    .find((country) => country.id === countryId)
    ?.available_regions?.find(
      (region) => region.name.toLowerCase() === lower || region.code.toLowerCase() === lower,
    );
  return known
    ? { region: known.name, region_code: known.code, region_id: Number(known.id) }
    : { region: wanted, region_id: 0 };
}

/** The fields of an address that the forms write. */
interface AddressWrite {
  firstname: string;
  lastname: string;
  street: string[];
  city: string;
  region: Region;
  region_id: number;
  postcode: string;
  country_id: string;
  telephone: string;
}

function addressFields(
  form: AddressFields,
  countries: readonly Country[],
  previous?: CustomerAddress,
): AddressWrite {
  const country_id = resolveCountry(form.country, countries);
  const region = regionFor(form.region, country_id, countries, previous);
  return {
    firstname: form.firstname.trim(),
    lastname: form.lastname.trim(),
    // The form edits the first street line; further lines Magento holds are kept.
    street: [form.street.trim(), ...(previous?.street?.slice(1) ?? [])],
    city: form.city.trim(),
    region,
    region_id: region.region_id ?? 0,
    postcode: form.postcode.trim(),
    country_id,
    telephone: form.telephone.trim(),
  };
}

/** Everything of the customer a save sends back, without the read-only timestamps. */
export function savable(customer: Customer): Customer {
  const copy: Customer = { ...customer };
  delete copy['created_at'];
  delete copy['updated_at'];
  return copy;
}

/** `PUT customers/me` body for the contact section: the full customer, addresses untouched. */
export const contactUpdate = (customer: Customer, contact: ContactFields): Customer => ({
  ...savable(customer),
  email: contact.email.trim(),
  firstname: contact.firstname.trim(),
  lastname: contact.lastname.trim(),
  addresses: addressesOf(customer),
});

/**
 * `PUT customers/me` body for one address section. The edited address replaces its entry (same id);
 * when billing and shipping are one address, or there is none yet, the edited role gets a new address
 * so the other role keeps its data.
 */
export function addressUpdate(
  customer: Customer,
  role: Role,
  form: AddressFields,
  countries: readonly Country[],
): Customer {
  const flag = FLAG[role];
  const current = defaultAddress(customer, role);
  const otherAddress = defaultAddress(customer, other(role));
  const shared = current !== undefined && otherAddress !== undefined && current === otherAddress;
  const body = savable(customer);
  const asDefault = role === 'billing' ? { default_billing: true } : { default_shipping: true };
  if (current && !shared) {
    body.addresses = addressesOf(customer).map((address) =>
      address === current
        ? { ...address, ...addressFields(form, countries, current), ...asDefault }
        : address,
    );
    return body;
  }
  const kept = addressesOf(customer).map((address) => {
    if (address[flag] !== true) return address;
    const copy = { ...address };
    if (role === 'billing') delete copy.default_billing;
    else delete copy.default_shipping;
    return copy;
  });
  body.addresses = [...kept, { ...addressFields(form, countries, current), ...asDefault }];
  // The new address has no id yet: its flag makes it the default (Magento and the embedded back end).
  if (role === 'billing') delete body.default_billing;
  else delete body.default_shipping;
  return body;
}

export interface NewAccountFields extends AddressFields {
  email: string;
  password: string;
}

/** `POST customers` body (spec §7): a shipping and a billing default address, subscribed. */
export function newAccountBody(form: NewAccountFields, countries: readonly Country[]) {
  const address = addressFields(form, countries);
  return {
    customer: {
      email: form.email.trim(),
      firstname: form.firstname.trim(),
      lastname: form.lastname.trim(),
      addresses: [
        { ...address, default_shipping: true, default_billing: false },
        { ...address, default_shipping: false, default_billing: true },
      ],
      extension_attributes: { is_subscribed: true },
    },
    password: form.password,
  };
}

export const manageRole = (target: ManageTarget): Role | undefined =>
  target === 'bill_addr' ? 'billing' : target === 'shipp_addr' ? 'shipping' : undefined;
