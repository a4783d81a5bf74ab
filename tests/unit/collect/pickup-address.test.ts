/**
 * A pickup cart's shipping address compared with its point's as Magento compares them at placing
 * (IsPickupLocationShippingAddress, with PHP 8's `!=`), so the shop refuses before payment exactly what
 * Magento would refuse after it.
 */
import { describe, expect, it } from 'vitest';
import { isPointAddress, phpLooseEquals } from '../../../src/features/collect/pickup-address.ts';

const POINT = {
  street: 'Unit 4, Riverside Park',
  city: 'Leeds',
  postcode: 'LS10 1AB',
  region: 'West Yorkshire',
  region_id: undefined,
  country_id: 'GB',
};

/** The cart's address as Magento answers it for a collection saved as the checkout saves one. */
const CART = {
  firstname: 'Sam',
  street: ['Unit 4, Riverside Park'],
  city: 'Leeds',
  postcode: 'LS10 1AB',
  region: 'West Yorkshire',
  region_id: 0,
  country_id: 'GB',
  same_as_billing: 0,
  save_in_address_book: 0,
  extension_attributes: { pickup_location_code: 'shop' },
};

describe('a pickup cart’s address', () => {
  it('is the point’s when every compared field is, whatever the person on it', () => {
    expect(isPointAddress(POINT, CART)).toBe(true);
    expect(isPointAddress(POINT, { ...CART, firstname: 'Other', telephone: '0113' })).toBe(true);
  });

  it('is not when the street, city, postcode, country or region differ, or it is the billing one or saved', () => {
    expect(isPointAddress(POINT, { ...CART, street: ['1 Somewhere Else'] })).toBe(false);
    expect(isPointAddress(POINT, { ...CART, street: ['Unit 4', 'Riverside Park'] })).toBe(false);
    expect(isPointAddress(POINT, { ...CART, city: 'York' })).toBe(false);
    expect(isPointAddress(POINT, { ...CART, postcode: 'LS10 1AC' })).toBe(false);
    expect(isPointAddress(POINT, { ...CART, country_id: 'IE' })).toBe(false);
    expect(isPointAddress(POINT, { ...CART, region: 'North Yorkshire' })).toBe(false);
    expect(isPointAddress(POINT, { ...CART, same_as_billing: 1 })).toBe(false);
    expect(isPointAddress(POINT, { ...CART, save_in_address_book: true })).toBe(false);
    expect(isPointAddress(POINT, { ...CART, customer_address_id: 7 })).toBe(false);
    expect(isPointAddress(POINT, undefined)).toBe(false);
  });

  it('compares as PHP 8’s == does', () => {
    expect(phpLooseEquals(null, 0)).toBe(true);
    expect(phpLooseEquals(null, '')).toBe(true);
    expect(phpLooseEquals(null, '0')).toBe(false);
    expect(phpLooseEquals(0, false)).toBe(true);
    expect(phpLooseEquals('12', 12)).toBe(true);
    expect(phpLooseEquals('abc', 0)).toBe(false);
    expect(phpLooseEquals('Leeds', 'leeds')).toBe(false);
  });
});
