/**
 * The cart's totals mean what Magento's mean for catalogue and delivery prices that include VAT (20 %,
 * worked out per row as `RowBaseCalculator::calculateWithTaxInPrice` does, after a discount taken from
 * prices incl VAT): each item's `price` and `row_total`, the `subtotal` and the `shipping_amount` excl
 * VAT with their `_incl_tax` twins beside them (`CommonTaxCollector`), `base_grand_total` and the
 * `grand_total` segment what the shopper pays, and the top-level `grand_total` that less the VAT
 * (`CartTotalRepository::get()`). Every figure below is worked out by hand from those rules; a row's VAT
 * is its amount incl VAT × 20/120, rounded half up to the penny (`deltaRound` adds 0.000001 first).
 * Guest and customer, before and after delivery is chosen, with and without a discount code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  applyCode,
  customerCart,
  guestCart,
  makeProduct,
  makeRule,
  placeAndRead,
  segment,
  ship,
  totalsOf,
  type TestCart,
} from './checkout-helpers.ts';

let backend: TestBackend;
/** £10.30 incl VAT: three make £30.90, whose VAT per row (£5.15) is a penny less than per unit (3 × £1.72). */
let brush: string;
/** £24.50 incl VAT. */
let detergent: string;

beforeAll(async () => {
  backend = await startTestBackend();
  brush = await makeProduct(backend, 10.3, 1);
  detergent = await makeProduct(backend, 24.5, 5);
  await makeRule(backend, 'ROWS10', { simple_action: 'by_percent', discount_amount: 10 });
});
afterAll(() => backend.stop());

/** Three brushes and two detergents (the products exist once `beforeAll` has made them). */
const basket = () =>
  [
    [brush, 3],
    [detergent, 2],
  ] as const;

const item = (totals: { items: { name: string }[] }, index: number) => totals.items[index];

/**
 * The rows before any discount:
 * brush     3 × £10.30 = £30.90 incl; VAT 30.90 / 6 = 5.15; excl 30.90 − 5.15 = 25.75; unit 25.75 / 3 = 8.583… → 8.58
 * detergent 2 × £24.50 = £49.00 incl; VAT 49.00 / 6 = 8.1666… → 8.17; excl 40.83; unit 40.83 / 2 = 20.415 → 20.42
 * subtotal 25.75 + 40.83 = 66.58 excl, 30.90 + 49.00 = 79.90 incl; VAT 5.15 + 8.17 = 13.32.
 */
function expectRows(totals: { items: { name: string }[] }) {
  expect(item(totals, 0)).toMatchObject({
    qty: 3,
    price: 8.58,
    base_price: 8.58,
    price_incl_tax: 10.3,
    base_price_incl_tax: 10.3,
    row_total: 25.75,
    base_row_total: 25.75,
    row_total_incl_tax: 30.9,
    base_row_total_incl_tax: 30.9,
    tax_percent: 20,
  });
  expect(item(totals, 1)).toMatchObject({
    qty: 2,
    price: 20.42,
    base_price: 20.42,
    price_incl_tax: 24.5,
    row_total: 40.83,
    base_row_total: 40.83,
    row_total_incl_tax: 49,
    tax_percent: 20,
  });
}

describe('the cart’s totals for prices that include VAT', () => {
  it('a guest’s before delivery: the rows and subtotal excl VAT beside their incl-VAT twins', async () => {
    const cart = await guestCart(backend, basket());
    const totals = await totalsOf(cart);
    expectRows(totals);
    expect(item(totals, 0)).toMatchObject({ tax_amount: 5.15, discount_amount: 0 });
    expect(item(totals, 1)).toMatchObject({ tax_amount: 8.17, discount_amount: 0 });
    // The shopper pays £79.90, of which £13.32 VAT: 79.90 − 13.32 = 66.58 at the top.
    expect(totals).toMatchObject({
      subtotal: 66.58,
      base_subtotal: 66.58,
      subtotal_incl_tax: 79.9,
      subtotal_with_discount: 66.58,
      discount_amount: 0,
      shipping_amount: 0,
      shipping_incl_tax: 0,
      shipping_tax_amount: 0,
      tax_amount: 13.32,
      base_tax_amount: 13.32,
      base_grand_total: 79.9,
      grand_total: 66.58,
    });
    // The subtotal segment as the cart displays it (incl VAT); the others as their fields.
    expect(segment(totals, 'subtotal')?.value).toBe(79.9);
    expect(segment(totals, 'shipping')?.value).toBe(0);
    expect(segment(totals, 'tax')?.value).toBe(13.32);
    expect(segment(totals, 'grand_total')?.value).toBe(79.9);
  });

  it('a guest’s with delivery: £4.95 incl VAT is £4.12 and £0.83 VAT, and the order charges the same', async () => {
    const cart = await guestCart(backend, basket());
    const shipped = await ship(cart, 'flatrate', 'flatrate');
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const totals = await totalsOf(cart);
    expectRows(totals);
    // Delivery: VAT 4.95 / 6 = 0.825 → 0.83, excl 4.12. VAT in all 13.32 + 0.83 = 14.15.
    // Pays 79.90 + 4.95 = 84.85; at the top 84.85 − 14.15 = 70.70.
    const expected = {
      subtotal: 66.58,
      subtotal_incl_tax: 79.9,
      shipping_amount: 4.12,
      base_shipping_amount: 4.12,
      shipping_incl_tax: 4.95,
      base_shipping_incl_tax: 4.95,
      shipping_tax_amount: 0.83,
      tax_amount: 14.15,
      base_grand_total: 84.85,
      grand_total: 70.7,
    };
    expect(totals).toMatchObject(expected);
    expect(shipped.body.totals).toMatchObject(expected);
    // `Shipping::fetch` gives the segment the delivery excl VAT.
    expect(segment(totals, 'shipping')?.value).toBe(4.12);
    expect(segment(totals, 'tax')?.value).toBe(14.15);
    expect(segment(totals, 'grand_total')?.value).toBe(84.85);

    const order = await placeAndRead(backend, cart);
    expect(order).toMatchObject({
      subtotal: 66.58,
      subtotal_incl_tax: 79.9,
      shipping_amount: 4.12,
      shipping_incl_tax: 4.95,
      tax_amount: 14.15,
      grand_total: 84.85,
    });
  });

  it('a customer’s with a code and delivery: the discount from prices incl VAT, the VAT on what is left', async () => {
    const { token } = await backend.newCustomer();
    const cart: TestCart = await customerCart(backend, token, basket());
    expect((await applyCode(cart, 'ROWS10')).status).toBe(200);
    expect((await ship(cart, 'flatrate', 'flatrate')).status).toBe(200);
    const totals = await totalsOf(cart);
    expectRows(totals);
    // brush:     10 % of 30.90 = 3.09; VAT on 30.90 − 3.09 = 27.81 is 4.635 → 4.64
    // detergent: 10 % of 49.00 = 4.90; VAT on 49.00 − 4.90 = 44.10 is 7.35
    expect(item(totals, 0)).toMatchObject({ discount_amount: 3.09, discount_percent: 10, tax_amount: 4.64 });
    expect(item(totals, 1)).toMatchObject({ discount_amount: 4.9, discount_percent: 10, tax_amount: 7.35 });
    // Discount 3.09 + 4.90 = 7.99. VAT 4.64 + 7.35 + 0.83 (delivery) = 12.82.
    // Pays 79.90 − 7.99 + 4.95 = 76.86 (Magento's sum: 66.58 + 4.12 + 12.82 + 1.33 compensation − 7.99).
    // At the top 76.86 − 12.82 = 64.04; subtotal_with_discount 66.58 − 7.99 = 58.59 (excl VAT less incl).
    expect(totals).toMatchObject({
      subtotal: 66.58,
      subtotal_incl_tax: 79.9,
      discount_amount: -7.99,
      base_discount_amount: -7.99,
      subtotal_with_discount: 58.59,
      base_subtotal_with_discount: 58.59,
      shipping_amount: 4.12,
      shipping_incl_tax: 4.95,
      tax_amount: 12.82,
      base_grand_total: 76.86,
      grand_total: 64.04,
      coupon_code: 'ROWS10',
    });
    expect(segment(totals, 'subtotal')?.value).toBe(79.9);
    expect(segment(totals, 'discount')?.value).toBe(-7.99);
    expect(segment(totals, 'shipping')?.value).toBe(4.12);
    expect(segment(totals, 'tax')?.value).toBe(12.82);
    expect(segment(totals, 'grand_total')?.value).toBe(76.86);

    const order = await placeAndRead(backend, cart);
    expect(order).toMatchObject({
      subtotal: 66.58,
      subtotal_incl_tax: 79.9,
      discount_amount: -7.99,
      shipping_amount: 4.12,
      tax_amount: 12.82,
      discount_tax_compensation_amount: 1.33,
      grand_total: 76.86,
    });
  });

  it('a customer’s with a code before delivery, read as `carts/mine`', async () => {
    const { token } = await backend.newCustomer();
    const cart = await customerCart(backend, token, [[detergent, 2]]);
    expect((await applyCode(cart, 'ROWS10')).status).toBe(200);
    const totals = await totalsOf(cart);
    // 49.00 incl, 40.83 excl; 4.90 off; VAT on 44.10 is 7.35; pays 44.10; at the top 44.10 − 7.35 = 36.75.
    expect(item(totals, 0)).toMatchObject({ price: 20.42, row_total: 40.83, row_total_incl_tax: 49 });
    expect(totals).toMatchObject({
      subtotal: 40.83,
      subtotal_incl_tax: 49,
      discount_amount: -4.9,
      subtotal_with_discount: 35.93,
      shipping_amount: 0,
      tax_amount: 7.35,
      base_grand_total: 44.1,
      grand_total: 36.75,
    });
    expect(segment(totals, 'grand_total')?.value).toBe(44.1);
  });
});
