/**
 * The search results page (spec §2 Search page, §4, §5, §8; issue 23): ranked results for what shoppers
 * type (a typo, a product-type word), the categories they lead to, the listing's sort, page size, pages
 * and filters with the state in the URL, "Did you mean" and the spec's empty text, and a failure the
 * shopper can recover from. What the page should show comes from the engine run over the e2e shop's own
 * snapshot (support/search.ts), never from hard-coded lists.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { sortProducts } from '../src/features/listing/browse.ts';
import type { IndexedProduct } from '../src/features/listing/listing-index.ts';
import { layersOf, locateIn } from '../src/publish/releases/layers.ts';
import { bySku, formatGbp } from './support/catalogue.ts';
import { E2E_DIR } from './support/ports.ts';
import { expectHelp, help, topCategories, UNSOLD } from './support/no-results.ts';
import { expectedSearch, nameOf, type SearchRecord } from './support/search.ts';
import { expect, test } from './support/test.ts';

/** The page's own live region (the shell has another, for notifications). */
const status = (page: Page) => page.getByRole('main').getByRole('status');
const results = (page: Page) => page.getByRole('list', { name: 'Search results' });
const cards = (page: Page) => results(page).getByRole('listitem');
const cardNames = (page: Page) => cards(page).getByRole('heading', { level: 2 });
const categories = (page: Page) => page.getByRole('navigation', { name: 'Categories' }).getByRole('link');
const pages = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
const PAGE_SIZE = 12;

const path = (query: string) => `/search/${encodeURIComponent(query)}`;
const names = (records: readonly SearchRecord[]) => records.map(nameOf);

/** The listing's order for a sort (relevance by default; a chosen sort puts unavailable last), over the records. */
const sorted = (records: readonly SearchRecord[], sort: string): string[] =>
  sortProducts(
    records.map((record) => record.slice(0, 10) as IndexedProduct),
    sort,
    { columns: [] },
  ).map((product) => product[1]);

test('a misspelt query finds what was meant, ranked, with its categories and cards leading to product pages', async ({
  page,
}) => {
  const { answer, records } = await expectedSearch('presure washer');
  expect(answer.total, 'the demo catalogue has pressure washers').toBeGreaterThan(PAGE_SIZE);
  expect(answer.didYouMean).toBe('pressure washer');

  await page.goto(path('presure washer'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for: presure washer');
  await expect(page).toHaveTitle(/^Results for: presure washer \| /);
  await expect(status(page)).toHaveText(`Results found: ${answer.total}`);
  await expect(page.getByText('Showing results for pressure washer')).toBeVisible();
  await expect(cardNames(page)).toHaveText(names(records.slice(0, PAGE_SIZE)));
  await expect(categories(page)).toHaveCount(answer.categories.length);

  // The listing's card: its picture from the image route, the first one fetched before anything else,
  // then the short description.
  const [first] = records;
  if (!first) throw new Error('no result');
  const card = cards(page).first();
  await expect(card.locator('picture source')).toHaveAttribute(
    'srcset',
    /^\/img\/160\/webp\/catalog\/product\//,
  );
  await expect(card.locator('img')).toHaveAttribute('fetchpriority', 'high');
  if (first[10] !== '') await expect(card.locator('.search-card__summary')).toHaveText(first[10]);
  const price = first[5];
  if (price !== null) await expect(card).toContainText(`${formatGbp(price)} incl VAT`);

  // The whole card leads to the product page (the name's link is stretched over it).
  await card.locator('img').click({ force: true });
  await expect(page).toHaveURL(first[2]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nameOf(first));
});

test('a product-type query offers its category first, which leads to the listing', async ({ page }) => {
  const { answer, records } = await expectedSearch('pressure washers');
  const [category] = answer.categories;
  if (!category) throw new Error('"pressure washers" should lead to a category');
  expect(category.name).toBe('Pressure Washers');

  await page.goto(path('pressure washers'));
  await expect(status(page)).toHaveText(`Results found: ${answer.total}`);
  await expect(cardNames(page)).toHaveText(names(records.slice(0, PAGE_SIZE)));
  const link = categories(page).first();
  await expect(link).toContainText(category.name);
  await expect(link).toContainText(category.audience);
  await link.click();
  await expect(page).toHaveURL(category.path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
});

test('results sort, page, change page size and filter like a listing; the URL keeps each step and Back undoes it', async ({
  page,
}) => {
  const query = 'pressure washer';
  const { answer, records } = await expectedSearch(query);
  expect(answer.total).toBeGreaterThan(2 * PAGE_SIZE);
  await page.goto(path(query));
  await expect(cardNames(page)).toHaveText(names(records.slice(0, PAGE_SIZE)));
  await expect(page.getByLabel('Sort by')).toHaveValue('position');
  await expect(page.getByLabel('Sort by').locator('option:checked')).toHaveText('Relevance');

  // Sort by price: cheapest first, unavailable last, the rest in relevance order.
  const byPrice = sorted(records, 'price-asc');
  await page.getByLabel('Sort by').selectOption('price-asc');
  await expect(page).toHaveURL(`${path(query)}?sort=price-asc`);
  await expect(cardNames(page)).toHaveText(byPrice.slice(0, PAGE_SIZE));

  // The next page, by its link.
  await pages(page).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(`${path(query)}?sort=price-asc&page=2`);
  await expect(cardNames(page)).toHaveText(byPrice.slice(PAGE_SIZE, 2 * PAGE_SIZE));
  await expect(page).toHaveTitle(/^Results for: pressure washer – page 2 \| /);

  // 24 a page: the products on screen stay in view (page 2 of 12 is page 1 of 24).
  await page.getByLabel('Per page').selectOption('24');
  await expect(page).toHaveURL(`${path(query)}?sort=price-asc&per=24`);
  await expect(cardNames(page)).toHaveText(byPrice.slice(0, 24));

  // A filter: only petrol machines, counted in the status.
  const petrol = records.filter((record) =>
    bySku(record[0])?.technicalData.some((row) => row.code === 'power_source' && row.value === 'Petrol'),
  );
  expect(petrol.length, 'some pressure washers run on petrol').toBeGreaterThan(0);
  await page
    .getByRole('group', { name: 'Power source' })
    .getByLabel(/^Petrol/)
    .check();
  await expect(page).toHaveURL(`${path(query)}?sort=price-asc&power_source=petrol&per=24`);
  await expect(status(page)).toHaveText(`Results found: ${petrol.length}`);
  await expect(cardNames(page)).toHaveText(sorted(petrol, 'price-asc'));
  await expect(page.getByRole('button', { name: /^Remove filter Power source: Petrol/ })).toBeVisible();

  // Back steps through the changes.
  await page.goBack();
  await expect(page).toHaveURL(`${path(query)}?sort=price-asc&per=24`);
  await expect(status(page)).toHaveText(`Results found: ${answer.total}`);
  await expect(cardNames(page)).toHaveText(byPrice.slice(0, 24));
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(`${path(query)}?sort=price-asc`);
  await expect(cardNames(page)).toHaveText(byPrice.slice(0, PAGE_SIZE));

  // A shared link shows the same products, drawn by the server.
  await page.goto(`${path(query)}?sort=price-asc&power_source=petrol&per=24`);
  await expect(cardNames(page)).toHaveText(sorted(petrol, 'price-asc'));
  await expect(page.getByRole('group', { name: 'Power source' }).getByLabel(/^Petrol/)).toBeChecked();
});

test('with no product having every word the page shows what the known ones find, and says so', async ({
  page,
}) => {
  const query = 'presure xyzzyq';
  const { answer } = await expectedSearch(query);
  const shown = answer.relaxed;
  if (shown === null) throw new Error('the engine should answer with the words it knows');
  expect(answer.didYouMean).toBeNull();

  await page.goto(path(query));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for: ${query}`);
  await expect(page.getByText(`No exact match for ${query}; showing ${shown}`)).toBeVisible();
  await expect(status(page)).toHaveText(`Results found: ${answer.total}`);
  await expect(cards(page)).not.toHaveCount(0);
  await expect(categories(page)).toHaveText(answer.categories.map((category) => new RegExp(category.name)));
});

test('a term nothing matches shows the spec text', async ({ page }) => {
  await page.goto('/search/qqqzzzxxx');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for: qqqzzzxxx');
  await expect(page.getByRole('main').getByText('No products found with that keyword')).toBeVisible();
  await expect(page.getByRole('main').getByText('Results found: 0')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByLabel('Sort by')).toHaveCount(0);
});

test('a made-up word with digits in it shows the spec text too, no products for its digits', async ({
  page,
}) => {
  for (const term of ['qzxjv9k27', 'xyzzy42']) {
    await page.goto(path(term));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for: ${term}`);
    await expect(page.getByRole('main').getByText('No products found with that keyword')).toBeVisible();
    await expect(status(page)).toContainText('Results found: 0');
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText(/^No exact match/)).toHaveCount(0);
  }
});

test('one word for a thing the shop does not sell says so, as the things not sold do, with no products', async ({
  page,
}) => {
  for (const term of ['sofa', 'bicycle', 'television', 'kettle']) {
    const { answer } = await expectedSearch(term);
    if (answer.notSold === null) throw new Error(`the engine should say the shop does not sell ${term}`);
    await page.goto(path(term));
    await expect(page.getByRole('main').getByText('No products found with that keyword')).toBeVisible();
    await expect(page.getByRole('main').getByText(`We don't sell ${answer.notSold}`)).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  }
});

test('a term the shop sells nothing for leads on: both audiences’ categories, the advice line, search tips', async ({
  page,
}) => {
  const { answer } = await expectedSearch(UNSOLD);
  expect(answer.total).toBe(0);
  await page.goto(path(UNSOLD));
  await expect(page.getByRole('main').getByText('No products found with that keyword')).toBeVisible();
  await expect(status(page)).toContainText('Results found: 0');
  await expect(cards(page)).toHaveCount(0);
  await expectHelp(page);

  // The categories lead to their listings.
  const [, professional] = topCategories();
  const first = professional?.tiles[0];
  if (!first) throw new Error('the demo shop should have Professional categories');
  await help(page)
    .getByRole('list', { name: 'Professional' })
    .getByRole('link', { name: first.name })
    .click();
  await expect(page).toHaveURL(first.href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
});

test('a property the query names sorts the results, in a chip that removes it (issue 70)', async ({
  page,
}) => {
  const query = 'cheapest steam cleaner';
  const { answer, records } = await expectedSearch(query);
  expect(answer.sort?.label).toBe('price, lowest first');
  const prices = records.slice(0, 3).map((record) => record[5] ?? Infinity);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await page.goto(path(query));
  await expect(cardNames(page).first()).toHaveText(nameOf(records[0] as SearchRecord));
  const chip = page.getByRole('link', { name: /^Sorted by price, lowest first\s*, Remove this sort$/ });
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(page).toHaveURL(path('steam cleaner'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for: steam cleaner');
  await expect(page.getByRole('link', { name: /^Sorted by/ })).toHaveCount(0);
});

test('a thing the shop does not sell is said so, with the nearest categories, not a "washer" (issue 70)', async ({
  page,
}) => {
  const { answer } = await expectedSearch('dishwasher');
  expect(answer.notSold).toBe('dishwashers');
  await page.goto(path('dishwasher'));
  await expect(page.getByRole('main').getByText("We don't sell dishwashers")).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expect(categories(page)).toHaveText(answer.categories.map((category) => new RegExp(category.name)));
  await categories(page).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(answer.categories[0]?.name ?? '');
});

test('results come without the no-results help', async ({ page }) => {
  await page.goto(path('pressure washer'));
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  await expect(help(page)).toBeHidden();
});

test('the search box on the page searches again, and does nothing when empty', async ({ page }) => {
  await page.goto(path('steam'));
  const again = page.getByRole('searchbox', { name: 'Search again' });
  await expect(again).toHaveValue('steam');
  await again.fill('  ');
  await again.press('Enter');
  await expect(page).toHaveURL(path('steam'));

  const { answer } = await expectedSearch('8/1');
  expect(answer.total, 'the demo catalogue has an SE 8/1').toBeGreaterThan(0);
  await again.fill('8/1');
  await again.press('Enter');
  // The slash is encoded in the path; the server still answers with the search page.
  await expect(page).toHaveURL('/search/8%2F1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for: 8/1');
  await expect(status(page)).toHaveText(`Results found: ${answer.total}`);
});

test('when sorting cannot load the results the page says so, and Try again recovers', async ({ page }) => {
  const query = 'steam';
  const { answer, records } = await expectedSearch(query);
  await page.goto(path(query));
  await expect(cards(page)).toHaveCount(Math.min(PAGE_SIZE, answer.total));

  let offline = true;
  await page.route('**/search/data/**', (route) =>
    offline ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.getByLabel('Sort by').selectOption('name-asc');
  await expect(status(page)).toHaveText(/not available right now/);
  await expect(page).toHaveURL(path(query));

  offline = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(status(page)).toHaveText(`Results found: ${answer.total}`);
  await page.getByLabel('Sort by').selectOption('price-desc');
  await expect(page).toHaveURL(`${path(query)}?sort=price-desc`);
  await expect(cardNames(page)).toHaveText(sorted(records, 'price-desc').slice(0, PAGE_SIZE));
});

/**
 * Answers the results page of `term` with the search page as the build wrote it, without the server's
 * results, as a host without the storefront server would serve it. Found through the live build's layers:
 * a warm rebuild's own files over its whole build (layers.ts).
 */
async function serveBuiltPage(page: Page, term: string): Promise<void> {
  const dist = realpathSync(fileURLToPath(new URL(`../${E2E_DIR}/dist`, import.meta.url)));
  const file = await locateIn(layersOf(dist), 'search/index.html');
  if (!file) throw new Error(`The live build in ${dist} has no search/index.html`);
  const built = readFileSync(file.path, 'utf8');
  await page.route(`**${path(term)}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: built }),
  );
}

test('served as the build wrote it, the page searches in the browser: loading, failure, Try again, results', async ({
  page,
}) => {
  await serveBuiltPage(page, 'steam');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let offline = true;
  await page.route('**/search/data/**', async (route) => {
    await held;
    return offline ? route.abort('internetdisconnected') : route.continue();
  });
  const { answer, records } = await expectedSearch('steam');

  await page.goto(path('steam'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for: steam');
  await expect(page).toHaveTitle(/^Results for: steam \| /);
  await expect(status(page)).toHaveText('Searching…');
  release();
  await expect(status(page)).toHaveText(/not available right now/);

  offline = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(status(page)).toHaveText(`Results found: ${answer.total}`);
  await expect(cardNames(page)).toHaveText(names(records.slice(0, PAGE_SIZE)));
  await expect(categories(page)).toHaveCount(answer.categories.length);
  // Then the filters, once every match's record is in.
  await expect(page.getByRole('group', { name: 'Availability' })).toBeVisible();
  await page.getByLabel('Sort by').selectOption('name-asc');
  await expect(cardNames(page)).toHaveText(sorted(records, 'name-asc').slice(0, PAGE_SIZE));
});

test('served as the build wrote it, a term nothing matches shows the help once the browser has searched', async ({
  page,
}) => {
  await serveBuiltPage(page, UNSOLD);
  await page.goto(path(UNSOLD));
  await expect(page.getByRole('main').getByText('No products found with that keyword')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expectHelp(page);
});

/** The page's WCAG 2.2 AA violations, by rule and first element. */
const axe = async (page: Page) =>
  (
    await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze()
  ).violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ') ?? '?'}`);

test('the search page passes axe with results and with a filter chosen', async ({ page }) => {
  // Two full axe passes over a page of 24 cards: tens of seconds of main thread on a slow machine.
  test.slow();
  await page.goto(path('pressure washer'));
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  expect(await axe(page)).toEqual([]);
  await page
    .getByRole('group', { name: 'Availability' })
    .getByLabel(/^In stock only/)
    .check();
  await expect(page).toHaveURL(/in_stock=1/);
  expect(await axe(page)).toEqual([]);
});

test('the search page passes axe with nothing found, its help shown', async ({ page }) => {
  await page.goto(path(UNSOLD));
  await expect(page.getByRole('main').getByText('No products found with that keyword')).toBeVisible();
  await expect(help(page)).toBeVisible();
  expect(await axe(page)).toEqual([]);
});

test('on a phone the categories scroll in one row, and the filters open full screen @mobile', async ({
  page,
}) => {
  const query = 'pressure washer';
  const { answer, records } = await expectedSearch(query);
  await page.goto(path(query));
  await expect(categories(page)).toHaveCount(answer.categories.length);
  // One row: every category link starts at the same height.
  const tops = await categories(page).evaluateAll((links) =>
    links.map((link) => link.getBoundingClientRect().top),
  );
  expect(new Set(tops).size).toBe(1);

  const open = page.getByRole('button', { name: /^Filters( \(\d+\))?$/ });
  await open.click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('checkbox', { name: /^In stock only/ }).check();
  const inStock = records.filter((record) => record[7] === 1);
  await drawer
    .getByRole('button', {
      name: inStock.length === 1 ? 'Show 1 product' : `Show ${inStock.length} products`,
    })
    .click();
  await expect(drawer).toBeHidden();
  await expect(open).toHaveText('Filters (1)');
  await expect(status(page)).toHaveText(`Results found: ${inStock.length}`);
  await expect(cardNames(page)).toHaveText(names(inStock.slice(0, PAGE_SIZE)));
});
