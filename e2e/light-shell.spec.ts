/**
 * The light shell (DESIGN.md §4): the header without React. The VAT choice switches every price and
 * holds across pages and islands, applied before the first paint; the basket badge shows a number, 0
 * included, and never a made-up 0; no page type breaks the Content Security Policy; catalogue pages read
 * fully with JavaScript off (one page of each kind; every page in `npm run test:a11y-sweep`).
 */
import type { Page } from '@playwright/test';
import {
  catalogue,
  formatGbp,
  listings,
  PAGE_SIZE,
  pagePath,
  productPages,
  richProduct,
  type Product,
} from './support/catalogue.ts';
import { onePerKind } from './support/page-kinds.ts';
import { expect, shellReady, notices, test } from './support/test.ts';

const priced = (products: Product[]) =>
  products.find((p) => p.inStock && p.priceInclVat !== null && p.priceExclVat !== null);

/** A listing of the audience whose first product has both prices, with that product. */
function listingOf(audience: 'home-garden' | 'professional') {
  for (const listing of listings()) {
    const first = listing.products[0];
    if (listing.path.startsWith(`/${audience}/`) && first && priced([first])) return { listing, first };
  }
  throw new Error(`No ${audience} listing starts with a priced product.`);
}

const firstCardPrice = (page: Page) =>
  page.getByRole('list', { name: 'Products' }).getByRole('listitem').first().locator('.product-card__price');

const vatButton = (page: Page, form: 'incl' | 'excl') =>
  page.getByRole('group', { name: 'Prices' }).getByRole('button', { name: `${form} VAT`, exact: true });

test.describe('the VAT choice', () => {
  test('switches prices both ways and holds across pages', async ({ page }) => {
    const { listing, first } = listingOf('home-garden');
    await page.goto(listing.path);
    const incl = `${formatGbp(first.priceInclVat ?? 0)} incl VAT`;
    const excl = `${formatGbp(first.priceExclVat ?? 0)} excl VAT`;
    await expect(firstCardPrice(page)).toHaveText(incl, { useInnerText: true });
    await shellReady(page);
    await expect(vatButton(page, 'incl')).toHaveAttribute('aria-pressed', 'true');

    await vatButton(page, 'excl').click();
    await expect(firstCardPrice(page)).toHaveText(excl, { useInnerText: true });
    await expect(vatButton(page, 'excl')).toHaveAttribute('aria-pressed', 'true');

    // The next page shows excl VAT first: the large price is the excl one, above the other.
    await page.goto(`/${first.urlKey}`);
    const line = (text: string) => page.locator('.purchase .prices p').filter({ hasText: text });
    const shownFirst = async (main: string, other: string) => {
      const [a, b] = await Promise.all([line(main).boundingBox(), line(other).boundingBox()]);
      expect(a && b && a.y < b.y && a.height > b.height, `${main} large, above ${other}`).toBe(true);
    };
    await expect(line(excl)).toBeVisible();
    await shownFirst(excl, incl);

    await shellReady(page);
    await vatButton(page, 'incl').click();
    await expect(async () => shownFirst(incl, excl)).toPass();
    await page.goto(listing.path);
    await expect(firstCardPrice(page)).toHaveText(incl, { useInnerText: true });
  });

  test('Professional pages show excl VAT until the shopper chooses', async ({ page }) => {
    const { listing, first } = listingOf('professional');
    await page.goto(listing.path);
    await expect(firstCardPrice(page)).toHaveText(`${formatGbp(first.priceExclVat ?? 0)} excl VAT`, {
      useInnerText: true,
    });
    await shellReady(page);
    await expect(vatButton(page, 'excl')).toHaveAttribute('aria-pressed', 'true');
    await vatButton(page, 'incl').click();
    await page.goto(listing.path);
    await expect(firstCardPrice(page)).toHaveText(`${formatGbp(first.priceInclVat ?? 0)} incl VAT`, {
      useInnerText: true,
    });
  });

  test('is applied before any script module runs, so nothing flashes', async ({ page }) => {
    const { listing, first } = listingOf('home-garden');
    await page.goto(listing.path);
    await shellReady(page);
    await vatButton(page, 'excl').click();
    // Leave the listing first: its own scripts may still fetch a module (the cards' collection lines, once
    // the grid is seen), and refusing that one would fail the page being left, not the one under test.
    await page.goto('about:blank');
    // With every module script refused, only the page's inline lines and styles are left.
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.goto(listing.path);
    await expect(firstCardPrice(page)).toHaveText(`${formatGbp(first.priceExclVat ?? 0)} excl VAT`, {
      useInnerText: true,
    });
  });

  test('a search result follows it too', async ({ page }) => {
    const product = richProduct();
    await page.goto('/');
    await shellReady(page);
    await vatButton(page, 'excl').click();
    await page.goto(`/search/${encodeURIComponent(product.name)}`);
    const card = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first();
    await expect(card.locator('.product-card__price')).toHaveText(
      `${formatGbp(product.priceExclVat ?? 0)} excl VAT`,
      { useInnerText: true },
    );
  });
});

test.describe('the basket badge', () => {
  test('shows 0 for a new shopper, and the count after an add', async ({ page }) => {
    const product = richProduct();
    await page.goto(`/${product.urlKey}`);
    const badge = page.locator('[data-basket-count]');
    await expect(badge).toHaveText('0');
    await expect(page.getByRole('link', { name: '0 Basket' })).toBeVisible();
    await shellReady(page);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(notices(page).getByRole('status')).toHaveText('This product is now in your cart!');
    await expect(badge).toHaveText('1');
    await expect(page.getByRole('link', { name: '1 Basket' })).toHaveAccessibleDescription(
      '1 item in your basket',
    );
  });

  test('sits clear of its link’s label on a wide screen, as the wish list’s two-digit count does', async ({
    page,
  }) => {
    const skus = productPages()
      .slice(0, 12)
      .map((product) => product.sku);
    await page.addInitScript((list) => {
      try {
        localStorage.setItem('wishlist', JSON.stringify(list));
      } catch {
        // about:blank has no storage; the shop's pages do.
      }
    }, skus);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.locator('[data-wishlist-count]')).toHaveText('12');
    await expect(page.locator('[data-basket-count]')).toHaveText('0');
    for (const kind of ['wishlist', 'basket']) {
      const badge = await page.locator(`#${kind}-link .header-count`).boundingBox();
      const label = await page.locator(`#${kind}-link .header-button__label`).boundingBox();
      expect(badge && label && badge.x + badge.width <= label.x, `the ${kind} count before its label`).toBe(
        true,
      );
    }
  });

  test('keeps the last count it read when a read fails, never a wrong 0', async ({ page }) => {
    const product = richProduct();
    await page.goto(`/${product.urlKey}`);
    await shellReady(page);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.locator('[data-basket-count]')).toHaveText('1');
    await page.route('**/rest/V1/guest-carts/*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await page.goto('/');
    await expect(page.locator('[data-basket-count]')).toHaveText('1');
  });
});

test.describe('a notice beside the cookie notice', () => {
  test.use({ cookiesAccepted: false });

  test('sits above it, so Accept stays uncovered and works @mobile', async ({ page }) => {
    const product = richProduct();
    await page.goto(`/${product.urlKey}`);
    await shellReady(page);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(notices(page).getByRole('status')).toHaveText('This product is now in your cart!');
    const notice = await page.locator('[data-notice]').boundingBox();
    const accept = page.getByRole('button', { name: 'Accept' });
    const button = await accept.boundingBox();
    expect(notice && button && notice.y + notice.height <= button.y).toBe(true);
    await accept.click();
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeHidden();
  });
});

test('no page type breaks the Content Security Policy', async ({ page }) => {
  const product = richProduct();
  const listing = listings()[0];
  const paths = ['/', '/home-garden', listing?.path ?? '/', `/${product.urlKey}`, '/privacy-policy'];
  paths.push(`/search/${encodeURIComponent(product.name)}`, '/basket', '/customer/sign-in', '/no-such-page');
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem('csp-violations') ?? '[]') as string[];
      seen.push(`${location.pathname}: ${event.violatedDirective} ${event.blockedURI}`);
      sessionStorage.setItem('csp-violations', JSON.stringify(seen));
    });
  });
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(await page.evaluate(() => sessionStorage.getItem('csp-violations') ?? '[]')).toBe('[]');
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('every kind of catalogue page reads: its heading and prices show, the VAT choice does not', async ({
    page,
  }) => {
    const { products, audiences } = catalogue();
    const paths = onePerKind([
      '/',
      ...Object.values(audiences).map((root) => root.path),
      ...listings().flatMap((listing) =>
        [listing.path, pagePath(listing.path, 2)].slice(0, listing.products.length > PAGE_SIZE ? 2 : 1),
      ),
      ...products.filter((p) => p.visibility !== 1 && p.urlKey).map((p) => `/${p.urlKey}`),
    ]);
    test.setTimeout(30_000 + paths.length * 1500);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expect(page.getByRole('group', { name: 'Prices' }), path).toBeHidden();
    }
    const { first, listing } = listingOf('professional');
    await page.goto(listing.path);
    await expect(firstCardPrice(page)).toHaveText(`${formatGbp(first.priceExclVat ?? 0)} excl VAT`, {
      useInnerText: true,
    });
  });
});
