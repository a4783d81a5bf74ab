/**
 * My orders, reorder and the guest order lookup (issue 14), end to end: a customer pays for an order on
 * the sandbox's card page, finds it on the paid page, in My Account's block and in My orders, opens it and
 * buys it again after one of its products sold out (that one is named, the rest lands in the basket); a
 * guest finds their order with the right details and is told the same line for wrong ones, keeping what
 * they typed; an ended session on an order page signs in and comes back; a Magento that cannot answer is
 * said with Try again.
 */
import { productPages, type Product } from './support/catalogue.ts';
import { checkOut, customerCart, type Address, address, tag } from './support/checkout.ts';
import { backEnd, INTEGRATION } from './support/admin.ts';
import { ORDER_ADDRESS, placeTestOrder } from '../tests/support/orders.ts';
import { wcagViolations } from './support/axe.ts';
import { expect, hydrated, notices, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

/**
 * In-stock simple products from the middle of the catalogue (other journeys take theirs from its ends); a
 * configurable is bought with a choice (variants-basket.spec.ts).
 */
function products(from: number, count: number): Product[] {
  const picked = productPages()
    .filter((p) => p.typeId === 'simple' && p.inStock && p.priceInclVat !== null)
    .slice(40 + from, 40 + from + count);
  if (picked.length < count) throw new Error('The e2e catalogue has too few products in stock.');
  return picked;
}

async function setStock(sku: string, qty: number): Promise<void> {
  const reply = await backEnd.call('PUT', `/rest/V1/products/${encodeURIComponent(sku)}`, {
    token: INTEGRATION,
    body: { product: { sku, extension_attributes: { stock_item: { qty, is_in_stock: qty > 0 } } } },
  });
  if (reply.status !== 200) throw new Error(`stock of ${sku} not set: ${JSON.stringify(reply.body)}`);
}

/** A new customer's home: their default address, prefilled at checkout. */
const home = (): Address =>
  address({
    email: `e2e-orders-${tag()}@example.com`,
    firstname: 'Robin',
    lastname: 'Hale',
    street: '12 Mill Lane',
    city: 'York',
    region: 'North Yorkshire',
    postcode: 'YO1 7HH',
    telephone: '01904 555123',
  });

test('a customer’s order: paid page, My Account, My orders, the order, and Buy again with one product sold out', async ({
  page,
}) => {
  const [kept, soldOut] = products(0, 2) as [Product, Product];
  await customerCart(
    page,
    [
      { sku: kept.sku, qty: 2 },
      { sku: soldOut.sku, qty: 1 },
    ],
    home(),
  );
  const number = await checkOut(page);

  // The paid page links to the order.
  await page.getByRole('link', { name: 'View your order' }).click();
  await expect(page).toHaveURL(`/customer/orders/${number}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByText('Complete', { exact: true })).toBeVisible();
  const lines = page.getByRole('table').getByRole('row');
  await expect(lines.filter({ hasText: kept.sku })).toContainText(kept.name);
  await expect(lines.filter({ hasText: soldOut.sku })).toContainText(soldOut.name);
  // A product still sold links to its page.
  await expect(page.getByRole('link', { name: kept.name })).toHaveAttribute('href', `/${kept.urlKey}`);
  await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('12 Mill Lane');
  await expect(page.getByRole('main')).toContainText('Card, paid online');

  // My Account's block shows it first, and leads to all orders.
  await page.goto('/customer');
  const block = page.getByRole('region', { name: 'My orders' });
  await expect(block.getByRole('row').nth(1)).toContainText(number);
  await block.getByRole('link', { name: 'View all orders' }).click();
  await expect(page).toHaveURL('/customer/orders');
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Complete');
  await expect(row.getByRole('cell').nth(2)).toHaveText('3');
  await row.getByRole('link', { name: `View order ${number}` }).click();
  await expect(page).toHaveURL(`/customer/orders/${number}`);

  // Sold out since: Buy again adds the rest, names it, and opens the basket.
  await setStock(soldOut.sku, 0);
  try {
    await page.getByRole('button', { name: 'Buy again', exact: true }).click();
    await expect(page).toHaveURL('/basket');
    const notice = notices(page).getByRole('alert');
    await expect(notice).toContainText('1 product was added to your basket.');
    await expect(notice).toContainText(`Unavailable now, so not added: ${soldOut.name}.`);
    const basket = page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem');
    await expect(basket).toHaveCount(1);
    await expect(basket.first()).toContainText(kept.name);
    await expect(basket.first().getByLabel('Quantity')).toHaveValue('2');
  } finally {
    await setStock(soldOut.sku, 50);
  }
});

test('an order page prints without the shop around it', async ({ page }) => {
  const [product] = products(2, 1) as [Product];
  await customerCart(page, [{ sku: product.sku, qty: 1 }], home());
  const number = await checkOut(page);
  await page.goto(`/customer/orders/${number}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.locator('.site-footer')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Buy again', exact: true })).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: product.sku })).toBeVisible();
});

test('an ended session on an order page signs in and comes back to it', async ({ page, context }) => {
  const [product] = products(3, 1) as [Product];
  const customer = home();
  await customerCart(page, [{ sku: product.sku, qty: 1 }], customer);
  const number = await checkOut(page);
  await page.goto('/privacy-policy');
  // The server ends the session (its cookie goes); the page still thinks it is signed in.
  await context.clearCookies({ name: 'shop_session' });
  await page.goto(`/customer/orders/${number}`);
  await expect(page).toHaveURL(`/customer/sign-in?next=${encodeURIComponent(`/customer/orders/${number}`)}`);
  await hydrated(page, 'SignInForm');
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill('Scrub!Brush42');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`/customer/orders/${number}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
});

test('a signed-out shopper asking for My orders signs in first', async ({ page }) => {
  await page.goto('/customer/orders');
  await expect(page).toHaveURL(`/customer/sign-in?next=${encodeURIComponent('/customer/orders')}`);
});

test('Magento not answering: My orders says so and Try again loads them', async ({ page }) => {
  const [product] = products(4, 1) as [Product];
  await customerCart(page, [{ sku: product.sku, qty: 1 }], home());
  const number = await checkOut(page);
  await page.route('**/orders/mine?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: "Your orders can't be shown right now. Please try again." }),
    }),
  );
  await page.goto('/customer/orders');
  const problem = page.getByRole('alert').filter({ hasText: "Your orders can't be shown right now." });
  await expect(problem).toBeVisible();
  await page.unroute('**/orders/mine?*');
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('row').filter({ hasText: number })).toBeVisible();
});

test('a guest finds their order with its number, billing e-mail and postcode', async ({ page }) => {
  const [product] = products(5, 1) as [Product];
  // The guest's order, placed at the back end as a checkout would (the card journey is checkout.spec's).
  const email = `e2e-guest-${tag()}@example.com`;
  const { number } = await placeTestOrder(backEnd, {
    lines: [{ sku: product.sku, qty: 1 }],
    address: { ...ORDER_ADDRESS, street: ['4 Quay Street'], city: 'Bristol', postcode: 'BS1 4DJ', email },
    integrationToken: INTEGRATION,
  });

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Order status' }).click();
  await expect(page).toHaveURL('/order-status');
  await hydrated(page, 'OrderLookup');
  const numberField = page.getByLabel('Order number', { exact: true });
  const emailField = page.getByLabel('Billing e-mail address', { exact: true });
  const postcodeField = page.getByLabel('Billing postcode', { exact: true });

  // Wrong postcode: the one line for every failure, and nothing typed is lost.
  await numberField.fill(number);
  await emailField.fill(email);
  await postcodeField.fill('BS1 4DK');
  await page.getByRole('button', { name: 'Find my order' }).click();
  await expect(page.getByText('We could not find an order with those details')).toBeVisible();
  await expect(numberField).toHaveValue(number);
  await expect(emailField).toHaveValue(email);
  await expect(postcodeField).toHaveValue('BS1 4DK');

  // Right details, typed loosely.
  await emailField.fill(email.toUpperCase());
  await postcodeField.fill('bs14dj');
  await page.getByRole('button', { name: 'Find my order' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: product.sku })).toContainText(product.name);
  await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('4 Quay Street');

  await page.getByRole('button', { name: 'Look up another order' }).click();
  await expect(numberField).toHaveValue(number);
});

test('the order pages pass axe: My Account, My orders, one order, and the lookup with its answer', async ({
  page,
}) => {
  const [product] = products(6, 1) as [Product];
  const customer = home();
  await customerCart(page, [{ sku: product.sku, qty: 1 }], customer);
  const number = await checkOut(page);
  const found: string[] = [];
  const check = async (what: string) =>
    found.push(...(await wcagViolations(page)).map((v) => `${what}: ${v}`));

  await page.goto('/customer');
  await expect(
    page.getByRole('region', { name: 'My orders' }).getByRole('link', { name: `View order ${number}` }),
  ).toBeVisible();
  await check('/customer');
  await page.goto('/customer/orders');
  await expect(page.getByRole('row').filter({ hasText: number })).toBeVisible();
  await check('/customer/orders');
  await page.goto(`/customer/orders/${number}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await check('the order');

  await page.goto('/order-status');
  await hydrated(page, 'OrderLookup');
  await check('/order-status');
  await page.getByLabel('Order number', { exact: true }).fill(number);
  await page.getByLabel('Billing e-mail address', { exact: true }).fill(customer.email);
  await page.getByLabel('Billing postcode', { exact: true }).fill('XX1 1XX');
  await page.getByRole('button', { name: 'Find my order' }).click();
  await expect(page.getByText('We could not find an order with those details')).toBeVisible();
  await check('/order-status, not found');
  await page.getByLabel('Billing postcode', { exact: true }).fill(customer.postcode);
  await page.getByRole('button', { name: 'Find my order' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Order ${number}` })).toBeVisible();
  await check('/order-status, found');
  expect(found).toEqual([]);
});
