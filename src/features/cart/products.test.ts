import { describe, expect, it } from 'vitest';
import { basketProductsReader } from './products.ts';

const product = { urlKey: 'hose-reel', thumbnail: '/h/r/hose.jpg', priceExclVat: 33.29, priceInclVat: 39.95 };

describe('basketProductsReader', () => {
  it('reads /basket/products.json as the build writes it', () => {
    const read = basketProductsReader.safeParse({
      'HG-1': product,
      'HG-2': { urlKey: null, thumbnail: null, priceExclVat: null },
    });
    if (!read.success) throw new Error('the file does not read');
    expect(read.data.get('HG-1')).toEqual({ ...product, href: '/hose-reel', tiers: [] });
    expect(read.data.get('HG-2')).toEqual({
      urlKey: null,
      href: null,
      thumbnail: null,
      priceExclVat: null,
      priceInclVat: null,
      tiers: [],
    });
  });

  it('reads the tiers every shopper gets, where the build wrote any', () => {
    const tiers = [{ qty: 4, priceInclVat: 35.95, priceExclVat: 29.96 }];
    const read = basketProductsReader.safeParse({ 'HG-1': { ...product, tiers } });
    expect(read.success && read.data.get('HG-1')?.tiers).toEqual(tiers);
  });

  it("links a configurable's child to its parent's page with the child chosen", () => {
    const child = { urlKey: null, href: '/car-shampoo?volume=5-l', thumbnail: null, priceExclVat: 20.42 };
    const read = basketProductsReader.safeParse({ 'CS-5L': { ...child, priceInclVat: 24.5 } });
    expect(read.success && read.data.get('CS-5L')?.href).toBe('/car-shampoo?volume=5-l');
  });

  it('reads a file from before prices were added as "price unknown"', () => {
    const read = basketProductsReader.safeParse({ 'HG-1': { urlKey: 'a', thumbnail: null } });
    expect(read.success && read.data.get('HG-1')?.priceExclVat).toBeNull();
  });

  it('finds no product for a sku that only names an object property', () => {
    const read = basketProductsReader.safeParse({ 'HG-1': product });
    expect(read.success && read.data.get('constructor')).toBeUndefined();
  });

  it.each([
    ['a list', [product]],
    ['a product that is text', { 'HG-1': 'hose-reel' }],
    ['a url key that is a number', { 'HG-1': { ...product, urlKey: 5 } }],
    ['a missing thumbnail', { 'HG-1': { urlKey: 'a', priceExclVat: 1 } }],
    ['a price that is text', { 'HG-1': { ...product, priceExclVat: '33.29' } }],
    ['a price of nothing', { 'HG-1': { ...product, priceExclVat: 0 } }],
    ['a list price that is text', { 'HG-1': { ...product, priceInclVat: '39.95' } }],
    ['a tier without a quantity', { 'HG-1': { ...product, tiers: [{ priceInclVat: 1, priceExclVat: 1 }] } }],
    ['tiers that are no list', { 'HG-1': { ...product, tiers: { qty: 4 } } }],
    ['a link to another site', { 'HG-1': { ...product, href: '//example.com/x' } }],
    ['a link that is no path', { 'HG-1': { ...product, href: 'javascript:alert(1)' } }],
  ])('refuses %s', (_, value) => expect(basketProductsReader.safeParse(value).success).toBe(false));
});
