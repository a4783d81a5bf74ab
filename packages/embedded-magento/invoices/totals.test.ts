/**
 * The invoice collectors' arithmetic on an order made by hand: a row shared out over partial invoices
 * (PHP's rounding, the last invoice taking what is left), a discount shared alike, shipping and its tax on
 * the first invoice only, and the sums of the invoices equal to the order's.
 */
import { describe, expect, it } from 'vitest';
import type { ItemInvoiced, OrderInvoiced } from './invoiced.ts';
import type { InvoicingItem, InvoicingOrder } from './order-view.ts';
import { phpRoundMoney } from '../money.ts';
import { collectTotals, type InvoiceLine } from './totals.ts';

const NONE: ItemInvoiced = { qty: 0, row: 0, tax: 0, discountTaxCompensation: 0, discount: 0 };

const item = (fields: Partial<InvoicingItem>): InvoicingItem => ({
  itemId: 1,
  parentItemId: null,
  productId: 1,
  sku: 'SKU-1',
  name: 'Brush',
  qtyOrdered: 3,
  qtyCanceled: 0,
  price: 10 / 3,
  priceInclTax: 4,
  rowTotal: 10,
  rowTotalInclTax: 12,
  taxAmount: 2,
  discountTaxCompensation: 0,
  discountAmount: 1,
  invoiced: NONE,
  ...fields,
});

/** One item of row 10.00, tax 2.00, discount 1.00, shipping 4.95 with 0.99 tax. */
const order = (invoiced: ItemInvoiced, totals?: OrderInvoiced): InvoicingOrder => ({
  row: {} as InvoicingOrder['row'],
  billing: undefined,
  shipping: undefined,
  subtotal: 10,
  taxAmount: 2.99,
  discountTaxCompensation: 0,
  shippingAmount: 4.95,
  shippingInclTax: 5.94,
  shippingTaxAmount: 0.99,
  shippingDiscountAmount: 0,
  shippingDiscountTaxCompensation: 0,
  items: [item({ invoiced })],
  invoiced: totals,
});

const line = (target: InvoicingOrder, qty: number): InvoiceLine[] => [
  {
    item: target.items[0] as InvoicingItem,
    qty,
    rowTotal: null,
    rowTotalInclTax: null,
    discount: null,
    tax: null,
    discountTaxCompensation: null,
  },
];

describe('phpRoundMoney', () => {
  it('rounds as PHP does, halves away from zero after pre-rounding', () => {
    expect([3.335, 1.005, -1.005, 2.675, 0.125, 10 / 3].map(phpRoundMoney)).toEqual([
      3.34, 1.01, -1.01, 2.68, 0.13, 3.33,
    ]);
  });
});

describe('collectTotals over three invoices of one unit each', () => {
  it('shares the row, tax and discount out, the last taking what is left, and adds up to the order', () => {
    const first = order(NONE);
    const firstLines = line(first, 1);
    const one = collectTotals(first, firstLines);
    expect(firstLines[0]).toMatchObject({ rowTotal: 3.33, tax: 0.67, discount: 0.33, rowTotalInclTax: 4 });
    expect(one).toMatchObject({
      subtotal: 3.33,
      shippingAmount: 4.95,
      shippingTaxAmount: 0.99,
      taxAmount: 1.66,
    });
    expect(one.grandTotal).toBe(phpRoundMoney(3.33 - 0.33 + 4.95 + 1.66));

    const sums = (totals: typeof one): OrderInvoiced => ({
      total: totals.grandTotal,
      subtotal: totals.subtotal,
      tax: totals.taxAmount,
      discountTaxCompensation: 0,
      shippingDiscountTaxCompensation: 0,
      shipping: totals.shippingAmount,
      shippingTax: totals.shippingTaxAmount ?? 0,
      discount: totals.discountAmount,
      paid: totals.grandTotal,
      shippingCharged: totals.shippingAmount !== 0,
      discountTaken: totals.discountAmount !== 0,
    });
    const afterOne = { qty: 1, row: 3.33, tax: 0.67, discountTaxCompensation: 0, discount: 0.33 };
    const second = order(afterOne, sums(one));
    const secondLines = line(second, 1);
    const two = collectTotals(second, secondLines);
    // (10 - 3.33) / 2 = 3.335: PHP's round gives 3.34.
    expect(secondLines[0]).toMatchObject({ rowTotal: 3.34, tax: 0.67, discount: 0.34 });
    expect(two).toMatchObject({ shippingAmount: 0, shippingInclTax: null, shippingTaxAmount: null });

    const afterTwo = { qty: 2, row: 6.67, tax: 1.34, discountTaxCompensation: 0, discount: 0.67 };
    const paidTwo = { ...sums(one), subtotal: 6.67, tax: 2.33, discount: -0.67 };
    const third = order(afterTwo, paidTwo);
    const thirdLines = line(third, 1);
    const three = collectTotals(third, thirdLines);
    expect(thirdLines[0]).toMatchObject({ rowTotal: 3.33, tax: 0.66, discount: 0.33 });
    expect(three).toMatchObject({ subtotal: 3.33, taxAmount: 0.66, discountAmount: -0.33 });
    const cents = (values: number[]) => values.reduce((total, value) => total + Math.round(value * 100), 0);
    expect(cents([one.subtotal, two.subtotal, three.subtotal])).toBe(1000);
    expect(cents([one.taxAmount, two.taxAmount, three.taxAmount])).toBe(299);
    expect(cents([one.discountAmount, two.discountAmount, three.discountAmount])).toBe(-100);
  });
});
