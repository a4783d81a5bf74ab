import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addressForm,
  addressSummary,
  addressUpdate,
  contactUpdate,
  defaultAddress,
  newAccountBody,
} from './customer.ts';
import { customerSchema, type Customer } from '../../magento/wire/customer.ts';
import { countriesSchema } from '../../magento/wire/directory.ts';

const FIXTURES = resolve(import.meta.dirname, '../../../../shared/contracts/magento-rest/fixtures');
const fixture = (name: string): unknown => JSON.parse(readFileSync(resolve(FIXTURES, name), 'utf8'));

const countries = countriesSchema.parse([
  { id: 'GB', full_name_english: 'United Kingdom' },
  {
    id: 'US',
    full_name_english: 'United States',
    available_regions: [{ id: '57', code: 'TX', name: 'Texas' }],
  },
]);

const address = (id: number, city: string, flags: { billing?: boolean; shipping?: boolean } = {}) => ({
  id,
  customer_id: 7,
  region: { region_code: 'Kent', region: 'Kent', region_id: 0 },
  region_id: 0,
  country_id: 'GB',
  street: [`${id} High Street`, 'Flat 2'],
  telephone: '01632 960001',
  postcode: 'CT1 1AA',
  city,
  firstname: 'Ada',
  lastname: 'Lovelace',
  ...(flags.shipping ? { default_shipping: true } : {}),
  ...(flags.billing ? { default_billing: true } : {}),
});

const customer = (overrides: Partial<Customer>): Customer =>
  customerSchema.parse({
    id: 7,
    email: 'ada@example.com',
    firstname: 'Ada',
    lastname: 'Lovelace',
    website_id: 1,
    created_at: '2024-05-06 10:30:12',
    updated_at: '2024-05-06 10:30:12',
    extension_attributes: { is_subscribed: true },
    ...overrides,
  });

const form = {
  firstname: 'Grace',
  lastname: 'Hopper',
  street: '1 New Road',
  city: 'Leeds',
  region: 'West Yorkshire',
  postcode: 'LS1 1AA',
  country: 'United Kingdom',
  telephone: '0113 496 0000',
};

describe('the customer from customers/me', () => {
  it("parses Magento's own answer", () => {
    const parsed = customerSchema.parse(fixture('customer-me-get.response.json'));
    expect(defaultAddress(parsed, 'billing')?.id).toBe(88);
    const shipping = defaultAddress(parsed, 'shipping');
    if (!shipping) throw new Error('no default shipping address');
    expect(addressSummary(shipping, countries)).toEqual({
      fullName: 'Dana Whitfield',
      address: '4120 Industrial Blvd, Austin, Texas, 78744',
      country: 'United States',
      telephone: '512-555-0147',
    });
  });

  it('finds each default address by the id the customer names, flags or not', () => {
    const c = customer({
      default_billing: '11',
      default_shipping: '12',
      addresses: [address(11, 'Canterbury'), address(12, 'Dover')],
    });
    expect(defaultAddress(c, 'billing')?.city).toBe('Canterbury');
    expect(defaultAddress(c, 'shipping')?.city).toBe('Dover');
  });

  it('falls back to the flagged address and shows the country by name', () => {
    const c = customer({ addresses: [address(11, 'Canterbury', { shipping: true })] });
    expect(defaultAddress(c, 'billing')).toBeUndefined();
    expect(addressForm(defaultAddress(c, 'shipping'), countries)).toMatchObject({
      city: 'Canterbury',
      country: 'United Kingdom',
      street: '11 High Street',
      region: 'Kent',
    });
  });
});

describe('saving the contact section', () => {
  it('sends the full customer with its addresses untouched, without timestamps', () => {
    const c = customer({
      default_billing: '11',
      default_shipping: '12',
      addresses: [address(11, 'Canterbury', { billing: true }), address(12, 'Dover', { shipping: true })],
    });
    const body = contactUpdate(c, { email: ' grace@example.com ', firstname: 'Grace', lastname: 'Hopper' });
    expect(body).toMatchObject({
      id: 7,
      website_id: 1,
      email: 'grace@example.com',
      firstname: 'Grace',
      lastname: 'Hopper',
      default_billing: '11',
      default_shipping: '12',
      extension_attributes: { is_subscribed: true },
    });
    expect(body.addresses).toEqual(c.addresses);
    expect(body).not.toHaveProperty('created_at');
    expect(body).not.toHaveProperty('updated_at');
  });
});

describe('saving an address section', () => {
  it('replaces the edited address in place, keeping its id and the other address', () => {
    const c = customer({
      default_billing: '11',
      default_shipping: '12',
      addresses: [address(11, 'Canterbury', { billing: true }), address(12, 'Dover', { shipping: true })],
    });
    const body = addressUpdate(c, 'shipping', form, countries);
    expect(body.default_shipping).toBe('12');
    expect(body.addresses).toHaveLength(2);
    expect(body.addresses?.[0]).toEqual(c.addresses?.[0]);
    expect(body.addresses?.[1]).toMatchObject({
      id: 12,
      customer_id: 7,
      firstname: 'Grace',
      lastname: 'Hopper',
      street: ['1 New Road', 'Flat 2'],
      city: 'Leeds',
      postcode: 'LS1 1AA',
      country_id: 'GB',
      telephone: '0113 496 0000',
      region: { region: 'West Yorkshire', region_id: 0 },
      default_shipping: true,
    });
  });

  it('gives the edited role a new address when billing and shipping share one', () => {
    const shared = address(11, 'Canterbury', { billing: true, shipping: true });
    const c = customer({ default_billing: '11', default_shipping: '11', addresses: [shared] });
    const body = addressUpdate(c, 'billing', form, countries);
    expect(body.default_shipping).toBe('11');
    expect(body).not.toHaveProperty('default_billing');
    expect(body.addresses).toHaveLength(2);
    const [kept, fresh] = body.addresses ?? [];
    expect(kept).toMatchObject({ id: 11, city: 'Canterbury', default_shipping: true });
    expect(kept).not.toHaveProperty('default_billing');
    expect(fresh).not.toHaveProperty('id');
    expect(fresh).toMatchObject({ city: 'Leeds', default_billing: true });
  });

  it('creates the first address of a customer who has none', () => {
    const body = addressUpdate(customer({ addresses: [] }), 'billing', form, countries);
    expect(body.addresses).toEqual([expect.objectContaining({ city: 'Leeds', default_billing: true })]);
  });

  it('resolves the country and a known region to their codes', () => {
    const c = customer({ default_billing: '11', addresses: [address(11, 'Canterbury', { billing: true })] });
    const body = addressUpdate(
      c,
      'billing',
      { ...form, country: 'united states', region: 'texas' },
      countries,
    );
    expect(body.addresses?.[0]).toMatchObject({
      country_id: 'US',
      region: { region: 'Texas', region_code: 'TX', region_id: 57 },
      region_id: 57,
    });
  });
});

describe('creating an account', () => {
  it('sends a default shipping and a default billing address, subscribed', () => {
    const body = newAccountBody(
      { ...form, country: 'uk', email: 'grace@example.com', password: 'Secret123!' },
      countries,
    );
    const expected = {
      firstname: 'Grace',
      lastname: 'Hopper',
      region: { region: 'West Yorkshire', region_id: 0 },
      postcode: 'LS1 1AA',
      street: ['1 New Road'],
      city: 'Leeds',
      telephone: '0113 496 0000',
      country_id: 'GB',
    };
    expect(body).toEqual({
      customer: {
        email: 'grace@example.com',
        firstname: 'Grace',
        lastname: 'Hopper',
        addresses: [
          { ...expected, region_id: 0, default_shipping: true, default_billing: false },
          { ...expected, region_id: 0, default_shipping: false, default_billing: true },
        ],
        extension_attributes: { is_subscribed: true },
      },
      password: 'Secret123!',
    });
  });
});
