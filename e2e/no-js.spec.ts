/** The catalogue without JavaScript (DESIGN.md §5: catalogue content fully usable with JS off). */
import { formatGbp, largestListing, PAGE_SIZE, pagePath, richProduct } from './support/catalogue.ts';
import { expectHelp, help, UNSOLD } from './support/no-results.ts';
import { expectedSearch, nameOf } from './support/search.ts';
import { disclosure, expect, test } from './support/test.ts';

test.use({ javaScriptEnabled: false });

test('a product page shows its name, price, stock and specifications', async ({ page }) => {
  const product = richProduct();
  await page.goto(`/${product.urlKey}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(
    page.getByText(`${formatGbp(product.priceInclVat ?? 0)} incl VAT`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
  const specifications = page.getByRole('region', { name: 'Specifications' });
  await expect(specifications.getByRole('rowheader')).toHaveText(
    product.technicalData.map((row) => row.label),
  );
  await expect(page.getByRole('button', { name: 'Add to cart', exact: true })).toBeVisible();
});

test('a product page gallery links each thumbnail to its large picture', async ({ page }) => {
  const product = richProduct();
  await page.goto(`/${product.urlKey}`);
  const thumbnails = page.getByRole('list', { name: 'Choose an image' }).getByRole('link');
  await expect(thumbnails).toHaveCount(product.images.length);
  const href = await thumbnails.nth(1).getAttribute('href');
  const response = await page.request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^image\//);
});

test('a listing pages with plain links, and its tools stay out of the way', async ({ page }) => {
  const listing = largestListing();
  await page.goto(listing.path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.name);
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(cards).toHaveCount(PAGE_SIZE);
  // Sorting and filtering need the script: without it they are not offered.
  await expect(page.getByLabel('Sort by')).toBeHidden();
  await expect(page.getByRole('group', { name: 'Price' })).toBeHidden();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(pagePath(listing.path, 2));
  await expect(cards.getByRole('heading')).toHaveText(
    listing.products.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((product) => product.name),
  );
});

test('home shows its carousels as rows of slides, the banners and the strip', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Home & garden', exact: true });
  await expect(carousel.getByRole('link', { name: /Shop pressure washers/ })).toBeVisible();
  // Without the script there is nothing to press: the controls stay out of the way.
  await expect(carousel.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Discover steam cleaners' })).toBeVisible();
  await expect(page.getByText('Free UK delivery on orders over £50')).toBeVisible();
});

test('the menus still open and lead to the listings', async ({ page }) => {
  await page.goto('/');
  const menu = disclosure(page.getByRole('navigation', { name: 'Main menu' }), 'Home & Garden');
  await menu.toggle.click();
  await menu.group.getByRole('link', { name: 'Hard Floor Cleaners' }).click();
  await expect(page).toHaveURL('/home-garden/hard-floor-cleaners');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hard Floor Cleaners');
});

test('the burger menu still opens and leads to the listings @mobile', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Menu', { exact: true }).click();
  const group = disclosure(page.getByRole('navigation', { name: 'Main menu' }), 'Professional');
  await group.toggle.click();
  await group.group.getByRole('link', { name: 'Air Purifiers' }).click();
  await expect(page).toHaveURL('/professional/air-purifiers');
});

test('the basket says it needs JavaScript, instead of loading for ever', async ({ page }) => {
  await page.goto('/basket');
  await expect(page.getByText(/Your basket needs JavaScript/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeHidden();
});

test('the comparison says it needs JavaScript, and the compare buttons and tray stay out of the way', async ({
  page,
}) => {
  await page.goto('/compare?skus=A,B');
  await expect(page.getByText(/^Comparing products needs JavaScript/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading the products…' })).toBeHidden();
  await page.goto('/home-garden/pressure-washer');
  await expect(page.getByRole('button', { name: /^Add to compare/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Products to compare' })).toBeHidden();
});

test('search shows the first page of results, with its categories and plain page links', async ({ page }) => {
  const query = 'pressure washer';
  const { answer, records } = await expectedSearch(query);
  expect(answer.total).toBeGreaterThan(PAGE_SIZE);
  await page.goto(`/search/${encodeURIComponent(query)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for: ${query}`);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`Results found: ${answer.total}`);
  const cards = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await expect(cards.getByRole('heading')).toHaveText(records.slice(0, PAGE_SIZE).map(nameOf));
  const categories = page.getByRole('navigation', { name: 'Categories' }).getByRole('link');
  await expect(categories).toHaveCount(answer.categories.length);
  // Sorting and filtering need the script: without it they are not offered.
  await expect(page.getByLabel('Sort by')).toBeHidden();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(`/search/${encodeURIComponent(query)}?page=2`);
  await expect(cards.getByRole('heading')).toHaveText(records.slice(PAGE_SIZE, 2 * PAGE_SIZE).map(nameOf));
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(records[PAGE_SIZE]?.[2] ?? '');
});

test('search shows what the known words find when no product has them all, and says so', async ({ page }) => {
  const { answer } = await expectedSearch('presure xyzzyq');
  const shown = answer.relaxed ?? '';
  await page.goto('/search/presure%20xyzzyq');
  await expect(
    page.getByRole('main').getByText(`No exact match for presure xyzzyq; showing ${shown}`),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`Results found: ${answer.total}`);
});

test('search for something the shop does not sell leads on: categories, the advice line, search tips', async ({
  page,
}) => {
  await page.goto(`/search/${UNSOLD}`);
  await expect(page.getByRole('main').getByText('No products found with that keyword')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Search results' })).toHaveCount(0);
  await expectHelp(page);
  await help(page).getByRole('link', { name: 'pressure washer', exact: true }).click();
  await expect(page).toHaveURL('/search/pressure%20washer');
  await expect(help(page)).toBeHidden();
});

test('the header search form leads to the results', async ({ page }) => {
  const { answer } = await expectedSearch('window vac');
  await page.goto('/search?q=steam');
  await expect(page).toHaveURL('/search/steam');
  await page.goto('/');
  const box = page.locator('header form[action="/search"] input[name="q"]').first();
  await box.fill('window vac');
  await box.press('Enter');
  await expect(page).toHaveURL('/search/window%20vac');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for: window vac');
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`Results found: ${answer.total}`);
});
