/**
 * The accessibility checks (STYLE.md Tests; DESIGN.md §5 Accessibility 100): axe with the WCAG 2.2 AA
 * rules on one page of each kind in the sitemap (home, landings, a listing and a later page of it, a
 * parts listing, each type of product page, content and privacy pages) with prices shown incl VAT, again
 * at 320 px wide with prices excl VAT (the header's VAT choice) and nothing scrolling sideways (with the
 * signed-in journey's own pages: basket, checkout, account with an order) and at 200 % zoom, the privacy
 * sections in both themes, the not-found pages, the cookie banner, menus and filters open, and the
 * comparison of four products (not in the sitemap). Pages of one kind share their markup, so one of
 * each finds what the whole sitemap would; `npm run test:a11y-sweep` still runs axe on every sitemap URL
 * (`A11Y_SWEEP=full`), split in two interleaved halves per VAT form so both workers share it.
 */
import type { Page } from '@playwright/test';
import { wcagViolations as violations } from './support/axe.ts';
import { largestListing, listings, productPages } from './support/catalogue.ts';
import { address, checkOut, customerCart } from './support/checkout.ts';
import { cutOff, sideways } from './support/layout.ts';
import { FULL_SWEEP, onePerKind, sitemapPaths } from './support/page-kinds.ts';
import { chooseVat, disclosure, drawn, expect, shellReady, test } from './support/test.ts';

/** What a sweep checks besides axe, and how it waits for a page drawn in the browser. */
interface SweepOptions {
  /** No sideways scrolling (at 320 px). */
  reflow?: boolean;
  /** No text cut off (at 200 % zoom). */
  whole?: boolean;
  /** Waits until the page's islands have drawn (the basket, checkout, account). */
  settle?: (page: Page) => Promise<void>;
}

/** axe on each path, and what `options` asks besides. */
async function sweep(page: Page, paths: readonly string[], options: SweepOptions = {}): Promise<void> {
  const failures: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
    const status = response?.status() ?? 0;
    if (status !== 200) {
      failures.push(`${path}: HTTP ${status}`);
      continue;
    }
    await options.settle?.(page);
    const found = await violations(page);
    if (options.reflow) found.push(...[await sideways(page)].filter(Boolean));
    if (options.whole) found.push(...(await cutOff(page)));
    if (found.length > 0) failures.push(`${path}: ${found.join(', ')}`);
  }
  expect(failures, `axe violations on ${failures.length} of ${paths.length} pages`).toEqual([]);
}

if (FULL_SWEEP) {
  for (const vat of ['incl', 'excl'] as const) {
    for (const half of [0, 1]) {
      test(`every sitemap URL passes axe, prices ${vat} VAT (half ${half + 1} of 2)`, async ({
        page,
        request,
      }) => {
        await chooseVat(page, vat);
        const paths = (await sitemapPaths(request)).filter((_, i) => i % 2 === half);
        // About 600 pages: allow 3 s a page, for a busy machine.
        test.setTimeout(30_000 + paths.length * 3_000);
        await sweep(page, paths);
      });
    }
  }
}

// Prices excl VAT are swept at 320 px below: each form of the prices is checked on every page kind once.
test('one page of each kind in the sitemap passes axe, prices incl VAT', async ({ page, request }) => {
  await chooseVat(page, 'incl');
  const paths = onePerKind(await sitemapPaths(request));
  expect(paths.length, 'the sitemap has pages of several kinds').toBeGreaterThan(8);
  test.setTimeout(30_000 + paths.length * 3_000);
  await sweep(page, paths);
});

/**
 * WCAG 1.4.10 and 1.4.4: a phone's 320 CSS px, and a 1280 × 720 window at 200 % zoom (640 × 360 CSS px
 * at twice the pixels), the way Chromium lays out a zoomed page.
 */
test.describe('at 320 px wide', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('at 320 px wide each page kind reflows without sideways scrolling and passes axe', async ({
    page,
    request,
  }) => {
    await chooseVat(page, 'excl');
    const paths = onePerKind(await sitemapPaths(request));
    test.setTimeout(30_000 + paths.length * 4_000);
    await sweep(page, paths, { reflow: true, settle: drawn });
  });

  test("signed in with a basket, the journey's own pages reflow at 320 px and pass axe", async ({ page }) => {
    test.setTimeout(120_000);
    const lines = productPages()
      .filter((product) => product.inStock && product.typeId === 'simple' && product.priceInclVat !== null)
      .slice(0, 2);
    await customerCart(
      page,
      lines.map((product) => ({ sku: product.sku, qty: 1 })),
      address(),
    );
    await sweep(
      page,
      [
        '/basket',
        '/basket/shipping',
        '/basket/shipping/payment',
        '/quick-order',
        '/trade-account',
        '/wishlist',
        '/services/book',
        '/order-status',
        '/search/pressure%20washer',
      ],
      { reflow: true, settle: drawn },
    );
    // With an order, My Account shows it in a table.
    const number = await checkOut(page);
    const account = [
      '/customer',
      '/customer/orders',
      `/customer/orders/${number}`,
      '/customer/manage',
      '/customer/privacy',
      '/customer/register-machine',
      '/customer/returns',
      '/customer/alerts',
    ];
    await sweep(page, account, { reflow: true, settle: drawn });
  });
});

test.describe('at 200 % zoom', () => {
  test.use({ viewport: { width: 640, height: 360 }, deviceScaleFactor: 2 });

  test('at 200 % zoom each page kind passes axe, with nothing cut off', async ({ page, request }) => {
    const paths = onePerKind(await sitemapPaths(request));
    test.setTimeout(30_000 + paths.length * 4_000);
    await sweep(page, paths, { reflow: true, whole: true, settle: drawn });
  });
});

/**
 * The shop's one switchable theme: the privacy summary's sections, light by default, dark on request (spec
 * §2 Privacy). The rest of the shop has one colour scheme; axe checks it at every width above.
 */
test('the privacy sections pass axe in both themes, with a section open', async ({ page }) => {
  await page.goto('/privacy-policy');
  await shellReady(page);
  await disclosure(page.getByRole('main'), 'Safety').toggle.click();
  expect(await violations(page), 'light').toEqual([]);
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  expect(await violations(page), 'dark').toEqual([]);
});

test('the not-found pages pass axe', async ({ page }) => {
  for (const path of ['/no-such-product-xyz', '/home-garden/not-a-category']) {
    const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
    expect(response?.status(), path).toBe(404);
    expect(await violations(page), path).toEqual([]);
  }
});

test.describe('compare', () => {
  for (const vat of ['incl', 'excl'] as const) {
    test(`the comparison of four products passes axe, prices ${vat} VAT, with differences only too`, async ({
      page,
    }) => {
      await chooseVat(page, vat);
      const products =
        listings()
          .find((listing) => listing.products.length >= 4)
          ?.products.slice(0, 4) ?? [];
      await page.goto(`/compare?skus=${products.map((product) => product.sku).join(',')}`);
      await shellReady(page);
      await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(4);
      expect(await violations(page)).toEqual([]);
      await page.getByRole('checkbox', { name: 'Show differences only' }).check();
      expect(await violations(page)).toEqual([]);
    });
  }

  test('a listing with the compare tray showing passes axe', async ({ page }) => {
    const listing = largestListing();
    await page.goto(listing.path);
    await shellReady(page);
    const buttons = page.getByRole('button', { name: /^Add to compare/ });
    // The first button turns into "Remove from compare" once clicked: the next first is another product.
    await buttons.first().click();
    await buttons.first().click();
    const tray = page.getByRole('region', { name: 'Products to compare' });
    await expect(tray.getByRole('img')).toHaveCount(2);
    expect(await violations(page)).toEqual([]);
  });
});

test.describe('with the cookie banner showing', () => {
  test.use({ cookiesAccepted: false });

  test('home passes axe', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

test.describe('with menus open', () => {
  test('the mega menu passes axe', async ({ page }) => {
    await page.goto('/');
    await disclosure(page.getByRole('navigation', { name: 'Main menu' }), 'Home & Garden').toggle.click();
    await expect(page.getByRole('link', { name: 'All Home & Garden' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the burger menu passes axe @mobile', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Menu', { exact: true }).click();
    await disclosure(page.getByRole('navigation', { name: 'Main menu' }), 'Professional').toggle.click();
    await expect(page.getByRole('link', { name: 'All Professional' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

test.describe('a listing with its filters in use', () => {
  test('the sidebar filters pass axe with a filter chosen', async ({ page }) => {
    await page.goto(largestListing().path);
    // The price bands come with the tools, which load as the pointer reaches the filters.
    const price = page.getByRole('group', { name: 'Price', exact: true });
    await price.hover();
    await price.getByRole('checkbox').first().check();
    await expect(page.getByRole('button', { name: /^Remove filter Price/ })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the filters drawer passes axe @mobile', async ({ page }) => {
    await page.goto(largestListing().path);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});
