/**
 * The search page (spec §2 Search page, §4, §5, §9): results for a term under the spec's matching rule,
 * an exact count, cards leading to product pages, the empty result, and the ways to get there.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { productRoutes } from '../src/catalogue/product-page.ts';
import { indexCatalogue } from '../src/catalogue/snapshot.ts';
import type { Product } from '../src/catalogue/types.ts';
import { matchesSearch } from '../src/features/search/match.ts';
import { catalogue } from './support/catalogue.ts';
import { expect, test } from './support/test.ts';

/** What search covers (spec §9): products with visibility 4 that have a page, matching the term (§5). */
function expectedHits(term: string): Product[] {
  const routed = productRoutes(indexCatalogue(catalogue())).routed;
  return routed
    .filter((product) => product.visibility === 4 && matchesSearch(product.name, term))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB') || (a.sku < b.sku ? -1 : 1));
}

/** The page's own live region (the shell has another, for notifications). */
const status = (page: Page) => page.getByRole('main').getByRole('status');
const results = (page: Page) => page.getByRole('list', { name: 'Search results' });
const cards = (page: Page) => results(page).getByRole('listitem');
const headerSearch = (page: Page) => page.getByRole('searchbox', { name: 'Search products' });

/**
 * Presses Enter in a search box and waits for the form's submit event to have been handled (instead of
 * sleeping and hoping nothing happened), then expects the page's script to have kept the browser from
 * submitting, i.e. from leaving the page.
 */
async function expectSubmitKeptOnPage(box: ReturnType<Page['getByRole']>): Promise<void> {
  const page = box.page();
  await page.evaluate(() => {
    delete document.documentElement.dataset['submitPrevented'];
    // On window, bubbling: runs after the form's own submit listener.
    window.addEventListener(
      'submit',
      (event) => (document.documentElement.dataset['submitPrevented'] = String(event.defaultPrevented)),
      { once: true },
    );
  });
  await box.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-submit-prevented', 'true');
}

test('a term with hits shows its heading, the exact count and cards leading to product pages', async ({
  page,
}) => {
  const hits = expectedHits('steam');
  expect(hits.length, 'the demo catalogue has steam products').toBeGreaterThan(1);
  expect(hits.length).toBeLessThanOrEqual(24);

  await page.goto('/search/steam');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for: steam');
  await expect(status(page)).toHaveText(`Results found: ${hits.length}`);
  await expect(cards(page)).toHaveCount(hits.length);
  await expect(page).toHaveTitle(/^Results for: steam \| /);

  const [first] = hits;
  if (!first) throw new Error('no hit');
  const card = cards(page).first();
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(first.name);
  if (first.priceInclVat !== null) await expect(card).toContainText('incl VAT');
  // The listing's card: its picture from the image route, the first one fetched before anything else.
  await expect(card.locator('picture source')).toHaveAttribute(
    'srcset',
    /^\/img\/160\/webp\/catalog\/product\//,
  );
  await expect(card.locator('img')).toHaveAttribute('fetchpriority', 'high');

  // The whole card leads to the product page: the name's link (the one tab stop) is stretched over it,
  // so a click on the picture lands on the link (force: Playwright would otherwise wait for the picture).
  await card.locator('img').click({ force: true });
  await expect(page).toHaveURL(`/${first.urlKey}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
});

test('prices show with pence and are hidden when a product has none', async ({ page }) => {
  const priced = expectedHits('vac').find((product) => product.priceInclVat !== null);
  if (!priced?.priceInclVat) throw new Error('no priced vac');
  const exact = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(
    priced.priceInclVat,
  );
  await page.goto('/search/vac');
  const card = cards(page)
    .filter({ has: page.getByRole('link', { name: priced.name, exact: true }) })
    .first();
  await expect(card).toContainText(exact);
});

test('a term without hits says so', async ({ page }) => {
  await page.goto('/search/xyzzy-no-such-machine');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for: xyzzy-no-such-machine');
  await expect(page.getByText('No products found with that keyword')).toBeVisible();
  await expect(page.getByText('Results found: 0')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
});

test('a hyphen in the name matches a space or nothing in the term, as the spec rule says', async ({
  page,
}) => {
  const hits = expectedHits('high pressure');
  expect(hits.length, 'the demo catalogue has High-Pressure names').toBeGreaterThan(0);
  expect(hits.every((product) => product.name.includes('High-Pressure'))).toBe(true);
  expect(expectedHits('highpressure')).toEqual(hits);

  for (const term of ['high pressure', 'highpressure', 'HIGH-PRESSURE']) {
    await page.goto(`/search/${encodeURIComponent(term)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for: ${term}`);
    await expect(status(page)).toHaveText(`Results found: ${hits.length}`);
    await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(
      hits.map((product) => product.name),
    );
  }
});

test('many results show 24 at first and 24 more on "Show more", keeping the exact count', async ({
  page,
}) => {
  const hits = expectedHits('professional');
  expect(hits.length, 'the demo catalogue has over 48 Professional products').toBeGreaterThan(48);

  await page.goto('/search/professional');
  await expect(status(page)).toHaveText(`Results found: ${hits.length}`);
  await expect(cards(page)).toHaveCount(24);
  await expect(page.getByText(`Showing 24 of ${hits.length}`)).toBeVisible();

  await page.getByRole('button', { name: 'Show more results' }).click();
  await expect(cards(page)).toHaveCount(48);
  await expect(page.getByText(`Showing 48 of ${hits.length}`)).toBeVisible();
  // Focus moves to the first new card, so keyboard users carry on where the list grew.
  await expect(cards(page).nth(24).getByRole('link')).toBeFocused();
  await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(
    hits.slice(0, 48).map((product) => product.name),
  );

  // A card of the second page shows its price with pence, like a listing card: incl VAT, or excl VAT
  // when the shopper chose it (`<html data-vat>`, which the card's two prices follow without a redraw).
  const at = hits.findIndex(
    (product, index) =>
      index >= 24 && index < 48 && product.priceInclVat !== null && product.priceExclVat !== null,
  );
  const priced = hits[at];
  if (!priced?.priceInclVat || !priced.priceExclVat) throw new Error('no priced result on the second page');
  const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
  const price = cards(page).nth(at).locator('.product-card__price');
  await expect(price).toHaveText(`${gbp.format(priced.priceInclVat)} incl VAT`, { useInnerText: true });
  await page.evaluate(() => (document.documentElement.dataset['vat'] = 'excl'));
  await expect(price).toHaveText(`${gbp.format(priced.priceExclVat)} excl VAT`, { useInnerText: true });
});

test('when more results cannot load the page says so, and Show more tries again', async ({ page }) => {
  const hits = expectedHits('professional');
  await page.goto('/search/professional');
  await expect(cards(page)).toHaveCount(24);

  await page.route('**/search/data/*.json?*', (route) => route.abort('internetdisconnected'));
  const more = page.getByRole('button', { name: 'Show more results' });
  await more.click();
  await expect(page.getByRole('alert').filter({ hasText: 'not available right now' })).toBeVisible();
  await expect(cards(page)).toHaveCount(24);
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');

  await page.unroute('**/search/data/*.json?*');
  await more.click();
  await expect(cards(page)).toHaveCount(48);
  await expect(page.getByText(`Showing 48 of ${hits.length}`)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'not available right now' })).toHaveCount(0);
});

test('Enter with an empty header search box stays on the page', async ({ page }) => {
  await page.goto('/search/steam');
  await expect(status(page)).toHaveText(/Results found: \d+/);
  await headerSearch(page).fill('');
  await expectSubmitKeptOnPage(headerSearch(page));
  await expect(page).toHaveURL('/search/steam');
});

test('the search box on the page searches again, and does nothing when empty', async ({ page }) => {
  await page.goto('/search/steam');
  const again = page.getByRole('searchbox', { name: 'Search again' });
  await expect(again).toHaveValue('steam');

  await again.fill('  ');
  await expectSubmitKeptOnPage(again);
  await expect(page).toHaveURL('/search/steam');

  const hits = expectedHits('window');
  expect(hits.length, 'the demo catalogue has window vacs').toBeGreaterThan(0);
  await again.fill('window');
  await again.press('Enter');
  await expect(page).toHaveURL('/search/window');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for: window');
  await expect(status(page)).toHaveText(`Results found: ${hits.length}`);
});

test('the header search form without JavaScript lands on the search route', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/search?q=steam');
  await expect(page).toHaveURL('/search/steam');

  await page.goto('/');
  await headerSearch(page).fill('window vac');
  await headerSearch(page).press('Enter');
  await expect(page).toHaveURL('/search/window%20vac');
  await context.close();
});

test('a loading state shows until the results arrive', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/search/data/names.json', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/search/steam');
  await expect(status(page)).toHaveText('Searching…');
  await expect(results(page)).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(status(page)).toHaveText(/Results found: \d+/);
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
});

test('when the index cannot load the page says so, and Try again recovers', async ({ page }) => {
  let offline = true;
  await page.route('**/search/data/**', (route) =>
    offline ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto('/search/steam');
  await expect(status(page)).toHaveText(/not available right now/);

  offline = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(status(page)).toHaveText(`Results found: ${expectedHits('steam').length}`);
});

test('the search page passes axe with results, with more results shown, and with none', async ({ page }) => {
  const axe = async () =>
    (
      await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze()
    ).violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ') ?? '?'}`);

  await page.goto('/search/professional');
  await expect(cards(page)).toHaveCount(24);
  expect(await axe()).toEqual([]);
  await page.getByRole('button', { name: 'Show more results' }).click();
  await expect(cards(page)).toHaveCount(48);
  expect(await axe()).toEqual([]);

  await page.goto('/search/xyzzy');
  await expect(page.getByText('No products found with that keyword')).toBeVisible();
  expect(await axe()).toEqual([]);
});

// The header encodes a slash in the term (`/search/8%2F1`); the server still answers with the search page.
test('a term with a slash is searched like any other', async ({ page }) => {
  const hits = expectedHits('8/1');
  expect(hits.length, 'the demo catalogue has an SE 8/1').toBeGreaterThan(0);
  await page.goto('/');
  await headerSearch(page).fill('8/1');
  await headerSearch(page).press('Enter');
  await expect(page).toHaveURL('/search/8%2F1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for: 8/1');
  await expect(status(page)).toHaveText(`Results found: ${hits.length}`);
});
