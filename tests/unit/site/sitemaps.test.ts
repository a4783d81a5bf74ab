/**
 * The sitemaps (src/site/sitemaps.ts): an index of files none over the protocol's 50,000 URLs, each URL
 * once, a product page's and a file's last change, and a file kept as the same object (so neither
 * written nor hashed again) while its URLs and their last changes are.
 */
import { describe, expect, it } from 'vitest';
import { bucketOf } from '@cleaning-shop/kit/buckets.ts';
import {
  SITEMAP_MAX_URLS,
  sitemapFiles,
  sitemapIndex,
  SITEMAP_XML,
  splitEntries,
  type SitemapSource,
} from '../../../src/site/sitemaps.ts';
import { index, product } from '../catalogue/fixtures.ts';
import type { Product } from '../../../src/catalogue/types.ts';

const SITE = 'https://shop.example.com';

describe('splitEntries', () => {
  const entries = Array.from({ length: 130 }, (_, at) => ({ path: `/p-${at}` }));

  it('spreads URLs over as many files as keep each within the limit, each by its path’s hash', () => {
    const files = splitEntries(entries, 50, 60);
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) expect(file.length).toBeLessThanOrEqual(60);
    expect(
      files
        .flat()
        .map((entry) => entry.path)
        .sort(),
    ).toEqual(entries.map((entry) => entry.path).sort());
    files.forEach((file, at) => {
      for (const entry of file) expect(bucketOf(entry.path, files.length)).toBe(at);
    });
  });

  it('keeps one file, empty or not, while everything fits; the protocol’s limit is 50,000', () => {
    expect(splitEntries([])).toEqual([[]]);
    expect(splitEntries(entries)).toHaveLength(1);
    expect(SITEMAP_MAX_URLS).toBe(50_000);
  });
});

describe('sitemapFiles', () => {
  const products = [
    product({ sku: 'A', updatedAt: '2026-11-20 10:00:00' }),
    product({ sku: 'B', updatedAt: '2026-11-23 07:35:26' }),
  ];
  const source = (list: Product[]): SitemapSource => ({
    siteUrl: SITE,
    fixedPaths: ['/', '/privacy-policy'],
    listingPages: [],
    routed: list,
  });

  it('lists the fixed pages, the listings and the products in files of their own, with their last changes', () => {
    const files = sitemapFiles(index(products), source(products));
    expect(files.map((file) => file.name)).toEqual(['pages', 'listings-1', 'products-1']);
    const [pages, , productFile] = files;
    expect(pages?.lastmod).toBeUndefined();
    expect(productFile?.entries).toEqual([
      { path: '/a', lastmod: '2026-11-20T10:00:00Z' },
      { path: '/b', lastmod: '2026-11-23T07:35:26Z' },
    ]);
    expect(productFile?.lastmod).toBe('2026-11-23T07:35:26Z');
    expect(productFile && SITEMAP_XML.text(productFile)).toContain(
      '<url><loc>https://shop.example.com/b</loc><lastmod>2026-11-23T07:35:26Z</lastmod></url>',
    );
  });

  it('keeps a file as the same object while its URLs and their last changes are, a new one when one changed', () => {
    const before = sitemapFiles(index(products), source(products));
    const repriced = products.map((each) => (each.sku === 'A' ? { ...each, priceInclVat: 9.99 } : each));
    const kept = sitemapFiles(index(repriced), source(repriced));
    expect(kept[2]).toBe(before[2]);
    const saved = products.map((each) =>
      each.sku === 'A' ? { ...each, updatedAt: '2026-11-30 06:00:00' } : each,
    );
    const after = sitemapFiles(index(saved), source(saved));
    expect(after[2]).not.toBe(before[2]);
    expect(after[2]?.lastmod).toBe('2026-11-30T06:00:00Z');
    expect(after[0]).toBe(before[0]);
  });
});

describe('sitemapIndex', () => {
  it('names each file by absolute URL, with its last change when one is known', () => {
    const xml = sitemapIndex(
      [
        { name: 'pages', siteUrl: SITE, entries: [{ path: '/' }], lastmod: undefined },
        { name: 'products-1', siteUrl: SITE, entries: [], lastmod: '2026-11-23T07:35:26Z' },
      ],
      SITE,
    );
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<sitemap><loc>https://shop.example.com/sitemaps/pages.xml</loc></sitemap>\n' +
        '<sitemap><loc>https://shop.example.com/sitemaps/products-1.xml</loc><lastmod>2026-11-23T07:35:26Z</lastmod></sitemap>\n' +
        '</sitemapindex>\n',
    );
  });
});
