/**
 * Alert e-mails as Magento_ProductAlert sends them, end to end (issue 69): a signed-in shopper asks to be
 * told when a sold-out product is back; the merchant restocks it through the admin API; the e-mail arrives
 * in the mail catcher once, its product link opens the product, and its unsubscribe link removes the alert
 * from My alerts. A price alert fires only once the price falls below the one the shopper saw. Stock and
 * prices are put back afterwards; the saves rebuild pages, so these journeys run after the others.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { admin } from './support/admin.ts';
import { newCustomer, signIn, simpleProduct } from './support/alerts.ts';
import type { Product } from './support/catalogue.ts';
import { expectMail, mailTo } from './support/mail.ts';
import { SHOP_URL } from './support/ports.ts';
import { expect, shellReady, test } from './support/test.ts';

const setProduct = (sku: string, product: Record<string, unknown>) =>
  admin(`/products/${encodeURIComponent(sku)}`, { method: 'PUT', body: { product: { sku, ...product } } });
const setStock = (sku: string, qty: number) =>
  setProduct(sku, { extension_attributes: { stock_item: { qty, is_in_stock: qty > 0 } } });

async function ask(page: Page, product: Product, button: string, said: string): Promise<void> {
  await page.goto(`/${product.urlKey}`);
  await shellReady(page);
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('region', { name: 'Alerts' }).getByRole('status')).toContainText(said);
}

/** The links of an e-mail's HTML part, by their words. */
function linksOf(html: string): Map<string, string> {
  const links = new Map<string, string>();
  for (const [, href, words] of html.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g))
    if (href && words) links.set(words, href.replaceAll('&amp;', '&'));
  return links;
}

const quietFor = async (request: APIRequestContext, email: string, ms: number) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return (await mailTo(request, email)).length;
};

test('the back-in-stock e-mail comes once, with a working link and unsubscribe', async ({
  page,
  request,
}) => {
  const product = simpleProduct(false);
  test.skip(!product, 'the e2e catalogue has no sold-out simple product');
  if (!product) return;
  const customer = await newCustomer('alerts-restock');
  await signIn(page, customer);
  await ask(page, product, 'Email me when it’s back in stock', 'We’ll email you when it’s back in stock.');
  try {
    await setStock(product.sku, 7);
    const mail = await expectMail(request, customer.email, 'Products back in stock alert');
    expect(mail.text).toContain(product.name);
    const links = linksOf(mail.html ?? '');
    expect(links.get(product.name)).toBe(`${SHOP_URL}/${product.urlKey}`);
    const opened = await page.goto(links.get(product.name) ?? '');
    expect(opened?.status()).toBe(200);
    // Sold out and back again: the alert was sent, so no second e-mail.
    await setStock(product.sku, 0);
    await setStock(product.sku, 3);
    expect(await quietFor(request, customer.email, 2_000)).toBe(1);

    const unsubscribe = links.get('Click here not to receive alerts for this product.') ?? '';
    expect(unsubscribe).toMatch(/\/productalert\/unsubscribe\/stock\/product\/\d+\/$/);
    await page.goto(unsubscribe);
    await expect(page).toHaveURL('/customer/alerts');
    await expect(page.getByText('You will no longer receive stock alerts for this product.')).toBeVisible();
    await expect(page.getByText('You have no stock alert subscriptions.')).toBeVisible();
  } finally {
    await setStock(product.sku, 0);
  }
});

test('a price alert fires only below the price the shopper saw', async ({ page, request }) => {
  const product = simpleProduct(true);
  test.skip(!product?.regularPriceInclVat, 'the e2e catalogue has no simple product with a price in stock');
  if (!product?.regularPriceInclVat) return;
  const price = product.regularPriceInclVat;
  const customer = await newCustomer('alerts-price');
  await signIn(page, customer);
  await ask(page, product, 'Email me if the price drops', 'We’ll email you if the price drops.');
  try {
    await setProduct(product.sku, { price: price + 10 });
    await setProduct(product.sku, { price });
    expect(await quietFor(request, customer.email, 2_000)).toBe(0);
    const lower = Math.round((price - 1) * 100) / 100;
    await setProduct(product.sku, { price: lower });
    const mail = await expectMail(request, customer.email, 'Products price changed alert');
    expect(mail.text).toContain(product.name);
    expect(mail.text).toContain(`£${lower.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
    expect(linksOf(mail.html ?? '').get('Unsubscribe from all price alerts')).toBe(
      `${SHOP_URL}/productalert/unsubscribe/priceAll/`,
    );
  } finally {
    await setProduct(product.sku, { price });
  }
});
