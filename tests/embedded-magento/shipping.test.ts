/**
 * Delivery as Magento 2.4 offers it (COMMERCE-BASICS.md §2) with the demo shop's carriers: standard
 * delivery £4.95 an order (free from £50 after discount, or with FREEDELIVERY), next working day £9.95
 * (never made free by a code), a pallet at £49 for anything over 30 kg, Great Britain only. Estimates,
 * the method list, totals previews, shipping information with a method that is not offered, and placing
 * an order, whose discount, delivery and grand total are the ones the totals showed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse } from '../support/openapi.ts';
import {
  addLine,
  applyCode,
  customerCart,
  estimate,
  guestCart,
  makeProduct,
  place,
  placeAndRead,
  priced,
  segment,
  ship,
  totalsOf,
} from './checkout-helpers.ts';
import { ADDRESS, expectError } from './helpers.ts';

let backend: TestBackend;
let light20: string; // £20, 1 kg
let light52: string; // £52, 2 kg
let heavy: string; // £300, 16 kg
let ten: string; // £10, exactly 10 kg

beforeAll(async () => {
  backend = await startTestBackend();
  [light20, light52, heavy, ten] = await Promise.all([
    makeProduct(backend, 20, 1),
    makeProduct(backend, 52, 2),
    makeProduct(backend, 300, 16),
    makeProduct(backend, 10, 10),
  ]);
});
afterAll(() => backend.stop());

const STANDARD = { flatrate_flatrate: 4.95, nextday_nextday: 9.95 };
const NO_TELEPHONE = Object.fromEntries(Object.entries(ADDRESS).filter(([key]) => key !== 'telephone'));

describe('estimating delivery', () => {
  it('offers nothing for an empty cart, and Magento’s ShippingMethodInterface in its key order', async () => {
    const empty = await guestCart(backend, []);
    expect(await estimate(empty)).toEqual([]);
    const cart = await guestCart(backend, [[light20, 1]]);
    const methods = await estimate(cart);
    expect(methods).toEqual([
      {
        carrier_code: 'flatrate',
        method_code: 'flatrate',
        carrier_title: 'Standard delivery',
        method_title: 'Standard',
        amount: 4.95,
        base_amount: 4.95,
        available: true,
        error_message: '',
        price_excl_tax: 4.95,
        price_incl_tax: 4.95,
      },
      {
        carrier_code: 'nextday',
        method_code: 'nextday',
        carrier_title: 'Next working day',
        method_title: 'Order by 2pm',
        amount: 9.95,
        base_amount: 9.95,
        available: true,
        error_message: '',
        price_excl_tax: 9.95,
        price_incl_tax: 9.95,
      },
    ]);
    expect(Object.keys(methods[0] ?? {})).toEqual([
      'carrier_code',
      'method_code',
      'carrier_title',
      'method_title',
      'amount',
      'base_amount',
      'available',
      'error_message',
      'price_excl_tax',
      'price_incl_tax',
    ]);
  });

  it('delivers to Great Britain only', async () => {
    const cart = await guestCart(backend, [[light20, 1]]);
    expect(await estimate(cart, { country_id: 'FR' })).toEqual([]);
    expect(priced(await estimate(cart, { country_id: 'GB', postcode: 'M1 2AB' }))).toEqual(STANDARD);
  });

  it('adds free standard delivery from £50, and takes it away when a discount brings the basket under', async () => {
    const under = await guestCart(backend, [[light20, 2]]);
    expect(priced(await estimate(under))).toEqual(STANDARD);
    const over = await guestCart(backend, [[light52, 1]]);
    expect(priced(await estimate(over))).toEqual({ ...STANDARD, freeshipping_freeshipping: 0 });
    const exactly = await guestCart(backend, [
      [light20, 2],
      [ten, 1],
    ]);
    expect(priced(await estimate(exactly))).toHaveProperty('freeshipping_freeshipping', 0);
    expect((await applyCode(over, 'WELCOME10')).status).toBe(200); // £52 − £5.20 = £46.80
    expect(priced(await estimate(over))).toEqual(STANDARD);
  });

  it('FREEDELIVERY makes standard delivery free; next day stays £9.95', async () => {
    const cart = await guestCart(backend, [[light20, 1]]);
    expect((await applyCode(cart, 'FREEDELIVERY')).status).toBe(200);
    expect(priced(await estimate(cart))).toEqual({
      flatrate_flatrate: 0,
      freeshipping_freeshipping: 0,
      nextday_nextday: 9.95,
    });
    const totals = await totalsOf(cart);
    // No discount: no discount segment, but the code and its label stay.
    expect(totals).toMatchObject({
      discount_amount: 0,
      coupon_code: 'FREEDELIVERY',
      extension_attributes: { coupon_label: 'Free standard delivery' },
    });
    expect(segment(totals, 'discount')).toBeUndefined();
    expect((await ship(cart, 'flatrate', 'flatrate')).body.totals).toMatchObject({
      shipping_amount: 0,
      shipping_incl_tax: 0,
      base_grand_total: 20,
    });
  });

  it('sends anything over 30 kg on a pallet only, and 30 kg exactly by parcel', async () => {
    const parcel = await guestCart(backend, [[ten, 3]]); // 30 kg, £30
    expect(priced(await estimate(parcel))).toEqual(STANDARD);
    await addLine(parcel, light20, 1); // 31 kg
    expect(priced(await estimate(parcel))).toEqual({ tablerate_bestway: 49 });
    const pallet = await guestCart(backend, [[heavy, 2]]);
    const methods = await estimate(pallet);
    expect(methods).toEqual([
      expect.objectContaining({
        carrier_code: 'tablerate',
        method_code: 'bestway',
        carrier_title: 'Pallet delivery',
        method_title: 'Pallet',
        amount: 49,
      }),
    ]);
    // A free-delivery code does not reach the pallet.
    await applyCode(pallet, 'FREEDELIVERY');
    expect(priced(await estimate(pallet))).toEqual({ tablerate_bestway: 49 });
  });

  it('estimates for one of the customer’s own saved addresses, and no one else’s', async () => {
    const alice = await backend.newCustomer();
    const bob = await backend.newCustomer();
    const own = (await backend.call('GET', '/rest/V1/customers/me', { token: alice.token })).body.addresses[0]
      .id;
    const other = (await backend.call('GET', '/rest/V1/customers/me', { token: bob.token })).body.addresses[0]
      .id;
    const cart = await customerCart(backend, alice.token, [[light20, 1]]);
    const reply = await cart.call('POST', '/estimate-shipping-methods-by-address-id', { addressId: own });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const checked = validateOpenSourceResponse(
      'POST',
      '/V1/carts/mine/estimate-shipping-methods-by-address-id',
      200,
      reply.body,
    );
    expect(checked).toEqual({ ok: true });
    expect(priced(reply.body)).toEqual(STANDARD);
    expectError(
      await cart.call('POST', '/estimate-shipping-methods-by-address-id', { addressId: other }),
      400,
      'The shipping address is missing. Set the address and try again.',
    );
    expect(
      priced((await cart.call('POST', '/estimate-shipping-methods', { address: { country_id: 'GB' } })).body),
    ).toEqual(STANDARD);
  });
});

describe('the method list, previews and shipping information', () => {
  it('lists the methods for the saved address, and refuses without one', async () => {
    const cart = await guestCart(backend, [[light20, 1]]);
    expectError(await cart.call('GET', '/shipping-methods'), 400, 'Shipping address not set.');
    expect((await (await guestCart(backend, [])).call('GET', '/shipping-methods')).body).toEqual([]);
    expect((await ship(cart, 'nextday', 'nextday')).status).toBe(200);
    const listed = await cart.call('GET', '/shipping-methods');
    expect(priced(listed.body)).toEqual(STANDARD);
    const checked = validateOpenSourceResponse('GET', '/V1/guest-carts/x/shipping-methods', 200, listed.body);
    expect(checked).toEqual({ ok: true });
  });

  it('previews the totals for an address and a method without saving either', async () => {
    const cart = await guestCart(backend, [[light20, 2]]);
    const preview = await cart.call('POST', '/totals-information', {
      addressInformation: {
        address: { country_id: 'GB' },
        shipping_carrier_code: 'nextday',
        shipping_method_code: 'nextday',
      },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const checked = validateOpenSourceResponse(
      'POST',
      '/V1/guest-carts/x/totals-information',
      200,
      preview.body,
    );
    expect(checked).toEqual({ ok: true });
    // £9.95 incl VAT holds £1.66 VAT: £8.29 excl.
    expect(preview.body).toMatchObject({
      shipping_amount: 8.29,
      shipping_incl_tax: 9.95,
      base_grand_total: 49.95,
    });
    expect(segment(preview.body, 'shipping')?.title).toBe(
      'Shipping & Handling (Next working day - Order by 2pm)',
    );
    const saved = await totalsOf(cart);
    expect(saved).toMatchObject({ shipping_amount: 0, shipping_incl_tax: 0, base_grand_total: 40 });
    expect(segment(saved, 'shipping')?.title).toBe('Shipping & Handling');
    const empty = await guestCart(backend, []);
    expectError(
      await empty.call('POST', '/totals-information', {
        addressInformation: { address: { country_id: 'GB' } },
      }),
      400,
      'Totals calculation is not applicable to empty cart.',
    );
  });

  it('takes any method on offer, and prices and names it in the totals', async () => {
    const cart = await guestCart(backend, [[light20, 1]]);
    const shipped = await ship(cart, 'nextday', 'nextday');
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    // £9.95 incl VAT holds £1.66 VAT: £8.29 excl, which the segment shows too (`Shipping::fetch`).
    expect(shipped.body.totals).toMatchObject({
      shipping_amount: 8.29,
      shipping_incl_tax: 9.95,
      shipping_tax_amount: 1.66,
      base_grand_total: 29.95,
    });
    expect(segment(shipped.body.totals, 'shipping')).toEqual({
      code: 'shipping',
      title: 'Shipping & Handling (Next working day - Order by 2pm)',
      value: 8.29,
    });
  });

  it('refuses a method not on offer with 404, having saved the address first', async () => {
    const cart = await guestCart(backend, [[light20, 1]]);
    const elsewhere = { ...ADDRESS, city: 'Leeds', postcode: 'LS1 4AP' };
    expectError(
      await ship(cart, 'freeshipping', 'freeshipping', elsewhere),
      404,
      'Carrier with such method not found: %1, %2',
      ['freeshipping', 'freeshipping'],
    );
    const saved = (await cart.call('GET', '')).body.extension_attributes.shipping_assignments[0].shipping;
    expect(saved.address).toMatchObject({ city: 'Leeds', postcode: 'LS1 4AP' });
    expectError(await ship(cart, 'tablerate', 'bestway'), 404, 'Carrier with such method not found: %1, %2', [
      'tablerate',
      'bestway',
    ]);
    expectError(
      await ship(cart, 'flatrate', ''),
      404,
      'The shipping method is missing. Select the shipping method and try again.',
    );
    // Nothing chosen that exists: placing is refused.
    expectError(
      await place(cart),
      400,
      'The shipping method is missing. Select the shipping method and try again.',
    );
  });

  it('prices a chosen method afresh: a basket grown past 30 kg has no standard delivery, and cannot be placed', async () => {
    const cart = await guestCart(backend, [[ten, 2]]);
    expect((await ship(cart, 'flatrate', 'flatrate')).body.totals.shipping_incl_tax).toBe(4.95);
    await addLine(cart, ten, 1); // 30 kg: still a parcel
    expect((await totalsOf(cart)).shipping_incl_tax).toBe(4.95);
    await addLine(cart, light20, 1); // 31 kg
    const totals = await totalsOf(cart);
    expect(totals.shipping_incl_tax).toBe(0);
    expect(segment(totals, 'shipping')?.title).toBe('Shipping & Handling');
    expectError(
      await place(cart),
      400,
      'The shipping method is missing. Select the shipping method and try again.',
    );
    expect((await ship(cart, 'tablerate', 'bestway')).body.totals.shipping_incl_tax).toBe(49);
    const order = await placeAndRead(backend, cart);
    expect(order).toMatchObject({
      shipping_incl_tax: 49,
      shipping_description: 'Pallet delivery - Pallet',
      grand_total: 99,
    });
    expect(order.extension_attributes.shipping_assignments[0].shipping.method).toBe('tablerate_bestway');
  });
});

describe('placing the order', () => {
  it('refuses a shipping address without a telephone number as Magento’s QuoteValidator does', async () => {
    const cart = await guestCart(backend, [[light20, 1]]);
    expect((await ship(cart, 'flatrate', 'flatrate', NO_TELEPHONE)).status).toBe(200);
    const refused = await place(cart);
    expectError(
      refused,
      400,
      'Please check the shipping address information. "telephone" is required. Enter and try again.',
    );
    const noNames = Object.fromEntries(
      Object.entries(NO_TELEPHONE).filter(([key]) => key !== 'firstname' && key !== 'city'),
    );
    await ship(cart, 'flatrate', 'flatrate', noNames);
    expectError(
      await place(cart),
      400,
      'Please check the shipping address information. "firstname" is required. Enter and try again. ' +
        '"city" is required. Enter and try again. "telephone" is required. Enter and try again.',
    );
    await ship(cart, 'flatrate', 'flatrate');
    expect((await place(cart)).status).toBe(200);
  });

  it('writes the discount, the delivery and the grand total the totals showed', async () => {
    const { token } = await backend.newCustomer();
    const cart = await customerCart(backend, token, [
      [heavy, 1],
      [light20, 1],
    ]); // £320, 17 kg
    expect((await applyCode(cart, 'SAVE20')).status).toBe(200);
    const shipped = await ship(cart, 'nextday', 'nextday');
    expect(shipped.status).toBe(200);
    const totals = await totalsOf(cart);
    expect(totals).toMatchObject({
      subtotal_incl_tax: 320,
      discount_amount: -20,
      shipping_incl_tax: 9.95,
      base_grand_total: 309.95,
    });
    const order = await placeAndRead(backend, cart);
    // The order's amounts mean what the totals' do: excl VAT beside their incl-VAT twins, the same VAT.
    expect(order).toMatchObject({
      subtotal: totals.subtotal,
      subtotal_incl_tax: totals.subtotal_incl_tax,
      base_subtotal_incl_tax: totals.subtotal_incl_tax,
      discount_amount: totals.discount_amount,
      base_discount_amount: totals.discount_amount,
      shipping_amount: totals.shipping_amount,
      shipping_incl_tax: totals.shipping_incl_tax,
      base_shipping_incl_tax: totals.shipping_incl_tax,
      shipping_tax_amount: totals.shipping_tax_amount,
      tax_amount: totals.tax_amount,
      grand_total: totals.base_grand_total,
      base_grand_total: totals.base_grand_total,
      total_due: totals.base_grand_total,
      coupon_code: 'SAVE20',
      discount_description: '£20 off orders over £200',
      shipping_description: 'Next working day - Order by 2pm',
      payment: { amount_ordered: totals.base_grand_total },
    });
    expect(order.items.map((item: { discount_amount: number }) => item.discount_amount)).toEqual(
      totals.items.map((item: { discount_amount: number }) => item.discount_amount),
    );
    expect(order.extension_attributes.shipping_assignments[0].shipping).toMatchObject({
      method: 'nextday_nextday',
      total: { shipping_incl_tax: 9.95 },
    });
    const found = await backend.call(
      'GET',
      `/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=coupon_code&searchCriteria[filterGroups][0][filters][0][value]=SAVE20`,
      { token: INTEGRATION_TOKEN },
    );
    expect(found.body.items.map((item: { entity_id: number }) => item.entity_id)).toContain(order.entity_id);
  });
});
