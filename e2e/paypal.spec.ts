/**
 * PayPal and Pay in 3 end to end (issue 53), as a shopper does it: at the payment step they choose PayPal
 * or Pay in 3 with PayPal, continue to the embedded PayPal sandbox's approval page and Pay, Pay in 3,
 * Decline or Cancel there. Paid, they land on the paid page with an order number, and the order's page
 * (or the guest lookup) says how it was paid; declined or cancelled, they are back at the payment step,
 * told why, with their basket, and can pay by card. A shopper who approves and closes the tab still gets
 * their order (PayPal's approval webhook places it). Product pages in Pay in 3's range say what each
 * payment would be.
 *
 * Baskets are filled through the shop's own `/rest` proxy (the basket has its own journeys); everything
 * from the shipping step on goes through the screens.
 */
import type { Page } from '@playwright/test';
import {
  address,
  customerCart,
  enterCard,
  GOOD_CARD,
  guestCart,
  tag,
  toPaymentStep,
} from './support/checkout.ts';
import {
  choose,
  continueToPayPal,
  gbp,
  instalment,
  lookUpOrder,
  paidOrderNumber,
  paidWith,
  paymentWays,
  priceNow,
  productPriced,
  productsPriced,
  sandboxOrder,
  shownTotal,
} from './support/paypal.ts';
import { expect, test } from './support/test.ts';

// A journey over the shop's pages, PayPal's and back: more time than a single screen.
test.describe.configure({ timeout: 90_000 });

/** A product each journey buys (none shares one); priced so that the basket is in Pay in 3's range. */
const inRange = (index: number) => productPriced(40, 1_500, index);

const customer = () => address({ email: `e2e-paypal-${tag()}@example.com`, lastname: `Hale${tag()}` });

const basketLines = (page: Page) =>
  page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem');

test('a guest pays with PayPal: the paid page numbers the order, and the lookup says it was paid with PayPal', async ({
  page,
  request,
}) => {
  const product = inRange(0);
  await guestCart(page, product.sku, 1);
  const guest = address();
  await toPaymentStep(page, guest);
  await expect(
    paymentWays(page).getByText('You approve the payment on PayPal, then come back here.'),
  ).toBeVisible();

  const token = await continueToPayPal(page, 'PayPal');
  await choose(page, 'Pay');
  const number = await paidOrderNumber(page);
  expect(await sandboxOrder(request, token)).toMatchObject({ status: 'COMPLETED', funding: 'PAYPAL' });

  await lookUpOrder(page, number, guest);
  await expect(page.getByRole('row').filter({ hasText: product.sku })).toContainText(product.name);
  await expect(paidWith(page)).toHaveText('Paid with PayPal');
});

test('a customer pays in 3: the payment step says each payment, and their order says Pay in 3 with PayPal', async ({
  page,
  request,
}) => {
  const product = inRange(1);
  await customerCart(page, [{ sku: product.sku, qty: 1 }], customer());
  await toPaymentStep(page);
  const total = await shownTotal(page);
  const payIn3 = paymentWays(page).getByRole('radio', { name: 'Pay in 3 with PayPal', exact: true });
  await expect(payIn3).toHaveAccessibleDescription(`3 interest-free payments of ${instalment(total)}`);

  const token = await continueToPayPal(page, 'Pay in 3 with PayPal');
  await choose(page, 'Pay in 3');
  const number = await paidOrderNumber(page);
  expect(await sandboxOrder(request, token)).toMatchObject({
    status: 'COMPLETED',
    funding: 'PAY_LATER',
    amount: total.toFixed(2),
  });

  await page.getByRole('link', { name: 'View your order' }).click();
  await expect(page).toHaveURL(`/customer/orders/${number}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(paidWith(page)).toHaveText('Pay in 3 with PayPal');
});

test('declined on PayPal: back at the payment step told so, basket kept; then by card, one order', async ({
  page,
}) => {
  const product = inRange(2);
  await customerCart(page, [{ sku: product.sku, qty: 2 }], customer());
  await toPaymentStep(page);
  const total = await shownTotal(page);

  await continueToPayPal(page, 'PayPal');
  await choose(page, 'Decline');
  await expect(page).toHaveURL('/basket/shipping/payment');
  await expect(page.getByRole('alert').filter({ hasText: /\w/ })).toHaveText(
    'PayPal could not take this payment from the card or account you chose. Please choose another way to pay; your basket is kept.',
  );
  expect(await shownTotal(page)).toBe(total);

  await paymentWays(page).getByRole('radio', { name: 'Pay by card', exact: true }).check();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await enterCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Pay now' }).click();
  const number = await paidOrderNumber(page);

  await page.goto('/customer/orders');
  const orders = page.getByRole('link', { name: /^View order / });
  await expect(orders).toHaveCount(1);
  await orders.click();
  await expect(page).toHaveURL(`/customer/orders/${number}`);
  await expect(paidWith(page)).toHaveText('Card, paid online');
  await expect(page.getByRole('row').filter({ hasText: product.sku })).toContainText(product.name);
});

test('approved on PayPal and the tab closed before coming back: the order is placed all the same', async ({
  page,
  context,
  request,
}) => {
  const product = inRange(3);
  await customerCart(page, [{ sku: product.sku, qty: 1 }], customer());
  await toPaymentStep(page);
  const token = await continueToPayPal(page, 'PayPal');
  // Pay is pressed, but the browser never follows PayPal back to the shop: the tab is gone.
  const approved = await page.request.post(page.url(), { form: { choice: 'pay' }, maxRedirects: 0 });
  expect(approved.status()).toBe(303);
  expect(approved.headers()['location']).toContain('/payments/paypal/return?');
  await page.close();

  // PayPal's approval webhook captures it and the shop places the order.
  await expect
    .poll(async () => (await sandboxOrder(request, token))?.status, { timeout: 30_000 })
    .toBe('COMPLETED');
  const later = await context.newPage();
  const orders = later.getByRole('link', { name: /^View order / });
  await expect(async () => {
    await later.goto('/customer/orders');
    await expect(orders).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await orders.click();
  await expect(paidWith(later)).toHaveText('Paid with PayPal');
  await expect(later.getByRole('row').filter({ hasText: product.sku })).toContainText(product.name);
  // The basket the order was made of is gone.
  await later.goto('/basket');
  await expect(later.getByText('Your cart is empty')).toBeVisible();
});

test('cancelled on PayPal: back at the payment step told so, with the basket kept', async ({
  page,
  request,
}) => {
  const product = inRange(4);
  await guestCart(page, product.sku, 1);
  await toPaymentStep(page, address());
  const total = await shownTotal(page);

  const token = await continueToPayPal(page, 'PayPal');
  await choose(page, 'Cancel');
  await expect(page).toHaveURL('/basket/shipping/payment');
  await expect(page.getByRole('alert').filter({ hasText: /\w/ })).toHaveText(
    'You cancelled the payment on PayPal. Your basket is kept: choose how you would like to pay.',
  );
  expect(await shownTotal(page)).toBe(total);
  expect((await sandboxOrder(request, token))?.status).not.toBe('COMPLETED');

  await page.goto('/basket');
  await expect(basketLines(page)).toHaveCount(1);
  await expect(basketLines(page).first()).toContainText(product.name);
  // The basket says what each of Pay in 3's payments would be, of the same total.
  await expect(
    page.getByText(`or 3 interest-free payments of ${instalment(total)} with PayPal`, { exact: true }),
  ).toBeVisible();
});

test('a product page in Pay in 3’s range says each payment and links to more; one under £30 does not', async ({
  page,
}) => {
  // Priced so that a payment rounded the wrong way would show: its pence do not divide by 3.
  const product = productsPriced(40, 1_500).find((p) => Math.round(priceNow(p) * 100) % 3 !== 0);
  if (!product) throw new Error('The e2e catalogue has no product to show a rounded payment.');
  await page.goto(`/${product.urlKey}`);
  const sentence = `or 3 interest-free payments of ${instalment(priceNow(product))} with PayPal`;
  await expect(page.getByRole('main').getByText(sentence)).toBeVisible();
  const learnMore = page.getByRole('link', { name: 'Learn more about paying in 3 with PayPal' });
  await expect(learnMore).toHaveAttribute('href', '/services/online-shop-support#pay-in-3-with-paypal');
  await learnMore.click();
  await expect(page.getByRole('heading', { name: 'Pay in 3 with PayPal' })).toBeVisible();

  const cheap = productPriced(1, 30, 0);
  await page.goto(`/${cheap.urlKey}`);
  await expect(
    page
      .getByRole('main')
      .getByText(gbp(priceNow(cheap)))
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/interest-free payments/)).toHaveCount(0);
});
