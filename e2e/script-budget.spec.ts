/**
 * The catalogue pages' JavaScript before any interaction within DESIGN.md §5's budget, 15 KB brotli as
 * transferred (issue 50), measured as `npm run bench:shell` measures it: a first visit on a phone, each page
 * in a fresh context, left untouched until the network and the main thread are idle. A size, not a time, so
 * it holds on a busy machine; the bench prints the figures and the add to cart's time beside them.
 */
import type { Page } from '@playwright/test';
import { productPages, richProduct } from './support/catalogue.ts';
import { expect, shellReady, test } from './support/test.ts';

const BUDGET = 15 * 1024;

// A first visit: no choice made on cookies yet.
test.use({ cookiesAccepted: false });

/** The scripts' bodies as transferred (compressed) until the page is idle, by file. */
async function scriptsBeforeInteraction(page: Page, path: string): Promise<Map<string, number>> {
  const sizes: Promise<[string, number]>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    sizes.push(request.sizes().then((size) => [new URL(request.url()).pathname, size.responseBodySize]));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await shellReady(page);
  // What waits for the main thread to be idle (`requestIdleCallback`) loads now; then the network settles.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
  await page.waitForLoadState('networkidle');
  return new Map(await Promise.all(sizes));
}

const pages: { name: string; path: () => string }[] = [
  { name: 'home', path: () => '/' },
  { name: 'a landing', path: () => '/home-garden' },
  { name: 'a listing', path: () => '/home-garden/pressure-washer' },
  { name: 'a product', path: () => `/${richProduct().urlKey}` },
  {
    name: 'a configurable product',
    path: () => `/${productPages().find((p) => p.typeId === 'configurable')?.urlKey ?? ''}`,
  },
  { name: 'the privacy policy', path: () => '/privacy-policy' },
];

for (const { name, path } of pages) {
  // On a phone (the `mobile` project), as the bench: its viewport decides which parts are near enough to load.
  test(`${name} loads at most 15 KB of script before any interaction @mobile`, async ({ page }) => {
    const scripts = await scriptsBeforeInteraction(page, path());
    const total = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
    const listed = [...scripts].map(([file, bytes]) => `${file} ${bytes} B`).join(', ');
    expect(scripts.size, 'the shell loads').toBeGreaterThan(0);
    expect(total, `${total} B of script: ${listed}`).toBeLessThanOrEqual(BUDGET);
  });
}
