/**
 * Click & collect end to end (issue 55): a shopper sees a machine's shelf stock at the shop on its page,
 * adds it, chooses "Collect from" at checkout (only a billing address asked), pays by card and is told where
 * and what to bring; the page then shows one fewer at once, and Magento holds the order with its pickup
 * carrier and location. A second shopper trying for the last unit meanwhile is told plainly and offered
 * delivery; a basket the shop has only part of is split. Stock at the points is set as staff set it,
 * through Magento's source items. The shop's clock is the real one: when the shop can have an order ready
 * (today, or its next open day) is worked out by the shop's own rules for the moment the page is read.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { wallClock } from '../src/calendar/working-days.ts';
import { availabilityOf } from '../src/features/collect/availability.ts';
import { shelfReadyAt } from '../src/features/collect/hours.ts';
import { collectSettings } from '../src/features/collect/settings.ts';
import { availabilityText } from '../src/features/collect/texts.ts';
import { listings, productPages, type Product } from './support/catalogue.ts';
import {
  enterCard,
  fill,
  form,
  GOOD_CARD,
  guestCart,
  MAGENTO,
  address,
  asIntegration,
} from './support/checkout.ts';
import { expect, hydrated, test } from './support/test.ts';

const SHOP = 'Clearwater Cleaning Leeds';
const shopPoint = collectSettings().points.find((point) => point.code === 'shop');

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** The shop's line for `free` units on its shelf, as the shop says it now. */
function shelfLine(free: number): string {
  if (!shopPoint) throw new Error('collect.json names no shop');
  const now = wallClock(new Date());
  return availabilityText(
    availabilityOf(shopPoint, now, { here: free, transfer: 0 }),
    { name: SHOP, phone: undefined },
    now.day,
  );
}

/** Whether the shop can still have an order on its shelf ready today. */
const readyToday = (): boolean => {
  const now = wallClock(new Date());
  return shopPoint !== undefined && shelfReadyAt(shopPoint, now)?.day === now.day;
};

/** Simple products in stock, a different one per journey. */
function products(): Product[] {
  return productPages().filter((p) => p.typeId === 'simple' && p.inStock && p.priceInclVat !== null);
}

async function stock(request: APIRequestContext, sku: string, shop: number, depot: number): Promise<void> {
  const url = `${MAGENTO}/rest/V1/inventory/source-items`;
  const reply = await request.post(url, {
    headers: asIntegration('POST', url),
    data: {
      sourceItems: [
        { sku, source_code: 'shop', quantity: shop, status: shop > 0 ? 1 : 0 },
        { sku, source_code: 'depot', quantity: depot, status: depot > 0 ? 1 : 0 },
      ],
    },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

interface PickupOrder {
  shipping_description: string;
  extension_attributes: {
    pickup_location_code?: string;
    shipping_assignments: { shipping: { method: string } }[];
  };
}

async function orderNumbered(request: APIRequestContext, number: string): Promise<PickupOrder | undefined> {
  const url = `${MAGENTO}/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=increment_id&searchCriteria[filterGroups][0][filters][0][value]=${number}`;
  const reply = await request.get(url, { headers: asIntegration('GET', url) });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { items: PickupOrder[] }).items[0];
}

const collectOption = (page: Page) => page.getByRole('radio', { name: new RegExp(`Collect from ${SHOP}`) });

async function toShippingStep(page: Page): Promise<void> {
  await page.goto('/basket/shipping');
  await hydrated(page, 'CheckoutShipping');
}

test('a shopper sees the shelf, collects by card, and the shelf falls by one at once', async ({
  page,
  request,
}) => {
  const product = products()[3];
  if (!product) throw new Error('no product in stock');
  await stock(request, product.sku, 3, 0);

  await page.goto(`/${product.urlKey}`);
  // The line's code loads once the shopper scrolls to it.
  await page.locator('[data-collect-line]').scrollIntoViewIfNeeded();
  await expect(page.getByText(shelfLine(3))).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByText('This product is now in your cart!')).toBeVisible();

  await toShippingStep(page);
  await collectOption(page).check();
  await expect(page.getByText(/Reserved for you until \d\d:\d\d/)).toBeVisible();
  await expect(form(page, 'Shipping address')).toBeHidden();
  const shopper = address();
  await fill(form(page, 'Billing address'), shopper);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL('/basket/shipping/payment');
  // Back at the shipping step, the collection is still chosen: the shop's address is no delivery address.
  await toShippingStep(page);
  await expect(collectOption(page)).toBeChecked();
  await expect(page.getByText(/Reserved for you until \d\d:\d\d/)).toBeVisible();
  await expect(form(page, 'Shipping address')).toBeHidden();
  await expect(page.locator('[name="shipping_street"]')).not.toHaveValue('Unit 4, Riverside Park');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL('/basket/shipping/payment');
  await hydrated(page, 'CheckoutPayment');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await enterCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL('/paid');
  const number = (await page.getByRole('main').locator('strong').first().textContent()) ?? '';
  await expect(page.getByRole('main')).toContainText(`Collect from ${SHOP}`);
  await expect(page.getByRole('main')).toContainText('What to bring');

  await page.goto(`/${product.urlKey}`);
  await page.locator('[data-collect-line]').scrollIntoViewIfNeeded();
  await expect(page.getByText(shelfLine(2))).toBeVisible();

  const order = await orderNumbered(request, number.trim());
  expect(order?.extension_attributes.pickup_location_code).toBe('shop');
  expect(order?.extension_attributes.shipping_assignments[0]?.shipping.method).toBe('instore_pickup');
  expect(order?.shipping_description).toBe(`Click & collect - ${SHOP}`);
});

async function shopperWithBasket(browser: Browser, sku: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await guestCart(page, sku, 1);
  await toShippingStep(page);
  return page;
}

test('a second shopper trying for the last unit is told, and offered delivery', async ({
  browser,
  request,
}) => {
  const product = products()[4];
  if (!product) throw new Error('no product in stock');
  await stock(request, product.sku, 1, 0);
  const first = await shopperWithBasket(browser, product.sku);
  const second = await shopperWithBasket(browser, product.sku);

  await collectOption(first).check();
  await expect(first.getByText(/Reserved for you until/)).toBeVisible();

  await collectOption(second).check();
  const told = second
    .getByRole('alert')
    .filter({ hasText: `Not everything in your basket can be collected from ${SHOP}` });
  await expect(told).toContainText(`${product.name}: not available to collect`);
  await told.getByRole('button', { name: 'Deliver everything instead' }).click();
  await expect(form(second, 'Shipping address')).toBeVisible();
  await expect(collectOption(second)).not.toBeChecked();

  await Promise.all([first.context().close(), second.context().close()]);
});

test('a basket the shop has only part of is split: one collected, the other back in the basket for delivery', async ({
  page,
  request,
}) => {
  const here = products()[5];
  // Another product by name too, so the basket reads which is which.
  const missing = products().find((p, at) => at > 5 && p.name !== here?.name);
  if (!here || !missing) throw new Error('no products in stock');
  await stock(request, here.sku, 2, 0);
  await stock(request, missing.sku, 0, 0);
  const code = await guestCart(page, here.sku, 1);
  await page.evaluate(
    async ({ code, sku }) => {
      const added = await fetch(`/rest/V1/guest-carts/${code}/items`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ cartItem: { sku, qty: 1, quote_id: code } }),
      });
      if (!added.ok) throw new Error(await added.text());
    },
    { code, sku: missing.sku },
  );
  await toShippingStep(page);

  await collectOption(page).check();
  const told = page.getByRole('alert').filter({ hasText: `can be collected from ${SHOP}` });
  await expect(told).toContainText(`${missing.name}: not available to collect`);
  await told.getByRole('button', { name: 'Collect what can be collected, deliver the rest later' }).click();
  await expect(
    page.getByText('1 item is waiting in your basket for delivery after this order.'),
  ).toBeVisible();
  await expect(page.getByText(/Reserved for you until/)).toBeVisible();

  await fill(form(page, 'Billing address'), address());
  await page.getByRole('button', { name: 'Confirm' }).click();
  await hydrated(page, 'CheckoutPayment');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await enterCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL('/paid');
  await expect(page.getByText('The items you set aside for delivery are back in your basket.')).toBeVisible();
  await page.goto('/basket');
  await expect(page.getByRole('main')).toContainText(missing.name);
  await expect(page.getByRole('main')).not.toContainText(here.name);
});

test('a listing’s cards name the point, and “Collect today” keeps what is on its shelf, asked live', async ({
  page,
  request,
}) => {
  const listing = listings().find(
    (each) => each.products.filter((p) => p.typeId === 'simple' && p.inStock).length >= 3,
  );
  if (!listing) throw new Error('no listing with three simple products in stock');
  const simple = listing.products.filter((p) => p.typeId === 'simple' && p.inStock);
  const [shelved, gone] = [simple[0], simple.find((p, at) => at > 0 && p.name !== simple[0]?.name)];
  if (!shelved || !gone) throw new Error('no two products to tell apart');
  await stock(request, shelved.sku, 2, 0);
  await stock(request, gone.sku, 0, 0);

  await page.goto(listing.path);
  const grid = page.locator('[data-grid]');
  await expect(grid.getByRole('link', { name: gone.name }).first()).toBeVisible();
  // A card's line names the point it speaks of (the shopper has chosen none: the shop's first). Its count
  // may be a few seconds old (the storefront keeps a point's shelf that long); the filter asks afresh, below.
  const line = grid.locator(`[data-collect-sku="${shelved.sku}"]`).first();
  await line.scrollIntoViewIfNeeded();
  await expect(line).toContainText(new RegExp(`\\d+ in stock at ${SHOP}$`));
  await page.getByRole('checkbox', { name: /Collect today/ }).check();
  await expect(page).toHaveURL(/collect=1/);
  await expect(grid.getByRole('link', { name: gone.name })).toHaveCount(0);
  // Too late for the shop to get anything ready today, nothing is collectable today.
  if (readyToday()) await expect(grid.getByRole('link', { name: shelved.name }).first()).toBeVisible();
  else await expect(grid.getByRole('link', { name: shelved.name })).toHaveCount(0);
});
