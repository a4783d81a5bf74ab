import { describe, expect, it } from 'vitest';
import type { ProductFacts } from '../product-data/index.ts';
import { basketProductOf } from './products.ts';

const facts: ProductFacts = {
  sku: 'HG-1',
  name: 'Hose reel',
  href: '/hose-reel',
  image: { file: '/h/r/hose.jpg', alt: 'Hose reel' },
  priceInclVat: 39.95,
  priceExclVat: 33.29,
  inStock: true,
  kind: null,
  specs: {},
};

describe('basketProductOf', () => {
  it("shows a line's page, picture and list prices from its facts, with no quantity prices when it has none", () => {
    expect(basketProductOf(facts)).toEqual({
      href: '/hose-reel',
      thumbnail: '/h/r/hose.jpg',
      priceExclVat: 33.29,
      priceInclVat: 39.95,
      tiers: [],
    });
  });

  it('carries the quantity prices every shopper gets', () => {
    const tierPrices = [{ qty: 4, priceInclVat: 35.95, priceExclVat: 29.96 }];
    expect(basketProductOf({ ...facts, tierPrices }).tiers).toEqual(tierPrices);
  });

  it("links a configurable's child to its parent's page with it chosen, and shows no picture it lacks", () => {
    const child = {
      ...facts,
      sku: 'CS-5L',
      href: '/car-shampoo?volume=5-l',
      image: null,
      priceInclVat: null,
    };
    expect(basketProductOf(child)).toMatchObject({
      href: '/car-shampoo?volume=5-l',
      thumbnail: null,
      priceInclVat: null,
    });
  });
});
