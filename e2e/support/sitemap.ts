/**
 * The sitemap as a crawler reads it: the index at /sitemap.xml, then every file it names (by path on the
 * server under test: the index names the configured site URL, which may be another origin).
 */
import type { APIRequestContext } from '@playwright/test';
import { expect } from './test.ts';

const locsOf = (xml: string): string[] =>
  [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) => match[1] ?? '');

async function xmlAt(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type'], path).toMatch(/xml/);
  return response.text();
}

/** The index's files: each file's absolute URL and `lastmod`, as the index names them. */
export async function sitemapFiles(request: APIRequestContext): Promise<{ loc: string; lastmod?: string }[]> {
  const index = await xmlAt(request, '/sitemap.xml');
  expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  return [...index.matchAll(/<sitemap>([^]*?)<\/sitemap>/g)].map((match) => {
    const [loc = ''] = locsOf(match[1] ?? '');
    const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(match[1] ?? '')?.[1];
    return lastmod ? { loc, lastmod } : { loc };
  });
}

/** The URLs of every sitemap file, in the index's order, each file's `<loc>`s as written. */
export async function sitemapLocs(request: APIRequestContext): Promise<string[]> {
  const files = await sitemapFiles(request);
  expect(files.length, 'the index names its files').toBeGreaterThan(0);
  const locs: string[] = [];
  for (const { loc } of files) locs.push(...locsOf(await xmlAt(request, new URL(loc).pathname)));
  return locs;
}
