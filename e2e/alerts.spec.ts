/**
 * Stock and price alerts as a shopper meets them on product pages (issue 69), without changing the
 * catalogue: a guest asking for a price alert is sent to sign in and comes back to the product with the
 * alert made; My alerts lists it and removes it; a sold-out product offers "Email me when it's back in
 * stock" and an available one does not; the section's code loads only when the shopper reaches for it.
 * The e-mails themselves (which change stock and prices) are alerts.editor.spec.ts's.
 */
import { catalogue, productPages } from './support/catalogue.ts';
import { newCustomer, signIn, signInHere, simpleProduct } from './support/alerts.ts';
import { expect, shellReady, test } from './support/test.ts';

test('a guest asks for a price alert, signs in, and is brought back with the alert made', async ({
  page,
}) => {
  const product = simpleProduct(true);
  test.skip(!product, 'the e2e catalogue has no simple product in stock');
  if (!product) return;
  const customer = await newCustomer('alerts-guest');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(`/${product.urlKey}`);
  await shellReady(page);
  await expect(page.getByRole('button', { name: 'Email me when it’s back in stock' })).toHaveCount(0);
  const before = scripts.length;
  await page.getByRole('button', { name: 'Email me if the price drops' }).click();
  expect(scripts.length, 'the alerts code loads on the first press').toBeGreaterThan(before);
  const answer = page.getByRole('region', { name: 'Alerts' }).getByRole('status');
  await expect(answer).toContainText('Sign in or create an account to get alerts');
  await answer.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/customer/sign-in');
  await signInHere(page, customer);
  // Signed in, My Account makes the alert kept for after and brings the shopper back to the product.
  await expect(page).toHaveURL(`/${product.urlKey}`);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'We’ll email you if the price drops.',
  );

  await page.goto('/customer/alerts');
  const prices = page.getByRole('table', { name: 'Price Alerts' });
  await expect(prices.getByRole('link', { name: product.name })).toHaveAttribute(
    'href',
    `/${product.urlKey}`,
  );
  await expect(page.getByText('You have no stock alert subscriptions.')).toBeVisible();
  await prices.getByRole('button', { name: `Unsubscribe ${product.name}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You will no longer receive price alerts for this product.' }),
  ).toBeVisible();
  await expect(page.getByText('You have no price alert subscriptions.')).toBeVisible();
});

test('a sold-out product offers the stock alert, made at once for a signed-in customer', async ({ page }) => {
  const product = simpleProduct(false);
  test.skip(!product, 'the e2e catalogue has no sold-out simple product');
  if (!product) return;
  await signIn(page, await newCustomer('alerts-stock'));
  await page.goto(`/${product.urlKey}`);
  await shellReady(page);
  await page.getByRole('button', { name: 'Email me when it’s back in stock' }).click();
  await expect(page.getByRole('region', { name: 'Alerts' }).getByRole('status')).toContainText(
    'We’ll email you when it’s back in stock.',
  );
  await page.goto('/customer');
  await page.getByRole('link', { name: 'See and change my alerts' }).click();
  await expect(
    page.getByRole('table', { name: 'Stock Alerts' }).getByRole('link', { name: product.name }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe from all stock alerts' }).click();
  await expect(page.getByText('You have no stock alert subscriptions.')).toBeVisible();
});

test("a configurable's sold-out size offers the stock alert for that size", async ({ page }) => {
  const products = productPages();
  const bySku = new Map(catalogue().products.map((product) => [product.sku, product]));
  const parent = products.find((product) =>
    product.configurable?.variants.some((variant) => bySku.get(variant.sku)?.inStock === false),
  );
  test.skip(!parent?.configurable, 'the e2e catalogue has no configurable with a sold-out size');
  if (!parent?.configurable) return;
  const { attributes, variants } = parent.configurable;
  const soldOut = variants.find((variant) => bySku.get(variant.sku)?.inStock === false);
  const attribute = attributes[0];
  const label = attribute?.values.find((value) => value.id === soldOut?.values[attribute.code])?.label;
  if (!soldOut || !attribute || !label) throw new Error('the sold-out size has no label');
  await signIn(page, await newCustomer('alerts-size'));
  await page.goto(`/${parent.urlKey}`);
  await shellReady(page);
  const stockButton = page.getByRole('button', { name: 'Email me when it’s back in stock' });
  const size = page
    .getByRole('group', { name: attribute.label })
    .getByRole('radio', { name: new RegExp(`^${label}\\b`) });
  // The size chosen first is in stock: nothing to wait for.
  await expect(stockButton).toBeHidden();
  await size.check();
  await expect(stockButton).toBeVisible();
  await stockButton.click();
  await expect(page.getByRole('region', { name: 'Alerts' }).getByRole('status')).toContainText(
    'We’ll email you when it’s back in stock.',
  );
  await page.goto('/customer/alerts');
  // The size has no page: My alerts links to its parent's, with that size chosen.
  const row = page.getByRole('table', { name: 'Stock Alerts' }).getByRole('row').nth(1);
  await expect(row.getByRole('link')).toHaveAttribute('href', new RegExp(`^/${parent.urlKey}\\?`));
});
