/**
 * The trade price files as files of the one page plan: a customer group's file holds its prices where they
 * differ from the pages', its fingerprint is its text's, so a Trade price change rewrites that file and
 * nothing public (no product or listing page, no other group's file).
 */
import { describe, expect, it } from 'vitest';
import { indexCatalogue } from '../../src/catalogue/snapshot.ts';
import { ALL_GROUPS, type Catalogue, type CategoryNode, type Product } from '../../src/catalogue/types.ts';
import { textFingerprint } from '../../src/site/fingerprint.ts';
import { pageKeys, sharedFingerprint } from '../../src/site/page-plan.ts';
import { pricedGroups, tradePriceFiles } from '../../src/site/trade-price-files.ts';
import { product, testShop } from '../unit/catalogue/fixtures.ts';

const category: CategoryNode = {
  id: 24,
  name: 'Pressure washers',
  code: 'pressure-washer',
  audience: 'professional',
  path: '/professional/pressure-washer',
  position: 1,
  children: [],
};
const root = (audience: 'home-garden' | 'professional', id: number, children: CategoryNode[]) => ({
  id,
  name: audience,
  code: audience,
  audience,
  path: `/${audience}`,
  position: 1,
  children,
});
const shop = testShop;

const tier = (customerGroupId: number, qty: number, priceInclVat: number) => ({
  customerGroupId,
  qty,
  priceInclVat,
  priceExclVat: Math.round((priceInclVat / 1.2) * 100) / 100,
});

/** Every planned key of the site built from `products`: pages, and each trade file's fingerprint by path. */
function build(products: Product[]) {
  const catalogue: Catalogue = {
    readAt: '2026-11-26T10:00:00.000Z',
    audiences: {
      'home-garden': root('home-garden', 7, []),
      professional: root('professional', 3, [category]),
    },
    products,
    attributes: [],
    positions: {},
  };
  const index = indexCatalogue(catalogue, { at: Date.parse('2026-11-26T10:00:00Z') });
  const hrefBySku = new Map(index.pages.map((page) => [page.sku, `/${page.urlKey}`]));
  const shared = sharedFingerprint(index, shop);
  const files = tradePriceFiles(index);
  return {
    pages: pageKeys(index, { routed: index.pages, hrefBySku }, shared),
    files: new Map(files.map(([path, file]) => [path, { file, key: textFingerprint(JSON.stringify(file)) }])),
  };
}

const scrubber = (tradeUnit: number) =>
  product({
    id: 11,
    sku: 'PRO-SC-1',
    categoryIds: [24],
    priceInclVat: 1200,
    priceExclVat: 1000,
    tierPrices: [tier(ALL_GROUPS, 5, 1150), tier(5, 1, tradeUnit), tier(5, 5, 1020), tier(2, 1, 1100)],
  });
const hose = product({ id: 12, sku: 'PRO-HO-2', categoryIds: [24], priceInclVat: 60, priceExclVat: 50 });

describe('the trade price files of a build', () => {
  it('are one per group with prices of its own, holding only the products whose prices differ', () => {
    const { files } = build([scrubber(1080), hose]);
    expect([...files.keys()]).toEqual(['trade-prices/group-2.json', 'trade-prices/group-5.json']);
    expect(files.get('trade-prices/group-5.json')?.file).toEqual({
      v: 1,
      rows: { 'PRO-SC-1': [1080, 900, [[5, 1020, 850]]] },
    });
    expect(pricedGroups({ catalogue: { ...({} as Catalogue), products: [hose] } })).toEqual([]);
  });

  it('rewrite the Trade file when a Trade price changes, and nothing public', () => {
    const before = build([scrubber(1080), hose]);
    const after = build([scrubber(1044), hose]);
    expect(after.files.get('trade-prices/group-5.json')?.key).not.toBe(
      before.files.get('trade-prices/group-5.json')?.key,
    );
    expect(after.files.get('trade-prices/group-2.json')?.key).toBe(
      before.files.get('trade-prices/group-2.json')?.key,
    );
    expect(after.pages).toEqual(before.pages);
  });

  it('leave them as they are when a public price changes that the Trade price is below', () => {
    const before = build([scrubber(1080), hose]);
    const repriced = {
      ...scrubber(1080),
      priceInclVat: 1250,
      priceExclVat: 1041.67,
      regularPriceInclVat: 1250,
    };
    const after = build([repriced, hose]);
    expect(after.pages.get('pro-sc-1')).not.toBe(before.pages.get('pro-sc-1'));
    expect(after.files.get('trade-prices/group-5.json')?.key).toBe(
      before.files.get('trade-prices/group-5.json')?.key,
    );
  });
});
