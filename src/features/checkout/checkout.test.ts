/** The shipping step's rules and mappings (spec §5, §7, §9) as pure functions. */
import { describe, expect, it } from 'vitest';
import {
  emptyCheckoutAddress,
  fromQuoteAddress,
  invalidCheckoutFields,
  isProviderUrl,
  shippingInformation,
  validOrderCode,
  type CheckoutAddress,
} from './checkout.ts';

const countries = [
  { id: 'GB', full_name_english: 'United Kingdom' },
  { id: 'FR', full_name_english: 'France' },
];

const jane: CheckoutAddress = {
  email: 'jane@example.com',
  firstname: 'Jane',
  lastname: 'Smith',
  street: '88 Test Street',
  city: 'London',
  region: 'Greater London',
  postcode: 'SW1A 1AA',
  country: 'france',
  telephone: '020 7946 0000',
};

describe('shipping Confirm validation (spec §5)', () => {
  it('accepts a complete address with a telephone longer than 8 characters', () => {
    expect(invalidCheckoutFields(jane)).toEqual([]);
    expect(invalidCheckoutFields({ ...jane, telephone: '123456789' })).toEqual([]);
  });

  it('refuses a telephone of 8 characters or fewer, and an e-mail without "@" and "."', () => {
    expect(invalidCheckoutFields({ ...jane, telephone: '12345678' })).toEqual(['telephone']);
    expect(invalidCheckoutFields({ ...jane, email: 'jane@example' })).toEqual(['email']);
  });

  it('names every empty field once', () => {
    expect(invalidCheckoutFields(emptyCheckoutAddress()).sort()).toEqual(
      [
        'city',
        'country',
        'email',
        'firstname',
        'lastname',
        'postcode',
        'region',
        'street',
        'telephone',
      ].sort(),
    );
  });
});

describe('shipping information (spec §7, §9)', () => {
  it('sends both addresses with the country resolved and the delivery method chosen', () => {
    const body = shippingInformation(jane, { ...jane, country: 'uk', city: ' York ' }, countries, {
      carrier_code: 'nextday',
      method_code: 'nextday',
    });
    expect(body.addressInformation).toMatchObject({
      shipping_carrier_code: 'nextday',
      shipping_method_code: 'nextday',
      shipping_address: { country_id: 'FR', street: ['88 Test Street'], email: 'jane@example.com' },
      billing_address: { country_id: 'GB', city: 'York' },
    });
  });
});

describe('prefilling from the cart', () => {
  it("reads a stored quote address, and not Magento's empty one", () => {
    expect(
      fromQuoteAddress(
        { firstname: 'Jane', lastname: 'Smith', street: ['1 Road', 'Flat 2'], country_id: 'GB', email: null },
        countries,
      ),
    ).toMatchObject({ street: '1 Road, Flat 2', country: 'United Kingdom', email: '' });
    expect(fromQuoteAddress({ firstname: null, street: [''], country_id: null }, countries)).toBeUndefined();
  });
});

describe('stored order code and provider URL', () => {
  it('keeps only 40-character codes of letters, digits and hyphens', () => {
    const code = 'aZ0-'.repeat(10);
    expect(validOrderCode(code)).toBe(code);
    expect(validOrderCode(`${code}x`)).toBe('');
    expect(validOrderCode('{"x":1}')).toBe('');
  });

  it('follows only http(s) NextURLs', () => {
    expect(
      isProviderUrl('https://sandbox.opayo.eu.elavon.com/gateway/service/cardselection?vpstxid={X}'),
    ).toBe(true);
    expect(isProviderUrl('javascript:alert(1)')).toBe(false);
    expect(isProviderUrl('/relative')).toBe(false);
  });
});
