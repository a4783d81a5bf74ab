/**
 * A customer's orders and the guest order lookup through the storefront server, against a real embedded
 * back end with orders placed over HTTP as checkout places them: a customer sees only their own orders
 * (never another's, by number, by Magento's id or by paging), answers are private and carry no internal
 * ids or other customers' data, an ended session and a Magento that is down are said clearly, and the
 * guest lookup finds an order only with all three details, counting failures per client and per number,
 * across replicas that share a store.
 */
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderDetail, OrdersPage } from '../../src/features/orders/order.ts';
import { SESSION_COOKIE, trustedProxies } from '../../src/http/index.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createOrdersRoutes, ORDERS_TEXTS } from '../../src/server/shopper/orders.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import {
  ADMIN,
  INTEGRATION_TOKEN,
  pickProduct,
  startTestBackend,
  type TestBackend,
} from '../support/backend.ts';
import { ORDER_ADDRESS, placeTestOrder, type PlacedTestOrder } from '../support/orders.ts';
import { BOTH_STORES, type TestStore } from '../support/stores.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';
import { TEST_SELLER } from '../support/seller.ts';

const SITE = 'http://127.0.0.1:4321';
/** Nothing listens there: Magento "down". */
const DOWN = 'http://127.0.0.1:9';
let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;
let sku: string;

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [
      createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
      createOrdersRoutes({
        seller: TEST_SELLER,
        magento: { baseUrl: backend.url, token: INTEGRATION_TOKEN },
        siteUrl: SITE,
        // The tests play different clients through X-Forwarded-For from loopback.
        trustedProxies: trustedProxies(['loopback']),
      }),
    ],
  });
  sku = (await pickProduct(backend, 200)).sku;
});
afterAll(async () => {
  await shop.close();
  await backend.stop();
  rmSync(site.root, { recursive: true, force: true });
});

const origin = { Origin: SITE };
const body = (reply: { body: Buffer }) => JSON.parse(reply.body.toString()) as Record<string, unknown>;

interface Shopper {
  session: string;
  token: string;
  email: string;
}

/** A new customer, signed in to Magento (their token, to place orders) and to the shop (the cookie). */
async function newShopper(): Promise<Shopper> {
  const customer = await backend.newCustomer();
  const reply = await raw(shop.url, '/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...origin },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  const cookie = (reply.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  return { session: cookie?.split(';')[0] ?? '', token: customer.token, email: customer.email };
}

const order = (shopper: Shopper, qty = 1) =>
  placeTestOrder(backend, { token: shopper.token, lines: [{ sku, qty }] });

const listPage = (session: string, query = '') =>
  raw(shop.url, `/orders/mine${query}`, { headers: { Cookie: session } });
const detail = (session: string, number: string) =>
  raw(shop.url, `/orders/mine/${encodeURIComponent(number)}`, { headers: { Cookie: session } });

describe("a signed-in customer's orders", () => {
  let alice: Shopper;
  let bob: Shopper;
  let alices: PlacedTestOrder[];
  let bobs: PlacedTestOrder;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([newShopper(), newShopper()]);
    alices = [];
    for (let n = 1; n <= 12; n++) alices.push(await order(alice, (n % 3) + 1));
    bobs = await order(bob, 2);
  });

  it('lists only their own orders, newest first, 10 a page, never cached', async () => {
    const first = await listPage(alice.session);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const page = body(first) as unknown as OrdersPage;
    expect(page).toMatchObject({ page: 1, pages: 2, total: 12 });
    const newestFirst = [...alices].reverse().map((placed) => placed.number);
    expect(page.orders.map((o) => o.number)).toEqual(newestFirst.slice(0, 10));
    expect(page.orders[0]).toMatchObject({ status: 'Pending', currency: 'GBP', itemCount: 1 });
    expect(page.orders[0]?.placedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    expect(page.orders[0]?.total).toBeGreaterThan(0);

    const second = body(await listPage(alice.session, '?page=2')) as unknown as OrdersPage;
    expect(second.orders.map((o) => o.number)).toEqual(newestFirst.slice(10));
    // A key given twice counts once, its first value, as a link with a stray repeat is read.
    const repeated = body(await listPage(alice.session, '?page=2&page=1')) as unknown as OrdersPage;
    expect(repeated).toMatchObject({ page: 2 });
    const beyond = body(await listPage(alice.session, '?page=3')) as unknown as OrdersPage;
    expect(beyond).toMatchObject({ orders: [], page: 3, pages: 2, total: 12 });
    const latest = body(await listPage(alice.session, '?size=3')) as unknown as OrdersPage;
    expect(latest.orders.map((o) => o.number)).toEqual(newestFirst.slice(0, 3));

    const theirs = body(await listPage(bob.session)) as unknown as OrdersPage;
    expect(theirs.orders.map((o) => o.number)).toEqual([bobs.number]);
  });

  it('gives the browser no internal ids and nothing of other customers', async () => {
    const text = (await listPage(alice.session)).body.toString();
    for (const key of ['entity_id', 'customer_id', 'quote_id', 'customer_email', 'increment_id'])
      expect(text).not.toContain(key);
    expect(text).not.toContain(bob.email);
    expect(text).not.toContain(bobs.number);
    const one = (await detail(alice.session, alices[0]?.number ?? '')).body.toString();
    expect(one).not.toContain('entity_id');
    expect(one).not.toContain(alice.email.split('@')[0]);
  });

  it('shows one of their orders: lines, totals, addresses and payment', async () => {
    const placed = alices[1] as PlacedTestOrder;
    const reply = await detail(alice.session, placed.number);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const shown = body(reply) as unknown as OrderDetail;
    const magento = (await backend.call('GET', `/rest/V1/orders/${placed.id}`, { token: INTEGRATION_TOKEN }))
      .body as {
      grand_total: number;
      subtotal_incl_tax: number;
      shipping_incl_tax: number;
      tax_amount: number;
      items: { name: string }[];
    };
    // Amounts incl VAT, as the shop shows them, and the VAT in them.
    expect(magento.tax_amount).toBeGreaterThan(0);
    expect(shown).toMatchObject({
      number: placed.number,
      status: 'Pending',
      itemCount: 3,
      total: magento.grand_total,
      subtotal: magento.subtotal_incl_tax,
      shipping: magento.shipping_incl_tax,
      vat: magento.tax_amount,
      discount: null,
      discountFor: null,
      payment: 'Card, paid online',
      shippingMethod: 'Standard delivery - Standard',
      lines: [{ sku, name: magento.items[0]?.name, qty: 3 }],
      billingAddress: {
        name: 'Sam Patel',
        lines: ['12 Mill Lane', 'Manchester', 'M1 2AB'],
        country: 'United Kingdom',
        telephone: '0161 496 0123',
      },
      shippingAddress: { name: 'Sam Patel', country: 'United Kingdom' },
    });
    expect(shown.lines[0]?.rowTotal).toBeCloseTo((shown.lines[0]?.price ?? 0) * 3, 2);
  });

  it("answers another customer's order number, and Magento's own id, as Not Found", async () => {
    const missing = await detail(alice.session, '999999999');
    expect(missing.status).toBe(404);
    expect(body(missing)).toEqual({ message: ORDERS_TEXTS.notFound });

    const notTheirs = await detail(alice.session, bobs.number);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.toString()).toBe(missing.body.toString());
    expect(notTheirs.body.toString()).not.toContain(bob.email);

    const byId = await detail(bob.session, String(alices[0]?.id));
    expect(byId.status).toBe(404);
    for (const odd of ['..%2F..%2Frest%2FV1%2Forders', '%00', 'x'.repeat(40)])
      expect((await raw(shop.url, `/orders/mine/${odd}`, { headers: { Cookie: bob.session } })).status).toBe(
        404,
      );
  });

  it('keeps showing a line whose product was deleted since', async () => {
    const shopper = await newShopper();
    const product = await pickProduct(backend, 50);
    const placed = await placeTestOrder(backend, {
      token: shopper.token,
      lines: [{ sku: product.sku, qty: 1 }],
    });
    const admin = (await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN }))
      .body as string;
    expect((await backend.call('DELETE', `/rest/V1/products/${product.sku}`, { token: admin })).status).toBe(
      200,
    );
    const shown = body(await detail(shopper.session, placed.number)) as unknown as OrderDetail;
    expect(shown.lines).toMatchObject([{ sku: product.sku, name: product.name, qty: 1 }]);
  });

  it('refuses bad pages, other sites and other methods', async () => {
    for (const query of ['?page=0', '?page=x', '?size=51', '?size=0'])
      expect((await listPage(alice.session, query)).status).toBe(400);
    const crossSite = await raw(shop.url, '/orders/mine', {
      headers: { Cookie: alice.session, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const otherOrigin = await raw(shop.url, '/orders/mine', {
      headers: { Cookie: alice.session, Origin: 'https://evil.example' },
    });
    expect(otherOrigin.status).toBe(403);
    const post = await raw(shop.url, '/orders/mine', {
      method: 'POST',
      headers: { ...origin, Cookie: alice.session },
    });
    expect(post.status).toBe(405);
  });

  it('asks a shopper with no session to sign in, and ends a session Magento no longer accepts', async () => {
    const none = await listPage('');
    expect(none.status).toBe(401);
    expect(body(none).message).toBe(ORDERS_TEXTS.signIn);

    const expired = await listPage(`${SESSION_COOKIE}=expired0000000000000000000000000`);
    expect(expired.status).toBe(401);
    expect(body(expired).message).toBe('Your session has ended. Please sign in again.');
    expect(String(expired.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Max-Age=0`));

    const shopper = await newShopper();
    await raw(shop.url, '/session', { method: 'DELETE', headers: { ...origin, Cookie: shopper.session } });
    expect((await detail(shopper.session, alices[0]?.number ?? '')).status).toBe(401);
  });
});

describe('when Magento is down', () => {
  it('says the orders cannot be shown right now, never a blank answer', async () => {
    const down = await startFakeSite(makeFakeSite(), {
      siteUrl: SITE,
      routes: [
        createOrdersRoutes({
          seller: TEST_SELLER,
          magento: { baseUrl: DOWN, token: INTEGRATION_TOKEN, attempts: 1 },
          siteUrl: SITE,
          trustedProxies: trustedProxies([]),
        }),
      ],
    });
    try {
      const list = await raw(down.url, '/orders/mine', {
        headers: { Cookie: `${SESSION_COOKIE}=${'a'.repeat(32)}` },
      });
      expect(list.status).toBe(503);
      expect(body(list)).toEqual({ message: "Your orders can't be shown right now. Please try again." });
      const lookup = await raw(down.url, '/orders/lookup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...origin },
        body: JSON.stringify({ number: '000000001', email: 'a@example.com', postcode: 'M1 2AB' }),
      });
      expect(lookup.status).toBe(503);
    } finally {
      await down.close();
    }
  });
});

describe('the guest order lookup', () => {
  let guest: PlacedTestOrder;
  let clients = 0;
  /** A client address of its own for each caller (the shop trusts loopback's X-Forwarded-For here). */
  const newClient = () => `203.0.113.${++clients}`;

  const lookup = (details: Record<string, unknown>, client: string, headers: Record<string, string> = {}) =>
    raw(shop.url, '/orders/lookup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...origin, 'X-Forwarded-For': client, ...headers },
      body: JSON.stringify(details),
    });

  beforeAll(async () => {
    guest = await placeTestOrder(backend, { lines: [{ sku, qty: 2 }] });
  });

  const right = () => ({
    number: guest.number,
    email: ORDER_ADDRESS.email,
    postcode: ORDER_ADDRESS.postcode,
  });

  it('finds the order with its number, billing e-mail and postcode, whatever their case and spaces', async () => {
    const client = newClient();
    const exact = await lookup(right(), client);
    expect(exact.status).toBe(200);
    expect(exact.headers['cache-control']).toBe('private, no-store');
    expect(body(exact)).toMatchObject({ number: guest.number, itemCount: 2, lines: [{ sku, qty: 2 }] });
    const loose = await lookup(
      { number: ` #${guest.number} `, email: ' SAM.Patel@Example.COM ', postcode: 'm12ab' },
      client,
    );
    expect(loose.status).toBe(200);
    expect(loose.body.toString()).not.toContain('entity_id');
  });

  it('says the same whatever was wrong', async () => {
    const client = newClient();
    const answers = await Promise.all([
      lookup({ ...right(), email: 'someone@example.com' }, client),
      lookup({ ...right(), postcode: 'M1 2AC' }, client),
      lookup({ ...right(), number: '999999999' }, client),
      lookup({ ...right(), number: '<script>' }, client),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(body(answer)).toEqual({ message: 'We could not find an order with those details' });
    }
  });

  it('finds a signed-in customer’s order too only with its billing details', async () => {
    const shopper = await newShopper();
    const placed = await order(shopper);
    const client = newClient();
    expect((await lookup({ ...right(), number: placed.number }, client)).status).toBe(200);
    expect((await lookup({ ...right(), number: placed.number, email: shopper.email }, client)).status).toBe(
      404,
    );
  });

  it('makes a client wait after 5 failures in 15 minutes, even with the right details', async () => {
    const client = newClient();
    for (let n = 0; n < 5; n++)
      expect((await lookup({ ...right(), number: `99999${n}` }, client)).status).toBe(404);
    const refused = await lookup(right(), client);
    expect(refused.status).toBe(429);
    expect(body(refused).message).toBe('Too many attempts to find an order. Please try again in 15 minutes.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    // Another client is not held back by this one.
    expect((await lookup(right(), newClient())).status).toBe(200);
  });

  it('makes everyone wait on an order number tried and failed 5 times, from any clients', async () => {
    const target = await placeTestOrder(backend, { lines: [{ sku, qty: 1 }] });
    for (let n = 0; n < 5; n++)
      expect(
        (await lookup({ ...right(), number: target.number, postcode: `ZZ${n} 9ZZ` }, newClient())).status,
      ).toBe(404);
    const refused = await lookup({ ...right(), number: target.number }, newClient());
    expect(refused.status).toBe(429);
    // Other orders can still be found.
    expect((await lookup(right(), newClient())).status).toBe(200);
  });

  it('does not count successes', async () => {
    const client = newClient();
    for (let n = 0; n < 7; n++) expect((await lookup(right(), client)).status).toBe(200);
  });

  it('refuses missing details, bodies that are not JSON, other sites and other methods', async () => {
    const client = newClient();
    const missing = await lookup({ number: guest.number, email: '', postcode: '' }, client);
    expect(missing.status).toBe(400);
    expect(body(missing).message).toBe(ORDERS_TEXTS.lookupMissing);
    const form = await raw(shop.url, '/orders/lookup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...origin, 'X-Forwarded-For': client },
      body: `number=${guest.number}`,
    });
    expect(form.status).toBe(415);
    expect((await lookup(right(), client, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await raw(shop.url, '/orders/lookup', { headers: { 'X-Forwarded-For': client } })).status).toBe(
      405,
    );
    const huge = await lookup({ ...right(), email: `${'a'.repeat(8000)}@example.com` }, client);
    expect(huge.status).toBe(413);
  });
});

describe.each(BOTH_STORES)('the guest order lookup on replicas sharing %s', (_name, make) => {
  let test: TestStore;
  /** Two replicas, each with its own connection to the store. */
  let a: RunningStorefront;
  let b: RunningStorefront;
  let clients = 0;
  const newClient = () => `198.51.100.${++clients}`;

  const replica = (store: TestStore['store']) =>
    startFakeSite(site, {
      siteUrl: SITE,
      routes: [
        createOrdersRoutes({
          seller: TEST_SELLER,
          magento: { baseUrl: backend.url, token: INTEGRATION_TOKEN },
          siteUrl: SITE,
          trustedProxies: trustedProxies(['loopback']),
          store,
        }),
      ],
    });

  const lookup = (replica: RunningStorefront, details: Record<string, unknown>, client: string) =>
    raw(replica.url, '/orders/lookup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...origin, 'X-Forwarded-For': client },
      body: JSON.stringify(details),
    });

  beforeEach(async () => {
    test = make();
    a = await replica(test.store);
    b = await replica(test.open());
  });
  afterEach(async () => {
    await a.close();
    await b.close();
    await test.dispose();
  });

  it('refuses the 6th try at an order number after 5 failures spread over the replicas', async () => {
    const target = await placeTestOrder(backend, { lines: [{ sku, qty: 1 }] });
    const details = { number: target.number, email: ORDER_ADDRESS.email, postcode: ORDER_ADDRESS.postcode };
    for (let n = 0; n < 5; n++) {
      const wrong = await lookup(n % 2 ? b : a, { ...details, postcode: `ZZ${n} 9ZZ` }, newClient());
      expect(wrong.status).toBe(404);
    }
    for (const replica of [a, b]) expect((await lookup(replica, details, newClient())).status).toBe(429);
  });

  it('refuses a client its 6th lookup after 5 failures spread over the replicas', async () => {
    const client = newClient();
    const unknown = (n: number) => ({ number: `99998${n}`, email: 'a@example.com', postcode: 'M1 1AA' });
    for (let n = 0; n < 5; n++) expect((await lookup(n % 2 ? b : a, unknown(n), client)).status).toBe(404);
    expect((await lookup(a, unknown(5), client)).status).toBe(429);
  });
});
