/**
 * "Recently viewed" (issue 13): the product page records the last 8 products viewed in the browser, and
 * the product page (without its own product) and the basket show them, newest first, from the static
 * facts files with no back-end call.
 */
import type { Locator, Page } from '@playwright/test';
import { hasReviews, NO_REVIEWS, productPages, starsOf, type Product } from './support/catalogue.ts';
import { expect, shellReady, test } from './support/test.ts';

const KEY = 'recentlyViewed';

/** `n` products with pages of their own and names no other of them has, so each card is told apart. */
function products(n: number): Product[] {
  const names = new Set<string>();
  const picked = productPages().filter((product) => !names.has(product.name) && names.add(product.name));
  if (picked.length < n) throw new Error(`The e2e catalogue has fewer than ${n} products with pages.`);
  return picked.slice(0, n);
}

async function view(page: Page, product: Product): Promise<void> {
  await page.goto(`/${product.urlKey}`, { waitUntil: 'domcontentloaded' });
  await shellReady(page);
}

async function openBasket(page: Page): Promise<void> {
  await page.goto('/basket', { waitUntil: 'domcontentloaded' });
  await shellReady(page);
}

/** The section, reached the way a shopper reaches the foot of the page. */
async function recentlyViewed(page: Page) {
  await page.keyboard.press('End');
  return page.getByRole('region', { name: 'Recently viewed' });
}

const cardNames = (products: readonly Product[]) => products.map((product) => product.name);

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A card's wish-list or compare button, named by what it does and then (for screen readers) its product. */
const tool = (scope: Locator, action: string, product: Product): Locator =>
  scope.getByRole('button', { name: new RegExp(`^${action}\\W+${escapeRegExp(product.name)}$`) });

/** No notice or problem is shown (the pages keep their live regions, empty). */
const expectNoAlert = (page: Page) =>
  expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);

test('the product page shows the others viewed, newest first, and the basket all of them', async ({
  page,
}) => {
  const [a, b, c] = products(3) as [Product, Product, Product];
  const backEndCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/(rest|graphql)\b/.test(new URL(request.url()).pathname)) backEndCalls.push(request.url());
  });

  await view(page, a);
  const onA = await recentlyViewed(page);
  await expect(page.locator('[data-recently-viewed] section')).toBeHidden();
  await expect(onA).toHaveCount(0);

  await view(page, b);
  await view(page, c);
  const onC = await recentlyViewed(page);
  await expect(onC.getByRole('heading', { level: 3 })).toHaveText(cardNames([b, a]));
  await expect(onC.getByRole('link', { name: b.name, exact: true })).toHaveAttribute('href', `/${b.urlKey}`);
  // The listing's cards: wish list and compare on each.
  await expect(tool(onC, 'Add to compare', a)).toBeVisible();
  await expect(tool(onC, 'Add to wish list', a)).toBeVisible();

  await openBasket(page);
  const onBasket = await recentlyViewed(page);
  await expect(onBasket.getByRole('heading', { level: 3 })).toHaveText(cardNames([c, b, a]));
  expect(backEndCalls, 'calls to the back end').toEqual([]);
});

test('a product with reviews shows its stars on its card', async ({ page }) => {
  const rated = productPages().find(hasReviews);
  test.skip(!rated, NO_REVIEWS);
  if (!rated) return;
  const other = productPages().find((product) => product.name !== rated.name);
  if (!other) throw new Error('The e2e catalogue has one product.');
  await view(page, rated);
  await view(page, other);
  const section = await recentlyViewed(page);
  await expect(
    section.getByRole('img', { name: `Rated ${starsOf(rated.rating?.percent ?? 0)} out of 5`, exact: true }),
  ).toBeVisible();
});

test('after viewing 9 products only the last 8 show', async ({ page }) => {
  const viewed = products(9);
  for (const product of viewed) await view(page, product);
  const newestFirst = [...viewed].reverse();

  const onLast = await recentlyViewed(page);
  await expect(onLast.getByRole('heading', { level: 3 })).toHaveText(cardNames(newestFirst.slice(1, 8)));

  await openBasket(page);
  const onBasket = await recentlyViewed(page);
  await expect(onBasket.getByRole('heading', { level: 3 })).toHaveText(cardNames(newestFirst.slice(0, 8)));
});

test('a product that is gone is skipped quietly and leaves the list', async ({ page }) => {
  const [a, b] = products(2) as [Product, Product];
  await view(page, a);
  await view(page, b);
  await page.evaluate(
    ({ key, sku }) =>
      localStorage.setItem(key, (localStorage.getItem(key) ?? '').replace(sku, 'NO-SUCH-SKU')),
    { key: KEY, sku: a.sku },
  );

  await openBasket(page);
  const section = await recentlyViewed(page);
  await expect(section.getByRole('heading', { level: 3 })).toHaveText(cardNames([b]));
  await expectNoAlert(page);
  expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBe(JSON.stringify([b.sku]));
});

test('the section stays hidden when the product files cannot be had', async ({ page }) => {
  const [a, b] = products(2) as [Product, Product];
  await view(page, a);
  await view(page, b);
  await page.route('**/product-data/**', (route) => route.abort());

  // Listened for before the page opens: the section may ask for the files as soon as it loads.
  const failed = page.waitForEvent('requestfailed', (request) => request.url().includes('/product-data/'));
  await openBasket(page);
  const section = await recentlyViewed(page);
  await failed;
  await expect(section).toHaveCount(0);
  await expect(page.locator('[data-recently-viewed] section')).toBeHidden();
  await expectNoAlert(page);
});
