/**
 * Negotiable quotes (issue 68, B2B for Adobe Commerce), in the demo company Brightwater Facilities: a buyer
 * asks for a quote on five scrubber-dryers from the basket with a note; it waits on My quotes; the merchant
 * answers it on /merchant/quotes with a lower line price, a delivery price and an expiry; the buyer sees the
 * quoted price and the negotiation, and orders at it with a PO number; the order shows the quoted price
 * while the product page keeps the catalogue's. And a quote whose prices have expired offers no order, and
 * the shop's route refuses one. The merchant's answer is e-mailed with a link to the quote, whose page shows
 * the delivery price quoted; another company's administrator gets Not Found (404) for it, as for a quote
 * that does not exist; a buyer finds My quotes from My Account and the account menu, a customer of no
 * company is not offered it.
 *
 * Each test has a buyer of its own (a new customer the company's administrator adds with the Buyer role),
 * so the desktop and mobile projects, and other journeys using the demo buyer, never share a basket.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_COMPANY } from '@cleaning-shop/embedded-magento/seed/company.ts';
import { formatPrice } from '../src/catalogue/money.ts';
import { merchantQuoteTexts as mt, quotesTexts as t } from '../src/features/quotes/texts.ts';
import { signIn, type Customer } from './support/alerts.ts';
import { listings, type Product } from './support/catalogue.ts';
import { MAGENTO, tag } from './support/checkout.ts';
import { expectMail } from './support/mail.ts';
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

/** A call to the merchant's admin REST with the admin token, as the shop's own invitations join a customer. */
async function asAdmin(method: 'PUT', path: string, body: unknown): Promise<void> {
  const response = await fetch(`${MAGENTO}/rest/V1${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify(body),
  });
  expect(response.ok, await response.text()).toBe(true);
}

/** The number a Magento uid stands for ("Mg==" is 2). */
const idOf = (uid: string): number => Number(atob(uid));

/**
 * A new customer with a default address (where a quote's order goes), joined to the demo company with the
 * Buyer role, which may ask for quotes and order them: through the admin calls the shop's invitations make
 * (docs/company-accounts.md), since Magento invites, rather than adds, a customer who already has an account.
 */
async function newBuyer(label: string): Promise<Customer> {
  const buyer = { email: `e2e-quote-${label}-${tag()}@example.com`, password: PASSWORD };
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
  const made = (await json(`${MAGENTO}/rest/V1/customers`, {
    customer: { email: buyer.email, ...names, addresses: [home] },
    password: buyer.password,
  })) as { id: number };
  const admin = await customerToken(DEMO_COMPANY.admin.email, DEMO_COMPANY.admin.password);
  const { company } = (await graphql(admin, '{ company { id roles { items { id name } } } }')) as {
    company: { id: string; roles: { items: { id: string; name: string }[] } };
  };
  const role = company.roles.items.find((one) => one.name === DEMO_COMPANY.buyer.role);
  expect(role, 'the demo company has a Buyer role').toBeDefined();
  await asAdmin('PUT', `/customers/${String(made.id)}/companies/${String(idOf(company.id))}`, {});
  await asAdmin('PUT', '/company/assignRoles', { userId: made.id, roles: [{ id: idOf(role?.id ?? '') }] });
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

/** A text matched whole (or only its end, after the shop's name), as a locator's `hasText` takes it. */
const exactly = (text: string, whole = true) =>
  new RegExp(`${whole ? '^' : ''}${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The link of the e-mail telling `buyer` we answered the quote `name`. */
async function quoteLinkOf(request: APIRequestContext, buyer: Customer, name: string): Promise<string> {
  const mail = await expectMail(request, buyer.email, exactly(`Quote "${name}" has been updated`, false));
  const link = /View quote "[^"]*": (\S+)/.exec(mail.text ?? '')?.[1];
  expect(link, mail.text ?? '').toBeDefined();
  return link ?? '';
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
    request,
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

    // The e-mail of our answer leads the buyer to the quote, which shows the delivery price we quoted, in
    // its total too.
    await page.goto(await quoteLinkOf(request, buyer, name));
    await expect(page).toHaveURL(`/company/quotes/view?uid=${encodeURIComponent(uid)}`);
    await hydrated(page, 'QuoteView');
    await expect(page.getByText(t.notYetPriced)).toHaveCount(0);
    const facts = page.getByRole('definition');
    await expect(facts.filter({ hasText: exactly(formatPrice(45)) })).toHaveCount(1);
    await expect(facts.filter({ hasText: exactly(formatPrice(quoted * 5 + 45)) })).toHaveCount(1);

    // The buyer sees the quoted price beside the catalogue's, and the negotiation so far.
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

test('a quote is Not Found to another company’s administrator, as one that does not exist; a guest is asked to sign in', async ({
  page,
  browser,
}) => {
  const buyer = await newBuyer('private');
  const name = `Private kit ${tag()}`;
  await signIn(page, buyer);
  await addToBasket(page, scrubberDryer(), 5);
  const uid = await requestQuote(page, name, 'For our eyes only, please.');
  const path = `/company/quotes/view?uid=${encodeURIComponent(uid)}`;

  const elsewhere = await browser.newContext();
  const stranger = await elsewhere.newPage();
  await signIn(stranger, DEMO_COMPANY.other.admin);
  const theirs = await stranger.goto(path);
  expect(theirs?.status()).toBe(404);
  await expect(stranger.getByRole('heading', { level: 1 })).toHaveText('Not Found');
  await expect(stranger.getByText(name)).toHaveCount(0);
  await elsewhere.close();

  const none = await page.goto('/company/quotes/view?uid=NoSuchQuote0');
  expect(none?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not Found');
  // The buyer's own: the quote.
  expect((await page.goto(path))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const guest = await browser.newPage();
  await guest.goto(path);
  await expect(guest).toHaveURL(/\/customer\/sign-in/);
  await guest.close();
});

test('a buyer finds My quotes from My Account and the account menu; a customer of no company is not offered them', async ({
  page,
}) => {
  const buyer = await newBuyer('links');
  await signIn(page, buyer);
  await page.getByRole('region', { name: t.title }).getByRole('link', { name: t.accountLink }).click();
  await expect(page).toHaveURL('/company/quotes');
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

  await page.goto('/privacy-policy');
  await shellReady(page);
  await page.getByLabel('Account menu').click();
  await page.locator('#account-menu-slot').getByRole('link', { name: t.title }).click();
  await expect(page).toHaveURL('/company/quotes');

  // A customer of no company: neither My Account nor the menu offers My quotes, once the shop has said so.
  const loner = { email: `e2e-quote-loner-${tag()}@example.com`, password: PASSWORD };
  await json(`${MAGENTO}/rest/V1/customers`, {
    customer: { email: loner.email, firstname: 'Lone', lastname: 'Shopper' },
    password: loner.password,
  });
  // Off the quotes page first, so nothing it still asks for ends with the cookies cleared.
  await page.goto('/privacy-policy');
  await page.context().clearCookies();
  const accountAsked = page.waitForResponse((response) =>
    response.url().endsWith('/negotiable-quotes/access'),
  );
  await signIn(page, loner);
  expect(await (await accountAsked).json()).toEqual({ view: false, request: false });
  await expect(page.getByRole('region', { name: t.title })).toHaveCount(0);
  await page.goto('/privacy-policy');
  await shellReady(page);
  await page.getByLabel('Account menu').click();
  await expect(page.locator('#account-menu-slot').getByRole('link', { name: t.title })).toBeHidden();
});
