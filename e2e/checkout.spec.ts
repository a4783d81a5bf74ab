/**
 * Checkout end to end (spec §2, §4, §5; DESIGN.md §3): shipping and payment steps, Pay through the
 * embedded Opayo Server sandbox's hosted card page, and the way back to /paid or /failed-payment, for a
 * guest and a signed-in customer, with the authorising card, the declined card and Cancel. Afterwards the
 * embedded Magento is asked (admin side) for the orders of each cart: exactly one complete order with the
 * right items, amount and addresses per successful payment, none for the others; the paid page shows
 * that order's number, with a link to it for a signed-in customer and to the order-status lookup.
 *
 * The basket is filled through the shop's own `/rest` proxy from the page (the basket and product pages
 * have their own journeys); everything from the shipping step on goes through the screens.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { productPages, type Product } from './support/catalogue.ts';
import {
  customerCart,
  enterCard,
  field,
  fill,
  form,
  guestCart,
  GOOD_CARD,
  MAGENTO,
  SANDBOX,
  type Address,
  address,
  asIntegration,
  tag,
} from './support/checkout.ts';
import { expect, hydrated, test } from './support/test.ts';

const DECLINED_CARD = '4000000000000002';

// A checkout is a journey over five pages and two servers: it gets more time than a single screen.
test.describe.configure({ timeout: 90_000 });

/** A different in-stock product for each test, so parallel journeys never compete for stock. */
function productFor(title: string): Product {
  // Simple products: a configurable is bought with a choice (variants-basket.spec.ts).
  const products = productPages().filter(
    (p) => p.typeId === 'simple' && p.inStock && p.priceInclVat !== null,
  );
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const product = products[hash % products.length];
  if (!product) throw new Error('The e2e catalogue has no product in stock.');
  return product;
}

interface CartFacts {
  id: number;
  grandTotal: number;
  shipping: number;
}

/** The cart's Magento id and totals, read through the proxy as the shopper. */
async function cartFacts(page: Page): Promise<CartFacts> {
  return page.evaluate(async () => {
    const code = localStorage.getItem('guestCode');
    const base =
      localStorage.getItem('login') === 'true' ? '/rest/V1/carts/mine' : `/rest/V1/guest-carts/${code}`;
    const cart = (await (await fetch(base)).json()) as { id: number };
    const totals = (await (await fetch(`${base}/totals`)).json()) as {
      shipping_incl_tax: number;
      total_segments: { code: string; value: number }[];
    };
    const segment = (name: string) => totals.total_segments.find((s) => s.code === name)?.value ?? NaN;
    // Delivery as charged, incl VAT: the `shipping` segment is excl VAT, as `shipping_amount` is.
    return { id: cart.id, grandTotal: segment('grand_total'), shipping: totals.shipping_incl_tax };
  });
}

interface MagentoOrder {
  entity_id: number;
  /** The order's number, e.g. "000000123". */
  increment_id: string;
  quote_id: number;
  status: string;
  state: string;
  grand_total: number;
  customer_email: string;
  customer_is_guest: number;
  items: { sku: string; qty_ordered: number }[];
  billing_address: Record<string, unknown>;
  extension_attributes: { shipping_assignments: { shipping: { address: Record<string, unknown> } }[] };
}

/** Every order of the cart, asked of Magento as the integration (orders are numbered from 1). */
async function ordersOfCart(request: APIRequestContext, cartId: number): Promise<MagentoOrder[]> {
  const found: MagentoOrder[] = [];
  for (let id = 1; ; id++) {
    const url = `${MAGENTO}/rest/V1/orders/${id}`;
    const reply = await request.get(url, { headers: asIntegration('GET', url) });
    if (reply.status() === 404) return found;
    expect(reply.ok()).toBe(true);
    const order = (await reply.json()) as MagentoOrder;
    if (order.quote_id === cartId) found.push(order);
  }
}

const gbp = (amount: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amount);

async function expectValues(scope: Locator, values: Address): Promise<void> {
  await expect(field(scope, 'Email')).toHaveValue(values.email);
  await expect(field(scope, 'First name')).toHaveValue(values.firstname);
  await expect(field(scope, 'Last name')).toHaveValue(values.lastname);
  await expect(field(scope, 'Street')).toHaveValue(values.street);
  await expect(field(scope, 'Postcode')).toHaveValue(values.postcode);
  await expect(field(scope, 'Telephone')).toHaveValue(values.telephone);
}

/** From the payment step: Pay, then the sandbox's card page. Returns the provider's id and the time taken. */
async function pay(page: Page, facts: CartFacts): Promise<{ vpsTxId: string; registrationMs: number }> {
  await expect(page).toHaveURL('/basket/shipping/payment');
  await hydrated(page, 'CheckoutPayment');
  const totals = page.locator('.checkout-totals');
  const amount = (term: string) =>
    totals
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator('+ dd');
  await expect(amount('Total shipping cost')).toHaveText(gbp(facts.shipping));
  await expect(amount('Total')).toHaveText(gbp(facts.grandTotal));
  const started = Date.now();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(`${SANDBOX}/**`);
  await expect(page.getByLabel('Card number')).toBeVisible();
  const registrationMs = Date.now() - started;
  return { vpsTxId: new URL(page.url()).searchParams.get('vpstxid') ?? '', registrationMs };
}

async function storedOrderCode(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('order'));
}

async function sandboxTransaction(request: APIRequestContext, vpsTxId: string) {
  const reply = await request.get(`${SANDBOX}/sandbox/transactions?vpsTxId=${encodeURIComponent(vpsTxId)}`);
  const body = (await reply.json()) as {
    transactions: { vendorTxCode: string; status: string; amount: string; settled: boolean }[];
  };
  return body.transactions[0];
}

/** The paid page's order number, in bold, and its links onward; `signedIn` adds the link to the order. */
async function expectOrderNumber(page: Page, order: MagentoOrder | undefined, signedIn: boolean) {
  const number = order?.increment_id ?? '';
  expect(number).toMatch(/^\d{9}$/);
  const main = page.getByRole('main');
  await expect(main.getByText(`Your order number is ${number}.`, { exact: true })).toBeVisible();
  await expect(main.locator('strong')).toHaveText(number);
  await expect(main.getByRole('link', { name: 'Check your order status' })).toHaveAttribute(
    'href',
    '/order-status',
  );
  const view = main.getByRole('link', { name: 'View your order' });
  if (signedIn) await expect(view).toHaveAttribute('href', `/customer/orders/${number}`);
  else await expect(view).toHaveCount(0);
  // The spec's texts and links stay as they were.
  await expect(main.getByRole('heading', { name: 'Your payment was successfull' })).toBeVisible();
  await expect(main.getByText('Thank you to have chosen us!')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Homepage' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/customer');
}

async function confirmShipping(page: Page, shipping: Address, billing: Address): Promise<void> {
  await page.goto('/basket/shipping');
  await hydrated(page, 'CheckoutShipping');
  await fill(form(page, 'Shipping address'), shipping);
  await fill(form(page, 'Billing address'), billing);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL('/basket/shipping/payment');
}

test.describe('guards', () => {
  test('shipping and payment go to the basket without a session or guest cart', async ({ page }) => {
    await page.goto('/basket/shipping');
    await expect(page).toHaveURL('/basket');
    await page.goto('/basket/shipping/payment');
    await expect(page).toHaveURL('/basket');
  });

  test('the failed-payment and paid pages go home without a pending order', async ({ page }) => {
    await page.goto('/failed-payment');
    await expect(page).toHaveURL('/');
    await page.goto('/paid');
    await expect(page).toHaveURL('/');
  });

  test('pages of the checkout are not indexed', async ({ page }) => {
    for (const path of ['/basket/shipping', '/basket/shipping/payment', '/paid', '/failed-payment']) {
      const reply = await page.request.get(path);
      expect(reply.status()).toBe(200);
      expect(await reply.text()).toContain('<meta name="robots" content="noindex">');
    }
  });
});

test.describe('guest checkout', () => {
  test('validation, then Pay with the authorising card: one complete order, /paid, basket emptied', async ({
    page,
    request,
  }, testInfo) => {
    const product = productFor(testInfo.title);
    const code = await guestCart(page, product.sku, 2);
    const shipping = address();
    const billing = address({
      firstname: 'Bill',
      lastname: 'Payer',
      street: '1 Bill Road',
      city: 'York',
      email: shipping.email,
    });

    await page.goto('/basket/shipping');
    await hydrated(page, 'CheckoutShipping');
    const shipForm = form(page, 'Shipping address');
    await fill(shipForm, { ...shipping, telephone: '12345678' });
    await fill(form(page, 'Billing address'), billing);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByText('Validation failed. Please check the information in the forms.'),
    ).toBeVisible();
    await expect(field(shipForm, 'Telephone')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/basket/shipping');
    // Nothing typed is lost.
    await expectValues(shipForm, { ...shipping, telephone: '12345678' });
    await expectValues(form(page, 'Billing address'), billing);

    await field(shipForm, 'Telephone').fill(shipping.telephone);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL('/basket/shipping/payment');
    const facts = await cartFacts(page);

    // Return keeps the confirmed addresses.
    await hydrated(page, 'CheckoutPayment');
    await page.getByRole('link', { name: 'Return' }).click();
    await expect(page).toHaveURL('/basket/shipping');
    await hydrated(page, 'CheckoutShipping');
    await expectValues(form(page, 'Shipping address'), shipping);
    await expectValues(form(page, 'Billing address'), billing);
    await page.getByRole('button', { name: 'Confirm' }).click();

    const { vpsTxId, registrationMs } = await pay(page, facts);
    await enterCard(page, GOOD_CARD);
    const paidAt = Date.now();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL('/paid');
    await expect(page.getByRole('heading', { name: 'Your payment was successfull' })).toBeVisible();
    const returnMs = Date.now() - paidAt;
    await expect(page.getByText('Thank you to have chosen us!')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Homepage' })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/customer');
    testInfo.annotations.push({
      type: 'figure',
      description: `guest: Pay → card page ${registrationMs} ms; Pay now → /paid confirmed ${returnMs} ms`,
    });
    console.info(
      `[figure] guest: Pay → card page ${registrationMs} ms; Pay now → /paid confirmed ${returnMs} ms`,
    );

    // Cleared: the islands' persistent stores write an empty value.
    expect(await storedOrderCode(page)).toBeFalsy();
    expect(await page.evaluate(() => localStorage.getItem('guestCode'))).toBeFalsy();
    await expect(page.locator('[data-basket-count]')).toHaveText('0');
    expect(await page.request.get(`/rest/V1/guest-carts/${code}`).then((r) => r.status())).toBe(404);
    // The provider was told OK, so it settles; the amount is Magento's.
    expect(await sandboxTransaction(request, vpsTxId)).toMatchObject({
      status: 'OK',
      settled: true,
      amount: facts.grandTotal.toFixed(2),
    });

    const orders = await ordersOfCart(request, facts.id);
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(order).toMatchObject({
      status: 'complete',
      state: 'complete',
      customer_is_guest: 1,
      customer_email: shipping.email,
      grand_total: facts.grandTotal,
      billing_address: {
        firstname: 'Bill',
        lastname: 'Payer',
        street: ['1 Bill Road'],
        city: 'York',
        country_id: 'GB',
      },
    });
    expect(order?.items.map((item) => [item.sku, item.qty_ordered])).toEqual([[product.sku, 2]]);
    expect(order?.extension_attributes.shipping_assignments[0]?.shipping.address).toMatchObject({
      firstname: 'Jane',
      lastname: 'Shopper',
      street: ['88 Test Street'],
      postcode: 'SW1A 1AA',
      telephone: '020 7946 0000',
    });

    // The number the paid page shows is that order's, and a reload in this tab keeps it.
    await expectOrderNumber(page, order, false);
    await page.reload();
    await expectOrderNumber(page, order, false);
  });

  test('the declined card ends on the failed page with no order; Pay Again with the good card orders once', async ({
    page,
    request,
  }, testInfo) => {
    const product = productFor(testInfo.title);
    await guestCart(page, product.sku, 1);
    const shipping = address();
    await confirmShipping(page, shipping, shipping);
    const facts = await cartFacts(page);

    const declined = await pay(page, facts);
    await enterCard(page, DECLINED_CARD);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL('/failed-payment');
    await expect(page.getByRole('heading', { name: 'Your payment failed! :(' })).toBeVisible();
    await expect(
      page.getByText('Unfortunately your payment was not accepted. Please try again.'),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Homepage' })).toHaveAttribute('href', '/');
    const declinedTx = await sandboxTransaction(request, declined.vpsTxId);
    expect(await storedOrderCode(page)).toBe(declinedTx?.vendorTxCode);
    expect(declinedTx).toMatchObject({
      status: 'NOTAUTHED',
      settled: false,
    });
    expect(await ordersOfCart(request, facts.id)).toEqual([]);

    await page.getByRole('link', { name: 'Pay Again' }).click();
    await pay(page, facts);
    await enterCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('heading', { name: 'Your payment was successfull' })).toBeVisible();
    const orders = await ordersOfCart(request, facts.id);
    expect(orders.map((order) => [order.status, order.grand_total])).toEqual([
      ['complete', facts.grandTotal],
    ]);
  });

  test('Cancel on the card page ends on the failed page with no order and the basket kept', async ({
    page,
    request,
  }, testInfo) => {
    const product = productFor(testInfo.title);
    const code = await guestCart(page, product.sku, 1);
    const shipping = address();
    await confirmShipping(page, shipping, shipping);
    const facts = await cartFacts(page);

    const cancelled = await pay(page, facts);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/failed-payment');
    await expect(page.getByRole('heading', { name: 'Your payment failed! :(' })).toBeVisible();
    expect(await sandboxTransaction(request, cancelled.vpsTxId)).toMatchObject({
      status: 'ABORT',
      settled: false,
    });
    expect(await ordersOfCart(request, facts.id)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('guestCode'))).toBe(code);
    const cart = await page.request.get(`/rest/V1/guest-carts/${code}`);
    expect(((await cart.json()) as { items: unknown[] }).items).toHaveLength(1);
  });
});

test.describe('signed-in checkout', () => {
  test('addresses prefilled from the account; the authorising card places one complete customer order', async ({
    page,
    request,
  }, testInfo) => {
    const product = productFor(testInfo.title);
    const home = address({
      firstname: 'Robin',
      lastname: `Hale${tag()}`,
      street: '12 Mill Lane',
      city: 'York',
      postcode: 'YO1 7HH',
      telephone: '01904 555123',
    });
    await customerCart(page, [{ sku: product.sku, qty: 1 }], home);

    await page.goto('/basket/shipping');
    await hydrated(page, 'CheckoutShipping');
    await expectValues(form(page, 'Shipping address'), home);
    await expectValues(form(page, 'Billing address'), home);
    await expect(field(form(page, 'Shipping address'), 'Country')).toHaveValue('United Kingdom');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL('/basket/shipping/payment');
    const facts = await cartFacts(page);

    const { registrationMs } = await pay(page, facts);
    await enterCard(page, GOOD_CARD);
    const paidAt = Date.now();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('heading', { name: 'Your payment was successfull' })).toBeVisible();
    const returnMs = Date.now() - paidAt;
    console.info(
      `[figure] customer: Pay → card page ${registrationMs} ms; Pay now → /paid confirmed ${returnMs} ms`,
    );
    testInfo.annotations.push({
      type: 'figure',
      description: `customer: Pay → card page ${registrationMs} ms; Pay now → /paid confirmed ${returnMs} ms`,
    });
    await expect(page.locator('[data-basket-count]')).toHaveText('0');
    expect(await storedOrderCode(page)).toBeFalsy();

    const orders = await ordersOfCart(request, facts.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: 'complete',
      customer_is_guest: 0,
      customer_email: home.email,
      grand_total: facts.grandTotal,
      billing_address: {
        firstname: 'Robin',
        lastname: home.lastname,
        street: ['12 Mill Lane'],
        postcode: 'YO1 7HH',
      },
    });
    expect(orders[0]?.items.map((item) => [item.sku, item.qty_ordered])).toEqual([[product.sku, 1]]);
    await expectOrderNumber(page, orders[0], true);
  });

  test('a customer’s declined card and Cancel leave no order', async ({ page, request }, testInfo) => {
    const product = productFor(testInfo.title);
    const home = address({ lastname: `Hale${tag()}` });
    await customerCart(page, [{ sku: product.sku, qty: 1 }], home);
    await page.goto('/basket/shipping');
    await hydrated(page, 'CheckoutShipping');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL('/basket/shipping/payment');
    const facts = await cartFacts(page);

    await pay(page, facts);
    await enterCard(page, DECLINED_CARD);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('heading', { name: 'Your payment failed! :(' })).toBeVisible();

    await page.getByRole('link', { name: 'Pay Again' }).click();
    await pay(page, facts);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Your payment failed! :(' })).toBeVisible();
    expect(await ordersOfCart(request, facts.id)).toEqual([]);
  });
});
