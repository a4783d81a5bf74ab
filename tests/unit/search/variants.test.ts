/**
 * Search and configurable products: a child's SKU or model number finds its parent, whose path then
 * chooses that child (`/car-shampoo?volume=5-l`); the children, visibility 1, are no results of their own.
 */
import { describe, expect, it } from 'vitest';
import { withVariants } from '../../../src/catalogue/variants.ts';
import { searchableProducts } from '../../../src/site/search-input.ts';
import { loadMatchesIndex, rankedPage } from '../../../src/components/search/search-results.ts';
import { searchCardsHtml } from '../../../src/components/search/search-view.ts';
import { DEFAULT_STATE } from '../../../src/features/listing/browse-state.ts';
import { buildSearchFiles } from '../../../src/features/search/build.ts';
import { createSearchEngine } from '../../../src/features/search/engine.ts';
import { memorySource } from '../../../src/features/search/sources.ts';
import { product, shampooProducts } from '../catalogue/fixtures.ts';

const catalogueProducts = withVariants([
  ...shampooProducts().map((one) => (one.sku === 'CS' ? { ...one, categoryIds: [28] } : one)),
  product({ sku: 'HG-DT-009', name: 'Patio Detergent 5 l', categoryIds: [28], modelNumber: '6.295-302.9' }),
]);
const bySku = new Map(catalogueProducts.map((one) => [one.sku, one]));
const products = searchableProducts(catalogueProducts);

const engine = createSearchEngine(
  memorySource(
    buildSearchFiles({
      products,
      hrefBySku: new Map(products.map((one) => [one.sku, `/${one.urlKey}`])),
      attributes: [],
      listings: [
        {
          categoryId: 28,
          name: 'Detergents',
          path: '/home-garden/detergents',
          audience: 'Home & Garden',
          products,
        },
      ],
      synonyms: {},
      bySku,
    }),
  ),
);

async function found(query: string, typing = false): Promise<[string, string][]> {
  const answer = await engine.search(query, { typing });
  return (await engine.records(answer.ids, answer.variants)).map((record) => [record[0], record[2]]);
}

describe('search and variants', () => {
  it("finds the parent by a child's SKU, however typed, with that child chosen", async () => {
    for (const typed of ['CS-5L', 'cs5l', 'cs 5l'])
      expect((await found(typed))[0]).toEqual(['CS', '/car-shampoo?volume=5-l']);
    expect((await found('CS-10L', true))[0]).toEqual(['CS', '/car-shampoo?volume=10-l']);
  });

  it("finds the parent by a child's model number, with that child chosen", async () => {
    expect((await found('6.295-302.0'))[0]).toEqual(['CS', '/car-shampoo?volume=5-l']);
    expect((await found('62953010'))[0]).toEqual(['CS', '/car-shampoo?volume=1-l']);
  });

  it("finds the parent by its children's sizes, whole: 5 l is not the 5 of 2.5 l", async () => {
    expect((await found('5 l')).map(([sku]) => sku).sort()).toEqual(['CS', 'HG-DT-009']);
    expect((await found('5 litre shampoo')).map(([sku]) => sku)).toEqual(['CS']);
    expect((await found('1 l')).map(([sku]) => sku)).toEqual(['CS']);
    // The size chooses the child it is of.
    expect((await found('5 litre shampoo'))[0]).toEqual(['CS', '/car-shampoo?volume=5-l']);
    expect((await found('10 l'))[0]).toEqual(['CS', '/car-shampoo?volume=10-l']);
  });

  it("prices the card of a configurable opened at a size with that size's price, with or without VAT", async () => {
    // The card is the 5 l's (£29.99), not the parent's "from" price of its cheapest child (£9.99).
    const sizes: [string, number, number][] = [
      ['5 litre shampoo', 29.99, 24.99],
      ['10 l', 49.99, 41.66],
      ['CS-5L', 29.99, 24.99],
    ];
    for (const [query, inclVat, exclVat] of sizes) {
      const answer = await engine.search(query);
      const [record] = await engine.records(answer.ids, answer.variants);
      expect([record?.[0], record?.[5], record?.[6]], query).toEqual(['CS', inclVat, exclVat]);
      const page = await rankedPage(engine, answer, DEFAULT_STATE);
      const card = searchCardsHtml(page.shown, page.summaries);
      expect(card, query).toContain(`£${inclVat}`);
      expect(card, query).toContain(`£${exclVat}`);
      expect(card, query).not.toContain('£9.99');
      expect(card, query).not.toMatch(/from £/i);
    }
    // Found by its name, the card keeps the cheapest child's price.
    const byName = await engine.search('car shampoo');
    expect((await engine.records(byName.ids, byName.variants))[0]?.[5]).toBe(9.99);
  });

  it('leaves the children out of the results, and chooses none for the parent found by its name', async () => {
    const byName = await found('car shampoo');
    expect(byName).toEqual([['CS', '/car-shampoo']]);
    expect(products.map(({ sku }) => sku)).not.toContain('CS-5L');
  });

  it('chooses no child by a code every child shares, nor for another product the code finds', async () => {
    // "6295" starts every child's model number (and the detergent's): no one child is meant.
    const shared = await found('6.295');
    expect(shared.every(([, path]) => !path.includes('?'))).toBe(true);
  });

  it('opens the chosen child from the results page, paged or filtered', async () => {
    const answer = await engine.search('CS-5L');
    const page = await rankedPage(engine, answer, DEFAULT_STATE);
    expect(page.shown[0]?.[2]).toBe('/car-shampoo?volume=5-l');
    const matches = await loadMatchesIndex(engine, answer);
    expect(matches?.index.products[0]?.[2]).toBe('/car-shampoo?volume=5-l');
  });
});

describe('a SKU with no digit', () => {
  const plain = [
    product({ sku: 'HG-DT-CARSHAMPOO', name: 'Car Shampoo', modelNumber: null }),
    product({ sku: 'HG-DT-CARSHAMPOO-5L', name: 'Car Shampoo 5 l', modelNumber: null, urlKey: 'five' }),
  ];
  const plainEngine = createSearchEngine(
    memorySource(
      buildSearchFiles({
        products: plain,
        hrefBySku: new Map([
          ['HG-DT-CARSHAMPOO', '/car-shampoo'],
          ['HG-DT-CARSHAMPOO-5L', '/five'],
        ]),
        attributes: [],
        listings: [],
        synonyms: {},
      }),
    ),
  );

  it('is found whole however typed, or by its end, as a last resort and with no "Did you mean"', async () => {
    for (const typed of ['HG-DT-CARSHAMPOO', 'hgdtcarshampoo', 'HG DT CARSHAMPOO', 'HAMPOO']) {
      const answer = await plainEngine.search(typed);
      expect((await plainEngine.records(answer.ids))[0]?.[0]).toBe('HG-DT-CARSHAMPOO');
      expect(answer.didYouMean).toBeNull();
    }
  });

  it('is found whole when its digits sit apart from a long word', async () => {
    for (const typed of ['HG-DT-CARSHAMPOO-5L', 'hg dt carshampoo 5l']) {
      const answer = await plainEngine.search(typed);
      expect((await plainEngine.records(answer.ids)).map((record) => record[0])).toEqual([
        'HG-DT-CARSHAMPOO-5L',
      ]);
    }
  });
});
