/** Category listings (spec §2 Category listing, §5 rules, §8 errors). */
import type { Page } from '@playwright/test';
import {
  DRY_ICE_PATH,
  formatGbp,
  largestListing,
  listings,
  PAGE_SIZE,
  pagePath,
  PRICE_PATTERN,
  type Product,
} from './support/catalogue.ts';
import { expect, expectBreadcrumb, shop, test } from './support/test.ts';

const cards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('listitem');

const countText = (n: number): string => (n === 1 ? '1 item' : `${n} items`);

/**
 * Cards show these products, in this order, each with picture, name, price and link. The price shows in
 * the page's VAT form: excl VAT on Professional listings, incl VAT on the others, until the shopper
 * chooses (both are in the card; the other is hidden).
 */
async function expectCards(page: Page, products: readonly Product[]): Promise<void> {
  const excl = new URL(page.url()).pathname.startsWith('/professional/');
  await expect(cards(page)).toHaveCount(products.length);
  for (const [i, product] of products.entries()) {
    const card = cards(page).nth(i);
    await expect(card.locator('.product-card__media').getByRole('img')).toHaveAttribute(
      'alt',
      product.thumbnail?.label ?? '',
    );
    await expect(card.getByRole('heading')).toHaveText(product.name);
    await expect(card.getByRole('link', { name: product.name })).toHaveAttribute(
      'href',
      `/${product.urlKey}`,
    );
    const price = excl ? product.priceExclVat : product.priceInclVat;
    if (price !== null)
      await expect(card.getByText(PRICE_PATTERN).filter({ visible: true })).toHaveText(
        `${formatGbp(price)} ${excl ? 'excl' : 'incl'} VAT`,
      );
  }
}

test("a listing says how many items it has, and shows the first 12 in the merchandiser's order", async ({
  page,
}) => {
  const listing = largestListing();
  expect(listing.products.length).toBeGreaterThan(2 * PAGE_SIZE);
  await page.goto(listing.path);
  await expect(page).toHaveTitle(new RegExp(`^${listing.name} \\| .+ \\| ${shop.name}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.name);
  await expect(page.getByText(countText(listing.products.length), { exact: true })).toBeVisible();
  await expectCards(page, listing.products.slice(0, PAGE_SIZE));
});

test('prices in listings carry pence and thousands separators', async ({ page }) => {
  const listing = listings().find((l) => l.products.some((p) => (p.priceInclVat ?? 0) >= 1000));
  // Such machines are Professional ones, shown excl VAT first: this shopper chose incl VAT.
  await page.addInitScript(() => {
    try {
      localStorage.setItem('vat', 'incl');
    } catch {
      // about:blank has no storage; the shop's pages do.
    }
  });
  if (!listing) throw new Error('No listing has a product over £1,000; the demo catalogue changed.');
  const at = listing.products.findIndex((p) => (p.priceInclVat ?? 0) >= 1000);
  await page.goto(pagePath(listing.path, Math.floor(at / PAGE_SIZE) + 1));
  await expect(
    cards(page)
      .getByText(/£\d,\d{3}\.\d{2} incl VAT/)
      .first(),
  ).toBeVisible();
});

test('the pictures of the first row of cards load', async ({ page }) => {
  await page.goto(largestListing().path);
  for (const i of [0, 1, 2, 3]) {
    const image = cards(page).nth(i).locator('.product-card__media').getByRole('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
});

test('every card of a listing leads to a product page that exists', async ({ page, request }) => {
  await page.goto(largestListing().path);
  const hrefs = await cards(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
});

test('choosing a card opens its product page', async ({ page }) => {
  const listing = largestListing();
  // A product on the first page whose name no other card of the page shares.
  const first = listing.products.slice(0, PAGE_SIZE);
  const product = first.find((p) => first.filter((other) => other.name === p.name).length === 1);
  if (!product) throw new Error('every name on the first page is shared');
  await page.goto(listing.path);
  await cards(page).getByRole('link', { name: product.name }).click();
  await expect(page).toHaveURL(`/${product.urlKey}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
});

test('a listing with one product says "1 item"', async ({ page }) => {
  const single = listings().find((l) => l.products.length === 1);
  if (!single) throw new Error('The demo catalogue has no listing with exactly one product.');
  await page.goto(single.path);
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  // One page: no page links.
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link')).toHaveCount(0);
});

test('an empty listing says "There are no products here"', async ({ page }) => {
  const response = await page.goto('/home-garden/watering-systems');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Watering Systems');
  await expect(page.getByText('There are no products here')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
});

test('Dry Ice Cleaning, in every menu, has its listing with its machines and their count', async ({
  page,
}) => {
  const listing = listings().find((l) => l.path === DRY_ICE_PATH);
  if (!listing) throw new Error(`${DRY_ICE_PATH} is not in the catalogue`);
  expect(listing.products.length).toBeGreaterThan(0);
  const response = await page.goto(DRY_ICE_PATH);
  expect(response?.status()).toBe(200);
  await expectBreadcrumb(page, ['Home', 'Professional', 'Dry Ice Cleaning']);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dry Ice Cleaning');
  await expect(page.getByText(countText(listing.products.length), { exact: true })).toBeVisible();
  await expectCards(page, listing.products.slice(0, PAGE_SIZE));
});

// Home & Garden has no dry ice category: there the code is as unknown as any other.
for (const path of ['/home-garden/dry-ice-cleaning', '/home-garden/not-a-category']) {
  test(`${path} is Not Found (404) with a way back home`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not Found');
    await expect(page.getByText('This page is not available now')).toBeVisible();
    await page.getByRole('link', { name: 'Return to homepage' }).click();
    await expect(page).toHaveURL('/');
  });
}

test('a third-level listing shows its trail and its products', async ({ page }) => {
  const path = '/home-garden/window-vac/wv-black-edition';
  const listing = listings().find((l) => l.path === path);
  if (!listing) throw new Error(`${path} is not in the catalogue`);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expectBreadcrumb(page, ['Home', 'Home & Garden', 'Window Vacs', listing.name]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.name);
  await expectCards(page, listing.products.slice(0, PAGE_SIZE));
});

test('a listing with sub-categories links to them', async ({ page }) => {
  await page.goto('/home-garden/window-vac');
  await page
    .getByRole('navigation', { name: 'Browse by type' })
    .getByRole('link', { name: 'WV Black Edition' })
    .click();
  await expect(page).toHaveURL('/home-garden/window-vac/wv-black-edition');
});
