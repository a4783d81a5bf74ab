/** What the bridge hands the provider, from Magento's cart: addresses within the protocol's needs, lines that add up. */
import { describe, expect, it } from 'vitest';
import { paymentAddress, paymentLines } from '../../src/server/payments/bridge.ts';
import type { CheckoutCart } from '../../src/server/payments/magento-checkout.ts';
import { basketField, registrationFields } from '../../src/payments/opayo/protocol.ts';

describe('paymentAddress', () => {
  it('maps a quote address, with a second street line and the US state', () => {
    expect(
      paymentAddress({
        firstname: ' Jane ',
        lastname: 'Smith',
        street: ['88 Test Street', 'Flat 2', null],
        city: 'Austin',
        postcode: '78701',
        country_id: 'us',
        region_code: 'TX',
        telephone: '5125550100',
      }),
    ).toEqual({
      firstnames: 'Jane',
      surname: 'Smith',
      address1: '88 Test Street',
      address2: 'Flat 2',
      city: 'Austin',
      postCode: '78701',
      country: 'US',
      state: 'TX',
      phone: '5125550100',
    });
  });

  it("is undefined for Magento's empty address or a missing required part", () => {
    expect(paymentAddress(undefined)).toBeUndefined();
    expect(paymentAddress({ firstname: null, street: [''], country_id: null })).toBeUndefined();
    expect(
      paymentAddress({
        firstname: 'J',
        lastname: 'S',
        street: ['1 Road'],
        city: 'Leeds',
        postcode: '',
        country_id: 'GB',
      }),
    ).toBeUndefined();
  });

  it('stays within the protocol limits once registered (Address1 50, Surname 20)', () => {
    const long = paymentAddress({
      firstname: 'Maximilian Alexander Fitzgerald',
      lastname: 'Featherstonehaugh-Cholmondeley',
      street: ['x'.repeat(80)],
      city: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
      postcode: 'LL61 5UJ',
      country_id: 'GB',
    });
    if (!long) throw new Error('address expected');
    const fields = registrationFields({
      vendor: 'sandboxshop',
      vendorTxCode: 'c'.repeat(40),
      amount: 1,
      currency: 'GBP',
      description: 'Order',
      notificationUrl: 'https://shop.example/payments/opayo/notify',
      billing: long,
      delivery: long,
    });
    expect(fields['BillingSurname']?.length).toBeLessThanOrEqual(20);
    expect(fields['BillingAddress1']?.length).toBeLessThanOrEqual(50);
    expect(fields['BillingCity']?.length).toBeLessThanOrEqual(40);
  });
});

describe('paymentLines', () => {
  const cart = (shippingAmount: number): CheckoutCart => ({
    id: 1,
    lines: [],
    customerEmail: undefined,
    billing: undefined,
    shipping: undefined,
    shippingMethod: 'flatrate_flatrate',
    amount: 59.97 + shippingAmount,
    shippingAmount,
    items: [
      { name: 'Hose: 10 m', qty: 2, unitGross: 19.99 },
      { name: 'Detergent', qty: 1, unitGross: 19.99 },
    ],
  });

  it('adds delivery as a line, so the basket adds up to the amount', () => {
    const lines = paymentLines(cart(15));
    expect(lines.at(-1)).toEqual({ description: 'Delivery', quantity: 1, unitGross: 15 });
    expect(basketField(lines, 74.97)).toMatch(/^3:Hose 10 m:2:/);
  });

  it('has no delivery line when delivery is free', () => {
    expect(paymentLines(cart(0))).toHaveLength(2);
    expect(basketField(paymentLines(cart(0)), 59.97)).toMatch(/^2:/);
  });
});
