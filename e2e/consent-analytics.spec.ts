/**
 * Consent as the ICO reads PECR, Google Consent Mode v2, and GA4's ecommerce events (issue 41; DESIGN.md
 * §3). The e2e shop is configured with a Tag Manager container (scripts/e2e-server.ts): Playwright answers
 * for Google's script, so a test sees whether and when it is asked for, and nothing leaves the machine.
 * Every push to the `dataLayer` is recorded across page loads.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { address, asIntegration, checkOut, MAGENTO } from './support/checkout.ts';
import { modelKey } from '../src/catalogue/fits.ts';
import { connected, CONNECTED_SECTIONS, listings, productPages } from './support/catalogue.ts';
import { expect, hydrated, shellReady, notices, test } from './support/test.ts';

test.use({ cookiesAccepted: false });

const POLICY_VERSION = '2022-02';
const TAG_SCRIPT = 'https://www.googletagmanager.com/gtm.js?id=GTM-E2ETEST';
const GA4_EVENTS = new Set([
  'view_item_list',
  'select_item',
  'view_item',
  'add_to_cart',
  'remove_from_cart',
  'view_cart',
  'begin_checkout',
  'add_shipping_info',
  'add_payment_info',
  'purchase',
  'search',
]);

type Entry = Record<string, unknown> & { gtag?: unknown[] };

interface Watch {
  /** Every push to the `dataLayer` of every page, in order; gtag's commands as `{gtag: [...]}`. */
  readonly entries: Entry[];
  /** Requests for another host than the shop's, each with how many entries had been pushed before it. */
  readonly away: { url: string; after: number }[];
  /** GA4's events pushed so far. */
  events(): Entry[];
}

async function watch(page: Page): Promise<Watch> {
  const entries: Entry[] = [];
  const away: { url: string; after: number }[] = [];
  await page.exposeFunction('recordDataLayer', (json: string) => entries.push(JSON.parse(json) as Entry));
  await page.addInitScript(() => {
    const layer: unknown[] = [];
    const push = layer.push.bind(layer);
    const record = (window as unknown as { recordDataLayer: (json: string) => void }).recordDataLayer;
    layer.push = (...pushed: unknown[]) => {
      for (const entry of pushed) {
        const isArguments = Object.prototype.toString.call(entry) === '[object Arguments]';
        record(JSON.stringify(isArguments ? { gtag: Array.from(entry as ArrayLike<unknown>) } : entry));
      }
      return push(...pushed);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
  page.on('request', (request) => {
    const host = new URL(request.url()).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost')
      away.push({ url: request.url(), after: entries.length });
  });
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.tagLoaded = true;' }),
  );
  const events = () => entries.filter((entry) => GA4_EVENTS.has(String(entry['event'])));
  return { entries, away, events };
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie notice' });
const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);
/** Consent Mode's update for a choice: `analytics_storage`, and the three advertising signals for marketing. */
const update = (analytics: boolean, marketing: boolean) => {
  const state = (yes: boolean) => (yes ? 'granted' : 'denied');
  return [
    'consent',
    'update',
    {
      ad_storage: state(marketing),
      ad_user_data: state(marketing),
      ad_personalization: state(marketing),
      analytics_storage: state(analytics),
    },
  ];
};
const consentCommands = (entries: readonly Entry[]) =>
  entries.flatMap((entry, at) => (entry.gtag?.[0] === 'consent' ? [{ at, command: entry.gtag }] : []));

/**
 * A simple product in stock at a plain price (no sale, no quantity prices), first on a listing page, and
 * how many lists of connected products its page shows.
 */
function plainListedProduct() {
  for (const listing of listings()) {
    const [product] = listing.products;
    if (
      product?.inStock &&
      product.typeId === 'simple' &&
      product.priceInclVat !== null &&
      product.specialPrice === null &&
      product.tierPrices.length === 0
    ) {
      // A machine's page lists what fits it too (docs/fits.md), as one more list.
      const model = product.fit.model === null ? null : modelKey(product.fit.model);
      const fitting = productPages().some((part) => part.fit.fits.some((name) => modelKey(name) === model));
      const lists =
        CONNECTED_SECTIONS.filter(({ type }) => connected(product, type).length > 0).length +
        (fitting ? 1 : 0);
      return { listing, product, lists };
    }
  }
  throw new Error('The e2e catalogue has no listing led by a plain simple product.');
}

interface MagentoOrder {
  increment_id: string;
  grand_total: number;
  tax_amount: number;
  /** Delivery incl VAT (`shipping_amount` is excl VAT on an order with VAT). */
  shipping_incl_tax: number;
  /** `price_incl_tax`: the unit price as the cart charged it (the shop's prices include VAT). */
  items: { sku: string; qty_ordered: number; price_incl_tax: number; parent_item_id?: number }[];
}

async function orderNumbered(request: APIRequestContext, number: string): Promise<MagentoOrder> {
  const url =
    `${MAGENTO}/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=increment_id` +
    `&searchCriteria[filterGroups][0][filters][0][value]=${number}`;
  const answer = await request.get(url, { headers: asIntegration('GET', url) });
  const { items } = (await answer.json()) as { items: MagentoOrder[] };
  const [order] = items;
  if (!order) throw new Error(`Magento has no order ${number}`);
  return order;
}

test.describe('the cookie notice', () => {
  test('Reject all: a journey to the basket sends nothing anywhere and sets no analytics cookie', async ({
    page,
    context,
  }) => {
    const seen = await watch(page);
    const { listing, product } = plainListedProduct();
    await page.goto(listing.path);
    await shellReady(page);
    const accept = banner(page).getByRole('button', { name: 'Accept all' });
    const reject = banner(page).getByRole('button', { name: 'Reject all' });
    await expect(accept).toBeVisible();
    await expect(reject).toBeVisible();
    // Equal prominence: the same size and the same colours.
    const look = (button: typeof accept) =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return [style.backgroundColor, style.color, style.fontSize, style.fontWeight, Math.round(box.height)];
      });
    expect(await look(reject)).toEqual(await look(accept));

    await reject.click();
    await expect(banner(page)).toBeHidden();
    const record = JSON.parse((await stored(page, 'consent')) ?? 'null') as Record<string, unknown>;
    expect(record).toMatchObject({ analytics: false, marketing: false, version: POLICY_VERSION });
    expect(Date.now() - Date.parse(String(record['date']))).toBeLessThan(60_000);

    await page.getByRole('link', { name: product.name, exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await shellReady(page);
    await expect(banner(page)).toBeHidden();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).first().click();
    await expect(notices(page).getByRole('status')).toHaveText('This product is now in your cart!');
    await page.goto('/basket');
    await hydrated(page, 'Basket').catch(() => undefined);
    await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();

    expect(seen.away).toEqual([]);
    expect(await page.locator('script[data-analytics-tag]').count()).toBe(0);
    const cookies = await context.cookies();
    expect(cookies.filter((cookie) => /^_(ga|gid|gcl)/.test(cookie.name))).toEqual([]);
    // Consent Mode said no to everything, and the events were still queued for a tag manager.
    const commands = consentCommands(seen.entries).map(({ command }) => command);
    expect(commands).toContainEqual([
      'consent',
      'default',
      expect.objectContaining({ analytics_storage: 'denied' }),
    ]);
    expect(commands.filter((command) => command[1] === 'update').at(-1)).toEqual(update(false, false));
    expect(seen.events().map((event) => event['event'])).toContain('add_to_cart');
  });

  test('Manage, by keyboard: analytics only; Cookie settings reopens it as chosen, and withdrawing drops the tag and its cookies', async ({
    page,
  }) => {
    const seen = await watch(page);
    await page.goto('/');
    await shellReady(page);
    expect(seen.away).toEqual([]);
    const manage = banner(page).getByRole('button', { name: 'Manage' });
    await manage.focus();
    await page.keyboard.press('Enter');
    await expect(manage).toHaveAttribute('aria-expanded', 'true');
    const choices = banner(page).getByRole('group', { name: 'Choose which cookies we may use' });
    await expect(choices.getByRole('checkbox', { name: 'Strictly necessary (always on)' })).toBeDisabled();
    await expect(choices.getByRole('checkbox', { name: 'Strictly necessary (always on)' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(choices.getByRole('checkbox', { name: 'Analytics' })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(choices.getByRole('checkbox', { name: 'Marketing' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner(page).getByRole('button', { name: 'Save my choices' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeHidden();
    await expect(page.locator('#main')).toBeFocused();
    expect(JSON.parse((await stored(page, 'consent')) ?? 'null')).toMatchObject({
      analytics: true,
      marketing: false,
    });
    expect(consentCommands(seen.entries).at(-1)?.command).toEqual(update(true, false));
    await expect.poll(() => seen.away.map(({ url }) => url)).toEqual([TAG_SCRIPT]);

    // The tag's cookie, as Google's would be set; Cookie settings shows the choice made.
    await page.evaluate(() => {
      document.cookie = '_ga=GA1.1.123.456; path=/';
    });
    const settings = page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' });
    await settings.click();
    await expect(banner(page)).toBeVisible();
    await expect(choices.getByRole('checkbox', { name: 'Analytics' })).toBeChecked();
    await expect(choices.getByRole('checkbox', { name: 'Analytics' })).toBeFocused();
    await expect(choices.getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
    await choices.getByRole('checkbox', { name: 'Analytics' }).uncheck();
    await banner(page).getByRole('button', { name: 'Save my choices' }).click();
    await expect(banner(page)).toBeHidden();
    await expect(settings).toBeFocused();
    // The tag's module drops them once loaded: at once, or a moment later on a busy machine.
    await expect.poll(() => page.evaluate(() => document.cookie)).not.toContain('_ga=');
    expect(consentCommands(seen.entries).at(-1)?.command).toEqual(update(false, false));

    // The next page loads no tag at all.
    seen.away.length = 0;
    await page.reload();
    await shellReady(page);
    expect(seen.away).toEqual([]);
  });

  test('is asked again after 12 months or for a new policy version, not for an answer that stands', async ({
    page,
  }) => {
    const year = 365 * 24 * 60 * 60 * 1000;
    const cases: [string, Record<string, unknown> | null, boolean][] = [
      ['made a month ago', { version: POLICY_VERSION, date: Date.now() - year / 12 }, false],
      ['made 13 months ago', { version: POLICY_VERSION, date: Date.now() - (13 * year) / 12 }, true],
      ['made for an older policy', { version: '2021-01', date: Date.now() - 1000 }, true],
      // The spec's own key alone (a browser that accepted the old notice): answered, nothing optional.
      ['none, with the spec key answered', null, false],
    ];
    for (const [what, choice, asked] of cases) {
      await page.goto('/privacy-policy');
      await page.evaluate((record) => {
        localStorage.clear();
        localStorage.setItem('privacy', 'true');
        if (record)
          localStorage.setItem(
            'consent',
            JSON.stringify({
              analytics: true,
              marketing: true,
              version: record['version'],
              date: new Date(Number(record['date'])).toISOString(),
            }),
          );
      }, choice);
      await page.reload();
      await shellReady(page);
      if (asked) await expect(banner(page), what).toBeVisible();
      else await expect(banner(page), what).toBeHidden();
      // The shell adds the tag once it has read the consent: waited for, as a shopper's page gets it.
      await expect(page.locator('script[data-analytics-tag]'), what).toHaveCount(choice && !asked ? 1 : 0);
    }
  });
});

test.describe('GA4 ecommerce measurement', () => {
  test('Accept all: the defaults come before the tag; a journey from a listing to a paid order pushes its events in order with Magento’s figures, and purchase once', async ({
    page,
    request,
  }) => {
    const seen = await watch(page);
    const { listing, product, lists } = plainListedProduct();
    await page.goto(listing.path);
    await shellReady(page);
    expect(seen.away).toEqual([]);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect(banner(page)).toBeHidden();

    // Consent Mode's defaults, then the choice, then the tag.
    await expect.poll(() => seen.away.map(({ url }) => url)).toEqual([TAG_SCRIPT]);
    const commands = consentCommands(seen.entries);
    const defaults = commands.find(({ command }) => command[1] === 'default');
    const granted = commands.find(({ command }) => command[1] === 'update');
    expect(defaults?.command[2]).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      wait_for_update: 500,
    });
    expect(defaults?.at).toBe(0);
    expect(granted?.command).toEqual(update(true, true));
    expect(granted?.at ?? Infinity).toBeLessThan(seen.away[0]?.after ?? 0);

    await page.getByRole('link', { name: product.name, exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await shellReady(page);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).first().click();
    await expect(notices(page).getByRole('status')).toHaveText('This product is now in your cart!');
    await page.goto('/basket');
    await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();
    const number = await checkOut(page, address());
    const numberText = page.getByRole('main').locator('strong');
    await expect.poll(() => seen.events().some((event) => event['event'] === 'purchase')).toBe(true);

    const events = seen.events();
    expect(events.map((event) => event['event'])).toEqual([
      'view_item_list',
      'select_item',
      'view_item',
      // The product page's own lists (Detergents, Accessories, Related Products, what fits it) are seen too.
      ...Array.from({ length: lists }, () => 'view_item_list'),
      'add_to_cart',
      'view_cart',
      'begin_checkout',
      'add_shipping_info',
      'add_payment_info',
      'purchase',
    ]);
    // Each ecommerce event was preceded by a clearing push, as Tag Manager asks.
    for (const event of events) {
      const at = seen.entries.indexOf(event);
      expect(seen.entries[at - 1]).toEqual({ ecommerce: null });
    }
    const ecommerce = (name: string) =>
      events.find((event) => event['event'] === name)?.['ecommerce'] as Record<string, unknown>;
    const order = await orderNumbered(request, number);
    const [line] = order.items;
    expect(ecommerce('view_item_list')).toMatchObject({
      item_list_id: listing.path,
      item_list_name: listing.name,
    });
    expect((ecommerce('view_item_list')['items'] as unknown[])[0]).toMatchObject({
      item_id: product.sku,
      item_name: product.name,
      item_category: listing.name,
      index: 0,
      price: product.priceInclVat,
    });
    expect(ecommerce('select_item')).toMatchObject({
      item_list_id: listing.path,
      items: [{ item_id: product.sku, item_name: product.name, index: 0 }],
    });
    expect(ecommerce('view_item')).toMatchObject({
      currency: 'GBP',
      value: product.priceInclVat,
      items: [{ item_id: product.sku, item_name: product.name, price: product.priceInclVat }],
    });
    expect(ecommerce('add_to_cart')).toMatchObject({
      currency: 'GBP',
      value: line?.price_incl_tax,
      items: [{ item_id: product.sku, item_name: product.name, price: line?.price_incl_tax, quantity: 1 }],
    });
    for (const name of ['view_cart', 'begin_checkout', 'add_shipping_info', 'add_payment_info'])
      expect(ecommerce(name)['items'], name).toEqual([
        expect.objectContaining({
          item_id: product.sku,
          item_category: listing.name,
          price: line?.price_incl_tax,
          quantity: 1,
        }),
      ]);
    expect(ecommerce('add_shipping_info')['shipping_tier']).toEqual(expect.any(String));
    expect(ecommerce('add_payment_info')['payment_type']).toBe('Card');
    expect(ecommerce('purchase')).toMatchObject({
      transaction_id: number,
      currency: 'GBP',
      value: order.grand_total,
      tax: order.tax_amount,
      shipping: order.shipping_incl_tax,
      items: [
        {
          item_id: line?.sku,
          item_category: listing.name,
          price: line?.price_incl_tax,
          quantity: line?.qty_ordered,
        },
      ],
    });
    // The VAT in what was paid (20 % of prices that include it), not nothing.
    expect(order.tax_amount).toBeGreaterThan(0);

    // A reload of the paid page, and the page in a second tab, measure no second purchase.
    await page.reload();
    await expect(numberText).toHaveText(number);
    const second = await page.context().newPage();
    await second.goto('/paid');
    await second.waitForLoadState('networkidle');
    await second.close();
    await page.waitForTimeout(500);
    expect(seen.events().filter((event) => event['event'] === 'purchase')).toHaveLength(1);
  });

  test('search, and removing from the basket, are measured', async ({ page }) => {
    const seen = await watch(page);
    const { product } = plainListedProduct();
    await page.goto(`/search/${encodeURIComponent(product.name)}`);
    await shellReady(page);
    await expect(page.getByRole('link', { name: product.name, exact: true }).first()).toBeVisible();
    await expect.poll(() => seen.events().map((event) => event['event'])).toContain('view_item_list');
    expect(seen.events().find((event) => event['event'] === 'search')).toEqual({
      event: 'search',
      search_term: product.name,
    });
    const list = seen.events().find((event) => event['event'] === 'view_item_list')?.['ecommerce'];
    expect(list).toMatchObject({ item_list_id: 'search', item_list_name: 'Search results' });

    await page.goto(`/${product.urlKey}`);
    await shellReady(page);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).first().click();
    await expect(notices(page).getByRole('status')).toHaveText('This product is now in your cart!');
    await page.goto('/basket');
    await page
      .getByRole('button', { name: /Remove/ })
      .first()
      .click();
    await expect.poll(() => seen.events().map((event) => event['event'])).toContain('remove_from_cart');
    const removed = seen.events().find((event) => event['event'] === 'remove_from_cart')?.['ecommerce'];
    expect(removed).toMatchObject({ items: [{ item_id: product.sku, quantity: 1 }] });
  });
});
