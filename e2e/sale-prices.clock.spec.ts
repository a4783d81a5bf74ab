/**
 * A sale scheduled in Magento (special price with its dates) goes live at midnight shop time with nobody
 * saving anything: the status page lists it beforehand; when the shop's clock reaches 00:00 London time the
 * product page and its listing show the sale price with the regular price struck through ("Was £X"), and
 * the basket charges the sale price; when the day after the to-date begins, both go back. The clock is moved,
 * not waited for (e2e/support/clock.ts): this file runs after every other journey (playwright.config.ts).
 */
import type { Page } from '@playwright/test';
import { londonWallClockToInstant, shopDay } from '../src/catalogue/special-prices.ts';
import { DEMO_STATUS_PASSWORD } from '../src/config/publishing.ts';
import { formatGbp, listings, productPages, type Product } from './support/catalogue.ts';
import { admin } from './support/admin.ts';
import { resetShopClock, setShopClock } from './support/clock.ts';
import { expect, shellReady, test } from './support/test.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The live build's coming price changes, as the status page reports them. */
async function comingChanges(shop: string): Promise<{ at: string; sku: string }[]> {
  const response = await fetch(`${shop}/rebuild/status`, {
    headers: { Authorization: `Bearer ${DEMO_STATUS_PASSWORD}` },
  });
  const status = (await response.json()) as {
    live: { priceChanges?: { upcoming: { at: string; sku: string }[] } } | null;
  };
  return status.live?.priceChanges?.upcoming ?? [];
}

/** A simple product in stock, in a listing, priced from Magento's `price` (no list_price), with pence. */
function saleCandidate(): { product: Product; listing: string } {
  for (const product of productPages()) {
    if (!product.inStock || product.configurable || product.listPrice !== null) continue;
    if (product.priceInclVat === null || product.specialPrice || product.tierPrices.length > 0) continue;
    const listing = listings().find((entry) => entry.products.slice(0, 12).includes(product));
    if (listing) return { product, listing: listing.path };
  }
  throw new Error('The e2e catalogue has no simple product in stock on a listing’s first page.');
}

const basketLinePrice = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Items in your basket' })
    .getByRole('listitem')
    .filter({ hasText: name })
    .locator('.basket-row__total strong');

test.afterAll(() => resetShopClock());

test('a sale starting at midnight shows "Was" and charges the sale price, and ends the same way', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { product, listing } = saleCandidate();
  const regular = product.priceInclVat ?? 0;
  const sale = Math.round(regular * 80) / 100;
  // Tomorrow, shop time: the sale runs for that one day.
  const tomorrow = shopDay(Date.now() + DAY_MS);
  const starts = londonWallClockToInstant(`${tomorrow} 00:00:00`);
  const ends = londonWallClockToInstant(`${shopDay(starts + DAY_MS + 60 * 60 * 1000)} 00:00:01`);

  // An editor schedules the sale in Magento; the save's rebuild records the change coming up.
  await admin(`/products/${encodeURIComponent(product.sku)}`, {
    method: 'PUT',
    body: {
      product: {
        custom_attributes: [
          { attribute_code: 'special_price', value: sale.toFixed(2) },
          { attribute_code: 'special_from_date', value: `${tomorrow} 00:00:00` },
          { attribute_code: 'special_to_date', value: `${tomorrow} 00:00:00` },
        ],
      },
    },
  });
  await expect
    .poll(async () => (await comingChanges(baseURL ?? '')).filter((change) => change.sku === product.sku), {
      timeout: 60_000,
    })
    .toEqual([
      expect.objectContaining({ at: new Date(starts).toISOString() }),
      expect.objectContaining({ at: new Date(ends).toISOString() }),
    ]);
  await page.goto(`/${product.urlKey}`);
  await expect(page.getByText(`Was ${formatGbp(regular)}`)).toHaveCount(0);

  // Two seconds to midnight: still the regular price, then the sale within seconds of 00:00.
  setShopClock(starts - 2000);
  await page.reload();
  await expect(page.getByText(`Was ${formatGbp(regular)}`)).toHaveCount(0);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page
          .getByText(`Was ${formatGbp(regular)}`)
          .first()
          .isVisible();
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
  await expect(page.locator('main').getByText(formatGbp(sale)).first()).toBeVisible();

  // The listing shows it too, and the basket charges the sale price (Magento's totals, same clock).
  await page.goto(listing);
  // Names repeat in the demo catalogue: the card is the one linking to the product.
  const card = page
    .locator('main')
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href="/${product.urlKey}"]`) });
  await expect(card.getByText(`Was ${formatGbp(regular)}`)).toBeVisible();
  await page.goto(`/${product.urlKey}`);
  await shellReady(page);
  const form = page.locator(`form[data-add-to-cart][data-sku="${product.sku}"]`);
  await form.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('status')).toHaveText(
    'This product is now in your cart!',
  );
  await page.goto('/basket');
  await expect(basketLinePrice(page, product.name)).toHaveText(`${formatGbp(sale)} incl VAT`, {
    useInnerText: true,
  });

  // The day after the to-date: the regular price again on the page and in the basket.
  setShopClock(ends - 2000);
  await expect
    .poll(
      async () => {
        await page.goto(`/${product.urlKey}`);
        return page.getByText(`Was ${formatGbp(regular)}`).count();
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(0);
  await page.goto('/basket');
  await expect(basketLinePrice(page, product.name)).toHaveText(`${formatGbp(regular)} incl VAT`, {
    useInnerText: true,
  });
});
