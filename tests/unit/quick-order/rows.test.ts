import { describe, expect, it } from 'vitest';
import {
  emptyRow,
  resolveCode,
  rowPrice,
  spreadLines,
  verdict,
  type OrderRow,
} from '../../../src/features/quick-order/rows.ts';
import { shopLookup } from './shop-lookup.ts';

const row = (code: string, qty = '1', choice: Record<string, number> = {}): OrderRow => ({
  code,
  qty,
  choice,
});

async function verdictOf(typed: OrderRow) {
  const resolution = await resolveCode(typed.code, shopLookup());
  const chosen =
    resolution.status === 'found' && resolution.child
      ? (resolution.product.variants?.children.find(({ sku }) => sku === resolution.child)?.values ?? {})
      : {};
  return verdict({ ...typed, choice: { ...chosen, ...typed.choice } }, resolution);
}

describe('a quick-order row', () => {
  it('resolves a SKU or model number however typed to its product', async () => {
    for (const typed of ['HG-PW-00156', 'hgpw00156', 'hg pw 00156', '1.673-220.0', '16732200'])
      expect(await verdictOf(row(typed, '3'))).toEqual({
        kind: 'ready',
        add: { sku: 'HG-PW-00156', qty: 3, options: [], name: 'Machine HG-PW-00156', about: {} },
      });
  });

  it("resolves a child's SKU or model number to its parent with the child chosen", async () => {
    const resolution = await resolveCode('cs-5l', shopLookup());
    expect(resolution).toMatchObject({ status: 'found', product: { sku: 'CS' }, child: 'CS-5L' });
    for (const typed of ['CS-5L', '6.295-302.0'])
      expect(await verdictOf(row(typed, '2'))).toEqual({
        kind: 'ready',
        add: {
          sku: 'CS',
          qty: 2,
          options: [{ option_id: '155', option_value: 212 }],
          name: 'Car Shampoo (Volume: 5 l)',
          // What measurement reports of it beside Magento's line: the size chosen.
          about: { item_variant: '5 l' },
        },
      });
  });

  it('asks for a size when the parent itself is typed, and takes the one chosen', async () => {
    expect(await verdictOf(row('CS'))).toEqual({ kind: 'problem', message: 'Choose a volume.' });
    expect(await verdictOf(row('CS', '1', { volume: 211 }))).toMatchObject({
      kind: 'ready',
      add: { sku: 'CS', options: [{ option_id: '155', option_value: 211 }] },
    });
  });

  it('says so when the code is unknown, the product or the chosen size sold out, or the quantity bad', async () => {
    expect(await verdictOf(row('NO-SUCH-1'))).toEqual({
      kind: 'problem',
      message: 'No product has this SKU or model number.',
    });
    const soldOut = { kind: 'problem', message: 'Sold out: this product cannot be ordered at the moment.' };
    expect(await verdictOf(row('HG-PW-00999'))).toEqual(soldOut);
    expect(await verdictOf(row('CS-10L'))).toEqual(soldOut);
    expect(await verdictOf(row('CS', '1', { volume: 213 }))).toEqual(soldOut);
    for (const qty of ['0', '-2', '2.5', 'two', ''])
      expect(await verdictOf(row('HG-PW-00156', qty))).toEqual({
        kind: 'problem',
        message: 'Enter a quantity of 1 or more, in whole numbers.',
      });
  });

  it('shows the unit price the basket will charge: the public tier price the quantity reaches', async () => {
    const priceOf = async (typed: OrderRow) => {
      const resolution = await resolveCode(typed.code, shopLookup());
      return rowPrice(typed, resolution);
    };
    const fiveLitres = { volume: 212 };
    expect(await priceOf(row('CS', '3', fiveLitres))).toEqual({
      inclVat: 29.99,
      exclVat: 24.99,
      tierQty: null,
    });
    expect(await priceOf(row('CS', '4', fiveLitres))).toEqual({
      inclVat: 26.99,
      exclVat: 22.49,
      tierQty: 4,
    });
    expect(await priceOf(row('cs-5l', '12', fiveLitres))).toMatchObject({ inclVat: 24.99, tierQty: 10 });
    expect(await priceOf(row('CS', '12', { volume: 211 }))).toMatchObject({ inclVat: 9.99, tierQty: null });
    expect(await priceOf(row('CS', '4'))).toBeUndefined();
    expect(await priceOf(row('CS', 'two', fiveLitres))).toMatchObject({ inclVat: 29.99, tierQty: null });
  });

  it('is blank when nothing is typed, and asks for a code when only a quantity is', async () => {
    expect(verdict(emptyRow(), { status: 'empty' })).toEqual({ kind: 'blank' });
    expect(verdict(row('', '4'), { status: 'empty' })).toEqual({
      kind: 'problem',
      message: 'Enter a SKU or model number.',
    });
    expect(verdict(row('CS-5L'), undefined)).toEqual({ kind: 'problem', message: 'Looking it up…' });
  });
});

describe('pasted lines spread over rows', () => {
  const lines = [
    { code: 'A', qty: '1' },
    { code: 'B', qty: '2' },
    { code: 'C', qty: '3' },
  ];

  it('fill the row pasted into and the blank rows after it, inserting rows before a typed one', () => {
    const rows = [row('X'), emptyRow(), emptyRow(), row('Y'), emptyRow()];
    expect(spreadLines(rows, 1, lines, 200).rows.map(({ code }) => code)).toEqual([
      'X',
      'A',
      'B',
      'C',
      'Y',
      '',
    ]);
  });

  it('stop at the most rows allowed and say how many lines were kept', () => {
    const { rows, kept } = spreadLines([emptyRow()], 0, lines, 2);
    expect(rows.map(({ code }) => code)).toEqual(['A', 'B']);
    expect(kept).toBe(2);
  });
});
