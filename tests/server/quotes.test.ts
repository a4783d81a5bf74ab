/**
 * A company buyer's negotiable quotes through the storefront server, against a real embedded back end and
 * its GraphQL: asked for from the basket, listed, read, asked again, answered by the seller through the
 * admin REST and ordered at the quoted price; an expired one refused, another company's not found, a role
 * without quotes refused, a guest refused, and Magento down said clearly.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/http/index.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createQuoteRoutes } from '../../src/server/shopper/quotes.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { quotesTexts as t, type Quote, type QuoteSummary } from '../../src/features/quotes/index.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { customerCart, makeProduct } from '../embedded-magento/checkout-helpers.ts';
import {
  addBuyer,
  makeCompany,
  QUOTE_RESOURCES,
  seller,
  sellerQuoteId,
} from '../embedded-magento/negotiable-quotes-helpers.ts';
import { startMailCatcher, type MailCatcher } from '../embedded-magento/returns-helpers.ts';
import { makeFakeSite, page, raw, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
const DOWN = 'http://127.0.0.1:9';
/** The Trade customer group, the one offered pay on account (packages/embedded-magento/customers/groups.ts). */
const TRADE_GROUP = 5;
/** The title of the built site's quote page, which its island fills. */
const QUOTE_PAGE_TITLE = 'One quote';
let backend: TestBackend;
let mail: MailCatcher;
let site: FakeSite;
let shop: RunningStorefront;
let downShop: RunningStorefront;
let offsetMs = 0;
let sku: string;

beforeAll(async () => {
  mail = await startMailCatcher();
  backend = await startTestBackend({
    clock: { now: () => Date.now() + offsetMs },
    smtpUrl: mail.url,
    storeUrl: SITE,
  });
  site = makeFakeSite();
  const view = join(site.clientDir, 'company', 'quotes', 'view');
  mkdirSync(view, { recursive: true });
  writeFileSync(join(view, 'index.html'), page(QUOTE_PAGE_TITLE));
  const routes = (baseUrl: string) => [
    createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
    createQuoteRoutes({ magento: { baseUrl, timeoutMs: 2_000, attempts: 1 }, siteUrl: SITE }),
  ];
  shop = await startFakeSite(site, { siteUrl: SITE, routes: routes(backend.url) });
  downShop = await startFakeSite(site, { siteUrl: SITE, routes: routes(DOWN) });
  sku = await makeProduct(backend, 40, 1);
});
afterAll(async () => {
  await Promise.all([shop.close(), downShop.close()]);
  await backend.stop();
  await mail.close();
  rmSync(site.root, { recursive: true, force: true });
});

const json = (method: string, body: unknown, session: string) => ({
  method,
  headers: { 'Content-Type': 'application/json', Cookie: session, Origin: SITE },
  body: JSON.stringify(body),
});
const parse = <T>(reply: { body: Buffer }) => JSON.parse(reply.body.toString()) as T;
const day = (offsetDays: number) =>
  new Date(Date.now() + offsetMs + offsetDays * 86_400_000).toISOString().slice(0, 10);

interface Buyer {
  session: string;
  email: string;
  token: string;
  id: number;
  companyId: number;
}

/** A signed-in customer of the Trade group; the administrator of a new company unless `companyId` and `resources` are given. */
async function buyer(join?: { companyId: number; resources: readonly string[] }): Promise<Buyer> {
  const customer = await backend.newCustomer();
  backend.db.run('UPDATE customers SET group_id = ? WHERE id = ?', TRADE_GROUP, customer.id);
  let companyId: number;
  if (join) {
    companyId = join.companyId;
    addBuyer(backend, companyId, customer.id, join.resources);
  } else companyId = makeCompany(backend, customer);
  const reply = await raw(shop.url, '/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  const cookie = (reply.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  return {
    session: cookie?.split(';')[0] ?? '',
    email: customer.email,
    token: customer.token,
    id: customer.id,
    companyId,
  };
}

/** Five of the product in the basket, then a quote asked for through the storefront. */
async function askForQuote(who: Buyer): Promise<Quote> {
  await customerCart(backend, who.token, [[sku, 5]]);
  const reply = await raw(
    shop.url,
    '/negotiable-quotes/request',
    json('POST', { name: 'New site', note: 'Five for the new site, please' }, who.session),
  );
  expect(reply.status, reply.body.toString()).toBe(200);
  return parse<{ quote: Quote }>(reply).quote;
}

/** The seller's answer through the admin REST: `price` a unit, `shipping` for delivery, until `expires`. */
async function answer(customerId: number, price: number, shipping: number, expires: string) {
  const id = await sellerQuoteId(backend, customerId);
  const listed = await seller(
    backend,
    'GET',
    `?searchCriteria[filterGroups][0][filters][0][field]=quote_id&searchCriteria[filterGroups][0][filters][0][value]=${String(id)}`,
  );
  const itemId = listed.body.items[0].items[0].item_id as number;
  const put = await seller(backend, 'PUT', `/${String(id)}`, {
    quote: {
      id,
      items: [{ item_id: itemId, price }],
      extension_attributes: { negotiable_quote: { shipping_price: shipping, expiration_period: expires } },
    },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const sent = await seller(backend, 'POST', '/submitToCustomer', {
    quoteId: id,
    comment: 'Trade price for five.',
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
}

const order = (who: Buyer, uid: string) =>
  raw(
    shop.url,
    `/negotiable-quotes/${encodeURIComponent(uid)}/order`,
    json('POST', { poNumber: 'PO-4471' }, who.session),
  );

describe('a company buyer’s negotiable quotes', () => {
  it('asks from the basket, lists, reads, asks again and orders at the quoted price once answered', async () => {
    const who = await buyer();
    const asked = await askForQuote(who);
    expect(asked).toMatchObject({ name: 'New site', status: 'SUBMITTED', quantity: 5 });
    expect(asked.lines.map((line) => [line.sku, line.quantity])).toEqual([[sku, 5]]);
    const uid = encodeURIComponent(asked.uid);

    const early = await order(who, asked.uid);
    expect(early.status).toBe(409);
    expect(parse<{ message: string }>(early).message).toBe(t.cannotOrder);

    const listed = await raw(shop.url, '/negotiable-quotes', { headers: { Cookie: who.session } });
    expect(listed.status).toBe(200);
    expect(parse<{ quotes: QuoteSummary[] }>(listed).quotes.map((one) => one.uid)).toEqual([asked.uid]);

    const offered = 31.5;
    await answer(who.id, offered, 12, day(10));
    const read = parse<{ quote: Quote }>(
      await raw(shop.url, `/negotiable-quotes/${uid}`, { headers: { Cookie: who.session } }),
    ).quote;
    expect(read.status).toBe('UPDATED');
    expect(read.lines[0]).toMatchObject({ price: offered, catalogue: asked.lines[0]?.catalogue });
    expect(read.expires).toBe(day(10));
    expect(read.history.some((event) => event.comment === 'Trade price for five.')).toBe(true);

    const again = await raw(
      shop.url,
      `/negotiable-quotes/${uid}/again`,
      json('POST', { comment: 'Can you do 30?' }, who.session),
    );
    expect(again.status, again.body.toString()).toBe(200);
    expect(parse<{ quote: Quote }>(again).quote.status).toBe('SUBMITTED');
    await answer(who.id, offered, 12, day(10));

    const placed = await order(who, asked.uid);
    expect(placed.status, placed.body.toString()).toBe(200);
    const number = parse<{ orderNumber: string }>(placed).orderNumber;
    const orders = await backend.call(
      'GET',
      `/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=increment_id&searchCriteria[filterGroups][0][filters][0][value]=${number}`,
      { token: INTEGRATION_TOKEN },
    );
    const placedOrder = orders.body.items[0];
    expect(placedOrder.items[0]).toMatchObject({ sku, qty_ordered: 5, price_incl_tax: offered });
    expect(placedOrder.payment.method).toBe('purchaseorder');
    expect(placedOrder.payment.po_number).toBe('PO-4471');
    const after = parse<{ quote: Quote }>(
      await raw(shop.url, `/negotiable-quotes/${uid}`, { headers: { Cookie: who.session } }),
    );
    expect(after.quote.status).toBe('ORDERED');
  });

  it('changes quantities while the quote is answered', async () => {
    const who = await buyer();
    const asked = await askForQuote(who);
    await answer(who.id, 35, 0, day(5));
    const line = asked.lines[0]?.uid ?? '';
    const changed = await raw(
      shop.url,
      `/negotiable-quotes/${encodeURIComponent(asked.uid)}/quantities`,
      json('PUT', { lines: [{ uid: line, quantity: 7 }] }, who.session),
    );
    expect(changed.status, changed.body.toString()).toBe(200);
    expect(parse<{ quote: Quote }>(changed).quote.lines[0]?.quantity).toBe(7);
  });

  it('refuses to order an expired quote, saying why', async () => {
    const who = await buyer();
    const asked = await askForQuote(who);
    await answer(who.id, 30, 5, day(1));
    offsetMs += 3 * 86_400_000;
    try {
      const refused = await order(who, asked.uid);
      expect(refused.status).toBe(409);
      expect(parse<{ message: string }>(refused).message).toBe(t.expired);
      const read = await raw(shop.url, `/negotiable-quotes/${encodeURIComponent(asked.uid)}`, {
        headers: { Cookie: who.session },
      });
      expect(parse<{ quote: Quote }>(read).quote.status).toBe('EXPIRED');
    } finally {
      offsetMs -= 3 * 86_400_000;
    }
  });

  it('shows no other company’s quote, refuses a role without quotes, a guest, and says when Magento is down', async () => {
    const owner = await buyer();
    const asked = await askForQuote(owner);
    const uid = encodeURIComponent(asked.uid);
    const stranger = await buyer();
    const theirs = await raw(shop.url, `/negotiable-quotes/${uid}`, {
      headers: { Cookie: stranger.session },
    });
    expect(theirs.status).toBe(404);
    expect(parse<{ message: string }>(theirs).message).toBe(t.noSuchQuote);
    expect(theirs.headers['set-cookie']).toBeUndefined();
    expect((await order(stranger, asked.uid)).status).toBe(404);

    const viewer = await buyer({ companyId: owner.companyId, resources: ['Magento_Company::index'] });
    const refused = await raw(shop.url, '/negotiable-quotes', { headers: { Cookie: viewer.session } });
    expect(refused.status).toBe(403);
    expect(parse<{ message: string }>(refused).message).toBe(t.notAllowed);
    const reader = await buyer({ companyId: owner.companyId, resources: QUOTE_RESOURCES.slice(0, 2) });
    await customerCart(backend, reader.token, [[sku, 1]]);
    const notManager = await raw(
      shop.url,
      '/negotiable-quotes/request',
      json('POST', { name: 'X', note: 'Y' }, reader.session),
    );
    expect(notManager.status).toBe(403);

    const guest = await raw(shop.url, '/negotiable-quotes');
    expect(guest.status).toBe(401);
    expect(parse<{ message: string }>(guest).message).toBe(t.signInFirst);

    const down = await raw(downShop.url, '/negotiable-quotes', { headers: { Cookie: owner.session } });
    expect(down.status).toBe(503);
    expect(parse<{ message: string }>(down).message).toBe(t.unavailable);
  });
});

describe('what the buyer reads of an answered quote', () => {
  it('shows the delivery price the seller quoted, in the total too, as the order then charges it', async () => {
    const who = await buyer();
    const asked = await askForQuote(who);
    const uid = encodeURIComponent(asked.uid);
    expect(asked.delivery).toBeNull();
    await answer(who.id, 30, 45, day(10));
    const read = parse<{ quote: Quote }>(
      await raw(shop.url, `/negotiable-quotes/${uid}`, { headers: { Cookie: who.session } }),
    ).quote;
    expect(read.delivery).toBe(45);
    expect(read.total).toBe(5 * 30 + 45);

    const placed = await order(who, asked.uid);
    expect(placed.status, placed.body.toString()).toBe(200);
    const number = parse<{ orderNumber: string }>(placed).orderNumber;
    const orders = await backend.call(
      'GET',
      `/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=increment_id&searchCriteria[filterGroups][0][filters][0][value]=${number}`,
      { token: INTEGRATION_TOKEN },
    );
    expect(orders.body.items[0].shipping_incl_tax).toBe(read.delivery);
    expect(orders.body.items[0].grand_total).toBe(read.total);
  });

  it('is e-mailed to the buyer with a link to the quote’s page on the shop', async () => {
    const who = await buyer();
    const asked = await askForQuote(who);
    await answer(who.id, 30, 45, day(10));
    await expect.poll(() => mail.to(who.email).length).toBe(1);
    const [sent] = mail.to(who.email);
    expect(sent?.subject).toContain('Quote "New site" has been updated');
    const link = `${SITE}/company/quotes/view?uid=${encodeURIComponent(asked.uid)}`;
    expect(sent?.text).toContain(link);
    expect(sent?.html).toContain(`<a href="${link}">`);
  });
});

describe('the quote’s page', () => {
  const open = (session: string, path: string) =>
    raw(shop.url, path, { headers: session ? { Cookie: session } : {} });

  it('is Not Found, the shop’s not-found page, to another company and for a uid with none; the page to its buyer', async () => {
    const owner = await buyer();
    const asked = await askForQuote(owner);
    const path = `/company/quotes/view?uid=${encodeURIComponent(asked.uid)}`;

    const stranger = await buyer();
    for (const asStranger of [path, `/company/quotes/view/?uid=${encodeURIComponent(asked.uid)}`]) {
      const theirs = await open(stranger.session, asStranger);
      expect(theirs.status).toBe(404);
      expect(theirs.body.toString()).toContain('Page not found');
      expect(theirs.body.toString()).not.toContain(QUOTE_PAGE_TITLE);
      expect(theirs.headers['cache-control']).toBe('private, no-store');
    }
    for (const nothing of ['/company/quotes/view?uid=NoSuchQuote123', '/company/quotes/view'])
      expect((await open(owner.session, nothing)).status).toBe(404);

    const own = await open(owner.session, path);
    expect(own.status).toBe(200);
    expect(own.body.toString()).toContain(QUOTE_PAGE_TITLE);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    // Signed out, the page as before: its island sends the shopper to sign in.
    const guest = await open('', path);
    expect(guest.status).toBe(200);
    expect(guest.body.toString()).toContain(QUOTE_PAGE_TITLE);
  });
});

describe('the links to My quotes', () => {
  it('are offered to a role that may see quotes, not to one without, nor to a guest', async () => {
    const access = async (session: string) =>
      parse<{ view: boolean; request: boolean }>(
        await raw(shop.url, '/negotiable-quotes/access', { headers: session ? { Cookie: session } : {} }),
      );
    const admin = await buyer();
    expect(await access(admin.session)).toEqual({ view: true, request: true });
    const reader = await buyer({
      companyId: admin.companyId,
      resources: ['Magento_Company::index', ...QUOTE_RESOURCES.slice(0, 2)],
    });
    expect(await access(reader.session)).toEqual({ view: true, request: false });
    const viewer = await buyer({ companyId: admin.companyId, resources: ['Magento_Company::index'] });
    expect(await access(viewer.session)).toEqual({ view: false, request: false });
    expect(await access('')).toEqual({ view: false, request: false });
  });
});
