/**
 * Sale prices as the build prices them (src/catalogue/special-prices.ts): Magento's date rule on London's
 * wall clock, the lowest price applying, "was" only while a lower price applies, a configurable parent
 * priced from its children again, and the coming instants at which a price changes.
 */
import { describe, expect, it } from 'vitest';
import {
  londonWallClockToInstant,
  priceChanges,
  pricedAt,
  specialPriceApplies,
} from '../../../src/catalogue/special-prices.ts';
import { withVariants } from '../../../src/catalogue/variants.ts';
import { product } from './fixtures.ts';
import type { Product } from '../../../src/catalogue/types.ts';

const at = (iso: string) => Date.parse(iso);

describe('londonWallClockToInstant', () => {
  it('reads London time in winter as UTC and in summer an hour ahead', () => {
    expect(new Date(londonWallClockToInstant('2026-12-01 00:00:00')).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
    expect(new Date(londonWallClockToInstant('2027-06-01 00:00:00')).toISOString()).toBe(
      '2027-05-31T23:00:00.000Z',
    );
  });

  it('takes a time the clocks skip in spring as the moment they jump, and the first of a repeated hour', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST.
    expect(new Date(londonWallClockToInstant('2026-03-29 01:30:00')).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    // 25 October 2026: 01:00–02:00 happens twice; the first is 00:30 UTC.
    expect(new Date(londonWallClockToInstant('2026-10-25 01:30:00')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });
});

describe('specialPriceApplies', () => {
  const sale = { priceInclVat: 80, from: '2027-06-01 00:00:00', to: '2027-06-30 00:00:00' };

  it('starts at 00:00:00 London time on the from-date (summer time)', () => {
    expect(specialPriceApplies(sale, at('2027-05-31T22:59:59.999Z'))).toBe(false);
    expect(specialPriceApplies(sale, at('2027-05-31T23:00:00.000Z'))).toBe(true);
  });

  it('lasts through the to-date: 00:00:00 the day after still counts, 00:00:01 does not', () => {
    expect(specialPriceApplies(sale, at('2027-06-30T23:00:00.999Z'))).toBe(true);
    expect(specialPriceApplies(sale, at('2027-06-30T23:00:01.000Z'))).toBe(false);
  });

  it('has no bound where a date is missing', () => {
    expect(specialPriceApplies({ priceInclVat: 1, from: null, to: null }, at('1999-01-01T00:00:00Z'))).toBe(
      true,
    );
  });
});

describe('pricedAt', () => {
  const onSale = product({
    sku: 'SALE',
    priceInclVat: 100,
    priceExclVat: 83.33,
    specialPrice: { priceInclVat: 75, from: '2026-12-01 00:00:00', to: null },
  });

  /** A configurable kit of two children, the second on sale from 1 December. */
  const kit = (): Product[] => {
    const children = [
      product({ id: 11, sku: 'KIT-A', priceInclVat: 30, optionValues: { kit: '1' }, visibility: 1 }),
      product({
        id: 12,
        sku: 'KIT-B',
        priceInclVat: 40,
        optionValues: { kit: '2' },
        visibility: 1,
        specialPrice: { priceInclVat: 20, from: '2026-12-01', to: null },
      }),
    ];
    const parent = product({
      id: 10,
      sku: 'KIT',
      typeId: 'configurable',
      configurable: {
        attributes: [
          {
            attributeId: '200',
            code: 'kit',
            label: 'Kit',
            position: 0,
            values: [
              { id: 1, label: 'Home', slug: 'home' },
              { id: 2, label: 'Pro', slug: 'pro' },
            ],
          },
        ],
        childIds: [11, 12],
        variants: [],
      },
    });
    return withVariants([parent, ...children]);
  };

  it('shows the sale price and "was" the regular price, in both VAT forms, only while the sale applies', () => {
    const [before] = pricedAt([onSale], at('2026-11-30T23:59:59Z'));
    expect(before).toMatchObject({
      priceInclVat: 100,
      priceExclVat: 83.33,
      wasInclVat: null,
      wasExclVat: null,
    });
    const [during] = pricedAt([onSale], at('2026-12-01T00:00:00Z'));
    expect(during).toMatchObject({
      priceInclVat: 75,
      priceExclVat: 62.5,
      wasInclVat: 100,
      wasExclVat: 83.33,
    });
    // Priced again for an earlier instant (the snapshot keeps the regular price): the sale is gone.
    const [again] = pricedAt(during ? [during] : [], at('2026-11-30T00:00:00Z'));
    expect(again).toMatchObject({ priceInclVat: 100, wasInclVat: null });
  });

  it('ignores a special price above the regular price, and applies a lower rule price found by reconciliation', () => {
    const dear = product({
      sku: 'DEAR',
      priceInclVat: 50,
      specialPrice: { priceInclVat: 60, from: null, to: null },
    });
    expect(pricedAt([dear], at('2026-12-01T00:00:00Z'))[0]).toMatchObject({
      priceInclVat: 50,
      wasInclVat: null,
    });
    expect(pricedAt([dear], at('2026-12-01T00:00:00Z'), { DEAR: 45 })[0]).toMatchObject({
      priceInclVat: 45,
      wasInclVat: 50,
    });
  });

  it('prices a configurable from its children again: a child on sale makes the parent "from" its sale price', () => {
    const stored = kit();
    const before = pricedAt(stored, at('2026-11-30T12:00:00Z')).find((p) => p.sku === 'KIT');
    expect(before).toMatchObject({ priceInclVat: 30, wasInclVat: null, priceFrom: true });
    const during = pricedAt(stored, at('2026-12-01T12:00:00Z')).find((p) => p.sku === 'KIT');
    expect(during).toMatchObject({ priceInclVat: 20, wasInclVat: 40, priceFrom: true });
  });

  it('answers the same objects for products whose prices are the same at another instant, new ones where a price moved', () => {
    const stored = [...kit(), onSale];
    const [first, second, third] = [
      '2026-12-01T09:00:00Z',
      '2026-12-02T09:00:00Z',
      '2026-11-30T09:00:00Z',
    ].map((instant) => pricedAt(stored, at(instant)));
    // The same sale still on: every product, the configurable and the one on sale too, is the object it was.
    second?.forEach((priced, at) => expect(priced).toBe(first?.[at]));
    // Before the sales: the products on sale and the kit priced from its child on sale are new; the rest the same.
    const moved = third?.filter((priced, at) => priced !== first?.[at]).map((priced) => priced.sku);
    expect(moved?.sort()).toEqual(['KIT', 'KIT-B', 'SALE']);
  });
});

describe('priceChanges', () => {
  it('lists each start and end that changes a price, soonest first, with the prices before and after', () => {
    const products = [
      product({
        sku: 'B',
        priceInclVat: 10,
        specialPrice: { priceInclVat: 8, from: '2026-12-01', to: '2026-12-01' },
      }),
      product({
        sku: 'A',
        priceInclVat: 20,
        specialPrice: { priceInclVat: 15, from: '2026-12-01', to: null },
      }),
      // Never lower: no change to list.
      product({ sku: 'C', priceInclVat: 5, specialPrice: { priceInclVat: 9, from: '2026-12-01', to: null } }),
    ];
    expect(priceChanges(products, at('2026-11-25T12:00:00Z'))).toEqual([
      { at: '2026-12-01T00:00:00.000Z', sku: 'A', name: 'Machine A', before: 20, after: 15 },
      { at: '2026-12-01T00:00:00.000Z', sku: 'B', name: 'Machine B', before: 10, after: 8 },
      { at: '2026-12-02T00:00:01.000Z', sku: 'B', name: 'Machine B', before: 8, after: 10 },
    ]);
    expect(priceChanges(products, at('2026-12-01T00:00:00Z')).map((change) => change.at)).toEqual([
      '2026-12-02T00:00:01.000Z',
    ]);
  });
});
