/** What the bridge hands the provider, from Magento's cart: addresses within the protocol's needs, lines that add up. */
import { describe, expect, it } from 'vitest';
import { basketProblem, paymentAddress, paymentBasket } from '../../src/payments/bridge.ts';
import type { CheckoutCart } from '../../src/payments/magento-checkout.ts';
import { basketXml, registrationFields } from '../../src/payments/opayo/protocol.ts';

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

describe('the basket of a payment', () => {
  const cart = (
    shippingAmount: number,
    items = [
      { name: 'Hose: 10 m', qty: 2, unitGross: 19.99 },
      { name: 'Detergent', qty: 1, unitGross: 19.99 },
    ],
  ): CheckoutCart => ({
    id: 1,
    lines: items.map((item) => ({ sku: item.name, qty: item.qty })),
    customerEmail: undefined,
    billing: undefined,
    shipping: undefined,
    shippingMethod: 'flatrate_flatrate',
    amount:
      Math.round(items.reduce((sum, item) => sum + item.unitGross * item.qty, 0) * 100) / 100 +
      shippingAmount,
    shippingAmount,
    items,
  });

  it('carries delivery beside the lines, so the basket adds up to the amount', () => {
    const basket = paymentBasket(cart(15));
    expect(basket.delivery).toBe(15);
    expect(basketXml(basket, 74.97)).toContain('<deliveryGrossAmount>15.00</deliveryGrossAmount></basket>');
    expect(basketXml(paymentBasket(cart(0)), 59.97)).not.toContain('deliveryGrossAmount');
  });

  it('is payable when every line is a whole quantity and the lines plus delivery make the amount', () => {
    expect(basketProblem(cart(15))).toBeUndefined();
  });

  it('is refused for a fractional or zero quantity, however small the amount', () => {
    // The probe: 0.01 of a £469.80 machine, 150 times over, would be a payment of £704.70.
    const leak = cart(
      0,
      Array.from({ length: 150 }, (_, i) => ({ name: `Machine ${i}`, qty: 0.01, unitGross: 469.8 })),
    );
    expect(basketProblem(leak)).toMatch(/quantity 0.01/);
    expect(basketProblem(cart(0, [{ name: 'Hose', qty: 0, unitGross: 10 }]))).toMatch(/quantity 0/);
    expect(basketProblem({ ...cart(0), lines: [{ sku: 'HOSE', qty: 1.5 }] })).toMatch(/quantity 1.5/);
  });

  it('is refused when the amount is not the lines plus delivery', () => {
    expect(basketProblem({ ...cart(15), amount: 70 })).toMatch(/do not make the amount/);
    expect(basketProblem({ ...cart(15), shippingAmount: 0 })).toMatch(/do not make the amount/);
  });
});
