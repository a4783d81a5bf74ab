/**
 * The wish list (issue 13): the product buttons toggle it and say so, keep their state through a
 * listing's redraw and a reload; the header counts it; a guest's list (kept in the browser) joins the
 * customer's in Magento on sign-in and then follows the customer to another browser; /wishlist removes,
 * adds to the basket, and adds all, naming a product that cannot be added and keeping it on the list.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import {
  hasReviews,
  largestListing,
  NO_REVIEWS,
  productPages,
  starsOf,
  type Product,
} from './support/catalogue.ts';
import { sideways } from './support/layout.ts';
import { MAGENTO_URL } from './support/ports.ts';
import { expect, PRIVACY_KEY, shellReady, notices, test } from './support/test.ts';

/** The embedded back end of the e2e shop (scripts/e2e-server.ts), its admin and demo customer (README). */
const MAGENTO = `${MAGENTO_URL}/rest/V1`;
const ADMIN = {
  username: process.env['EMBEDDED_ADMIN_USERNAME'] ?? 'admin',
  password: process.env['EMBEDDED_ADMIN_PASSWORD'] ?? 'Admin123!',
};
const DEMO = { email: 'shopper@example.com', password: 'Shopper123!' };

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Customer {
  email: string;
  password: string;
}

/**
 * In-stock products with a page, a price and a picture, taken from the end of the catalogue (other
 * journeys take theirs from its start), each test its own slice, so no two tests share a product.
 */
function products(from: number, count: number): Product[] {
  const picked = productPages()
    .filter((p) => p.inStock && p.priceInclVat !== null && p.images.length > 0)
    .reverse()
    .slice(from, from + count);
  if (picked.length < count) throw new Error('The e2e catalogue has too few products in stock.');
  return picked;
}

async function magento(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${MAGENTO}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body: unknown = await response.json();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

const adminToken = async () =>
  (await magento('/integration/admin/token', { method: 'POST', body: ADMIN })) as string;
const customerToken = async (customer: Customer) =>
  (await magento('/integration/customer/token', {
    method: 'POST',
    body: { username: customer.email, password: customer.password },
  })) as string;

/** A customer nobody else uses. */
async function newCustomer(): Promise<Customer> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const customer = { email: `e2e-wish-${tag}@example.com`, password: 'Scrub!Brush42' };
  await magento('/customers', {
    method: 'POST',
    body: {
      customer: { email: customer.email, firstname: 'Wish', lastname: 'Lister' },
      password: customer.password,
    },
  });
  return customer;
}

/** Empties a customer's wish list in Magento (its GraphQL), so a journey starts from a known list. */
async function clearWishlist(customer: Customer): Promise<void> {
  const token = await customerToken(customer);
  const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${MAGENTO_URL}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as {
      data: { customer: { wishlists: { items_v2: { items: { id: string }[] } }[] } };
    };
  };
  const read = await graphql('{ customer { wishlists { items_v2(pageSize: 100) { items { id } } } } }');
  const ids = read.data.customer.wishlists[0]?.items_v2.items.map((item) => item.id) ?? [];
  if (ids.length > 0)
    await graphql(
      'mutation Clear($ids: [ID!]!) { removeProductsFromWishlist(wishlistId: "0", wishlistItemsIds: $ids) { user_errors { message } } }',
      { ids },
    );
}

/** Sets a product's stock in Magento; answers how to put it back as it was. */
async function outOfStock(sku: string): Promise<() => Promise<void>> {
  const token = await adminToken();
  const path = `/products/${encodeURIComponent(sku)}`;
  const before = (await magento(path, { token })) as {
    extension_attributes?: { stock_item?: { qty?: number; is_in_stock?: boolean } };
  };
  const stock = before.extension_attributes?.stock_item ?? {};
  const set = (stockItem: { qty: number; is_in_stock: boolean }) =>
    magento(path, {
      method: 'PUT',
      token,
      body: { product: { sku, extension_attributes: { stock_item: stockItem } } },
    });
  await set({ qty: 0, is_in_stock: false });
  return async () => {
    await set({ qty: stock.qty ?? 100, is_in_stock: stock.is_in_stock ?? true });
  };
}

const wishlistLink = (page: Page) => page.locator('#wishlist-link');
const basketBadge = (page: Page) => page.locator('#basket-link [data-basket-count]');
/**
 * A product's wish-list button (its card's, or its page's purchase panel): found by its sku, since the
 * demo catalogue gives some products the same name. Its name says what it will do, then the product's.
 */
const wishlistButton = (page: Page, product: Product) =>
  page.locator(`[data-wishlist-sku="${product.sku}"]`).first();
const named = (action: string, product: Product) =>
  new RegExp(`^${action}\\s*: ${escapeRegExp(product.name)}$`);
async function expectOnList(page: Page, product: Product, on: boolean): Promise<void> {
  const button = wishlistButton(page, product);
  await expect(button).toHaveAccessibleName(
    named(on ? 'Remove from wish list' : 'Add to wish list', product),
  );
  if (on) await expect(button).toHaveAttribute('data-on', '');
  else await expect(button).not.toHaveAttribute('data-on');
}
/** The rows of /wishlist; a product's is the one linking to its page. */
const rows = (page: Page) => page.getByRole('main').getByRole('listitem');
const row = (page: Page, product: Product) =>
  rows(page).filter({ has: page.locator(`a[href="/${product.urlKey}"]`) });

/** Puts a product on the list with its page's button, and checks what the shopper is told and shown. */
async function addFromProductPage(page: Page, product: Product): Promise<void> {
  await page.goto(`/${product.urlKey}`);
  await shellReady(page);
  await expectOnList(page, product, false);
  await wishlistButton(page, product).click();
  await expect(notices(page).getByRole('status')).toHaveText(`${product.name} is now in your wish list.`);
  await expectOnList(page, product, true);
}

async function signIn(page: Page, customer: Customer): Promise<void> {
  await page.goto('/customer/sign-in');
  await expect(page.locator(`astro-island[opts*='"name":"SignInForm"']:not([ssr])`)).toBeAttached();
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/customer');
}

/** A page in a browser of its own (a second device): no storage shared with the test's page. */
async function otherBrowser(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  await context.addInitScript((key) => {
    try {
      window.localStorage.setItem(key, 'true');
    } catch {
      // about:blank has no storage
    }
  }, PRIVACY_KEY);
  return { page: await context.newPage(), close: () => context.close() };
}

test('a guest’s wish list joins the customer’s on sign-in and follows the customer to another browser', async ({
  page,
  browser,
}) => {
  const [first, second] = products(0, 2) as [Product, Product];
  await clearWishlist(DEMO);

  await addFromProductPage(page, first);
  await addFromProductPage(page, second);
  await expect(wishlistLink(page)).toHaveAccessibleName('2 Wish list');
  await expect(wishlistLink(page)).toHaveAccessibleDescription('2 products in your wish list');

  await signIn(page, DEMO);
  await expect(notices(page).getByRole('status')).toHaveText(
    '2 products from your wish list were added to your account.',
  );
  await expect(wishlistLink(page)).toHaveAccessibleName('2 Wish list');
  await wishlistLink(page).click();
  await expect(page).toHaveURL('/wishlist');
  await expect(rows(page)).toHaveCount(2);
  for (const product of [first, second])
    await expect(row(page, product).getByRole('link', { name: product.name })).toHaveAttribute(
      'href',
      `/${product.urlKey}`,
    );

  const elsewhere = await otherBrowser(browser);
  try {
    await signIn(elsewhere.page, DEMO);
    await elsewhere.page.goto('/wishlist');
    await expect(rows(elsewhere.page)).toHaveCount(2);
    await expect(row(elsewhere.page, first)).toBeVisible();
    await expect(row(elsewhere.page, second)).toBeVisible();
    // The product's own page knows it is on the list there too.
    await elsewhere.page.goto(`/${first.urlKey}`);
    await expectOnList(elsewhere.page, first, true);
  } finally {
    await elsewhere.close();
  }

  // Signed out, the header shows the guest's list again (emptied by the merge); the customer's stays.
  await page.getByLabel('Account menu').click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(wishlistLink(page)).toHaveAccessibleName('0 Wish list');
});

test('add all to basket adds the available products, names the one that is not, and keeps it on the list', async ({
  page,
}) => {
  const [first, second, unavailable] = products(2, 3) as [Product, Product, Product];
  const customer = await newCustomer();
  await signIn(page, customer);
  for (const product of [first, second, unavailable]) await addFromProductPage(page, product);
  await expect(wishlistLink(page)).toHaveAccessibleName('3 Wish list');

  const restock = await outOfStock(unavailable.sku);
  try {
    await page.goto('/wishlist');
    await expect(rows(page)).toHaveCount(3);
    await page.getByRole('button', { name: 'Add all to basket' }).click();
    const alert = notices(page).getByRole('alert');
    await expect(alert).toHaveText(
      new RegExp(
        `^2 products were added to your basket\\. Not available, so still in your wish list: ${escapeRegExp(unavailable.name)} \\(.+\\)\\.$`,
      ),
    );
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, unavailable)).toBeVisible();
    await expect(wishlistLink(page)).toHaveAccessibleName('1 Wish list');
    await expect(basketBadge(page)).toHaveText('2');

    await page.goto('/basket');
    const basketRows = page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem');
    await expect(basketRows).toHaveCount(2);
    await expect(basketRows.filter({ hasText: first.name })).toBeVisible();
    await expect(basketRows.filter({ hasText: second.name })).toBeVisible();
  } finally {
    await restock();
  }
});

test('a guest removes a product, adds one to the basket, then adds all; the list is then empty', async ({
  page,
}) => {
  const [first, second, third] = products(5, 3) as [Product, Product, Product];
  for (const product of [first, second, third]) await addFromProductPage(page, product);
  await page.goto('/wishlist');
  await expect(rows(page)).toHaveCount(3);
  await expect(row(page, first).getByText('In Stock', { exact: true })).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  await row(page, first)
    .getByRole('button', { name: named('Remove', first) })
    .click();
  await expect(notices(page).getByRole('status')).toHaveText(
    `${first.name} has been removed from your wish list.`,
  );
  await expect(rows(page)).toHaveCount(2);
  await expect(wishlistLink(page)).toHaveAccessibleName('2 Wish list');

  await row(page, second)
    .getByRole('button', { name: named('Add to basket', second) })
    .click();
  await expect(notices(page).getByRole('status')).toHaveText('This product is now in your cart!');
  await expect(rows(page)).toHaveCount(1);
  await expect(basketBadge(page)).toHaveText('1');

  await page.getByRole('button', { name: 'Add all to basket' }).click();
  await expect(notices(page).getByRole('status')).toHaveText('1 product was added to your basket.');
  await expect(page.getByText('Your wish list is empty.')).toBeVisible();
  await expect(basketBadge(page)).toHaveText('2');
  await expect(wishlistLink(page)).toHaveAccessibleName('0 Wish list');

  await page.reload();
  await expect(page.getByText('Your wish list is empty.')).toBeVisible();
});

test('a product with reviews shows its stars on the wish list', async ({ page }) => {
  // From the end of the catalogue, as the other journeys here take theirs, past the slices they take.
  const rated = productPages()
    .filter((p) => p.inStock && p.priceInclVat !== null)
    .reverse()
    .slice(20)
    .find(hasReviews);
  test.skip(!rated, NO_REVIEWS);
  if (!rated) return;
  await addFromProductPage(page, rated);
  await page.goto('/wishlist');
  await expect(
    row(page, rated).getByRole('img', { name: `Rated ${starsOf(rated.rating?.percent ?? 0)} out of 5` }),
  ).toBeVisible();
});

test('a card’s button keeps its state when the listing redraws and after a reload', async ({ page }) => {
  const listing = largestListing();
  const [product, other] = listing.products as [Product, Product];
  await page.goto(listing.path);
  await shellReady(page);
  await wishlistButton(page, product).click();
  await expect(notices(page).getByRole('status')).toHaveText(`${product.name} is now in your wish list.`);
  await expectOnList(page, product, true);

  // 24 a page: the grid is drawn again in the browser.
  await page.getByLabel('Per page').selectOption('24');
  await expect(page.getByRole('main').locator('.product-card')).toHaveCount(
    Math.min(24, listing.products.length),
  );
  await expectOnList(page, product, true);
  await expectOnList(page, other, false);

  await page.reload();
  await shellReady(page);
  await expectOnList(page, product, true);
  await wishlistButton(page, product).click();
  await expect(notices(page).getByRole('status')).toHaveText(
    `${product.name} has been removed from your wish list.`,
  );
  await expectOnList(page, product, false);
  await expect(wishlistLink(page)).toHaveAccessibleName('0 Wish list');
});

test('a product no longer sold leaves a guest’s list, and the page says so', async ({ page }) => {
  const [kept] = products(9, 1) as [Product];
  await page.goto('/privacy-policy');
  await page.evaluate(
    (sku) => window.localStorage.setItem('wishlist', JSON.stringify([sku, 'NO-LONGER-SOLD'])),
    kept.sku,
  );
  await page.goto('/wishlist');
  await expect(notices(page).getByRole('alert')).toHaveText(
    '1 product in your wish list is no longer sold, so it has been removed.',
  );
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, kept)).toBeVisible();
  await expect(wishlistLink(page)).toHaveAccessibleName('1 Wish list');
});

test('when the list cannot be read, the page says so, and Try again reads it again', async ({ page }) => {
  // A signed-in customer whose list the server cannot read (its answer is what the server test pins down).
  await signIn(page, await newCustomer());
  let down = true;
  await page.route('**/wishlist/items', (route) =>
    route.fulfill(
      down
        ? { status: 503, json: { message: "Your wish list can't be shown right now. Please try again." } }
        : { status: 200, json: { items: [], count: 0, done: [], failed: [] } },
    ),
  );
  await page.goto('/wishlist');
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    "Your wish list can't be shown right now. Please try again.",
  );
  down = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Your wish list is empty.')).toBeVisible();
  await expect(wishlistLink(page)).toHaveAccessibleName('0 Wish list');
});

test('on a phone the header shows the wish list beside the basket, and nothing runs off the screen @mobile', async ({
  page,
}) => {
  const [product] = products(8, 1) as [Product];
  await addFromProductPage(page, product);
  await expect(wishlistLink(page)).toBeVisible();
  await expect(wishlistLink(page)).toHaveAccessibleName('1 Wish list');
  await expect(page.getByRole('link', { name: /home page$/ })).toBeVisible();
  expect(await sideways(page)).toBe('');
  await wishlistLink(page).click();
  await expect(row(page, product)).toBeVisible();
  expect(await sideways(page)).toBe('');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the wish list says it needs JavaScript', async ({ page }) => {
    await page.goto('/wishlist');
    await expect(page.getByText(/Your wish list needs JavaScript/)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeHidden();
  });
});
