/**
 * What the PayPal journeys share: the e2e server's embedded PayPal sandbox, the way from a filled basket to
 * PayPal's approval page, Pay in 3's payment worked out apart from the shop's own code, and what the
 * sandbox's test controls say of an order.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { z } from 'zod';
import { productPages, pricedNow, type Product } from './catalogue.ts';
import type { Address } from './checkout.ts';
import { PAYPAL_SANDBOX_URL } from './ports.ts';
import { expect, hydrated } from './test.ts';

/** The e2e server's embedded PayPal sandbox; overridable for a shop on other ports. */
export const PAYPAL = process.env['E2E_PAYPAL_SANDBOX_URL'] ?? PAYPAL_SANDBOX_URL;

/** The ways the payment step offers, by their labels. */
export type Way = 'Pay by card' | 'PayPal' | 'Pay in 3 with PayPal';

export const gbp = (pounds: number): string =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pounds);

/** '£123.45' → 123.45 */
export const pounds = (text: string): number => Number(text.replace(/[^\d.]/g, ''));

/** One of Pay in 3's payments of `total`, to the penny, written out: what PayPal's UK message says. */
export const instalment = (total: number): string => gbp(Math.round((total * 100) / 3) / 100);

/** The price a product's page shows now (a sale price within its dates included). */
export const priceNow = (product: Product): number => pricedNow().get(product.sku)?.priceInclVat ?? NaN;

/**
 * In-stock simple products priced now within `[min, max)` incl VAT, in catalogue order; a configurable is
 * bought with a choice (variants-basket.spec.ts).
 */
export function productsPriced(min: number, max: number): Product[] {
  return productPages().filter(
    (p) => p.typeId === 'simple' && p.inStock && priceNow(p) >= min && priceNow(p) < max,
  );
}

/** The `index`th product priced within `[min, max)`, taken from the end of the list (others take its start). */
export function productPriced(min: number, max: number, index: number): Product {
  const found = productsPriced(min, max).at(-1 - index);
  if (!found) throw new Error(`The e2e catalogue has too few products from £${min} to £${max} in stock.`);
  return found;
}

/** The payment step's choice of how to pay. */
export const paymentWays = (page: Page) => page.getByRole('group', { name: 'How would you like to pay?' });

/** The grand total the payment step shows. */
export async function shownTotal(page: Page): Promise<number> {
  const total = page
    .locator('.checkout-totals')
    .getByRole('term')
    .filter({ hasText: /^Total$/ })
    .locator('+ dd');
  await expect(total).toHaveText(/^£[\d,]+\.\d\d$/);
  return pounds((await total.textContent()) ?? '');
}

/** At the payment step: choose a PayPal way and continue to PayPal's approval page, which shows the total. */
export async function continueToPayPal(page: Page, way: Way): Promise<string> {
  const total = await shownTotal(page);
  await paymentWays(page).getByRole('radio', { name: way, exact: true }).check();
  await page.getByRole('button', { name: 'Continue to PayPal' }).click();
  await page.waitForURL(`${PAYPAL}/checkoutnow?token=*`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Pay /);
  await expect(page.getByRole('definition').filter({ hasText: gbp(total) })).toBeVisible();
  return new URL(page.url()).searchParams.get('token') ?? '';
}

/** On PayPal's approval page: the shopper's choice ('Pay', 'Pay in 3', 'Decline', 'Cancel'). */
export const choose = (page: Page, choice: 'Pay' | 'Pay in 3' | 'Decline' | 'Cancel') =>
  page.getByRole('button', { name: choice, exact: true }).click();

/**
 * The paid page, with its order number in bold, and a basket emptied. Pay in 3 and PayPal say the spec's
 * words as a card payment does.
 */
export async function paidOrderNumber(page: Page): Promise<string> {
  await expect(page).toHaveURL('/paid');
  await expect(page.getByRole('heading', { name: 'Your payment was successfull' })).toBeVisible();
  const number = page.getByRole('main').locator('strong');
  await expect(number).toHaveText(/^\d{9}$/);
  await expect(page.locator('[data-basket-count]')).toHaveText('0');
  return (await number.textContent()) ?? '';
}

/** How an order page says it was paid: the paragraph under its "Payment" heading. */
export const paidWith = (page: Page) =>
  page.getByRole('main').getByRole('heading', { name: 'Payment', exact: true }).locator('+ p');

/** The guest's order found on the order status page by its number, billing e-mail and postcode. */
export async function lookUpOrder(page: Page, number: string, address: Address): Promise<void> {
  await page.goto('/order-status');
  await hydrated(page, 'OrderLookup');
  await page.getByLabel('Order number', { exact: true }).fill(number);
  await page.getByLabel('Billing e-mail address', { exact: true }).fill(address.email);
  await page.getByLabel('Billing postcode', { exact: true }).fill(address.postcode);
  await page.getByRole('button', { name: 'Find my order' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Order ${number}` })).toBeVisible();
}

const sandboxOrders = z.object({
  orders: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      amount: z.string().nullable(),
      funding: z.string().nullable(),
      captures: z.array(z.object({ status: z.string() })),
    }),
  ),
});
export type SandboxOrder = z.infer<typeof sandboxOrders>['orders'][number];

/** The sandbox's record of a PayPal order (its test controls), or undefined. */
export async function sandboxOrder(
  request: APIRequestContext,
  id: string,
): Promise<SandboxOrder | undefined> {
  const reply = await request.get(`${PAYPAL}/sandbox/orders`);
  expect(reply.ok()).toBe(true);
  return sandboxOrders.parse(await reply.json()).orders.find((order) => order.id === id);
}
