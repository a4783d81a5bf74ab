/**
 * The Trade group's prices as Magento's cart charges them (COMMERCE-BASICS §4.3, §5.2), worked out from the
 * snapshot: the group's tier at quantity 1 or the lower price that applies now (special, ALL GROUPS), its
 * quantity prices, and only where the group pays something the page does not already show. Checked against
 * the embedded back end's own rule (`carts/pricing.ts` `finalPrice`) on the same facts.
 */
import { describe, expect, it } from 'vitest';
import { finalPrice } from '@cleaning-shop/embedded-magento/carts/pricing.ts';
import { groupPriceAt, tradeRowOf, tradeRows } from '../../../src/catalogue/trade-prices.ts';
import { ALL_GROUPS, type Product, type TierPrice } from '../../../src/catalogue/types.ts';
import { withVariants } from '../../../src/catalogue/variants.ts';
import { product, shampoo } from './fixtures.ts';

const TRADE = 5;
const tier = (customerGroupId: number, qty: number, priceInclVat: number): TierPrice => ({
  customerGroupId,
  qty,
  priceInclVat,
  priceExclVat: Math.round((priceInclVat / 1.2) * 100) / 100,
});
const machine = (tierPrices: TierPrice[], overrides: Partial<Product> = {}) =>
  product({ sku: 'M1', priceInclVat: 120, priceExclVat: 100, tierPrices, ...overrides });

describe('the price a group is charged', () => {
  it('is the group’s own tier at quantity 1 where it is lower than the price', () => {
    expect(groupPriceAt(machine([tier(TRADE, 1, 96)]), TRADE, 1)).toBe(96);
    expect(groupPriceAt(machine([tier(TRADE, 1, 96)]), 1, 1)).toBe(120);
  });

  it('is the price that applies now (a sale) where that is lower than the group’s tier', () => {
    const onSale = machine([tier(TRADE, 1, 96)], {
      priceInclVat: 90,
      priceExclVat: 75,
      regularPriceInclVat: 120,
    });
    expect(groupPriceAt(onSale, TRADE, 1)).toBe(90);
  });

  it('takes ALL GROUPS’ tiers too, and never lets one displace the group’s own at the same quantity', () => {
    const both = machine([tier(ALL_GROUPS, 5, 100), tier(TRADE, 5, 104), tier(TRADE, 10, 90)]);
    expect(groupPriceAt(both, TRADE, 5)).toBe(100);
    expect(groupPriceAt(both, TRADE, 10)).toBe(90);
    // Magento's loop: the group's 104 at 5 is found first only when listed first; ALL GROUPS' lower one wins here.
    const groupFirst = machine([tier(TRADE, 5, 98), tier(ALL_GROUPS, 5, 100)]);
    expect(groupPriceAt(groupFirst, TRADE, 5)).toBe(98);
  });

  it('is what the embedded back end’s cart charges, quantity by quantity', () => {
    const tiers = [
      tier(TRADE, 1, 110),
      tier(ALL_GROUPS, 3, 108),
      tier(TRADE, 5, 99.5),
      tier(ALL_GROUPS, 10, 101),
    ];
    const subject = machine(tiers);
    const facts = {
      price: 120,
      special: undefined,
      tiers: tiers.map((t) => ({
        product_id: 1,
        customer_group_id: t.customerGroupId,
        qty: t.qty,
        value: t.priceInclVat,
        percentage_value: null,
      })),
    };
    for (const qty of [1, 2, 3, 4, 5, 9, 10, 50])
      for (const group of [TRADE, 1, 0])
        expect([qty, group, groupPriceAt(subject, group, qty)]).toEqual([
          qty,
          group,
          finalPrice(facts, group, qty, 0),
        ]);
  });
});

describe('a product’s Trade row', () => {
  it('holds the unit price and the quantity prices in both VAT forms', () => {
    const row = tradeRowOf(
      machine([tier(TRADE, 1, 96), tier(TRADE, 10, 84), tier(ALL_GROUPS, 5, 99)]),
      TRADE,
    );
    // ALL GROUPS' 99 at 5 saves a Trade customer nothing over 96: no line for it.
    expect(row).toEqual([96, 80, [[10, 84, 70]]]);
  });

  it('is left out where the group pays what the page shows', () => {
    expect(tradeRowOf(machine([]), TRADE)).toBeNull();
    expect(tradeRowOf(machine([tier(ALL_GROUPS, 5, 100)]), TRADE)).toBeNull();
    expect(tradeRowOf(machine([tier(TRADE, 1, 130)]), TRADE)).toBeNull();
    expect(tradeRowOf(machine([tier(2, 1, 90)]), TRADE)).toBeNull();
  });

  it('is written for trade quantity prices alone, keeping the page’s excl VAT unit figure', () => {
    expect(tradeRowOf(machine([tier(TRADE, 5, 108)]), TRADE)).toEqual([120, 100, [[5, 108, 90]]]);
  });

  it('covers a configurable’s children and its card’s “from” price', () => {
    const { parent, one, five, ten } = shampoo();
    const products = withVariants([
      parent,
      { ...one, tierPrices: [tier(TRADE, 1, 8.49)] },
      five,
      { ...ten, tierPrices: [tier(TRADE, 1, 39.99)] },
    ]);
    const rows = tradeRows(products, TRADE);
    expect(rows['CS-1L']).toEqual([8.49, 7.08, []]);
    expect(rows['CS-10L']).toEqual([39.99, 33.33, []]);
    expect(rows['CS-5L']).toBeUndefined();
    expect(rows['CS']).toEqual([8.49, 7.08, [], 1]);
  });
});
