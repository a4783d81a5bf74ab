import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/catalogue/types.ts';
import {
  choiceFromQuery,
  variantFromQuery,
  variantHref,
  withVariants,
} from '../../../src/catalogue/variants.ts';
import { product, shampoo, shampooProducts, VOLUME } from './fixtures.ts';

const bySku = (products: readonly Product[]) => new Map(products.map((item) => [item.sku, item]));
const sorted = (products: Product[]) => products.sort((a, b) => (a.sku < b.sku ? -1 : 1));
const configurableOf = (item: Product | undefined) => {
  if (!item?.configurable) throw new Error('not a configurable product');
  return item.configurable;
};

describe('withVariants', () => {
  it("finds a configurable's children among the products and gives the parent the cheapest in-stock price, from", () => {
    const products = bySku(withVariants(shampooProducts()));
    const parent = products.get('CS');
    expect(parent?.configurable?.variants).toEqual([
      { sku: 'CS-10L', values: { volume: 213 } },
      { sku: 'CS-1L', values: { volume: 211 } },
      { sku: 'CS-5L', values: { volume: 212 } },
    ]);
    expect(parent).toMatchObject({ priceInclVat: 9.99, priceExclVat: 8.33, priceFrom: true, inStock: true });
    expect(products.get('CS-5L')?.parentSku).toBe('CS');
    expect(products.get('CS-10L')?.parentSku).toBe('CS');
  });

  it('leaves out a child that lacks a value, is missing (disabled) or has a value the parent does not offer', () => {
    const { parent, one, five, ten } = shampoo();
    const products = withVariants(
      sorted([
        parent,
        { ...one, optionValues: {} },
        { ...five, optionValues: { volume: '999' } },
        ten,
        product({ sku: 'OTHER', id: 999 }),
      ]),
    );
    const found = bySku(products);
    expect(found.get('CS')?.configurable?.variants.map((variant) => variant.sku)).toEqual(['CS-10L']);
    expect(found.get('CS-1L')?.parentSku).toBeNull();
    // Only the sold-out 10 l is left: its price, and the parent is sold out too.
    expect(found.get('CS')).toMatchObject({ priceInclVat: 49.99, inStock: false, priceFrom: false });
  });

  it('says "from" only when the children cost different amounts, and has no price without children', () => {
    const { parent, one, five } = shampoo();
    const same = bySku(withVariants(sorted([parent, one, { ...five, priceInclVat: 9.99 }])));
    expect(same.get('CS')).toMatchObject({ priceInclVat: 9.99, priceFrom: false });
    const alone = bySku(withVariants([parent]));
    expect(alone.get('CS')).toMatchObject({ priceInclVat: null, priceExclVat: null, inStock: false });
  });

  it('gives the same catalogue run again on its own output, so an incremental read can keep the parent', () => {
    const once = withVariants(shampooProducts());
    // The same objects, not equal copies: what the site keeps per product is kept from save to save.
    withVariants(once).forEach((item, at) => expect(item).toBe(once[at]));
    // A child read afresh (now sold out) changes its parent that was not read again.
    const again = bySku(
      withVariants(once.map((item) => (item.sku === 'CS-1L' ? { ...item, inStock: false } : item))),
    );
    expect(again.get('CS')).toMatchObject({ priceInclVat: 29.99 });
  });

  it('forgets a parent sku the child no longer has', () => {
    const { parent, one } = shampoo();
    const orphan = bySku(
      withVariants([
        { ...parent, configurable: { ...configurableOf(parent), childIds: [] } },
        { ...one, parentSku: 'CS' },
      ]),
    );
    expect(orphan.get('CS-1L')?.parentSku).toBeNull();
  });
});

describe('variant links', () => {
  const configurable = configurableOf(withVariants(shampooProducts()).find((item) => item.sku === 'CS'));

  it('writes the choice as the attribute code and the value slug', () => {
    expect(variantHref('car-shampoo', [VOLUME], { values: { volume: 212 } })).toBe('/car-shampoo?volume=5-l');
    expect(variantHref('car-shampoo', [VOLUME], { values: {} })).toBe('/car-shampoo');
  });

  it('reads a shared link back to its variant, and nothing from a value the product lacks', () => {
    expect(variantFromQuery(configurable, '?volume=10-l')?.sku).toBe('CS-10L');
    expect(variantFromQuery(configurable, new URLSearchParams('volume=5-l&utm_source=x'))?.sku).toBe('CS-5L');
    expect(variantFromQuery(configurable, '?volume=20-l')).toBeUndefined();
    expect(variantFromQuery(configurable, '')).toBeUndefined();
    expect(choiceFromQuery([VOLUME], 'volume=1-l&size=5-l')).toEqual({ volume: 211 });
  });

  it('round-trips every variant', () => {
    for (const variant of configurable.variants) {
      const href = variantHref('car-shampoo', configurable.attributes, variant);
      expect(variantFromQuery(configurable, href.slice(href.indexOf('?')))?.sku).toBe(variant.sku);
    }
  });
});
