/**
 * What the bridge hands the provider, from Magento's cart: addresses within the protocol's needs, lines,
 * delivery and discount that add up.
 */
import { describe, expect, it } from 'vitest';
import { basketProblem, paymentAddress, paymentBasket } from '../../src/payments/bridge.ts';
import { checkBasketXml } from '@cleaning-shop/opayo-sandbox/basket.ts';
import { createMagentoCheckout, type CheckoutCart } from '../../src/payments/magento-checkout.ts';
import { basketXml } from '@cleaning-shop/contracts/opayo/basket-xml.ts';
import { registrationFields } from '@cleaning-shop/contracts/opayo/protocol.ts';

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

  it('is undefined without a telephone of more than 8 characters, as the checkout form requires', () => {
    const address = {
      firstname: 'Jane',
      lastname: 'Smith',
      street: ['88 Test Street'],
      city: 'London',
      postcode: 'SW1A 1AA',
      country_id: 'GB',
    };
    expect(paymentAddress(address)).toBeUndefined();
    expect(paymentAddress({ ...address, telephone: null })).toBeUndefined();
    expect(paymentAddress({ ...address, telephone: '   ' })).toBeUndefined();
    expect(paymentAddress({ ...address, telephone: ' 12345678 ' })).toBeUndefined();
    expect(paymentAddress({ ...address, telephone: ' 123456789 ' })?.phone).toBe('123456789');
  });

  it('stays within the protocol limits once registered (Address1 50, Surname 20)', () => {
    const long = paymentAddress({
      firstname: 'Maximilian Alexander Fitzgerald',
      lastname: 'Featherstonehaugh-Cholmondeley',
      street: ['x'.repeat(80)],
      city: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
      postcode: 'LL61 5UJ',
      country_id: 'GB',
      telephone: '+44 (0)1248 713045 ext 12',
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
    vat: 0,
    lines: items.map((item) => ({ sku: item.name, qty: item.qty })),
    customerId: undefined,
    customerEmail: undefined,
    billing: undefined,
    shipping: undefined,
    shippingMethod: 'flatrate_flatrate',
    pickupPoint: undefined,
    amount:
      Math.round(items.reduce((sum, item) => sum + item.unitGross * item.qty, 0) * 100) / 100 +
      shippingAmount,
    shippingAmount,
    discount: undefined,
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

describe('a discount', () => {
  // COMMERCE-BASICS.md §1.4's example in pounds: 2 × £24.50, 10 % off (£4.90), £10 delivery.
  const segments = [
    { code: 'subtotal', title: 'Subtotal', value: 49 },
    { code: 'discount', title: 'Discount (10% off detergents)', value: -4.9 },
    { code: 'shipping', title: 'Shipping & Handling (Flat Rate - Fixed)', value: 10 },
    { code: 'tax', title: 'Tax', value: 0, extension_attributes: { tax_grandtotal_details: [] } },
    { code: 'grand_total', title: 'Grand Total', value: 54.1, area: 'footer' },
  ];
  const totals = {
    grand_total: 54.1,
    subtotal: 49,
    discount_amount: -4.9,
    subtotal_with_discount: 44.1,
    shipping_amount: 10,
    shipping_discount_amount: 0,
    coupon_code: 'CLEAN10',
    items_qty: 2,
    items: [
      {
        item_id: 590,
        price: 24.5,
        qty: 2,
        row_total: 49,
        discount_amount: 4.9,
        discount_percent: 10,
        price_incl_tax: 24.5,
        name: 'Floor Detergent 5 L',
      },
    ],
    total_segments: segments,
    extension_attributes: { coupon_label: '10% off detergents' },
  };
  const quote = {
    id: 312,
    items: [{ item_id: 590, sku: 'DET-5L', qty: 2, name: 'Floor Detergent 5 L' }],
    billing_address: {},
    extension_attributes: {
      shipping_assignments: [{ shipping: { address: {}, method: 'flatrate_flatrate' } }],
    },
  };
  /** Magento answering the cart and its totals with these hand-made bodies. */
  const magentoWith = (totalsBody: unknown) =>
    createMagentoCheckout({
      baseUrl: 'http://magento.test',
      token: 'integration',
      fetch: (input) =>
        Promise.resolve(Response.json(String(input).endsWith('/totals') ? totalsBody : quote)),
    });
  const read = (totalsBody: unknown) => magentoWith(totalsBody).readCart({ kind: 'quote', cartId: 312 });

  it('is read from the discount segment as pounds off with its title, and the amount stays the grand total', async () => {
    const cart = await read(totals);
    expect(cart.discount).toEqual({ amount: 4.9, title: 'Discount (10% off detergents)' });
    expect(cart.amount).toBe(54.1);
    expect(cart.shippingAmount).toBe(10);
    expect(basketProblem(cart)).toBeUndefined();
  });

  it('is read from the top-level discount_amount when there is no segment, titled with the code’s label', async () => {
    const withoutSegment = { ...totals, total_segments: segments.filter((s) => s.code !== 'discount') };
    expect((await read(withoutSegment)).discount).toEqual({
      amount: 4.9,
      title: 'Discount (10% off detergents)',
    });
    const unlabelled = { ...withoutSegment, extension_attributes: {} };
    expect((await read(unlabelled)).discount).toEqual({ amount: 4.9, title: 'Discount (CLEAN10)' });
    // Magento omits coupon_code when no code is in use (an automatic cart rule).
    expect((await read({ ...unlabelled, coupon_code: null })).discount).toEqual({
      amount: 4.9,
      title: 'Discount',
    });
  });

  it('is none without a discount, or with one of 0', async () => {
    const none = {
      ...totals,
      discount_amount: 0,
      grand_total: 59,
      total_segments: segments
        .filter((s) => s.code !== 'discount')
        .map((s) => (s.code === 'grand_total' ? { ...s, value: 59 } : s)),
    };
    const cart = await read(none);
    expect(cart.discount).toBeUndefined();
    expect(paymentBasket(cart).discounts).toEqual([]);
    expect(basketProblem(cart)).toBeUndefined();
  });

  it('goes into BasketXML after delivery, and the basket still adds up to the amount', async () => {
    const cart = await read(totals);
    const xml = basketXml(paymentBasket(cart), cart.amount);
    expect(xml).toMatch(
      /<deliveryGrossAmount>10\.00<\/deliveryGrossAmount><discounts><discount><fixed>4\.90<\/fixed><description>Discount \(10% off detergents\)<\/description><\/discount><\/discounts><\/basket>$/,
    );
    // The gateway's own check (the sandbox's): Σ totalGrossAmount + deliveryGrossAmount − Σ fixed = Amount.
    expect(checkBasketXml(xml, 5410)).toBeUndefined();
  });

  it('makes the basket unpayable when lines and delivery less the discount are not the amount', async () => {
    const cart = await read(totals);
    // The amount before the discount: Magento took money off but the total did not follow.
    expect(basketProblem({ ...cart, amount: 59 })).toMatch(
      /the lines \(4900 pence\) and delivery \(1000\) less the discount \(490\) do not make the amount \(5900\)/,
    );
    expect(basketProblem({ ...cart, discount: undefined })).toMatch(/do not make the amount/);
    // A "discount" that adds money is refused outright, even when the figures are made to add up.
    expect(basketProblem({ ...cart, discount: { amount: -4.9, title: 'Discount' }, amount: 63.9 })).toMatch(
      /adds to the amount/,
    );
  });
});

describe('a basket with VAT, as Magento totals prices that include it', () => {
  // Magento's totals for 3 × £10.30 and 2 × £24.50, 10 % off and £4.95 delivery, all incl 20 % VAT
  // (tests/embedded-magento/cart-totals-vat.test.ts works each figure out): `subtotal`, `shipping_amount`,
  // the `shipping` segment and the items' `price` are excl VAT; their `_incl_tax` twins are what is paid.
  const totals = {
    grand_total: 64.04,
    subtotal: 66.58,
    subtotal_incl_tax: 79.9,
    discount_amount: -7.99,
    subtotal_with_discount: 58.59,
    shipping_amount: 4.12,
    shipping_incl_tax: 4.95,
    shipping_tax_amount: 0.83,
    tax_amount: 12.82,
    coupon_code: 'ROWS10',
    items: [
      { item_id: 1, name: 'Brush', qty: 3, price: 8.58, price_incl_tax: 10.3, row_total: 25.75 },
      { item_id: 2, name: 'Detergent', qty: 2, price: 20.42, price_incl_tax: 24.5, row_total: 40.83 },
    ],
    total_segments: [
      { code: 'subtotal', title: 'Subtotal', value: 79.9 },
      { code: 'discount', title: 'Discount (ROWS10)', value: -7.99 },
      { code: 'shipping', title: 'Shipping & Handling (Standard delivery - Standard)', value: 4.12 },
      { code: 'tax', title: 'Tax', value: 12.82 },
      { code: 'grand_total', title: 'Grand Total', value: 76.86, area: 'footer' },
    ],
  };
  const quote = {
    id: 313,
    items: [
      { item_id: 1, sku: 'BRUSH', qty: 3, name: 'Brush' },
      { item_id: 2, sku: 'DET', qty: 2, name: 'Detergent' },
    ],
    billing_address: {},
  };
  const read = () =>
    createMagentoCheckout({
      baseUrl: 'http://magento.test',
      token: 'integration',
      fetch: (input) => Promise.resolve(Response.json(String(input).endsWith('/totals') ? totals : quote)),
    }).readCart({ kind: 'quote', cartId: 313 });

  it('is paid what the shopper pays, delivery incl VAT, and adds up to it', async () => {
    const cart = await read();
    expect(cart.amount).toBe(76.86);
    expect(cart.shippingAmount).toBe(4.95);
    expect(cart.vat).toBe(12.82);
    // 30.90 + 49.00 lines + 4.95 delivery − 7.99 off = 76.86.
    expect(basketProblem(cart)).toBeUndefined();
  });

  it('tells the provider each figure excl VAT beside it, and the VAT the discount took off', async () => {
    const basket = paymentBasket(await read());
    expect(basket.lines).toEqual([
      { description: 'Brush', quantity: 3, unitGross: 10.3, unitNet: 8.58 },
      { description: 'Detergent', quantity: 2, unitGross: 24.5, unitNet: 20.42 },
    ]);
    expect(basket).toMatchObject({ delivery: 4.95, deliveryNet: 4.12, vat: 12.82 });
    // The rows' VAT before the discount (79.90 − 66.58 = 13.32) less after it (12.82 − 0.83 = 11.99).
    expect(basket.discounts).toEqual([{ description: 'Discount (ROWS10)', amount: 7.99, vat: 1.33 }]);
  });
});
