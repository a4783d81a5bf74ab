/**
 * Negotiable quotes (issue 68, B2B for Adobe Commerce), in the demo company Brightwater Facilities: a buyer
 * asks for a quote on five scrubber-dryers from the basket with a note; it waits on My quotes; the merchant
 * answers it on /merchant/quotes with a lower line price, a delivery price and an expiry; the buyer sees the
 * quoted price and the negotiation, and orders at it with a PO number; the order shows the quoted price
 * while the product page keeps the catalogue's. And a quote whose prices have expired offers no order, and
 * the shop's route refuses one.
 *
 * Each test has a buyer of its own (a new customer the company's administrator adds with the Buyer role),
 * so the desktop and mobile projects, and other journeys using the demo buyer, never share a basket.
 */
import type { Page } from '@playwright/test';
import { DEMO_COMPANY } from '@cleaning-shop/embedded-magento/seed/company.ts';
import { formatPrice } from '../src/catalogue/money.ts';
import { merchantQuoteTexts as mt, quotesTexts as t } from '../src/features/quotes/texts.ts';
import { signIn, type Customer } from './support/alerts.ts';
import { listings, type Product } from './support/catalogue.ts';
import { MAGENTO } from './support/checkout.ts';
import { expect, hydrated, notices, shellReady, test } from './support/test.ts';

test.describe.configure({ timeout: 180_000 });

const ADMIN = { username: 'admin', password: 'Admin123!' };
const PASSWORD = 'Scrub!Brush42';

async function json(url: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, text).toBe(true);
  return JSON.parse(text) as unknown;
}

const customerToken = async (email: string, password: string) =>
  (await json(`${MAGENTO}/rest/V1/integration/customer/token`, { username: email, password })) as string;

/** A Magento admin token, as the merchant pastes one into /merchant/quotes. */
const adminToken = async () => (await json(`${MAGENTO}/rest/V1/integration/admin/token`, ADMIN)) as string;

async function graphql(token: string, query: string, variables: Record<string, unknown> = {}) {
  const answer = (await json(`${MAGENTO}/graphql`, { query, variables }, token)) as {
    data?: Record<string, unknown>;
    errors?: unknown;
  };
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data ?? {};
}

/**
 * A new customer with a default address (where a quote's order goes), added to the demo company by its
 * administrator with the Buyer role, which may ask for quotes and order them.
 */
async function newBuyer(label: string): Promise<Customer> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const buyer = { email: `e2e-quote-${label}-${tag}@example.com`, password: PASSWORD };
  const names = { firstname: 'Quinn', lastname: 'Buyer' };
  const home = {
    ...names,
    street: ['12 Mill Lane'],
    city: 'Leeds',
    postcode: 'LS1 4AB',
    country_id: 'GB',
    telephone: '0113 496 0000',
    default_shipping: true,
    default_billing: true,
  };
  await json(`${MAGENTO}/rest/V1/customers`, {
    customer: { email: buyer.email, ...names, addresses: [home] },
    password: buyer.password,
  });
  const admin = await customerToken(DEMO_COMPANY.admin.email, DEMO_COMPANY.admin.password);
  const roles = (await graphql(admin, '{ company { roles { items { id name } } } }')) as {
    company: { roles: { items: { id: string; name: string }[] } };
  };
  const role = roles.company.roles.items.find((one) => one.name === DEMO_COMPANY.buyer.role);
  expect(role, 'the demo company has a Buyer role').toBeDefined();
  await graphql(
    admin,
    `
      mutation ($input: CompanyUserCreateInput!) {
        createCompanyUser(input: $input) {
          user {
            email
          }
        }
      }
    `,
    {
      input: {
        ...names,
        email: buyer.email,
        job_title: 'Site manager',
        telephone: '0113 496 0000',
        role_id: role?.id,
        status: 'ACTIVE',
      },
    },
  );
  return buyer;
}

/**
 * A scrubber-dryer with a page, in stock, with no sale and one trade price (the company's customer group's,
 * from one up): what a company buyer's basket and quote start from.
 */
function scrubberDryer(): Product {
  const listing = listings().find((one) => one.path.endsWith('/floor-scrubbers-scrubber-dryers'));
  const product = listing?.products.find(
    (one) =>
      one.typeId === 'simple' &&
      one.visibility === 4 &&
      one.inStock &&
      one.specialPrice === null &&
      one.tierPrices.length === 1 &&
      one.tierPrices[0]?.qty === 1 &&
      (one.priceInclVat ?? 0) > 1000,
  );
  if (!product) throw new Error('The e2e catalogue has no plain-priced scrubber-dryer in stock');
  return product;
}

/** On the product page, `qty` of `product` into the basket. */
async function addToBasket(page: Page, product: Product, qty: number): Promise<void> {
  await page.goto(`/${product.urlKey}`);
  const form = page.locator(`form[data-add-to-cart][data-sku="${product.sku}"]`);
  await form.scrollIntoViewIfNeeded();
  await shellReady(page);
  await form.getByLabel('Quantity', { exact: true }).fill(String(qty));
  await form.getByRole('button', { name: 'Add to cart' }).click();
  await expect(notices(page).getByRole('status')).toHaveText('This product is now in your cart!');
}

/** From the basket, a quote on all of it named `name`; its uid, from the quote's page it leads to. */
async function requestQuote(page: Page, name: string, note: string): Promise<string> {
  await page.goto('/basket');
  const section = page.getByRole('region', { name: t.requestButton });
  await expect(section).toBeVisible();
  await section.getByLabel(t.nameLabel).fill(name);
  await section.getByLabel(t.noteLabel).fill(note);
  await section.getByRole('button', { name: t.requestButton }).click();
  await expect(page).toHaveURL(/\/company\/quotes\/view\?uid=/);
  return new URL(page.url()).searchParams.get('uid') ?? '';
}

/** A day `days` from today, as a date field takes it. */
const dayFromNow = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface MerchantAnswer {
  /** The quote's one line: five of it. */
  readonly product: Product;
  readonly price: number;
  readonly delivery: number;
  readonly expires: string;
  readonly comment: string;
}

/**
 * The merchant, on /merchant/quotes with an admin token, prices the quote and sends it to the buyer; the
 * page then says `said` (by default that it was sent).
 */
async function answer(
  page: Page,
  name: string,
  given: MerchantAnswer,
  said: (id: number) => string | RegExp = mt.sent,
): Promise<void> {
  await page.goto('/merchant/quotes');
  await hydrated(page, 'AnswerQuotes');
  await page.getByLabel(mt.tokenLabel).fill(await adminToken());
  await page.getByRole('button', { name: mt.show }).click();
  // The quote's own name picks it out; its id is the merchant's (Adobe's uid is the masked cart id).
  const form = page
    .locator('form[data-quote-id]')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${name} `) }) });
  await expect(form).toBeVisible();
  const id = Number(await form.getAttribute('data-quote-id'));
  await form.getByLabel(mt.unitPrice(given.product.name, 5)).fill(String(given.price));
  await form.getByLabel(mt.delivery).fill(String(given.delivery));
  await form.getByLabel(mt.expires).fill(given.expires);
  await form.getByLabel(mt.comment).fill(given.comment);
  await form.getByRole('button', { name: mt.send }).click();
  await expect(page.getByRole('status').filter({ hasText: said(id) })).toBeVisible();
}

const openQuote = async (page: Page, uid: string) => {
  await page.goto(`/company/quotes/view?uid=${encodeURIComponent(uid)}`);
  await hydrated(page, 'QuoteView');
};

// Both journeys run on a desktop and on a phone (the quote pages' tables become labelled cards there): the
// mobile project runs only tests tagged @mobile, the desktop one all others.
for (const phone of ['', ' @mobile'])
  test(`a buyer asks for a quote, the merchant answers, and the buyer orders at the quoted price${phone}`, async ({
    page,
    browser,
  }) => {
    const buyer = await newBuyer('order');
    const product = scrubberDryer();
    const catalogue = product.priceInclVat ?? 0;
    const trade = product.tierPrices[0]?.priceInclVat ?? catalogue;
    const quoted = Math.floor(trade * 0.85);
    const name = `Site kit ${Date.now().toString(36)}`;
    const note = 'Five for the new distribution centre, please.';

    await signIn(page, buyer);
    await addToBasket(page, product, 5);
    const uid = await requestQuote(page, name, note);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('.quote-status')).toHaveText(t.status.SUBMITTED);
    await expect(page.getByText(t.waiting)).toBeVisible();
    await expect(page.getByRole('button', { name: t.order })).toHaveCount(0);

    // My quotes lists it as waiting for us.
    await page.goto('/company/quotes');
    await hydrated(page, 'MyQuotes');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(row).toContainText(t.status.SUBMITTED);
    await expect(row).toContainText('5');

    await answer(page, name, {
      product,
      price: quoted,
      delivery: 45,
      expires: dayFromNow(30),
      comment: 'Our best price for five.',
    });

    // The buyer sees the quoted price beside the catalogue's, and the negotiation so far.
    await openQuote(page, uid);
    await expect(page.locator('.quote-status')).toHaveText(t.status.UPDATED);
    const line = page.locator(`tr[data-sku="${product.sku}"]`);
    await expect(line.locator('.quote-price')).toHaveText(formatPrice(quoted));
    await expect(line).toContainText(formatPrice(trade));
    await expect(line).toContainText(formatPrice(quoted * 5));
    const history = page.getByRole('region', { name: t.history });
    await expect(history).toContainText(note);
    await expect(history).toContainText('Our best price for five.');
    await expect(history).toContainText(t.statusChanged(t.status.UPDATED));

    // Ordered at those prices, on account with the buyer's PO number.
    const po = `PO-Q-${Date.now().toString(36)}`;
    await page.getByLabel(t.poLabel).fill(po);
    await page.getByRole('button', { name: t.order }).click();
    const said = page.getByRole('status').filter({ hasText: /order \S+ is placed/ });
    await expect(said).toBeVisible();
    const number = /order (\S+) is placed/.exec((await said.textContent()) ?? '')?.[1] ?? '';
    expect(number).not.toBe('');

    // My orders and the order's page show it at the quoted price.
    await page.goto('/customer/orders');
    await expect(page.getByRole('row').filter({ hasText: number })).toBeVisible();
    await page.goto(`/customer/orders/${number}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    const ordered = page.getByRole('table').getByRole('row').filter({ hasText: product.sku });
    await expect(ordered).toContainText(formatPrice(quoted));
    await expect(page.getByRole('main')).toContainText(po);

    // The quote changed no catalogue price: the buyer's product page shows their trade price, a guest's the
    // catalogue's, neither the quoted one.
    await page.goto(`/${product.urlKey}`);
    await expect(page.getByRole('main')).toContainText(formatPrice(trade));
    await expect(page.getByRole('main')).not.toContainText(formatPrice(quoted));
    const guest = await browser.newPage();
    await guest.goto(`/${product.urlKey}`);
    await expect(guest.getByRole('main')).toContainText(formatPrice(catalogue));
    await expect(guest.getByRole('main')).not.toContainText(formatPrice(quoted));
    await guest.close();
  });

for (const phone of ['', ' @mobile'])
  test(`an expired quote cannot be ordered, on its page or through the route${phone}`, async ({ page }) => {
    const buyer = await newBuyer('expired');
    const product = scrubberDryer();
    const name = `Old kit ${Date.now().toString(36)}`;

    await signIn(page, buyer);
    await addToBasket(page, product, 5);
    const uid = await requestQuote(page, name, 'Prices for five, please.');
    await answer(
      page,
      name,
      {
        product,
        price: Math.floor((product.priceInclVat ?? 0) * 0.9),
        delivery: 30,
        expires: dayFromNow(-2),
        comment: 'These prices ended two days ago.',
      },
      // Saved with a day gone by, the quote expires at once (Magento's nightly expiry, done when it is next
      // read here), so it is no longer sent.
      (id) => new RegExp(`quote ${String(id)} cannot be changed in its current state \\(expired\\)`),
    );

    await openQuote(page, uid);
    await expect(page.locator('.quote-status')).toHaveText(t.status.EXPIRED);
    await expect(page.getByText(t.expiredNote)).toBeVisible();
    await expect(page.getByRole('button', { name: t.order })).toHaveCount(0);
    await expect(page.getByLabel(t.poLabel)).toHaveCount(0);

    const refused = await page.evaluate(async (quote) => {
      const response = await fetch(`/negotiable-quotes/${encodeURIComponent(quote)}/order`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ poNumber: 'PO-LATE' }),
      });
      return { status: response.status, body: (await response.json()) as { message?: string } };
    }, uid);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(t.expired);
  });
