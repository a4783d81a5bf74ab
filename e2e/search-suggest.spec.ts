/**
 * Suggestions as the shopper types in the header's search box (issue 23): a product-type word with a typo,
 * a SKU and a model number typed three ways find the right things first; the combobox works by keyboard,
 * by pointer and on a phone, says how many suggestions there are, passes axe while open, and nothing of
 * search loads before the box is focused. Products are picked from the catalogue the shop was built from.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { productRoutes } from '../src/site/product-view.ts';
import { indexCatalogue } from '../src/catalogue/snapshot.ts';
import type { Product } from '../src/catalogue/types.ts';
import { catalogue } from './support/catalogue.ts';
import { suggestionsAnswer } from './support/search.ts';
import { expect, test } from './support/test.ts';

const box = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });
const options = (page: Page) => listbox(page).getByRole('option');
const productRows = (page: Page) => listbox(page).locator('.suggest__row--product');
const categoryRows = (page: Page) => listbox(page).locator('.suggest__row--category');
/** The popup's line when nothing matches (its live region says it too). */
const noMatch = (page: Page) =>
  page.getByRole('paragraph').filter({ hasText: 'No products found with that keyword' });
const status = (page: Page) => page.locator('[data-suggest-status]');

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Products search covers (visibility 3 or 4, with a page), each with the path of its page. */
function searchable(): { product: Product; href: string }[] {
  const { routed, hrefBySku } = productRoutes(indexCatalogue(catalogue()));
  return routed
    .filter((product) => product.visibility === 3 || product.visibility === 4)
    .map((product) => ({ product, href: hrefBySku.get(product.sku) ?? '' }));
}

/** One searchable product whose `key` no other product shares (so it alone is "the right one"). */
function uniqueBy(
  key: (product: Product) => string | null,
  also: (product: Product) => boolean = () => true,
) {
  const all = catalogue().products;
  const found = searchable().find(({ product }) => {
    const value = key(product);
    return (
      value !== null &&
      also(product) &&
      all.filter((other) => key(other)?.toLowerCase() === value.toLowerCase()).length === 1
    );
  });
  if (!found) throw new Error('the e2e catalogue has no such product; the demo catalogue changed');
  return found;
}

/** Types one key at a time, as a shopper does (each keystroke searches; only the last may paint). */
async function type(page: Page, text: string): Promise<void> {
  await box(page).click();
  await box(page).pressSequentially(text);
  await suggestionsAnswer(page, text);
}

test('"presure washer" offers the pressure-washer category first, then pressure washers', async ({
  page,
}) => {
  const washers = searchable().filter(({ product }) => /pressure washer/i.test(product.name));
  expect(washers.length, 'the demo catalogue has pressure washers').toBeGreaterThan(8);

  await page.goto('/');
  await type(page, 'presure washer');
  await expect(options(page).first()).toContainText('Pressure Washers');
  await expect(options(page).first()).toContainText('Category in');
  await expect(options(page).first()).toHaveAttribute('href', /^\/[a-z0-9-]+\/.+/);
  expect(await categoryRows(page).count()).toBeLessThanOrEqual(3);
  await expect(options(page)).toHaveCount(10);

  const names = await productRows(page).locator('.suggest__name').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  const known = new Set(washers.map(({ product }) => product.name));
  expect(names.filter((name) => !known.has(name))).toEqual([]);
  await expect(options(page).last()).toHaveText(/^See all \d+ results$/);
  await expect(status(page)).toHaveText('10 suggestions');

  // The category row leads to its listing.
  const href = await options(page).first().getAttribute('href');
  await options(page).first().click();
  await expect(page).toHaveURL(href ?? '');
});

test('a SKU shows its product first, with its price as the shopper chose it and its stock', async ({
  page,
}) => {
  const { product, href } = uniqueBy(
    (p) => p.sku,
    (p) => p.priceInclVat !== null && p.priceExclVat !== null,
  );
  await page.goto('/');
  await type(page, product.sku);
  const first = productRows(page).first();
  await expect(first).toHaveAttribute('href', href);
  await expect(first.locator('.suggest__name')).toHaveText(product.name);
  await expect(first).toContainText(product.inStock ? 'In Stock' : 'Unavailable');
  await expect(first.locator('img')).toHaveAttribute('src', /^\/img\/160\/webp\/catalog\/product\//);
  await expect(first.locator('.suggest__meta')).toContainText(
    `${gbp.format(product.priceInclVat ?? 0)} incl VAT`,
    { useInnerText: true },
  );
  await page.evaluate(() => (document.documentElement.dataset['vat'] = 'excl'));
  await expect(first.locator('.suggest__meta')).toContainText(
    `${gbp.format(product.priceExclVat ?? 0)} excl VAT`,
    { useInnerText: true },
  );
});

test('a model number typed as written, without separators or with spaces shows its product first', async ({
  page,
}) => {
  const { product, href } = uniqueBy(
    (p) => p.modelNumber,
    (p) => /[^a-z0-9]/i.test(p.modelNumber ?? ''),
  );
  const model = product.modelNumber ?? '';
  const typings = [model, model.replace(/[^a-z0-9]/gi, ''), model.replace(/[^a-z0-9]+/gi, ' ')];
  expect(new Set(typings).size).toBe(3);
  await page.goto('/');
  for (const typing of typings) {
    await box(page).fill('');
    await type(page, typing);
    await expect(productRows(page).first(), `typed "${typing}"`).toHaveAttribute('href', href);
  }
});

test('by keyboard: arrows move through the rows and wrap, Enter opens the active row', async ({ page }) => {
  const { product, href } = uniqueBy((p) => p.sku);
  await page.goto('/');
  await type(page, product.sku);
  const input = box(page);
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expect(productRows(page).first()).toHaveAttribute('href', href);
  const count = await options(page).count();
  const firstProduct = await productRows(page).first().getAttribute('id');

  await input.press('ArrowDown');
  const first = options(page).first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await expect(input).toBeFocused();

  await input.press('ArrowUp');
  await expect(options(page).last()).toHaveAttribute('aria-selected', 'true');
  await expect(first).toHaveAttribute('aria-selected', 'false');
  await input.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');

  // On to the product's row (categories, if any, come first), then open it.
  for (
    let at = 0;
    at < count && (await input.getAttribute('aria-activedescendant')) !== firstProduct;
    at += 1
  )
    await input.press('ArrowDown');
  await input.press('Enter');
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
});

test('Escape closes the list and keeps the text; a second Escape clears it', async ({ page }) => {
  await page.goto('/');
  await type(page, 'pressure');
  await expect(listbox(page)).toBeVisible();
  await box(page).press('Escape');
  await expect(listbox(page)).toBeHidden();
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(box(page)).toHaveValue('pressure');

  // Down opens it again, on its first row.
  await box(page).press('ArrowDown');
  await expect(listbox(page)).toBeVisible();
  await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');

  await box(page).press('Escape');
  await box(page).press('Escape');
  await expect(box(page)).toHaveValue('');
  await expect(listbox(page)).toBeHidden();
});

test('an answer still on its way when Escape is pressed does not open the list again', async ({ page }) => {
  await page.goto('/');
  await type(page, 'pressure');
  await expect(listbox(page)).toBeVisible();

  // Hold the index files the next words need, so their answer arrives after Escape.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: Promise<unknown>[] = [];
  await page.route('**/search/data/**', async (route) => {
    asked.push(held);
    await held;
    await route.continue();
  });
  await box(page).pressSequentially(' washer');
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await box(page).press('Escape');
  await expect(listbox(page)).toBeHidden();

  const answered = page.waitForResponse('**/search/data/**');
  release();
  await answered;
  // The late answer would paint within a frame or two of its file; give it ten times that.
  await page.waitForTimeout(300);
  await expect(listbox(page)).toBeHidden();
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(box(page)).toHaveValue('pressure washer');
});

test('leaving the box closes the list', async ({ page }) => {
  await page.goto('/');
  await type(page, 'pressure');
  await expect(listbox(page)).toBeVisible();
  await page.getByRole('contentinfo').click();
  await expect(listbox(page)).toBeHidden();
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
});

test('"See all N results" leads to the results page; Enter without a row still searches', async ({
  page,
}) => {
  await page.goto('/');
  await type(page, 'pressure washer');
  const all = options(page).last();
  await expect(all).toHaveText(/^See all \d+ results$/);
  // Painted for the whole text, not for a keystroke before the last.
  await expect(all).toHaveAttribute('href', '/search/pressure%20washer');
  await all.click();
  await expect(page).toHaveURL('/search/pressure%20washer');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for: pressure washer');

  await page.goto('/');
  await type(page, 'window vac');
  await expect(listbox(page)).toBeVisible();
  await box(page).press('Enter');
  await expect(page).toHaveURL('/search/window%20vac');
});

test('no match says so, and offers the query as understood', async ({ page }) => {
  await page.goto('/');
  await type(page, 'xyzzyq');
  await expect(noMatch(page)).toBeVisible();
  // No products, only the way to the results page's help (issue 37).
  await expect(options(page)).toHaveText(['Search tips, categories and advice']);
  await expect(options(page)).toHaveAttribute('href', '/search/xyzzyq#search-help');
  await expect(status(page)).toHaveText('No products found with that keyword. 1 suggestion');

  // A known word beside an unknown one: what the known one finds, saying so first (issue 37).
  await box(page).fill('');
  await type(page, 'presure xyzzyq');
  const relaxed = options(page).filter({ hasText: 'No exact match' });
  await expect(relaxed).toHaveText('No exact match for “presure xyzzyq”; showing “pressure”');
  await relaxed.click();
  await expect(page).toHaveURL('/search/pressure');

  await type(page, 'xyzzyq');
  await options(page).getByText('Search tips').click();
  await expect(page).toHaveURL('/search/xyzzyq#search-help');
  await expect(page.getByRole('region', { name: 'Help with your search' })).toBeVisible();
});

test('the list passes axe while open, with a row active and with no match', async ({ page }) => {
  // Two full axe passes over the home page: 13 s on an idle machine, past 30 s on a slow or busy one.
  test.slow();
  const axe = async () =>
    (
      await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze()
    ).violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ') ?? '?'}`);

  await page.goto('/');
  await type(page, 'presure washer');
  await expect(options(page)).toHaveCount(10);
  await box(page).press('ArrowDown');
  await box(page).press('ArrowDown');
  expect(await axe()).toEqual([]);

  await box(page).fill('');
  await type(page, 'xyzzyq');
  await expect(noMatch(page)).toBeVisible();
  expect(await axe()).toEqual([]);
});

test('nothing of search loads before the box is focused', async ({ page }) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const product = searchable()[0];
  for (const path of ['/home-garden', product?.href ?? '/']) {
    // Off the last page first: what it fetched after its core (the models list, beside it) is not this one's.
    await page.goto('about:blank');
    requests.length = 0;
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-shell', 'ready');
    await page.waitForLoadState('networkidle');
    const before = requests.map((request) => request.url());
    expect(before.filter((url) => url.includes('/search/'))).toEqual([]);

    const core = page.waitForRequest((request) => request.url().includes('/search/data/core.json'));
    await box(page).focus();
    await core;
    const scripts = requests
      .slice(before.length)
      .filter((request) => request.resourceType() === 'script')
      .map((request) => request.url());
    // (A second page may take the script from the memory cache, unseen.)
    if (path === '/home-garden')
      expect(scripts.length, 'the suggestions arrive as a script of their own').toBeGreaterThan(0);
    expect(scripts.filter((url) => before.includes(url))).toEqual([]);
  }
});

test('on a phone the search box suggests at most 8 rows, easy to tap @mobile', async ({ page }) => {
  await page.goto('/');
  await expect(box(page)).toBeVisible();
  await box(page).tap();
  await box(page).pressSequentially('pressure');
  await expect(options(page)).toHaveCount(8);
  await expect(options(page).last()).toHaveText(/^See all \d+ results$/);
  for (const row of await options(page).all())
    expect((await row.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

  const first = productRows(page).first();
  const href = (await first.getAttribute('href')) ?? '';
  await first.tap();
  await expect(page).toHaveURL(href);
});
