/**
 * The PayPal order body's figures: PayPal refuses a breakdown that does not add up to the penny
 * (AMOUNT_MISMATCH, ITEM_TOTAL_MISMATCH), so every basket must give item_total + tax_total + shipping −
 * discount = amount, with items that multiply out to item_total, and the VAT as Magento totals it.
 */
import { describe, expect, it } from 'vitest';
import { breakdown, orderBody } from '../../src/payments/providers/paypal/order-body.ts';
import type { PaymentOrder } from '../../src/payments/provider.ts';

const address = {
  firstnames: 'Sam',
  surname: 'Smith',
  address1: '1 High Street',
  city: 'Leeds',
  postCode: 'LS1 1AA',
  country: 'GB',
  phone: '01131234567',
};

function order(lines: [number, number][], delivery: number, vat: number, discount = 0): PaymentOrder {
  const gross = lines.reduce((sum, [unit, qty]) => sum + Math.round(unit * 100) * qty, 0);
  const amount = (gross + Math.round(delivery * 100) - Math.round(discount * 100)) / 100;
  return {
    code: 'PP-0123456789012345678901234567890123456',
    method: 'paypal',
    amount,
    currency: 'GBP',
    description: 'Order from Clearwater online shop',
    billing: address,
    delivery: address,
    email: 'sam@example.com',
    basket: {
      lines: lines.map(([unitGross, quantity], index) => ({
        description: `Line ${index}`,
        quantity,
        unitGross,
      })),
      delivery,
      vat,
      discounts: discount > 0 ? [{ description: 'Discount (SAVE10)', amount: discount }] : [],
    },
  };
}

/** What PayPal checks, in pence. */
function adds(built: PaymentOrder): void {
  const parts = breakdown(built);
  const itemTotal = parts.units.reduce(
    (sum, unit, i) => sum + unit * (built.basket.lines[i]?.quantity ?? 0),
    0,
  );
  expect(itemTotal + (parts.tax ?? 0) + parts.shipping - parts.discount).toBe(Math.round(built.amount * 100));
  expect(parts.units.every((unit) => unit > 0)).toBe(true);
}

describe('a PayPal order body', () => {
  it("shows the lines net of VAT and Magento's VAT, adding up to the amount", () => {
    // £299.99 × 1 + £19.99 × 3, delivery £5.95; VAT at 20 % included: (359.96+5.95)/6 = 60.985
    const built = order(
      [
        [299.99, 1],
        [19.99, 3],
      ],
      5.95,
      60.99,
    );
    adds(built);
    const parts = breakdown(built);
    expect(parts.units).toEqual([24999, 1666]);
    expect(parts.tax).toBeGreaterThanOrEqual(6098);
    expect(parts.tax).toBeLessThanOrEqual(6100);
  });

  it('adds up for awkward quantities and a discount', () => {
    for (const [lines, delivery, discount] of [
      [
        [
          [0.99, 7],
          [3.33, 3],
        ],
        0,
        0,
      ],
      [
        [
          [1234.56, 2],
          [0.01, 1],
        ],
        12.5,
        100,
      ],
      [[[19.99, 13]], 4.99, 2.6],
    ] as const) {
      const gross = lines.reduce((sum, [u, q]) => sum + u * q, 0) + delivery - discount;
      adds(
        order(
          lines.map(([u, q]) => [u, q]),
          delivery,
          Math.round((gross / 6) * 100) / 100,
          discount,
        ),
      );
    }
  });

  it("shows Magento's own figures excl VAT, and then exactly Magento's VAT", () => {
    // tests/embedded-magento/cart-totals-vat.test.ts: 3 × £10.30 (£8.58 excl) and 2 × £24.50 (£20.42),
    // 10 % off (£7.99, of which £1.33 VAT), £4.95 delivery (£4.12 excl); pays £76.86 with £12.82 VAT.
    const built = order(
      [
        [10.3, 3],
        [24.5, 2],
      ],
      4.95,
      12.82,
      7.99,
    );
    const magento: PaymentOrder = {
      ...built,
      basket: {
        ...built.basket,
        lines: built.basket.lines.map((line, index) => ({ ...line, unitNet: [8.58, 20.42][index] })),
        deliveryNet: 4.12,
        discounts: [{ description: 'Discount (ROWS10)', amount: 7.99, vat: 1.33 }],
      },
    };
    adds(magento);
    // Items 3 × 8.58 + 2 × 20.42 = 66.58; 66.58 + 4.12 + 12.82 − (7.99 − 1.33) = 76.86.
    expect(breakdown(magento)).toEqual({ units: [858, 2042], shipping: 412, discount: 666, tax: 1282 });
  });

  it('nets a line of no VAT at its own price when Magento gives it', () => {
    // £10 of tax class None beside £24.50 with VAT: £4.08 VAT in all, on the £24.50 only.
    const built = order(
      [
        [10, 1],
        [24.5, 1],
      ],
      0,
      4.08,
    );
    const magento: PaymentOrder = {
      ...built,
      basket: {
        ...built.basket,
        lines: built.basket.lines.map((line, index) => ({ ...line, unitNet: [10, 20.42][index] })),
        deliveryNet: 0,
      },
    };
    adds(magento);
    expect(breakdown(magento)).toEqual({ units: [1000, 2042], shipping: 0, discount: 0, tax: 408 });
  });

  it('shows the lines with VAT when Magento gives no VAT', () => {
    const built = order([[19.99, 2]], 3.5, 0);
    expect(breakdown(built)).toEqual({ units: [1999], shipping: 350, discount: 0, tax: undefined });
    adds(built);
  });

  it('asks PayPal to capture in GBP, keep the delivery address and come back to the shop', () => {
    const body = JSON.stringify(
      orderBody(
        order([[49.99, 1]], 0, 8.33),
        { returnUrl: 'https://shop/r?code=X', cancelUrl: 'https://shop/c?code=X' },
        'Clearwater',
      ),
    );
    expect(JSON.parse(body)).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          amount: {
            currency_code: 'GBP',
            value: '49.99',
            breakdown: { item_total: { value: '41.66' }, tax_total: { value: '8.33' } },
          },
          shipping: { address: { postal_code: 'LS1 1AA', country_code: 'GB', admin_area_2: 'Leeds' } },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            shipping_preference: 'SET_PROVIDED_ADDRESS',
            return_url: 'https://shop/r?code=X',
            cancel_url: 'https://shop/c?code=X',
          },
        },
      },
    });
  });
});
