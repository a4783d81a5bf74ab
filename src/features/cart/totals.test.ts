import { describe, expect, it } from 'vitest';
import type { Totals } from '../../magento/wire/shopper-totals.ts';
import { summaryLines } from './totals.ts';

const totals = (items: unknown): Totals => ({ grand_total: 0, subtotal: 0, shipping_amount: 0, items });

describe('summaryLines', () => {
  it("gives each of Magento's totals items its name, quantity, row totals incl and excl VAT and options", () => {
    expect(
      summaryLines(
        totals([
          {
            item_id: 7,
            name: 'Car Shampoo',
            qty: 2,
            row_total: 41.65,
            row_total_incl_tax: 49.98,
            options: '[{"value":"5 l","label":"Volume"}]',
          },
          { item_id: 8, name: 'Hose reel', qty: 1, row_total: 39.95, options: '[]' },
        ]),
      ),
    ).toEqual([
      {
        itemId: 7,
        name: 'Car Shampoo',
        qty: 2,
        rowTotal: 49.98,
        rowTotalExclVat: 41.65,
        options: [{ label: 'Volume', value: '5 l' }],
      },
      { itemId: 8, name: 'Hose reel', qty: 1, rowTotal: 39.95, rowTotalExclVat: undefined, options: [] },
    ]);
  });

  it('leaves out an item missing what it must have, and has no lines without items', () => {
    expect(summaryLines(totals([{ item_id: 7, qty: 1, row_total: 5 }, null]))).toEqual([]);
    expect(summaryLines(totals(undefined))).toEqual([]);
  });
});
