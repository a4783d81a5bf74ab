/**
 * Add to cart and the basket (spec §2, §4, §5 with DESIGN.md §3's fixes): the notice only after Magento
 * took the item, the badge, quantities with exact pence, Update and Remove, stock refusals with
 * Magento's message, prices incl or excl VAT as the shopper chose, the empty basket at once, and the guest
 * basket merged into the customer's on sign-in.
 */
import type { Locator, Page } from '@playwright/test';
import { lineTotal } from '../src/catalogue/money.ts';
import { connected, formatGbp, productPages, richProduct, type Product } from './support/catalogue.ts';
import { MAGENTO_URL } from './support/ports.ts';
import { expect, shellReady, notices, test } from './support/test.ts';

/** The embedded back end of the e2e shop (scripts/e2e-server.ts) and its default admin. */
const MAGENTO = `${MAGENTO_URL}/rest/V1`;
const ADMIN = {
  username: process.env['EMBEDDED_ADMIN_USERNAME'] ?? 'admin',
  password: process.env['EMBEDDED_ADMIN_PASSWORD'] ?? 'Admin123!',
};

let adminToken: Promise<string> | undefined;
async function stockOf(sku: string): Promise<number> {
  adminToken ??= fetch(`${MAGENTO}/integration/admin/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  }).then(async (response) => (await response.json()) as string);
  const response = await fetch(`${MAGENTO}/products/${encodeURIComponent(sku)}`, {
    headers: { Authorization: `Bearer ${await adminToken}` },
  });
  const product = (await response.json()) as { extension_attributes?: { stock_item?: { qty?: number } } };
  return product.extension_attributes?.stock_item?.qty ?? 0;
}

/** An in-stock product with a page, whose price has pence and whose stock allows a few more. */
async function productWithPence(skip: readonly string[] = []): Promise<Product> {
  const candidates = productPages().filter(
    (p) =>
      p.inStock &&
      p.listPrice === null &&
      p.priceInclVat !== null &&
      Math.round(p.priceInclVat * 100) % 100 !== 0 &&
      !skip.includes(p.sku),
  );
  for (const product of candidates.slice(0, 20)) if ((await stockOf(product.sku)) >= 20) return product;
  throw new Error('The e2e catalogue has no in-stock product with pence and stock to spare.');
}

/** The header's count: Magento's items_qty, 0 included (spec: with no token and no code the count is 0). */
const badge = (page: Page) => page.locator('#basket-link [data-basket-count]');
const addForm = (page: Page, sku: string) => page.locator(`form[data-add-to-cart][data-sku="${sku}"]`);

/** Waits until the page's scripts run, so `form` adds in place (before, it goes to the basket page). */
async function ready(page: Page, sku: string): Promise<void> {
  await addForm(page, sku).scrollIntoViewIfNeeded();
  await shellReady(page);
}

async function addMainProduct(page: Page, product: Product, qty: number): Promise<void> {
  await page.goto(`/${product.urlKey}`);
  await ready(page, product.sku);
  const form = addForm(page, product.sku);
  await form.getByLabel('Quantity', { exact: true }).fill(String(qty));
  await form.getByRole('button', { name: 'Add to cart' }).click();
}

/** Magento's own cart line for `sku`, read through the shop's proxy as the page would. */
async function cartLine(page: Page, sku: string): Promise<{ price: number; qty: number }> {
  const line = await page.evaluate(async (wanted) => {
    const code = localStorage.getItem('guestCode');
    const path =
      localStorage.getItem('login') === 'true' ? '/rest/V1/carts/mine' : `/rest/V1/guest-carts/${code}`;
    const cart = (await (await fetch(path)).json()) as {
      items: { sku: string; price: number; qty: number }[];
    };
    return cart.items.find((item) => item.sku === wanted);
  }, sku);
  if (!line) throw new Error(`${sku} is not in the cart`);
  return line;
}

/** A line of the basket (not a card of "Recently viewed" below it). */
const row = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem').filter({ hasText: name });

/** What a line's total reads on screen, in the VAT form shown (both are in the markup). */
const expectLineTotal = (line: Locator, text: string) =>
  expect(line.locator('.basket-row__total strong')).toHaveText(text, { useInnerText: true });
const incl = (amount: number) => `${formatGbp(amount)} incl VAT`;
const excl = (amount: number) => `${formatGbp(amount)} excl VAT`;

/** The amount below the lines that `term` ('Items', 'Total shipping cost', 'Total') names. */
const amount = (page: Page, term: string) =>
  page
    .locator('.basket__totals')
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('+ dd');
const expectAmount = (page: Page, term: string, text: string) =>
  expect(amount(page, term)).toHaveText(text, { useInnerText: true });

test.describe('a guest basket', () => {
  test('adds with a quantity, updates it and removes it, with Magento’s totals in pence', async ({
    page,
  }) => {
    const product = await productWithPence();
    await page.goto(`/${product.urlKey}`);
    await ready(page, product.sku);
    const form = addForm(page, product.sku);
    await form.getByLabel('Quantity', { exact: true }).fill('2');
    // A double click adds once: its second click is no second submit, and the button is busy until
    // Magento answered.
    await form.getByRole('button', { name: 'Add to cart' }).dblclick();
    await expect(notices(page).getByRole('status')).toHaveText('This product is now in your cart!');
    await expect(badge(page)).toHaveText('2');
    await expect(page.locator('#basket-link')).toHaveAccessibleName('2 Basket');
    await expect(page.locator('#basket-link')).toHaveAccessibleDescription('2 items in your basket');

    const { price } = await cartLine(page, product.sku);
    await page.locator('#basket-link').click();
    await expect(page).toHaveURL('/basket');
    const line = row(page, product.name);
    await expect(line).toHaveCount(1);
    await expect(line.getByRole('link')).toHaveAttribute('href', `/${product.urlKey}`);
    await expect(line.locator('img')).toHaveAttribute('src', /\/img\/160\/webp\/catalog\/product\//);
    await expect(line.getByText('Total for this item')).toBeVisible();
    await expectLineTotal(line, incl(lineTotal(price, 2)));
    const quantity = line.getByRole('spinbutton', { name: `Quantity ${product.name}` });
    await expect(quantity).toHaveValue('2');
    await expect(quantity).toHaveAttribute('min', '1');
    // The lines' sum in the VAT form shown; Magento's shipping and total, the total always incl VAT.
    await expectAmount(page, 'Items', incl(lineTotal(price, 2)));
    await expectAmount(page, 'Total shipping cost', formatGbp(0));
    await expectAmount(page, 'Total', incl(lineTotal(price, 2)));
    expect(Math.round(price * 100) % 100, 'a price with pence').not.toBe(0);

    await quantity.fill('3');
    await line.getByRole('button', { name: `Update ${product.name}` }).click();
    await expect(notices(page).getByRole('status')).toHaveText('Item quantity update successfully!');
    await expectLineTotal(line, incl(lineTotal(price, 3)));
    await expectAmount(page, 'Items', incl(lineTotal(price, 3)));
    await expectAmount(page, 'Total', incl(lineTotal(price, 3)));
    await expect(quantity).toHaveValue('3');
    await expect(badge(page)).toHaveText('3');

    await line.getByRole('button', { name: `Remove ${product.name}` }).click();
    await expect(notices(page).getByRole('status')).toHaveText('The item has been removed successfully');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Continue shopping' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(badge(page)).toHaveText('0');
    await expect(page.getByRole('link', { name: 'Return' })).toHaveCount(0);
  });

  test('Return goes home and Confirm goes to the shipping step', async ({ page }) => {
    const product = await productWithPence();
    await addMainProduct(page, product, 1);
    await expect(badge(page)).toHaveText('1');
    await page.goto('/basket');
    await expect(page.getByRole('main').getByRole('link', { name: 'Return' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('main').getByRole('link', { name: 'Confirm' })).toHaveAttribute(
      'href',
      '/basket/shipping',
    );
  });

  test("a quantity above the stock gets Magento's message and adds nothing", async ({ page }) => {
    const product = await productWithPence();
    const stock = await stockOf(product.sku);
    await addMainProduct(page, product, stock + 1);
    await expect(notices(page).getByRole('alert')).toHaveText('The requested qty is not available');
    await expect(notices(page).getByRole('status')).toBeEmpty();
    await expect(addForm(page, product.sku).getByLabel('Quantity', { exact: true })).toHaveValue(
      String(stock + 1),
    );
    await expect(badge(page)).toHaveText('0');
    await page.goto('/basket');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  });

  test('a refused update keeps the quantity typed and the totals as they were', async ({ page }) => {
    const product = await productWithPence();
    const stock = await stockOf(product.sku);
    await addMainProduct(page, product, 1);
    await expect(badge(page)).toHaveText('1');
    const { price } = await cartLine(page, product.sku);
    await page.goto('/basket');
    const line = row(page, product.name);
    const quantity = line.getByRole('spinbutton', { name: `Quantity ${product.name}` });
    await quantity.fill(String(stock + 5));
    await line.getByRole('button', { name: `Update ${product.name}` }).click();
    await expect(notices(page).getByRole('alert')).toHaveText('The requested qty is not available');
    await expect(quantity).toHaveValue(String(stock + 5));
    await expectLineTotal(line, incl(price));
    await expect(badge(page)).toHaveText('1');
  });

  test('a click made before the page was ready still adds the product, on the basket page', async ({
    page,
  }) => {
    const product = await productWithPence();
    await page.goto(`/basket?sku=${encodeURIComponent(product.sku)}&qty=2`);
    await expect(notices(page).getByRole('status')).toHaveText('This product is now in your cart!');
    await expect(page).toHaveURL('/basket');
    await expect(row(page, product.name).getByRole('spinbutton')).toHaveValue('2');
    await expect(badge(page)).toHaveText('2');
  });

  test('a line and the lines’ sum show excl VAT once the shopper chooses it; the Total stays incl VAT', async ({
    page,
  }) => {
    const product = await productWithPence();
    const unitExclVat = product.priceExclVat;
    if (unitExclVat === null) throw new Error(`${product.sku} has no price excl VAT`);
    await addMainProduct(page, product, 2);
    await expect(badge(page)).toHaveText('2');
    const { price } = await cartLine(page, product.sku);
    await page.goto('/basket');
    await shellReady(page);
    const line = row(page, product.name);
    await expectLineTotal(line, incl(lineTotal(price, 2)));

    await page.locator('[data-vat-choice="excl"]').click();
    await expectLineTotal(line, excl(lineTotal(unitExclVat, 2)));
    await expectAmount(page, 'Items', excl(lineTotal(unitExclVat, 2)));
    await expectAmount(page, 'Total', incl(lineTotal(price, 2)));
    // The choice holds on the next visit.
    await page.reload();
    await expectLineTotal(row(page, product.name), excl(lineTotal(unitExclVat, 2)));
  });

  test('a browser with no cart shows the empty basket before any script module runs', async ({ page }) => {
    // Modules refused: only the page's own HTML and its inline scripts can show it.
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.goto('/basket');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
    await page.unroute('**/_astro/*.js');

    // With the scripts, the page stays as it was first painted: the loading line never comes back.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const loading = document.querySelector<HTMLElement>('[data-basket-loading]');
        const empty = document.querySelector<HTMLElement>('[data-basket-empty]');
        if (loading && empty && (!loading.hidden || empty.hidden))
          document.documentElement.dataset['basketRedrawn'] = 'true';
      }).observe(document, { subtree: true, attributeFilter: ['hidden'] });
    });
    await page.reload();
    await shellReady(page);
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Continue shopping' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-basket-redrawn');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the add-to-cart form is the plain form that goes to the basket', async ({ page }) => {
    const product = richProduct();
    await page.goto(`/${product.urlKey}`);
    const form = addForm(page, product.sku);
    await expect(form).toHaveAttribute('action', '/basket');
    await expect(form.getByLabel('Quantity', { exact: true })).toHaveValue('1');
    await form.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(new RegExp(`/basket\\?sku=${encodeURIComponent(product.sku)}&qty=1$`));
  });
});

test.describe('signing in with a guest basket', () => {
  test("the guest's items join the customer's basket", async ({ page }) => {
    const customer = {
      email: `e2e-basket-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`,
      password: 'Scrub!Brush42',
    };
    await page.goto('/privacy-policy');
    const created = await page.evaluate(async (c) => {
      const response = await fetch('/rest/V1/customers', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          customer: { email: c.email, firstname: 'Basket', lastname: 'Merger' },
          password: c.password,
        }),
      });
      return response.status;
    }, customer);
    expect(created).toBe(200);

    const signIn = async () => {
      await page.goto('/customer/sign-in');
      await expect(page.locator(`astro-island[opts*='"name":"SignInForm"']:not([ssr])`)).toBeAttached();
      await page.getByLabel('Email', { exact: true }).fill(customer.email);
      await page.getByLabel('Password', { exact: true }).fill(customer.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL('/customer');
    };

    // The customer already has a basket with one product…
    const mine = await productWithPence();
    await signIn();
    await addMainProduct(page, mine, 1);
    await expect(notices(page).getByRole('status')).toHaveText('This product is now in your cart!');
    await shellReady(page);
    await page.locator('#account-menu-slot summary').click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(badge(page)).toHaveText('0');

    // …then, as a guest, adds a connected product (quantity 1) and signs in.
    const host = richProduct();
    const accessory = connected(host, 'crosssell').find((p) => p.inStock && p.sku !== mine.sku);
    if (!accessory) throw new Error('The rich product has no in-stock accessory');
    await page.goto(`/${host.urlKey}`);
    await ready(page, accessory.sku);
    const accessoryButton = addForm(page, accessory.sku).getByRole('button');
    await expect(accessoryButton).toHaveAccessibleName(
      new RegExp(`^Add to cart.*${accessory.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    await accessoryButton.click();
    await expect(notices(page).getByRole('status')).toHaveText('This product is now in your cart!');
    await expect(badge(page)).toHaveText('1');
    expect(await page.evaluate(() => localStorage.getItem('guestCode'))).toMatch(/^[A-Za-z0-9]{32}$/);

    await signIn();
    expect(await page.evaluate(() => localStorage.getItem('guestCode'))).toBeFalsy();
    await expect(badge(page)).toHaveText('2');
    await page.goto('/basket');
    await expect(row(page, accessory.name)).toHaveCount(1);
    await expect(row(page, mine.name)).toHaveCount(1);
  });
});

test.describe('on a phone', () => {
  test('a shopper adds to the basket, sees the count and changes the quantity @mobile', async ({ page }) => {
    const product = await productWithPence();
    await addMainProduct(page, product, 1);
    await expect(notices(page).getByRole('status')).toHaveText('This product is now in your cart!');
    await expect(badge(page)).toHaveText('1');
    await expect(badge(page)).toBeVisible();
    await page.locator('#basket-link').click();
    const line = row(page, product.name);
    await line.getByRole('spinbutton', { name: `Quantity ${product.name}` }).fill('2');
    await line.getByRole('button', { name: `Update ${product.name}` }).click();
    await expect(notices(page).getByRole('status')).toHaveText('Item quantity update successfully!');
    await expect(badge(page)).toHaveText('2');
  });
});
