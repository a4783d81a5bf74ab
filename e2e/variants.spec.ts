/**
 * Configurable products on the storefront (issue 25): the product page's option picker (a shared variant
 * link, choosing a size, a sold-out size, buying the chosen one), the table without JavaScript, quantity
 * prices, the listing's "from" price and filter, and the ProductGroup structured data. The demo's facts come
 * from the seed (DEMO_CONFIGURABLES, DEMO_TIER_PRICES), not from this file.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  DEMO_CONFIGURABLES,
  DEMO_TIER_PRICES,
  type DemoConfigurable,
} from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { formatGbp, listings, PAGE_SIZE, pagePath } from './support/catalogue.ts';
import { chooseVat, expect, shellReady, test } from './support/test.ts';

const family = (sku: string): DemoConfigurable => {
  const found = DEMO_CONFIGURABLES.find((candidate) => candidate.parentSku === sku);
  if (!found) throw new Error(`The demo has no configurable ${sku}`);
  return found;
};
/** Car Shampoo: 1 l (cheapest), 2.5 l (sold out), 5 l. */
const shampoo = family('HG-DT-CARSHAMPOO');
const child = (label: string) => {
  const found = shampoo.children.find((candidate) => candidate.valueLabel === label);
  if (!found) throw new Error(`Car Shampoo has no ${label}`);
  return found;
};
const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const exclVat = (inclVat: number) => Math.round((inclVat / 1.2) * 100) / 100;

const picker = (page: Page) => page.getByRole('group', { name: shampoo.attributeLabel });
const size = (page: Page, label: string) =>
  picker(page).getByRole('radio', { name: new RegExp(`^${label}\\b`) });
const mainAddToCart = (page: Page) => page.getByRole('button', { name: 'Add to cart', exact: true });

async function expectChild(page: Page, label: string): Promise<void> {
  const { price, model, inStock } = child(label);
  await expect(size(page, label)).toBeChecked();
  await expect(page.getByText(`${formatGbp(price)} incl VAT`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${formatGbp(exclVat(price))} excl VAT`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Model ${model}`, { exact: true })).toBeVisible();
  await expect(page.locator('[data-stock]')).toHaveText(inStock ? 'In Stock' : 'Unavailable');
}

test('a shared variant link opens the page with that size chosen', async ({ page }) => {
  await page.goto(`/${shampoo.urlKey}?volume=5-l`);
  await shellReady(page);
  await expectChild(page, '5 l');
  await expect(page).toHaveURL(`/${shampoo.urlKey}?volume=5-l`);
});

test('choosing a size switches price, model and picture and writes it to the URL', async ({ page }) => {
  await page.goto(`/${shampoo.urlKey}`);
  await shellReady(page);
  // The cheapest size in stock is chosen first.
  await expectChild(page, '1 l');
  const picture = page.locator('[data-gallery-image]');
  const before = await picture.getAttribute('src');

  await size(page, '5 l').check();
  await expectChild(page, '5 l');
  await expect(page).toHaveURL(`/${shampoo.urlKey}?volume=5-l`);
  await expect(picture).not.toHaveAttribute('src', before ?? '');
  await expect(
    page.locator('#technical-data + table, table[aria-labelledby="technical-data"]'),
  ).toContainText('5 l');

  // The keyboard moves between sizes as in any radio group.
  await size(page, '5 l').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(`/${shampoo.urlKey}?volume=${slug('2.5 l')}`);
});

test('a sold-out size is marked, never chosen first, and shows unavailable when a link names it', async ({
  page,
}) => {
  await page.goto(`/${shampoo.urlKey}`);
  await shellReady(page);
  await expect(picker(page).getByText('2.5 l – sold out')).toBeVisible();
  await expect(size(page, '2.5 l')).not.toBeChecked();
  await expect(mainAddToCart(page)).toBeEnabled();

  await page.goto(`/${shampoo.urlKey}?volume=${slug('2.5 l')}`);
  await shellReady(page);
  await expectChild(page, '2.5 l');
  await expect(mainAddToCart(page)).toBeDisabled();
});

test('choose a size and buy it: the basket holds that child under the parent', async ({ page }) => {
  await page.goto(`/${shampoo.urlKey}`);
  await shellReady(page);
  await size(page, '5 l').check();
  await mainAddToCart(page).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('in your cart');
  const line = await page.evaluate(async () => {
    const code = localStorage.getItem('guestCode');
    const cart = (await (await fetch(`/rest/V1/guest-carts/${code}`)).json()) as {
      items: { sku: string; name: string; qty: number }[];
    };
    return cart.items[0];
  });
  expect(line).toMatchObject({ sku: child('5 l').sku, name: shampoo.name, qty: 1 });
  await page.goto('/basket');
  await expect(
    page
      .getByRole('list', { name: 'Items in your basket' })
      .getByRole('listitem')
      .filter({ hasText: shampoo.name }),
  ).toContainText('5 l');
});

/** The no-JavaScript table's link for a size: the basket's query, as the add-to-cart form sends it. */
const addHref = (label: string) =>
  `/basket?sku=${shampoo.parentSku}&qty=1&super_attribute[${shampoo.attributeId}]=${child(label).valueId}`;

test("the table's link adds that size when the basket opens", async ({ page }) => {
  await page.goto(addHref('5 l'));
  await shellReady(page);
  await expect(
    page
      .getByRole('list', { name: 'Items in your basket' })
      .getByRole('listitem')
      .filter({ hasText: shampoo.name }),
  ).toContainText('5 l');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a table lists every size with its model, price and stock', async ({ page }) => {
    await page.goto(`/${shampoo.urlKey}`);
    const table = page.getByRole('table', { name: 'All versions' });
    await expect(table).toBeVisible();
    for (const { valueLabel, model, price, inStock } of shampoo.children) {
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: valueLabel, exact: true }) });
      await expect(row).toContainText(model);
      await expect(row).toContainText(`${formatGbp(price)} incl VAT`);
      await expect(row).toContainText(inStock ? 'In Stock' : 'Unavailable');
      // A size in stock adds itself to the basket, as the add-to-cart form would; a sold-out one offers nothing.
      const add = row.getByRole('link', { name: `Add ${valueLabel} to basket` });
      if (inStock) await expect(add).toHaveAttribute('href', addHref(valueLabel));
      else await expect(row.getByRole('link')).toHaveCount(0);
    }
    // The picker still works as a form: its choice goes to the basket with the parent's sku.
    await expect(size(page, '1 l')).toBeChecked();
  });
});

test('quantity prices read "Buy 4 or more" in the page\'s VAT form and, with delivery, follow the chosen size', async ({
  page,
}) => {
  const floor = family('PRO-DT-FLOORCLEAN');
  const [first, second] = floor.children;
  if (!first || !second) throw new Error('Floor cleaner has fewer than two sizes');
  const tier = (sku: string, qty: number) => {
    const found = DEMO_TIER_PRICES.find((t) => t.sku === sku && t.qty === qty && t.customerGroupId === 32000);
    if (!found) throw new Error(`no tier of ${qty} for ${sku}`);
    return found.value;
  };
  const percent = (price: number, value: number) => Math.round(100 - (100 / price) * value);
  const line = (price: number, value: number, qty: number, form: 'incl' | 'excl' = 'incl') =>
    `Buy ${qty} or more: ${formatGbp(form === 'incl' ? value : exclVat(value))} each (save ${percent(price, value)} %)`;
  await chooseVat(page, 'incl');
  await page.goto(`/${floor.urlKey}`);
  await shellReady(page);
  await expect(page.locator('[data-tiers]')).toContainText(line(first.price, tier(first.sku, 4), 4));
  await expect(page.locator('[data-tiers]')).toContainText(line(first.price, tier(first.sku, 10), 10));
  await page
    .getByRole('group', { name: floor.attributeLabel })
    .getByRole('radio', { name: second.valueLabel })
    .check();
  await expect(page.locator('[data-tiers]')).toContainText(line(second.price, tier(second.sku, 4), 4));
  // The other VAT form is the same line without VAT, saving the same percent.
  await expect(page.locator('[data-tiers] .vat-excl').first()).toHaveText(
    line(second.price, tier(second.sku, 4), 4, 'excl'),
  );

  // A size over the free delivery threshold is delivered free; the cheapest one is not.
  const free = page.getByText('Free UK delivery', { exact: true });
  await expect(free).toBeHidden();
  const big = floor.children.find((candidate) => candidate.price >= 50 && candidate.inStock);
  if (!big) throw new Error('Floor cleaner has no size over the free delivery threshold');
  await page
    .getByRole('group', { name: floor.attributeLabel })
    .getByRole('radio', { name: big.valueLabel })
    .check();
  await expect(free).toBeVisible();
});

test('the listing shows the configurable product once, from its cheapest size, and a size filter finds it', async ({
  page,
}) => {
  const listing = listings().find((candidate) =>
    candidate.products.some((product) => product.sku === shampoo.parentSku),
  );
  if (!listing) throw new Error('No listing shows Car Shampoo');
  const at = listing.products.findIndex((product) => product.sku === shampoo.parentSku);
  await page.goto(pagePath(listing.path, Math.floor(at / PAGE_SIZE) + 1));
  const card = page.locator('.product-card').filter({ hasText: shampoo.name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`from ${formatGbp(child('1 l').price)}`);
  for (const { sku } of shampoo.children)
    expect(listing.products.some((product) => product.sku === sku)).toBe(false);

  // Its children's sizes count in the filter: 5 l finds it, drawn by the listing's script.
  await page.goto(`${listing.path}?volume=5-l`);
  await shellReady(page);
  await expect(page.locator('.product-card').filter({ hasText: shampoo.name })).toHaveCount(1);
  await expect(page.locator('.product-card').filter({ hasText: shampoo.name })).toContainText('from');
});

test('the page describes a ProductGroup varying by size with each size an offer at its link', async ({
  page,
}) => {
  await page.goto(`/${shampoo.urlKey}`);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const group = blocks
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((b) => b['@type'] === 'ProductGroup');
  expect(group).toMatchObject({ productGroupID: shampoo.parentSku, variesBy: ['https://schema.org/size'] });
  const variants = group?.['hasVariant'] as {
    sku: string;
    size: string;
    offers: { url: string; availability: string };
  }[];
  expect(variants.map((variant) => variant.sku).sort()).toEqual(shampoo.children.map((c) => c.sku).sort());
  const five = variants.find((variant) => variant.sku === child('5 l').sku);
  expect(five?.size).toBe('5 l');
  expect(five?.offers.url).toMatch(new RegExp(`/${shampoo.urlKey}\\?volume=5-l$`));
});

test('a shared link opens with its choice without moving the page, and the picker passes axe', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/${shampoo.urlKey}?volume=5-l`);
  await shellReady(page);
  await expectChild(page, '5 l');
  await page.waitForLoadState('load');
  const shifted = await page.evaluate(() =>
    (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
  );
  expect(shifted).toBeLessThan(0.01);

  await size(page, '2.5 l').check();
  const results = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

test('switching a size at 4x CPU throttling redraws the chosen size, its time recorded as a figure', async ({
  page,
}) => {
  await page.goto(`/${shampoo.urlKey}`);
  await shellReady(page);
  // The picker's code loads when the shopper comes to it: a first choice, as a shopper's, loads it.
  await size(page, '5 l').check();
  await expect(page).toHaveURL(/volume=5-l/);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const timings: { handler: number; frame: number }[] = [];
  for (const label of ['1 l', '5 l', '2.5 l', '1 l', '5 l', '1 l']) {
    timings.push(
      await page.evaluate(async (value) => {
        const input = [...document.querySelectorAll<HTMLInputElement>('[data-variant-picker] input')].find(
          (candidate) => candidate.parentElement?.textContent?.trim().startsWith(value),
        );
        if (!input) throw new Error(`no ${value}`);
        // Start on a fresh frame, as a click does, so the wait for the next one is the redraw's own.
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const start = performance.now();
        input.click();
        const handler = performance.now() - start;
        // Drawn once the next frame's style, layout and paint are done: a task after its animation frame.
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        return { handler, frame: performance.now() - start };
      }, label),
    );
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  // The last switch happened: the page shows 1 l and says so in its URL.
  await expectChild(page, '1 l');
  await expect(page).toHaveURL(/volume=1-l/);
  // The time is a figure, not a verdict: the machine running the journeys is shared, and a slow frame there
  // is its, not the page's. The median leaves out the first switch, which warms the code paths up.
  const shown = timings.map((t) => `${t.handler.toFixed(1)}/${t.frame.toFixed(1)}`).join(', ');
  const steady = timings
    .slice(1)
    .map((t) => t.frame)
    .sort((a, b) => a - b);
  const median = Math.round(steady[Math.floor(steady.length / 2)] ?? NaN);
  test.info().annotations.push({
    type: 'figure',
    description: `variant switch: median redraw ${median} ms (4× CPU)`,
  });
  console.info(
    `[figure] variant switch: median redraw ${median} ms at 4× CPU throttling (budget 50 ms; handler/next frame drawn: ${shown} ms)`,
  );
});
