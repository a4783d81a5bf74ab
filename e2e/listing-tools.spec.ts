/**
 * Paging, sorting and filtering a listing (issue "Listings for a real catalogue"): the page links, the
 * sort, the layered navigation from Magento's attribute flags, the URL as the state, Back/Forward and
 * the mobile drawer. Expected products are worked out here from the catalogue snapshot, independently
 * of the shop's own sorting and filtering code.
 */
import type { Page } from '@playwright/test';
import {
  catalogue,
  hasReviews,
  largestListing,
  listings,
  NO_REVIEWS,
  PAGE_SIZE,
  pagePath,
  pricedNow,
  starsOf,
  type ListingInfo,
  type Product,
} from './support/catalogue.ts';
import { expect, shop, test } from './support/test.ts';
import { parseListingIndex, splitListingIndex } from '../src/features/listing/index.ts';

const cards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('listitem');
const names = (page: Page) => cards(page).getByRole('heading').allTextContents();
const countText = (n: number): string => (n === 1 ? '1 item' : `${n} items`);
const pages = (page: Page) => page.getByRole('navigation', { name: 'Pages' });

/** The value a product shows for an attribute (option labels, as on its page). */
const valueOf = (product: Product, code: string): string =>
  product.technicalData.find((row) => row.code === code)?.value ?? '';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A value's checkbox is named by its label and, once the tools have counted, its count: "Battery (3)". */
const valueName = (value: string): RegExp => new RegExp(`^${escape(value)}(?: |$)`);

const label = (code: string): string => {
  const attribute = catalogue().attributes.find((a) => a.code === code);
  if (!attribute) throw new Error(`No attribute ${code} in the catalogue`);
  return attribute.label;
};

/** A listing of several pages whose products have at least two values of a filterable select attribute. */
function filterableListing(): { listing: ListingInfo; code: string; values: string[] } {
  const selects = catalogue().attributes.filter((a) => a.filterable && a.options.length > 0);
  for (const listing of [...listings()].sort((a, b) => b.products.length - a.products.length)) {
    for (const { code } of selects) {
      const values = [...new Set(listing.products.map((p) => valueOf(p, code)).filter(Boolean))];
      if (values.length >= 2 && listing.products.length > PAGE_SIZE) return { listing, code, values };
    }
  }
  throw new Error('No listing with a filterable select attribute of two values; the demo catalogue changed.');
}

/** The price that applies now (a sale price within its dates), as the shop sorts by it. */
const priceNow = (product: Product): number => pricedNow().get(product.sku)?.priceInclVat ?? Infinity;

/** In stock first, then by price (no price last), then the merchandiser's order (the listing's order). */
const byPrice = (products: readonly Product[]): Product[] =>
  [...products].sort(
    (a, b) =>
      Number(b.inStock) - Number(a.inStock) ||
      priceNow(a) - priceNow(b) ||
      products.indexOf(a) - products.indexOf(b),
  );

/** The first page of `listing` sorted by price, low to high: what the cards show once the tools sorted it. */
const expectCheapestFirst = (page: Page, listing: ListingInfo) =>
  expect
    .poll(() => names(page))
    .toEqual(
      byPrice(listing.products)
        .slice(0, PAGE_SIZE)
        .map((p) => p.name),
    );

/** A product's rating, when it has reviews. */
const ratingOf = (product: Product) => (hasReviews(product) ? product.rating : null);

/** In stock first, then the highest average, more reviews first among equals, unrated last, then the listing's order. */
const byRating = (products: readonly Product[]): Product[] =>
  [...products].sort(
    (a, b) =>
      Number(b.inStock) - Number(a.inStock) ||
      (ratingOf(b)?.percent ?? -1) - (ratingOf(a)?.percent ?? -1) ||
      (ratingOf(b)?.count ?? 0) - (ratingOf(a)?.count ?? 0) ||
      products.indexOf(a) - products.indexOf(b),
  );

/** The listing of more than a page with the most products with reviews; none while the catalogue has no reviews. */
const ratedListing = (): ListingInfo | undefined =>
  listings()
    .filter((listing) => listing.products.length > PAGE_SIZE && listing.products.some(hasReviews))
    .sort((a, b) => b.products.filter(hasReviews).length - a.products.filter(hasReviews).length)[0];

/** A card's stars: one image named by the rating, beside the number of reviews. */
const starsOn = (page: Page, product: Product) =>
  cards(page)
    .filter({ has: page.getByRole('heading', { name: product.name, exact: true }) })
    .getByRole('img', { name: `Rated ${starsOf(product.rating?.percent ?? 0)} out of 5`, exact: true });

test('page links lead through the listing; each page has its own title, canonical and prev/next', async ({
  page,
}) => {
  const listing = largestListing();
  const pageCount = Math.ceil(listing.products.length / PAGE_SIZE);
  expect(pageCount).toBeGreaterThan(2);
  await page.goto(listing.path);
  await pages(page).getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(pagePath(listing.path, 2));
  await expect
    .poll(() => names(page))
    .toEqual(listing.products.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((p) => p.name));
  await expect(page.getByText(countText(listing.products.length), { exact: true })).toBeVisible();

  await page.goto(pagePath(listing.path, 2));
  await expect(page).toHaveTitle(new RegExp(`^${listing.name} – page 2 \\| .+ \\| ${shop.name}$`));
  const absolute = (path: string) => expect.stringMatching(new RegExp(`^https?://[^/]+${path}$`));
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toEqual(
    absolute(pagePath(listing.path, 2)),
  );
  expect(await page.locator('link[rel="prev"]').getAttribute('href')).toEqual(absolute(listing.path));
  expect(await page.locator('link[rel="next"]').getAttribute('href')).toEqual(
    absolute(pagePath(listing.path, 3)),
  );
  await expect(pages(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  await pages(page).getByRole('link', { name: 'Last page' }).click();
  await expect(page).toHaveURL(pagePath(listing.path, pageCount));
  await expect
    .poll(() => names(page))
    .toEqual(listing.products.slice((pageCount - 1) * PAGE_SIZE).map((p) => p.name));
  await expect(pages(page).getByRole('link', { name: 'Next page' })).toHaveCount(0);
});

test('a page number past the end is not found', async ({ page }) => {
  const listing = largestListing();
  const past = Math.ceil(listing.products.length / PAGE_SIZE) + 1;
  expect((await page.goto(pagePath(listing.path, past)))?.status()).toBe(404);
  // Page 1 is the listing's own URL, not `/page/1`.
  expect((await page.goto(`${listing.path}/page/1`))?.status()).toBe(404);
});

test('sorting by price shows the cheapest first, unavailable products last, and says so in the URL', async ({
  page,
}) => {
  const listing = largestListing();
  await page.goto(listing.path);
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(`${listing.path}?sort=price-asc`);
  await expectCheapestFirst(page, listing);
  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  const highest = listing.products.filter((p) => p.inStock && priceNow(p) !== Infinity);
  const top = Math.max(...highest.map(priceNow));
  await expect(cards(page).first().getByRole('heading')).toHaveText(
    highest.find((p) => priceNow(p) === top)?.name ?? '',
  );
});

test('a long listing’s index, a head and its parts, is read whole: sorting by price spans every part', async ({
  page,
}) => {
  const listing = largestListing();
  // The e2e catalogue has no listing long enough to be split (index-parts.ts): its index is split here, in
  // parts of five products, as the build splits a long one, and served in their place.
  const served = new Map<string, string>();
  await page.route('**/listing-data/*.json', async (route) => {
    const path = new URL(route.request().url()).pathname;
    const part = served.get(path);
    if (part !== undefined) return route.fulfill({ body: part, contentType: 'application/json' });
    const index = parseListingIndex(await (await route.fetch()).json());
    if (!index) throw new Error(`${path} is not a filter index`);
    const { head, parts } = splitListingIndex(
      index,
      (n) => path.replace(/\.json$/, `.${n}.json`),
      (_n, _products, make) => make(),
      5,
    );
    parts?.forEach((one, at) => served.set(path.replace(/\.json$/, `.${at + 1}.json`), JSON.stringify(one)));
    expect(parts?.length).toBeGreaterThan(2);
    return route.fulfill({ body: JSON.stringify(head), contentType: 'application/json' });
  });
  await page.goto(listing.path);
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expectCheapestFirst(page, listing);
  await expect(page.getByText(countText(listing.products.length), { exact: true })).toBeVisible();
});

test('the tools load when the shopper reaches for them, not with the page', async ({ page }) => {
  const listing = largestListing();
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(listing.path);
  await page.waitForLoadState('networkidle');
  const scripts = () => fetched.filter((path) => path.startsWith('/_astro/') && path.endsWith('.js'));
  const loaded = scripts().length;
  expect(fetched.filter((path) => path.startsWith('/listing-data/'))).toEqual([]);
  await page.getByLabel('Sort by').focus();
  // The tools' script, then the category's filter index it fetches.
  await expect.poll(() => fetched.some((path) => path.startsWith('/listing-data/'))).toBe(true);
  expect(scripts().length).toBeGreaterThan(loaded);
});

test('the results keep their place when the tools arrive and redraw the filters beside them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(largestListing().path);
  await page.waitForLoadState('networkidle');
  const filters = page.getByRole('region', { name: 'Filters' });
  const link = pages(page).getByRole('link').first();
  // The page links at the window's foot, the filters' lower part still in view beside the results.
  await link.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  const height = async () => (await filters.boundingBox())?.height;
  const [filtersBefore, before] = [await height(), await link.boundingBox()];
  // Reaching for a page link loads the tools, which count the values and draw the price bands.
  await link.focus();
  await expect(filters.getByRole('checkbox', { name: /^In stock only \(\d+\)$/ })).toBeAttached();
  expect(await height(), 'the filters beside the results changed height').not.toBe(filtersBefore);
  expect(await link.boundingBox()).toEqual(before);
});

test('two filters combine, the counts follow, and removing one widens the results again', async ({
  page,
}) => {
  const { listing, code, values } = filterableListing();
  const first = values[0] ?? '';
  await page.goto(listing.path);
  const group = page.getByRole('group', { name: label(code) });
  await group.getByRole('checkbox', { name: valueName(first) }).check();
  const withFirst = listing.products.filter((p) => valueOf(p, code) === first);
  await expect(page.getByText(countText(withFirst.length), { exact: true })).toBeVisible();
  await expect.poll(() => names(page)).toEqual(withFirst.slice(0, PAGE_SIZE).map((p) => p.name));
  await expect(page).toHaveURL(new RegExp(`\\?${code}=`));

  // A price band that holds some of them: its checkbox value is `{from}-{to}`.
  const price = page.getByRole('group', { name: 'Price' });
  const bands = await price.getByRole('checkbox').evaluateAll((boxes) =>
    boxes.map((box) => ({
      value: (box as HTMLInputElement).value,
      disabled: (box as HTMLInputElement).disabled,
    })),
  );
  const inBand = (p: Product, value: string) => {
    const [from = 0, to = 0] = value.split('-').map(Number);
    const last = value === bands.at(-1)?.value;
    const amount = p.priceInclVat;
    return amount !== null && amount >= from && (amount < to || (last && amount === to));
  };
  const band = bands.find((b) => !b.disabled && withFirst.some((p) => inBand(p, b.value)));
  if (!band) throw new Error('no price band holds the filtered products');
  const both = withFirst.filter((p) => inBand(p, band.value));
  await price.locator(`input[value="${band.value}"]`).check();
  await expect(page.getByText(countText(both.length), { exact: true })).toBeVisible();
  await expect.poll(() => names(page)).toEqual(both.slice(0, PAGE_SIZE).map((p) => p.name));
  // Each band counts what it would give with the first filter; an empty one is 0 and cannot be chosen.
  for (const { value } of bands) {
    const expected = withFirst.filter((p) => inBand(p, value)).length;
    const box = price.locator(`input[value="${value}"]`);
    await expect(price.locator(`label[for="${await box.getAttribute('id')}"] [data-count]`)).toHaveText(
      String(expected),
    );
    if (expected === 0) await expect(box).toBeDisabled();
  }

  // The chips show both; removing the first leaves the price band alone.
  await page.getByRole('button', { name: `Remove filter ${label(code)}: ${first}`, exact: true }).click();
  const priceOnly = listing.products.filter((p) => inBand(p, band.value));
  await expect(page.getByText(countText(priceOnly.length), { exact: true })).toBeVisible();
  await expect(group.getByRole('checkbox', { name: valueName(first) })).not.toBeChecked();
  await expect(page.locator(':focus')).toHaveCount(1);
  // The price band removed too: plain paging again, at the pre-rendered pages' own URLs.
  await price.locator(`input[value="${band.value}"]`).uncheck();
  await expect(page).toHaveURL(listing.path);
  await expect(pages(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
    'href',
    pagePath(listing.path, 2),
  );
  await price.locator(`input[value="${band.value}"]`).check();
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByText(countText(listing.products.length), { exact: true })).toBeVisible();
  await expect(page).toHaveURL(listing.path);
});

test('a shared filtered and sorted link shows the same products', async ({ page }) => {
  const { listing, code, values } = filterableListing();
  const second = values[1] ?? '';
  await page.goto(listing.path);
  const box = page
    .getByRole('group', { name: label(code) })
    .getByRole('checkbox', { name: valueName(second) });
  const key = await box.getAttribute('value');
  const expected = byPrice(listing.products.filter((p) => valueOf(p, code) === second));

  await page.goto(`${listing.path}?sort=price-asc&${code}=${key}`);
  await expect(page.getByText(countText(expected.length), { exact: true })).toBeVisible();
  await expect.poll(() => names(page)).toEqual(expected.slice(0, PAGE_SIZE).map((p) => p.name));
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
  await expect(
    page.getByRole('group', { name: label(code) }).getByRole('checkbox', { name: valueName(second) }),
  ).toBeChecked();
});

test('Back and Forward step through filter and sort changes', async ({ page }) => {
  const { listing, code, values } = filterableListing();
  const first = values[0] ?? '';
  await page.goto(listing.path);
  await page
    .getByRole('group', { name: label(code) })
    .getByRole('checkbox', { name: valueName(first) })
    .check();
  await expect(page).toHaveURL(new RegExp(`\\?${code}=`));
  await page.getByLabel('Sort by').selectOption('name-asc');
  await expect(page).toHaveURL(/sort=name-asc/);

  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page.getByLabel('Sort by')).toHaveValue('position');
  const withFirst = listing.products.filter((p) => valueOf(p, code) === first);
  await expect.poll(() => names(page)).toEqual(withFirst.slice(0, PAGE_SIZE).map((p) => p.name));
  await page.goBack();
  await expect(page).toHaveURL(listing.path);
  await expect.poll(() => names(page)).toEqual(listing.products.slice(0, PAGE_SIZE).map((p) => p.name));
  await page.goForward();
  await expect(page.getByText(countText(withFirst.length), { exact: true })).toBeVisible();
});

test("the page size is the shopper's choice, kept for the session", async ({ page }) => {
  const listing = largestListing();
  await page.goto(listing.path);
  await page.getByLabel('Per page').selectOption('24');
  await expect(page).toHaveURL(`${listing.path}?per=24`);
  await expect(cards(page)).toHaveCount(Math.min(24, listing.products.length));
  const other = listings().find((l) => l.path !== listing.path && l.products.length > PAGE_SIZE);
  if (!other) throw new Error('no second listing of more than one page');
  await page.goto(other.path);
  await expect(cards(page)).toHaveCount(Math.min(24, other.products.length));
  await expect(page.getByLabel('Per page')).toHaveValue('24');
});

test('on a phone the filters open full screen, and "Show N products" closes them @mobile', async ({
  page,
}) => {
  const { listing, code, values } = filterableListing();
  const first = values[0] ?? '';
  await page.goto(listing.path);
  const open = page.getByRole('button', { name: /^Filters( \(\d+\))?$/ });
  await expect(page.getByRole('group', { name: label(code) })).toBeHidden();
  await open.click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('checkbox', { name: valueName(first) }).check();
  const withFirst = listing.products.filter((p) => valueOf(p, code) === first);
  const show = drawer.getByRole('button', {
    name: withFirst.length === 1 ? 'Show 1 product' : `Show ${withFirst.length} products`,
  });
  await show.click();
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();
  await expect(open).toHaveText('Filters (1)');
  await expect.poll(() => names(page)).toEqual(withFirst.slice(0, PAGE_SIZE).map((p) => p.name));
  await open.click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('cards show their stars; sorting by rating puts the best rated first, and a rating filter keeps those rated at least that', async ({
  page,
}) => {
  const listing = ratedListing();
  test.skip(!listing, NO_REVIEWS);
  if (!listing) return;
  await page.goto(listing.path);
  // A pre-rendered card of the first page with reviews shows them.
  const onFirstPage = listing.products.slice(0, PAGE_SIZE).find(hasReviews);
  if (onFirstPage) await expect(starsOn(page, onFirstPage)).toBeVisible();

  await page.getByLabel('Sort by').selectOption({ label: 'Rating: high to low' });
  await expect(page).toHaveURL(`${listing.path}?sort=rating`);
  const sorted = byRating(listing.products);
  await expect.poll(() => names(page)).toEqual(sorted.slice(0, PAGE_SIZE).map((p) => p.name));
  const best = sorted[0];
  // The redrawn cards draw the stars too.
  if (best && hasReviews(best)) await expect(starsOn(page, best)).toBeVisible();

  // The highest whole star any product reaches: "N stars & up" counts the products at or above it.
  const stars = [4, 3, 2, 1].find((n) =>
    listing.products.some((p) => hasReviews(p) && starsOf(p.rating?.percent ?? 0) >= n),
  );
  if (stars === undefined) throw new Error('no product reaches one star');
  const kept = listing.products.filter((p) => hasReviews(p) && starsOf(p.rating?.percent ?? 0) >= stars);
  const name = stars === 1 ? '1 star & up' : `${stars} stars & up`;
  const box = page.getByRole('group', { name: 'Rating' }).getByRole('checkbox', { name: valueName(name) });
  await expect(box).toHaveAccessibleName(`${name} (${kept.length})`);
  await box.check();
  await expect(page).toHaveURL(`${listing.path}?sort=rating&rating=${stars}`);
  await expect(page.getByText(countText(kept.length), { exact: true })).toBeVisible();
  await expect
    .poll(() => names(page))
    .toEqual(
      byRating(kept)
        .slice(0, PAGE_SIZE)
        .map((p) => p.name),
    );
  await expect(
    page.getByRole('button', { name: `Remove filter Rating: ${name}`, exact: true }),
  ).toBeVisible();

  // The link shows the same products to someone else.
  await page.goto(`${listing.path}?sort=rating&rating=${stars}`);
  await expect
    .poll(() => names(page))
    .toEqual(
      byRating(kept)
        .slice(0, PAGE_SIZE)
        .map((p) => p.name),
    );
  await expect(page.getByLabel('Sort by')).toHaveValue('rating');
});
