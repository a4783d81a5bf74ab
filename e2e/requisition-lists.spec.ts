/**
 * Requisition lists (issue 68) as a buyer meets them: a list made on My requisition lists, a product put on
 * it from its product page (a plain link, no script) and a past order's lines from the order page, then
 * part of the list and all of it put in the basket, which shows the lines. A guest following a product
 * page's link is asked to sign in, and comes back to the same question.
 */
import type { Page } from '@playwright/test';
import { productPages, type Product } from './support/catalogue.ts';
import { newCustomer, signIn, signInHere, type Customer } from './support/alerts.ts';
import { backEnd, INTEGRATION } from './support/admin.ts';
import { wcagViolations } from './support/axe.ts';
import { placeTestOrder } from '../tests/support/orders.ts';
import { expect, hydrated, shellReady, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

/** In-stock simple products from past the middle of the catalogue (other journeys take theirs elsewhere). */
function products(): [Product, Product] {
  const picked = productPages()
    .filter((p) => p.typeId === 'simple' && p.inStock && p.priceInclVat !== null)
    .slice(70, 72);
  if (picked.length < 2) throw new Error('The e2e catalogue has too few products in stock.');
  return picked as [Product, Product];
}

/** An order of `sku` × `qty` placed at the back end for the customer, as a checkout would. */
async function pastOrder(customer: Customer, sku: string, qty: number): Promise<string> {
  const login = await backEnd.call('POST', '/rest/V1/integration/customer/token', {
    body: { username: customer.email, password: customer.password },
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const token = String(login.body);
  const { number } = await placeTestOrder(backEnd, {
    token,
    lines: [{ sku, qty }],
    integrationToken: INTEGRATION,
  });
  return number;
}

const basketLine = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem').filter({ hasText: name });

/** The whole journey, run on a desktop and on a phone (where each list's lines are blocks, not a table). */
async function buyerJourney({ page }: { page: Page }): Promise<void> {
  const [fromPage, fromOrder] = products();
  const customer = await newCustomer('requisition');
  const number = await pastOrder(customer, fromOrder.sku, 2);
  await signIn(page, customer);

  // My Account leads to the lists; a new list is made there.
  await page.getByRole('link', { name: 'Your requisition lists' }).click();
  await expect(page).toHaveURL('/customer/requisition-lists');
  await hydrated(page, 'RequisitionLists');
  await expect(page.getByText('You have no requisition lists yet.')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a name for the list.' })).toBeVisible();
  await page.getByLabel('List name').first().fill('Site A');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Created “Site A”.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Site A/ })).toBeVisible();

  // From the product page: a plain link to the page that asks which list.
  await page.goto(`/${fromPage.urlKey}`);
  await shellReady(page);
  await page.getByRole('link', { name: 'Add to a requisition list' }).click();
  await hydrated(page, 'AddToList');
  await page.getByRole('radio', { name: /Site A/ }).check();
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByText('Added to “Site A”.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the product' }).click();
  await expect(page).toHaveURL(`/${fromPage.urlKey}`);

  // From a past order: every line of it.
  await page.goto(`/customer/orders/${number}`);
  await page.getByRole('link', { name: 'Add this order to a requisition list' }).click();
  await hydrated(page, 'AddToList');
  await page.getByRole('radio', { name: /Site A/ }).check();
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByText('Added to “Site A”.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the order' }).click();
  await expect(page).toHaveURL(`/customer/orders/${number}`);

  // The list holds both; the ticked line goes to the basket, then the whole list.
  await page.goto('/customer/requisition-lists');
  await hydrated(page, 'RequisitionLists');
  const list = page.getByRole('region', { name: /Site A/ });
  await expect(list.getByRole('link', { name: fromPage.name })).toBeVisible();
  await expect(list.getByLabel(`Quantity: ${fromOrder.name}`)).toHaveValue('2');
  await list.getByRole('button', { name: 'Add selected to basket' }).click();
  await expect(list.getByRole('alert')).toContainText('Tick the lines to add first.');
  await list.getByRole('checkbox', { name: `Select ${fromOrder.name}` }).check();
  await list.getByRole('button', { name: 'Add selected to basket' }).click();
  await expect(list.getByRole('status').filter({ hasText: 'Added to your basket.' })).toBeVisible();
  await list.getByRole('link', { name: 'View basket' }).click();
  await expect(basketLine(page, fromOrder.name)).toBeVisible();
  await expect(basketLine(page, fromPage.name)).toHaveCount(0);

  await page.goto('/customer/requisition-lists');
  await hydrated(page, 'RequisitionLists');
  await page
    .getByRole('region', { name: /Site A/ })
    .getByRole('button', { name: 'Add all to basket' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your basket.' })).toBeVisible();
  await page.goto('/basket');
  await expect(basketLine(page, fromPage.name)).toBeVisible();
  await expect(basketLine(page, fromOrder.name).getByRole('spinbutton')).toHaveValue('4');
}

const JOURNEY =
  'a buyer makes a list, fills it from a product page and a past order, and orders part of it then all';
test(JOURNEY, buyerJourney);
test(`${JOURNEY} @mobile`, buyerJourney);

test('a guest following a product page’s link is asked to sign in, and comes back to choose a list', async ({
  page,
}) => {
  const [product] = products();
  const customer = await newCustomer('requisition-guest');
  await page.goto(`/${product.urlKey}`);
  await shellReady(page);
  await page.getByRole('link', { name: 'Add to a requisition list' }).click();
  await hydrated(page, 'AddToList');
  await expect(page.getByText('Requisition lists are for signed-in customers.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await signInHere(page, customer);
  await expect(page).toHaveURL(/\/customer\/requisition-lists\/add\?sku=/);
  await hydrated(page, 'AddToList');
  // No list yet: a new one, named here.
  await expect(page.getByRole('radio', { name: 'A new list' })).toBeChecked();
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a name for the list.' })).toBeVisible();
  await page.getByLabel('List name').fill('Workshop');
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByText('Added to “Workshop”.')).toBeVisible();
});
