/**
 * Compare (issue 13): "Add to compare" on listing, search and product cards and the purchase panel, the
 * tray, and /compare: the table from the URL alone (a shared link in a fresh browser), differences only,
 * the fifth product's message, a gone product dropped, a failed load retried, a phone's sideways scroll
 * and the printed spec sheet.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { productRoutes } from '../src/site/product-view.ts';
import { indexCatalogue } from '../src/catalogue/snapshot.ts';
import {
  catalogue,
  hasReviews,
  listings,
  NO_REVIEWS,
  PAGE_SIZE,
  starsOf,
  type Product,
} from './support/catalogue.ts';
import { sideways } from './support/layout.ts';
import { expect, PRIVACY_KEY, shellReady, notices, test } from './support/test.ts';

const LISTING = '/home-garden/pressure-washer';
const FULL = 'You can compare up to 4 products. Remove one to add another.';

/** Products with a page whose name no other product has, so a button's name finds one product. */
function namedOnce(): Product[] {
  const counts = new Map<string, number>();
  for (const product of catalogue().products) counts.set(product.name, (counts.get(product.name) ?? 0) + 1);
  return productRoutes(indexCatalogue(catalogue())).routed.filter(
    (product) => counts.get(product.name) === 1,
  );
}

/** The first page of the pressure washers listing, those named once. */
function listed(): Product[] {
  const listing = listings().find((info) => info.path === LISTING);
  if (!listing) throw new Error(`The e2e catalogue has no ${LISTING}.`);
  const once = new Set(namedOnce().map((product) => product.sku));
  return listing.products.slice(0, PAGE_SIZE).filter((product) => once.has(product.sku));
}

/** The comparable attributes' codes and labels, as Magento describes them. */
const comparable = () => catalogue().attributes.filter((attribute) => attribute.comparable);

const valueOf = (product: Product, code: string): string | undefined =>
  product.technicalData.find((row) => row.code === code)?.value;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A button that names its product for screen readers ("Add to compare: {name}", the name visually
 * hidden); Chromium puts a space before the colon, the hidden text being laid out apart.
 */
const productButton = (scope: Page | Locator, action: string, product: Product) =>
  scope.getByRole('button', {
    name: new RegExp(`^${escapeRegExp(action)} ?: ${escapeRegExp(product.name)}$`),
  });
const addButton = (scope: Page | Locator, product: Product) =>
  productButton(scope, 'Add to compare', product);
const removeButton = (scope: Page | Locator, product: Product) =>
  productButton(scope, 'Remove from compare', product);
const tray = (page: Page) => page.getByRole('region', { name: 'Products to compare' });
const table = (page: Page) => page.getByRole('table');
const columnHeads = (page: Page) => table(page).getByRole('columnheader');
/** A row of the table by its label (the row header). */
const row = (page: Page, label: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });

const comparePath = (products: readonly Product[]) =>
  `/compare?skus=${products.map((product) => product.sku).join(',')}`;

async function openCompare(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await shellReady(page);
}

test('three products chosen from a listing, search results and a product page compare side by side, and the link shows the same table in a fresh browser', async ({
  page,
  browser,
}) => {
  const [fromListing] = listed();
  const others = namedOnce().filter((product) => product.sku !== fromListing?.sku);
  const fromSearch = others.find(
    (product) => product.visibility === 4 && !product.urlKey.includes('pressure'),
  );
  const fromPage = others.find((product) => product !== fromSearch && product.inStock);
  if (!fromListing || !fromSearch || !fromPage)
    throw new Error('The e2e catalogue lacks products to compare.');
  const chosen = [fromListing, fromSearch, fromPage];

  await page.goto(LISTING);
  await shellReady(page);
  await addButton(page, fromListing).click();
  await expect(removeButton(page, fromListing)).toBeVisible();
  await expect(tray(page).getByRole('link')).toHaveText('Compare (1)');

  await page.goto(`/search/${encodeURIComponent(fromSearch.name)}`);
  await shellReady(page);
  await addButton(page.getByRole('list', { name: 'Search results' }), fromSearch).click();
  await expect(removeButton(page, fromSearch)).toBeVisible();
  await expect(tray(page).getByRole('link')).toHaveText('Compare (2)');

  await page.goto(`/${fromPage.urlKey}`);
  await shellReady(page);
  await addButton(page, fromPage).first().click();
  await expect(tray(page).getByRole('link')).toHaveText('Compare (3)');
  await expect(tray(page).getByRole('img')).toHaveCount(3);

  await tray(page).getByRole('link').click();
  await expect(page).toHaveURL(comparePath(chosen));
  await expect(columnHeads(page)).toHaveText(chosen.map((product) => product.name));
  await expect(table(page).getByRole('link', { name: fromPage.name })).toHaveAttribute(
    'href',
    `/${fromPage.urlKey}`,
  );
  const shown = await table(page).innerText();

  // Someone else opens the link: no storage, no history; the URL alone.
  const fresh = await newShopper(browser);
  try {
    await openCompare(fresh, comparePath(chosen));
    await expect(columnHeads(fresh)).toHaveText(chosen.map((product) => product.name));
    expect(await table(fresh).innerText()).toBe(shown);
    // …and it became their list too.
    await fresh.goto('/');
    await shellReady(fresh);
    await expect(tray(fresh).getByRole('link')).toHaveText('Compare (3)');
  } finally {
    await fresh.context().close();
  }
});

/** A page in a new browser context: nothing stored, cookies accepted so the banner covers nothing. */
async function newShopper(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((key) => {
    try {
      localStorage.setItem(key, 'true');
    } catch {
      // about:blank has no storage
    }
  }, PRIVACY_KEY);
  return context.newPage();
}

test('the table shows price, stock, add to cart and every comparable value, "–" where one is missing, and the best figure tagged', async ({
  page,
}) => {
  const products = listed().slice(0, 3);
  await openCompare(page, comparePath(products));
  await expect(row(page, 'Stock').getByRole('cell')).toHaveText(
    products.map((product) => (product.inStock ? 'In Stock' : 'Unavailable')),
  );
  // Technical data (the lists, equipment and applications, are not among a product's technical rows).
  for (const attribute of comparable()) {
    const values = products.map((product) => valueOf(product, attribute.code));
    if (values.every((value) => value === undefined)) continue;
    await expect(row(page, attribute.label).getByRole('cell')).toHaveText(
      values.map((value) => (value === undefined ? /^–/ : new RegExp(`^${escapeRegExp(value)}( ★ Best)?$`))),
    );
  }
  // Max. flow rate: higher is better; the best carries a "Best" tag, not colour alone.
  const flows = products.map((product) => Number(valueOf(product, 'flow_rate_lh')));
  if (flows.every(Number.isFinite) && new Set(flows).size > 1) {
    const best = flows.indexOf(Math.max(...flows));
    await expect(row(page, 'Max. flow rate (l/h)').getByRole('cell').nth(best)).toContainText('Best');
  }
  const inStock = products.find((product) => product.inStock);
  if (!inStock) throw new Error('no product in stock');
  await productButton(row(page, 'Add to cart'), 'Add to cart', inStock).click();
  await expect(notices(page).getByRole('status')).toHaveText('This product is now in your cart!');
});

test('a product with reviews shows its stars in the Rating row, and one without says it has none', async ({
  page,
}) => {
  const once = namedOnce();
  const rated = once.find(hasReviews);
  const unrated = once.find((product) => !hasReviews(product));
  test.skip(!rated || !unrated, NO_REVIEWS);
  if (!rated || !unrated) return;
  await openCompare(page, comparePath([rated, unrated]));
  const ratings = row(page, 'Rating').getByRole('cell');
  await expect(
    ratings.nth(0).getByRole('img', { name: `Rated ${starsOf(rated.rating?.percent ?? 0)} out of 5` }),
  ).toBeVisible();
  await expect(ratings.nth(0)).toContainText(String(rated.rating?.count));
  await expect(ratings.nth(1)).toContainText('No reviews yet');
});

test('"Show differences only" hides the rows whose values are all the same', async ({ page }) => {
  // Two products with a technical value in common and one that differs.
  const candidates = listed();
  const codes = comparable().map((attribute) => attribute.code);
  let pair: [Product, Product] | undefined;
  let sameCode = '';
  let differentCode = '';
  for (const a of candidates)
    for (const b of candidates) {
      if (pair || a === b) continue;
      const same = codes.find(
        (code) => valueOf(a, code) !== undefined && valueOf(a, code) === valueOf(b, code),
      );
      const different = codes.find(
        (code) => valueOf(a, code) !== undefined && valueOf(a, code) !== valueOf(b, code),
      );
      if (same && different) [pair, sameCode, differentCode] = [[a, b], same, different];
    }
  if (!pair) throw new Error('The e2e catalogue has no two pressure washers alike in one figure.');
  const label = (code: string) => comparable().find((attribute) => attribute.code === code)?.label ?? code;

  await openCompare(page, comparePath(pair));
  await expect(row(page, label(sameCode))).toBeVisible();
  await page.getByRole('checkbox', { name: 'Show differences only' }).check();
  await expect(row(page, label(sameCode))).toBeHidden();
  await expect(row(page, label(differentCode))).toBeVisible();
  await expect(row(page, 'Price')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Show differences only' }).uncheck();
  await expect(row(page, label(sameCode))).toBeVisible();
});

test('a fifth product is refused with a message, and the four stay', async ({ page }) => {
  const products = listed().slice(0, 5);
  expect(products).toHaveLength(5);
  await page.goto(LISTING);
  await shellReady(page);
  for (const product of products.slice(0, 4)) await addButton(page, product).click();
  await expect(tray(page).getByRole('link')).toHaveText('Compare (4)');
  const fifth = products[4];
  if (!fifth) throw new Error('no fifth product');
  await addButton(page, fifth).click();
  await expect(notices(page).getByRole('alert')).toHaveText(FULL);
  await expect(addButton(page, fifth)).toBeVisible();
  await expect(tray(page).getByRole('link')).toHaveText('Compare (4)');
  await expect(tray(page).getByRole('link')).toHaveAttribute('href', comparePath(products.slice(0, 4)));
});

test('the tray links to the comparison, and Clear empties it', async ({ page }) => {
  const products = listed().slice(0, 2);
  await page.goto(LISTING);
  await shellReady(page);
  await expect(tray(page)).toBeHidden();
  for (const product of products) await addButton(page, product).click();
  await expect(tray(page).getByRole('img')).toHaveCount(2);
  await expect(tray(page).getByRole('img').first()).toHaveAttribute('alt', products[0]?.name ?? '');

  await tray(page).getByRole('link', { name: 'Compare (2)' }).click();
  await expect(columnHeads(page)).toHaveText(products.map((product) => product.name));
  await page.goBack();
  await shellReady(page);
  await tray(page).getByRole('button', { name: 'Clear the comparison' }).click();
  await expect(tray(page)).toBeHidden();
  for (const product of products) await expect(addButton(page, product)).toBeVisible();
  await openCompare(page, '/compare');
  await expect(page.getByText('You have no products to compare yet.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse the shop' })).toHaveAttribute(
    'href',
    '/',
  );
});

test('buttons keep their state when the listing redraws its cards', async ({ page }) => {
  const [product] = listed();
  if (!product) throw new Error('no product');
  await page.goto(LISTING);
  await shellReady(page);
  await addButton(page, product).click();
  await page.getByLabel('Sort by').selectOption('name-asc');
  await expect(page).toHaveURL(/sort=name-asc/);
  await page.getByLabel('Sort by').selectOption('position');
  await expect(page).not.toHaveURL(/sort=/);
  await expect(removeButton(page, product)).toBeVisible();
});

test('a product that is gone is dropped from the comparison and the URL, with a notice naming it', async ({
  page,
}) => {
  const products = listed().slice(0, 2);
  const [first, second] = products;
  if (!first || !second) throw new Error('no products');
  await openCompare(page, `/compare?skus=${first.sku},NO-SUCH-SKU-1,${second.sku}`);
  await expect(notices(page).getByRole('status')).toHaveText(
    'The product NO-SUCH-SKU-1 is no longer available, so it was taken off your comparison.',
  );
  await expect(columnHeads(page)).toHaveText(products.map((product) => product.name));
  await expect(page).toHaveURL(comparePath(products));
});

test('removing a product takes it off the table, the URL and the list', async ({ page }) => {
  const products = listed().slice(0, 3);
  const [first, second, third] = products;
  if (!first || !second || !third) throw new Error('no products');
  await openCompare(page, comparePath(products));
  await productButton(table(page), 'Remove', second).click();
  await expect(columnHeads(page)).toHaveText([first.name, third.name]);
  await expect(page).toHaveURL(comparePath([first, third]));
  await expect(productButton(table(page), 'Remove', third)).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('compare'))).toBe(
    JSON.stringify([first.sku, third.sku]),
  );
});

test('products of different kinds are compared, and the page says they differ', async ({ page }) => {
  const [washer] = listed();
  const other = namedOnce().find(
    (product) => !product.urlKey.includes('pressure-washer') && product.technicalData.length > 0,
  );
  if (!washer || !other) throw new Error('no products');
  await openCompare(page, comparePath([washer, other]));
  await expect(
    page.getByText(/^These products are of different kinds \(Pressure Washers, .+\)/),
  ).toBeVisible();
});

test('when the product files cannot be had, the page says so and Try again loads them', async ({ page }) => {
  const products = listed().slice(0, 2);
  let failing = true;
  await page.route('**/product-data/*.json', (route) => (failing ? route.abort() : route.continue()));
  await openCompare(page, comparePath(products));
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'The products could not be loaded just now. Please check your connection and try again.',
  );
  await expect(page).toHaveURL(comparePath(products));
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(columnHeads(page)).toHaveText(products.map((product) => product.name));
});

test('without skus in the URL the page shows the browser’s list, and writes it into the URL', async ({
  page,
}) => {
  const products = listed().slice(0, 2);
  await page.addInitScript(
    (skus) => localStorage.setItem('compare', skus),
    JSON.stringify(products.map((p) => p.sku)),
  );
  await openCompare(page, '/compare');
  await expect(columnHeads(page)).toHaveText(products.map((product) => product.name));
  await expect(page).toHaveURL(comparePath(products));
});

test('on a phone the table scrolls sideways with the labels in view, and the names stay pinned @mobile', async ({
  page,
}) => {
  const products = listed().slice(0, 4);
  await openCompare(page, comparePath(products));
  const box = page.getByRole('region', { name: 'Comparing 4 products' });
  await box.scrollIntoViewIfNeeded();
  const label = row(page, 'Price').getByRole('rowheader');
  const sizes = await box.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
  }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client);
  // The box scrolls, not the page: nothing in the table widens the page beyond the phone's screen.
  expect(await sideways(page)).toBe('');
  const before = await label.boundingBox();
  await box.evaluate((element) => element.scrollBy({ left: 400 }));
  await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  expect((await label.boundingBox())?.x).toBe(before?.x);
  await expect(label).toBeInViewport();
  // Scrolled down, the head row stays at the top of the box: the names remain in view.
  await box.evaluate((element) => element.scrollBy({ top: 300 }));
  await expect.poll(() => box.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  const boxTop = (await box.boundingBox())?.y ?? 0;
  const head = await columnHeads(page).last().boundingBox();
  expect(Math.abs((head?.y ?? -100) - boxTop)).toBeLessThan(2);
});

test('printed, the page is a spec sheet: the table with every row, no header, footer, tray or buttons', async ({
  page,
}) => {
  const products = listed().slice(0, 2);
  await openCompare(page, comparePath(products));
  await page.getByRole('checkbox', { name: 'Show differences only' }).check();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('checkbox', { name: 'Show differences only' })).toBeHidden();
  // CSS, not roles: what print hides leaves the accessibility tree.
  const buttons = table(page).locator('button');
  await expect(buttons).toHaveCount(2 * products.length);
  for (const button of await buttons.all()) await expect(button).toBeHidden();
  // Every row but the two of buttons, those with equal values too.
  for (const line of await table(page).locator('tr').all()) {
    const label = (await line.locator('th').first().textContent())?.trim();
    if (label === 'Add to cart' || label === 'Remove') await expect(line).toBeHidden();
    else await expect(line).toBeVisible();
  }
});
