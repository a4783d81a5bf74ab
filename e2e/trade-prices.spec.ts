/**
 * Trade prices where a Trade customer looks and nowhere else (issue 38). The merchant gives a product a Trade
 * price and a Trade quantity price (tier prices of customer group 5, saved through the admin API as Magento's
 * admin saves them) and approves a customer by moving them to the Trade group; once the save's rebuild is
 * live, that customer, signed in, sees the Trade price on the listing's card and on the product page, with
 * "Trade price" beside it, excl VAT by default, and nothing on the page moves as it is swapped in (CLS 0). A
 * guest on the same pages sees everyone's price and asks for no trade file.
 */
import type { Page } from '@playwright/test';
import { exclVat, formatPrice } from '../src/catalogue/money.ts';
import { SESSION_COOKIE } from '../src/http/index.ts';
import { variantTexts } from '../src/features/product/variant-texts.ts';
import { admin } from './support/admin.ts';
import { listings, PAGE_SIZE, pricedNow, type Product } from './support/catalogue.ts';
import { SHOP_URL } from './support/ports.ts';
import { expect, hydrated, shellReady, test } from './support/test.ts';

const TRADE_GROUP = 5;
const round = (amount: number) => Math.round(amount * 100) / 100;

/** A simple Professional product in stock on its listing's first page, at its regular price. */
function tradeCandidate(): { product: Product; listing: string } {
  for (const listing of listings()) {
    if (!listing.path.startsWith('/professional/')) continue;
    for (const product of listing.products.slice(0, PAGE_SIZE)) {
      const now = pricedNow().get(product.sku);
      if (!now || !now.inStock || now.configurable || now.priceInclVat === null || now.wasInclVat !== null)
        continue;
      // Its only tiers the Trade group's (the demo gives every Professional product one), set again below.
      if (now.tierPrices.some((tier) => tier.customerGroupId !== TRADE_GROUP)) continue;
      return { product: now, listing: listing.path };
    }
  }
  throw new Error('The e2e catalogue has no simple Professional product on a listing’s first page.');
}

const { product, listing } = tradeCandidate();
const publicPrice = product.priceInclVat ?? 0;
const tradeUnit = round(publicPrice * 0.85);
const tradeFive = round(publicPrice * 0.75);
const email = `trade.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
const password = 'Trade123!pw';

/** Signs in over HTTP, as the browser would: the session cookie. */
async function sessionCookie(): Promise<string> {
  const reply = await fetch(`${SHOP_URL}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SHOP_URL },
    body: JSON.stringify({ email, password }),
  });
  expect(reply.status).toBe(200);
  const cookie = reply.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  return cookie?.split(';')[0] ?? '';
}

// One worker for both journeys: the merchant's save (and its rebuild) happens once.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const created = (await admin('/customers', {
    method: 'POST',
    body: { customer: { email, firstname: 'Tess', lastname: 'Trader', group_id: TRADE_GROUP }, password },
  })) as { id: number; group_id: number };
  expect(created.group_id).toBe(TRADE_GROUP);
  await admin(`/products/${encodeURIComponent(product.sku)}`, {
    method: 'PUT',
    body: {
      product: {
        sku: product.sku,
        tier_prices: [
          {
            customer_group_id: TRADE_GROUP,
            qty: 1,
            value: tradeUnit,
            extension_attributes: { website_id: 0 },
          },
          {
            customer_group_id: TRADE_GROUP,
            qty: 5,
            value: tradeFive,
            extension_attributes: { website_id: 0 },
          },
        ],
      },
    },
  });
  // The save's rebuild writes the Trade file: asked for as the Trade customer until it holds the product's
  // new Trade price (the demo gives it one already).
  const cookie = await sessionCookie();
  await expect
    .poll(
      async () => {
        const reply = await fetch(`${SHOP_URL}/trade-prices/trade.json`, { headers: { Cookie: cookie } });
        const file = (await reply.json()) as { rows?: Record<string, unknown> };
        const row = file.rows?.[product.sku];
        return Array.isArray(row) && row[0] === tradeUnit;
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe(true);
});

/**
 * Sums the layout shifts after the page is parsed (no input in these journeys): the swap is a script, so it
 * runs after that. A busy machine can paint a page while it is still arriving (one partial frame, then the
 * next); what that moves is not the swap's, and this journey does not measure it.
 */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { shifts: { at: number; value: number }[] };
    counted.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        counted.shifts.push({ at: entry.startTime, value: (entry as unknown as { value: number }).value });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
            const parsed = navigation?.domInteractive ?? 0;
            const { shifts: all } = window as unknown as { shifts: { at: number; value: number }[] };
            resolve(all.filter(({ at }) => at >= parsed).reduce((sum, { value }) => sum + value, 0));
          }),
        ),
      ),
  );

const card = (page: Page) =>
  page.locator('.product-card').filter({ has: page.getByRole('link', { name: product.name, exact: true }) });

test('a signed-in Trade customer sees the Trade price, excl VAT, on a listing and the product page, with nothing moving', async ({
  page,
}) => {
  await watchShifts(page);
  await page.goto('/customer/sign-in');
  await hydrated(page, 'SignInForm');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/customer');

  await page.goto(listing);
  await expect(page.locator('html')).toHaveAttribute('data-trade-swapped', '');
  await expect(page.locator('html')).toHaveAttribute('data-vat', 'excl');
  const price = card(page).locator('.product-card__price');
  await expect(price.locator('.vat-excl')).toBeVisible();
  await expect(price.locator('.vat-excl')).toContainText(`${formatPrice(exclVat(tradeUnit))} excl VAT`);
  await expect(card(page).getByText('Trade price', { exact: true })).toBeVisible();
  expect(await shifts(page)).toBe(0);

  await page.goto(`/${product.urlKey}`);
  await expect(page.locator('html')).toHaveAttribute('data-trade-swapped', '');
  const panel = page.locator('.purchase');
  await expect(panel.locator('[data-price="excl"] .amount')).toHaveText(formatPrice(exclVat(tradeUnit)));
  await expect(panel.locator('[data-price="incl"] .amount')).toHaveText(formatPrice(tradeUnit));
  const percent = Math.round(100 - (100 / tradeUnit) * tradeFive);
  await expect(panel.locator('[data-tiers] .vat-excl')).toHaveText(
    variantTexts.tier(5, formatPrice(exclVat(tradeFive)), percent),
  );
  await expect(panel.getByText('Trade price', { exact: true })).toBeVisible();
  expect(await shifts(page)).toBe(0);
});

test('a guest sees everyone’s price and asks for no trade prices', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/trade')) asked.push(path);
  });
  await page.goto(listing);
  await shellReady(page);
  await expect(card(page).locator('.product-card__price')).toContainText(formatPrice(publicPrice));
  await expect(card(page).getByText('Trade price', { exact: true })).toHaveCount(0);
  await page.goto(`/${product.urlKey}`);
  await shellReady(page);
  await expect(page.locator('.purchase [data-price="incl"] .amount')).toHaveText(formatPrice(publicPrice));
  await expect(page.locator('.purchase [data-tiers]')).toBeHidden();
  const answer = await page.request.get('/trade-prices/trade.json');
  expect(answer.status()).toBe(401);
  expect(await answer.text()).not.toContain(product.sku);
  expect(asked).toEqual([]);
});
