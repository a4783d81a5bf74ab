/**
 * UK VAT on orders, as Magento works it out for catalogue and delivery prices that include it (20 % on
 * Taxable Goods, per row, after a discount taken from prices incl VAT): each order item's `tax_amount` is
 * the VAT in its row, its `price` and `row_total` are excl VAT beside their `_incl_tax` twins, the order's
 * `tax_amount` and `base_tax_amount` add the rows' VAT and the delivery's, and the cart's totals showed the
 * same VAT before the order was placed. A product of tax class None carries none. Guest and customer, with
 * and without a discount code.
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

interface WireItem {
  sku: string;
  price: number;
  price_incl_tax: number;
  row_total: number;
  row_total_incl_tax: number;
  tax_amount: number;
  base_tax_amount: number;
  tax_percent: number;
  discount_amount: number;
  discount_tax_compensation_amount?: number;
}

interface WireOrder {
  customer_is_guest: number;
  subtotal: number;
  subtotal_incl_tax: number;
  shipping_amount: number;
  shipping_incl_tax: number;
  shipping_tax_amount: number;
  discount_amount: number;
  discount_tax_compensation_amount: number;
  tax_amount: number;
  base_tax_amount: number;
  grand_total: number;
  items: WireItem[];
}

let backend: TestBackend;
/** £24.50 incl VAT: £20.42 excl, £4.08 VAT (a sixth of it, rounded). */
let detergent: string;
/** £149.99 incl VAT, Taxable Goods. */
let machine: string;
/** A product of tax class None: no VAT in its price. */
let untaxed: string;

beforeAll(async () => {
  backend = await startTestBackend();
  detergent = await makeProduct(backend, 24.5, 5);
  machine = await makeProduct(backend, 149.99, 12, { tax_class_id: '2' });
  untaxed = await makeProduct(backend, 10, 1, { tax_class_id: '0' });
  await makeRule(backend, 'VAT10', { simple_action: 'by_percent', discount_amount: 10 });
});
afterAll(() => backend.stop());

/** Standard delivery (£4.95 incl VAT), the code if given, the cart's totals, then the order placed. */
async function placeWith(cart: TestCart, code?: string) {
  if (code) expect((await applyCode(cart, code)).status).toBe(200);
  expect((await ship(cart, 'flatrate', 'flatrate')).status).toBe(200);
  const totals = await totalsOf(cart);
  const order = (await placeAndRead(backend, cart)) as WireOrder;
  return { totals, order };
}

const item = (order: WireOrder, sku: string) => order.items.find((line) => line.sku === sku);

describe('an order placed from prices that include VAT', () => {
  it('a guest’s: each row’s VAT, its amounts excl VAT, the delivery’s VAT, and their sum', async () => {
    const cart = await guestCart(backend, [
      [detergent, 2],
      [machine, 1],
    ]);
    const { totals, order } = await placeWith(cart);
    expect(order.customer_is_guest).toBe(1);
    // £49.00 holds £8.17 VAT; £149.99 holds £25.00.
    expect(item(order, detergent)).toMatchObject({
      price: 20.42,
      price_incl_tax: 24.5,
      row_total: 40.83,
      row_total_incl_tax: 49,
      tax_amount: 8.17,
      base_tax_amount: 8.17,
      tax_percent: 20,
    });
    expect(item(order, machine)).toMatchObject({
      price: 124.99,
      row_total: 124.99,
      row_total_incl_tax: 149.99,
      tax_amount: 25,
      tax_percent: 20,
    });
    // Delivery's £4.95 holds £0.83 VAT.
    expect(order).toMatchObject({
      subtotal: 165.82,
      subtotal_incl_tax: 198.99,
      shipping_amount: 4.12,
      shipping_incl_tax: 4.95,
      shipping_tax_amount: 0.83,
      tax_amount: 34,
      base_tax_amount: 34,
      grand_total: 203.94,
    });
    // The cart showed the same VAT before the order was placed.
    expect(totals.tax_amount).toBe(34);
    expect(segment(totals, 'tax')?.value).toBe(34);
    expect(segment(totals, 'grand_total')?.value).toBe(203.94);
  });

  it('a customer’s with a code: VAT on what is left after the discount, the rest its compensation', async () => {
    const { token } = await backend.newCustomer();
    const cart = await customerCart(backend, token, [[detergent, 2]]);
    const { totals, order } = await placeWith(cart, 'VAT10');
    expect(order.customer_is_guest).toBe(0);
    // 10 % off £49.00 is £4.90: VAT on £44.10 is £7.35, £0.82 less than the £8.17 in the row.
    expect(item(order, detergent)).toMatchObject({
      row_total: 40.83,
      row_total_incl_tax: 49,
      discount_amount: 4.9,
      tax_amount: 7.35,
      tax_percent: 20,
      discount_tax_compensation_amount: 0.82,
    });
    expect(order).toMatchObject({
      discount_amount: -4.9,
      discount_tax_compensation_amount: 0.82,
      tax_amount: 8.18,
      base_tax_amount: 8.18,
      grand_total: 49.05,
    });
    expect(totals.tax_amount).toBe(8.18);
    expect(segment(totals, 'tax')?.value).toBe(8.18);
  });

  it('carries no VAT for a product of tax class None', async () => {
    const cart = await guestCart(backend, [[untaxed, 3]]);
    const { totals, order } = await placeWith(cart);
    expect(item(order, untaxed)).toMatchObject({
      price: 10,
      price_incl_tax: 10,
      row_total: 30,
      tax_amount: 0,
      tax_percent: 0,
    });
    // Only the delivery's VAT.
    expect(order).toMatchObject({ tax_amount: 0.83, grand_total: 34.95 });
    expect(totals.tax_amount).toBe(0.83);
  });
});
