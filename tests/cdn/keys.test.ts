import { describe, expect, it } from 'vitest';
import {
  BUILD_KEY,
  fileForUrlPath,
  fileKey,
  purgeKeysFor,
  SEARCH_RESULTS_KEY,
  surrogateKeysFor,
} from '../../src/cdn/keys.ts';

describe('surrogate keys of a built file', () => {
  it.each([
    ['car-shampoo/index.html', 'product:car-shampoo', 'product'],
    ['home-garden/index.html', 'listing:home-garden', 'listing'],
    ['home-garden/pressure-washer/index.html', 'listing:home-garden/pressure-washer', 'listing'],
    ['professional/vacuums/page/2/index.html', 'listing:professional/vacuums/page/2', 'listing'],
    ['search/data/core.json', 'search:core', 'search'],
    ['search/data/t/pre.json', 'search:t/pre', 'search'],
    ['product-data/12.json', 'facts:12', 'facts'],
    ['product-data/codes/3.json', 'facts:codes/3', 'facts'],
    ['index.html', 'page:/', 'page'],
    ['404.html', 'page:/404.html', 'page'],
    ['basket/index.html', 'page:/basket', 'page'],
    ['search/index.html', 'page:/search', 'page'],
    ['hire/index.html', 'page:/hire', 'page'],
    ['services/support/contact/index.html', 'page:/services/support/contact', 'page'],
    ['category-not-found/index.html', 'page:/category-not-found', 'page'],
    ['feeds/google/products-3.xml', 'data:feeds/google/products-3.xml', 'data'],
    ['listing-data/24.AbC.json', 'data:listing-data/24.AbC.json', 'data'],
    ['sitemap.xml', 'data:sitemap.xml', 'data'],
    ['_astro/x.123.js', 'asset:_astro/x.123.js', 'asset'],
  ])('%s is %s, of kind %s, in the build', (path, own, kind) => {
    expect(surrogateKeysFor(path)).toEqual([own, kind, BUILD_KEY]);
    expect(fileKey(path)).toBe(own);
  });

  it('keeps keys to printable ASCII with no space or comma, and short', () => {
    const key = fileKey('caf\u00e9 au lait,2/index.html');
    expect(key).toBe('product:caf%C3%A9%20au%20lait%2C2');
    const long = fileKey(`services/${'x'.repeat(400)}/index.html`);
    expect(long).toMatch(/^page:#[\w-]{32}$/);
    expect(fileKey(`services/${'x'.repeat(400)}/index.html`)).toBe(long);
    for (const path of ['a b/index.html', 'home-garden/a,b/index.html', 'search/data/t/\u00e9t\u00e9.json'])
      expect(fileKey(path)).toMatch(/^[\x21-\x7e]+$/);
  });
});

describe('purge keys of what a publish changed', () => {
  it('are each changed file’s own key, once, never a kind or the build', () => {
    expect(
      purgeKeysFor([
        'car-shampoo/index.html',
        'home-garden/pressure-washer/index.html',
        'car-shampoo/index.html',
      ]),
    ).toEqual(['product:car-shampoo', 'listing:home-garden/pressure-washer']);
  });

  it('add the drawn search results when the search index changed', () => {
    expect(purgeKeysFor(['search/data/t/pre.json', 'search/data/d/0.json'])).toEqual([
      'search:t/pre',
      SEARCH_RESULTS_KEY,
      'search:d/0',
    ]);
  });
});

describe('the file a URL would be served from', () => {
  it.each([
    ['/', 'index.html'],
    ['/new-product', 'new-product/index.html'],
    ['/new-product/', 'new-product/index.html'],
    ['/home-garden/new-category', 'home-garden/new-category/index.html'],
    ['/search/data/t/zzz.json', 'search/data/t/zzz.json'],
    ['/caf%C3%A9', 'café/index.html'],
  ])('%s → %s', (url, file) => {
    expect(fileForUrlPath(url)).toBe(file);
  });

  it('is none for a path that does not decode', () => {
    expect(fileForUrlPath('/%E0%A4%A')).toBeUndefined();
  });

  it('so a 404 at a product’s future URL is purged with the page that publish creates', () => {
    const future = fileForUrlPath('/new-product') ?? '';
    expect(purgeKeysFor(['new-product/index.html'])).toContain(fileKey(future));
  });
});
