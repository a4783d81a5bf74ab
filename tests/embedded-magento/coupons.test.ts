/**
 * Discount codes on a cart, as Magento 2.4 answers them (COMMERCE-BASICS.md §1): applying, reading and
 * removing a code for a guest, a customer and the admin; each rule type's totals; the days a rule runs,
 * its customer groups and minimum subtotal; uses per customer and per coupon, counted when an order is
 * placed; the code a guest brings to signing in. Products are the test's own, of known prices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse } from '../support/openapi.ts';
import {
  addLine,
  applyCode,
  customerCart,
  guestCart,
  INVALID_COUPON,
  makeProduct,
  makeRule,
  placeAndRead,
  place,
  segment,
  ship,
  totalsOf,
  when,
} from './checkout-helpers.ts';
import { expectError } from './helpers.ts';

let backend: TestBackend;
/** Products of the test's own prices, light enough for standard delivery. */
let at24: string;
let at150: string;
let at50: string;
let at1: string;
let at10: string;

beforeAll(async () => {
  backend = await startTestBackend();
  [at24, at150, at50, at1, at10] = await Promise.all([
    makeProduct(backend, 24.5, 1),
    makeProduct(backend, 150, 2),
    makeProduct(backend, 50, 2),
    makeProduct(backend, 1.5, 0.2),
    makeProduct(backend, 10, 1),
  ]);
});
afterAll(() => backend.stop());

/** Today and a day away in the store's time zone (Europe/London), `YYYY-MM-DD`. */
const londonDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

const admin = (method: string, path: string, body?: unknown) =>
  backend.call(method, `/rest/V1${path}`, { token: INTEGRATION_TOKEN, ...(body ? { body } : {}) });

describe('a percent off (WELCOME10, seeded)', () => {
  it('takes 10% off each row, shows it in the totals and keeps the code as the coupon spells it', async () => {
    const cart = await guestCart(backend, [[at24, 2]]);
    const applied = await applyCode(cart, '  welcome10 ');
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toBe(true);

    const coupon = await cart.call('GET', '/coupons');
    expect(coupon.body).toBe('WELCOME10');
    const checked = validateOpenSourceResponse(
      'GET',
      `${cart.path.replace('/rest', '')}/coupons`,
      200,
      coupon.body,
    );
    expect(checked).toEqual({ ok: true });

    const totals = await totalsOf(cart);
    expect(totals).toMatchObject({
      // £49.00 incl VAT holds £8.17 VAT: £40.83 excl.
      subtotal: 40.83,
      subtotal_incl_tax: 49,
      discount_amount: -4.9,
      base_discount_amount: -4.9,
      // The subtotal excl VAT plus the discount taken from prices incl VAT, as Magento adds them.
      subtotal_with_discount: 35.93,
      base_subtotal_with_discount: 35.93,
      // The grand total whole; the top-level `grand_total` is net of its £7.35 VAT (CONTRACT.md §6.4).
      base_grand_total: 44.1,
      tax_amount: 7.35,
      grand_total: 36.75,
      coupon_code: 'WELCOME10',
      extension_attributes: { coupon_label: 'Welcome 10% off' },
    });
    expect(totals.items[0]).toMatchObject({
      discount_amount: 4.9,
      base_discount_amount: 4.9,
      discount_percent: 10,
    });
    const codes = totals.total_segments.map((s: { code: string }) => s.code);
    expect(codes).toEqual(['subtotal', 'discount', 'shipping', 'tax', 'grand_total']);
    expect(segment(totals, 'discount')).toEqual({
      code: 'discount',
      title: 'Discount (Welcome 10% off)',
      value: -4.9,
    });
    // TotalsInterface's key order: coupon_code between quote_currency_code and items_qty.
    const keys = Object.keys(totals);
    expect(keys.slice(keys.indexOf('quote_currency_code'), keys.indexOf('quote_currency_code') + 3)).toEqual([
      'quote_currency_code',
      'coupon_code',
      'items_qty',
    ]);
  });

  it('rounds each row to the penny and the total with it', async () => {
    const cart = await guestCart(backend, [
      [at1, 3],
      [at24, 1],
      [at10, 1],
    ]);
    await applyCode(cart, 'WELCOME10');
    const totals = await totalsOf(cart);
    const lines = totals.items.map((item: { discount_amount: number }) => item.discount_amount);
    expect(lines).toEqual([0.45, 2.45, 1]);
    expect(totals.discount_amount).toBe(-3.9);
    expect(totals.base_grand_total).toBe(35.1);
  });
});

describe('a fixed amount off each unit, and off the cart', () => {
  it('by_fixed takes the amount off each unit, never more than the unit costs', async () => {
    await makeRule(backend, 'TWOOFF', { simple_action: 'by_fixed', discount_amount: 2 });
    const cart = await guestCart(backend, [
      [at1, 3],
      [at10, 2],
    ]);
    expect((await applyCode(cart, 'TWOOFF')).status).toBe(200);
    const totals = await totalsOf(cart);
    expect(totals.items.map((item: { discount_amount: number }) => item.discount_amount)).toEqual([4.5, 4]);
    expect(totals.discount_amount).toBe(-8.5);
    expect(segment(totals, 'discount')?.title).toBe('Discount (TWOOFF)');
    expect(totals).not.toHaveProperty('extension_attributes');
  });

  it('cart_fixed (SAVE20) spreads £20 over the rows in proportion, from a £200 subtotal', async () => {
    const cart = await guestCart(backend, [[at150, 1]]);
    expectError(await applyCode(cart, 'SAVE20'), 404, INVALID_COUPON);
    const small = await addLine(cart, at50, 1);
    expect((await applyCode(cart, 'SAVE20')).status).toBe(200);
    const totals = await totalsOf(cart);
    expect(totals.items.map((item: { discount_amount: number }) => item.discount_amount)).toEqual([15, 5]);
    expect(totals).toMatchObject({
      subtotal_incl_tax: 200,
      discount_amount: -20,
      base_grand_total: 180,
      coupon_code: 'SAVE20',
      extension_attributes: { coupon_label: '£20 off orders over £200' },
    });

    // The basket falls under £200: the code goes, silently, and stays gone once the cart is written.
    expect((await cart.call('DELETE', `/items/${small}`)).body).toBe(true);
    const after = await totalsOf(cart);
    expect(after.discount_amount).toBe(0);
    expect(after).not.toHaveProperty('coupon_code');
    expect(segment(after, 'discount')).toBeUndefined();
    expect((await cart.call('GET', '/coupons')).body).toBe('');
    await addLine(cart, at50, 1);
    expect((await totalsOf(cart)).discount_amount).toBe(0);
  });

  it('cart_fixed never takes more than the cart is worth', async () => {
    await makeRule(backend, 'HUNDRED', { simple_action: 'cart_fixed', discount_amount: 100 });
    const cart = await guestCart(backend, [
      [at10, 2],
      [at1, 2],
    ]);
    await applyCode(cart, 'HUNDRED');
    const totals = await totalsOf(cart);
    expect(totals.discount_amount).toBe(-23);
    expect(totals.items.map((item: { discount_amount: number }) => item.discount_amount)).toEqual([20, 3]);
    expect(totals.base_grand_total).toBe(0);
  });

  it('a condition on the subtotal after discount sees the rules applied before it', async () => {
    await makeRule(backend, 'NET30', {
      simple_action: 'by_fixed',
      discount_amount: 1,
      condition: when('base_subtotal_with_discount', '>', '30'),
    });
    const cart = await guestCart(backend, [[at10, 3]]);
    expectError(await applyCode(cart, 'NET30'), 404, INVALID_COUPON);
    await addLine(cart, at1, 1);
    expect((await applyCode(cart, 'NET30')).status).toBe(200);
  });
});

describe('which codes are refused', () => {
  it('refuses an unknown, expired, not yet started, inactive or other-group code with the one message', async () => {
    await makeRule(backend, 'TOMORROW', {
      simple_action: 'by_percent',
      discount_amount: 5,
      from_date: londonDay(1),
    });
    await makeRule(backend, 'ASLEEP', { simple_action: 'by_percent', discount_amount: 5, is_active: false });
    await makeRule(backend, 'MEMBERS', {
      simple_action: 'by_percent',
      discount_amount: 5,
      customer_group_ids: [1],
    });
    const cart = await guestCart(backend, [[at24, 1]]);
    for (const code of ['NOSUCHCODE', 'SUMMER24', 'TOMORROW', 'ASLEEP', 'MEMBERS']) {
      expectError(await applyCode(cart, code), 404, INVALID_COUPON);
      expect((await cart.call('GET', '/coupons')).body).toBe('');
    }
  });

  it('takes a code on its last day and its first (the store’s days, to_date included)', async () => {
    await makeRule(backend, 'LASTDAY', {
      simple_action: 'by_percent',
      discount_amount: 5,
      from_date: londonDay(0),
      to_date: londonDay(0),
    });
    const cart = await guestCart(backend, [[at10, 1]]);
    expect((await applyCode(cart, 'LASTDAY')).status).toBe(200);
    expect((await totalsOf(cart)).discount_amount).toBe(-0.5);
  });

  it('answers an empty cart with the cart’s own message, the quote id as a string for a guest', async () => {
    const cart = await guestCart(backend, []);
    const reply = await applyCode(cart, 'WELCOME10');
    expectError(reply, 404, 'The "%1" Cart doesn\'t contain products.', [cart.quoteId]);
    expect(typeof cart.quoteId).toBe('string');
    const result = validateOpenSourceResponse(
      'PUT',
      `${cart.path.replace('/rest', '')}/coupons/X`,
      404,
      reply.body,
    );
    expect(result).toEqual({ ok: true });
    expectError(await cart.call('DELETE', '/coupons'), 404, 'The "%1" Cart doesn\'t contain products.', [
      cart.quoteId,
    ]);
    // A new cart never had a code.
    expect((await cart.call('GET', '/coupons')).body).toBeNull();

    const { token } = await backend.newCustomer();
    const mine = await customerCart(backend, token, []);
    expectError(await applyCode(mine, 'WELCOME10'), 404, 'The "%1" Cart doesn\'t contain products.', [
      mine.quoteId,
    ]);
    expect(typeof mine.quoteId).toBe('number');
  });

  it('a refused code takes off the one the cart had, as Magento saves before it checks', async () => {
    const cart = await guestCart(backend, [[at24, 1]]);
    await applyCode(cart, 'WELCOME10');
    expectError(await applyCode(cart, 'SUMMER24'), 404, INVALID_COUPON);
    expect((await cart.call('GET', '/coupons')).body).toBe('');
    expect((await totalsOf(cart)).discount_amount).toBe(0);
  });

  it('has no GET or DELETE with the code in the path', async () => {
    const cart = await guestCart(backend, [[at24, 1]]);
    await applyCode(cart, 'WELCOME10');
    for (const method of ['GET', 'DELETE']) {
      expectError(await cart.call(method, '/coupons/WELCOME10'), 404, 'Request does not match any route.');
    }
    expect((await cart.call('GET', '/coupons')).body).toBe('WELCOME10');
  });

  it('removes a code with true, leaving ""', async () => {
    const cart = await guestCart(backend, [[at24, 1]]);
    await applyCode(cart, 'WELCOME10');
    const removed = await cart.call('DELETE', '/coupons');
    expect(removed.status).toBe(200);
    expect(removed.body).toBe(true);
    expect((await cart.call('GET', '/coupons')).body).toBe('');
    const totals = await totalsOf(cart);
    expect(totals.discount_amount).toBe(0);
    expect(totals).not.toHaveProperty('coupon_code');
  });
});

describe('uses, counted when an order is placed', () => {
  it('WELCOME10 once per customer; a guest is not limited; the order carries the discount', async () => {
    const { token, id } = await backend.newCustomer();
    const cart = await customerCart(backend, token, [[at24, 2]]);
    expect((await applyCode(cart, 'WELCOME10')).status).toBe(200);
    // Applying is not using: the code still works on the same cart after a second PUT.
    expect((await applyCode(cart, 'WELCOME10')).status).toBe(200);
    expect((await ship(cart, 'flatrate', 'flatrate')).status).toBe(200);
    const before = await totalsOf(cart);
    const order = await placeAndRead(backend, cart);
    expect(order).toMatchObject({
      customer_id: id,
      coupon_code: 'WELCOME10',
      discount_amount: -4.9,
      base_discount_amount: -4.9,
      discount_description: 'Welcome 10% off',
      // The order keeps its amounts excl VAT beside their incl-VAT twins, and the VAT the totals showed.
      subtotal_incl_tax: 49,
      shipping_incl_tax: 4.95,
      tax_amount: before.tax_amount,
      grand_total: before.base_grand_total,
    });
    expect(order.grand_total).toBe(49.05);
    expect(order.items[0]).toMatchObject({
      discount_amount: 4.9,
      base_discount_amount: 4.9,
      discount_percent: 10,
    });

    const again = await customerCart(backend, token, [[at24, 1]]);
    expectError(await applyCode(again, 'WELCOME10'), 404, INVALID_COUPON);

    for (let i = 0; i < 2; i++) {
      const guest = await guestCart(backend, [[at24, 1]]);
      expect((await applyCode(guest, 'WELCOME10')).status).toBe(200);
      await ship(guest, 'flatrate', 'flatrate');
      expect((await placeAndRead(backend, guest)).coupon_code).toBe('WELCOME10');
    }
  });

  it('a coupon used up by another order is refused at placement, and after', async () => {
    const ruleId = await makeRule(backend, 'ONCEONLY', {
      simple_action: 'by_percent',
      discount_amount: 20,
      uses_per_coupon: 1,
    });
    const first = await guestCart(backend, [[at10, 1]]);
    const second = await guestCart(backend, [[at10, 1]]);
    for (const cart of [first, second]) {
      expect((await applyCode(cart, 'ONCEONLY')).status).toBe(200);
      await ship(cart, 'flatrate', 'flatrate');
    }
    expect((await placeAndRead(backend, first)).discount_amount).toBe(-2);
    expectError(await place(second), 400, INVALID_COUPON); // a NoSuchEntityException rethrown as CouldNotSave
    expect((await second.call('GET', '')).status).toBe(200); // still the shopper's cart
    const third = await guestCart(backend, [[at10, 1]]);
    expectError(await applyCode(third, 'ONCEONLY'), 404, INVALID_COUPON);

    const coupons = await admin(
      'GET',
      `/coupons/search?searchCriteria[filterGroups][0][filters][0][field]=code&searchCriteria[filterGroups][0][filters][0][value]=onceonly`,
    );
    expect(coupons.body.items).toEqual([
      expect.objectContaining({ code: 'ONCEONLY', usage_limit: 1, times_used: 1 }),
    ]);
    expect((await admin('GET', `/salesRules/${ruleId}`)).body.times_used).toBe(1);
  });

  it('a code its rule stopped applying since it was accepted refuses the order', async () => {
    const ruleId = await makeRule(backend, 'SWITCHEDOFF', {
      simple_action: 'by_percent',
      discount_amount: 5,
    });
    const cart = await guestCart(backend, [[at10, 1]]);
    expect((await applyCode(cart, 'SWITCHEDOFF')).status).toBe(200);
    await ship(cart, 'flatrate', 'flatrate');
    expect((await admin('PUT', `/salesRules/${ruleId}`, { rule: { is_active: false } })).status).toBe(200);
    expectError(await place(cart), 400, INVALID_COUPON);
  });
});

describe('the admin’s coupon routes and signing in', () => {
  it('applies, reads and removes a code by quote id with Magento_Cart::manage', async () => {
    const cart = await guestCart(backend, [[at24, 1]]);
    const id = Number(cart.quoteId);
    expectError(
      await backend.call('PUT', `/rest/V1/carts/${id}/coupons/WELCOME10`),
      401,
      "The consumer isn't authorized to access %resources.",
      { resources: 'Magento_Cart::manage' },
    );
    expect((await admin('PUT', `/carts/${id}/coupons/welcome10`)).body).toBe(true);
    expect((await admin('GET', `/carts/${id}/coupons`)).body).toBe('WELCOME10');
    expect((await admin('GET', `/carts/${id}/totals`)).body.discount_amount).toBe(-2.45);
    expect((await admin('DELETE', `/carts/${id}/coupons`)).body).toBe(true);
    expect((await admin('GET', `/carts/${id}/coupons`)).body).toBe('');
    const empty = await guestCart(backend, []);
    expectError(
      await admin('PUT', `/carts/${empty.quoteId}/coupons/WELCOME10`),
      404,
      'The "%1" Cart doesn\'t contain products.',
      [Number(empty.quoteId)],
    );
  });

  it('a guest’s code stays on the cart the customer signs in with (Quote::merge keeps it)', async () => {
    const { token } = await backend.newCustomer();
    const cart = await guestCart(backend, [[at24, 2]]);
    await applyCode(cart, 'WELCOME10');
    const masked = cart.path.split('/').at(-1);
    const assigned = await backend.call('PUT', `/rest/V1/guest-carts/${masked}`, {
      token,
      body: { storeId: 1 },
    });
    expect(assigned.body).toBe(true);
    const mine = await backend.call('GET', '/rest/V1/carts/mine/coupons', { token });
    expect(mine.body).toBe('WELCOME10');
    const totals = await backend.call('GET', '/rest/V1/carts/mine/totals', { token });
    expect(totals.body).toMatchObject({ coupon_code: 'WELCOME10', discount_amount: -4.9 });
  });

  it('the customer’s own cart’s code wins over the guest’s when both had one', async () => {
    const { token } = await backend.newCustomer();
    const own = await customerCart(backend, token, [[at10, 1]]);
    expect((await applyCode(own, 'FREEDELIVERY')).status).toBe(200);
    const cart = await guestCart(backend, [[at24, 1]]);
    await applyCode(cart, 'WELCOME10');
    const masked = cart.path.split('/').at(-1);
    await backend.call('PUT', `/rest/V1/guest-carts/${masked}`, { token, body: { storeId: 1 } });
    expect((await backend.call('GET', '/rest/V1/carts/mine/coupons', { token })).body).toBe('FREEDELIVERY');
  });
});
