/**
 * The storefront server's shopper routes against a real embedded back end: sign-in keeps the token in
 * an HttpOnly cookie and merges the guest cart; the /rest proxy forwards exactly the allowed calls with
 * the customer's own token, checks Origin, accepts JSON only and refuses everything else.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStorefront } from '../../src/server/server.ts';
import { SESSION_COOKIE } from '../../src/http/index.ts';
import { createRestProxy, createSearchFormRoutes } from '../../src/server/shopper/proxy.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [
      createSearchFormRoutes(),
      createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
      createRestProxy({ magentoBaseUrl: backend.url, siteUrl: SITE }),
    ],
  });
});
afterAll(async () => {
  await shop.close();
  await backend.stop();
  rmSync(site.root, { recursive: true, force: true });
});

const origin = { Origin: SITE };
const json = (body: unknown, headers: Record<string, string> = origin) => ({
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const parse = (reply: { body: Buffer }) =>
  JSON.parse(reply.body.toString()) as Record<string, unknown> & { message?: string };

async function signIn(email: string, password: string, guestCode?: string) {
  const reply = await raw(shop.url, '/session', {
    method: 'POST',
    ...json({ email, password, ...(guestCode ? { guestCode } : {}) }),
  });
  const cookies = reply.headers['set-cookie'] ?? [];
  const cookie = cookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  return { reply, cookie, session: cookie.split(';')[0] ?? '' };
}

/** A new customer whose cart holds 1 of a product, and a guest cart holding 2 of it. */
async function customerAndGuestCarts() {
  const product = await pickProduct(backend);
  const customer = await backend.newCustomer();
  await backend.call('POST', '/rest/V1/carts/mine', { token: customer.token });
  await backend.call('POST', '/rest/V1/carts/mine/items', {
    token: customer.token,
    body: { cartItem: { sku: product.sku, qty: 1 } },
  });
  const guestCode = (await backend.call('POST', '/rest/V1/guest-carts')).body as string;
  await backend.call('POST', `/rest/V1/guest-carts/${guestCode}/items`, {
    body: { cartItem: { sku: product.sku, qty: 2 } },
  });
  return { customer, guestCode };
}

describe('session', () => {
  it('keeps the customer token in an HttpOnly SameSite=Lax cookie and never in the body', async () => {
    const customer = await backend.newCustomer();
    const { reply, cookie } = await signIn(customer.email, customer.password);
    expect(reply.status).toBe(200);
    expect(cookie).toMatch(
      new RegExp(`^${SESSION_COOKIE}=[a-z0-9]+; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600$`),
    );
    expect(reply.body.toString()).not.toContain(cookie.split(';')[0]?.split('=')[1] ?? 'x');
  });

  it("answers a wrong password with the spec's message and no cookie", async () => {
    const customer = await backend.newCustomer();
    const { reply } = await signIn(customer.email, 'wrong-password');
    expect(reply.status).toBe(401);
    expect(parse(reply).message).toBe('Email or password wrong. Please try again');
    expect(reply.headers['set-cookie']).toBeUndefined();
  });

  it('merges the guest cart into the customer cart on sign-in', async () => {
    const { customer, guestCode } = await customerAndGuestCarts();

    const { reply, session } = await signIn(customer.email, customer.password, guestCode);
    expect(parse(reply)).toMatchObject({ signedIn: true, merged: true });
    const cart = await raw(shop.url, '/rest/V1/carts/mine', { headers: { Cookie: session } });
    expect(cart.status).toBe(200);
    expect(parse(cart)['items_qty']).toBe(3);
    expect((await backend.call('GET', `/rest/V1/guest-carts/${guestCode}`)).status).toBe(404);
  });

  it('answers merged: false for a guest code that is not a cart, and leaves the customer’s cart alone', async () => {
    // Not a masked cart id at all, a well-formed code Magento does not know (404), and a guest cart
    // already merged by an earlier sign-in (no longer a guest cart: 404 too).
    const { customer, guestCode: spent } = await customerAndGuestCarts();
    expect(parse((await signIn(customer.email, customer.password, spent)).reply)['merged']).toBe(true);
    for (const code of ['not-a-cart', 'Z'.repeat(32), spent]) {
      const { reply, session } = await signIn(customer.email, customer.password, code);
      expect(reply.status, code).toBe(200);
      expect(parse(reply), code).toMatchObject({ signedIn: true, merged: false });
      const cart = await raw(shop.url, '/rest/V1/carts/mine', { headers: { Cookie: session } });
      expect(parse(cart)['items_qty'], code).toBe(3);
    }
  });

  it('signs out by expiring the cookie', async () => {
    const reply = await raw(shop.url, '/session', { method: 'DELETE', headers: origin });
    expect(reply.status).toBe(204);
    expect(String(reply.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Max-Age=0`));
  });

  it('signs out for good: a copy of the session cookie or its token is refused at once, in the shop and in Magento', async () => {
    const customer = await backend.newCustomer();
    const { session } = await signIn(customer.email, customer.password);
    const token = decodeURIComponent(session.split('=')[1] ?? '');
    expect((await raw(shop.url, '/rest/V1/customers/me', { headers: { Cookie: session } })).status).toBe(200);

    const out = await raw(shop.url, '/session', {
      method: 'DELETE',
      headers: { ...origin, Cookie: session },
    });
    expect(out.status).toBe(204);

    const replayed = await raw(shop.url, '/rest/V1/customers/me', { headers: { Cookie: session } });
    expect(replayed.status).toBe(401);
    expect(String(replayed.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; `));
    expect((await backend.call('GET', '/rest/V1/customers/me', { token })).status).toBe(401);
    expect((await backend.call('GET', '/rest/V1/carts/mine', { token })).status).toBe(401);
  });

  it('signs out even when the token had already expired in Magento', async () => {
    const reply = await raw(shop.url, '/session', {
      method: 'DELETE',
      headers: { ...origin, Cookie: `${SESSION_COOKIE}=not-a-token-magento-knows` },
    });
    expect(reply.status).toBe(204);
    expect(String(reply.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Max-Age=0`));
  });

  it('refuses cross-site sign-in attempts', async () => {
    const customer = await backend.newCustomer();
    const reply = await raw(shop.url, '/session', {
      method: 'POST',
      ...json({ email: customer.email, password: customer.password }, { Origin: 'https://evil.example' }),
    });
    expect(reply.status).toBe(403);
    expect(reply.headers['set-cookie']).toBeUndefined();
  });
});

describe('/rest proxy', () => {
  it('forwards guest cart calls and answers like Magento, error bodies included', async () => {
    const product = await pickProduct(backend);
    const created = await raw(shop.url, '/rest/V1/guest-carts', { method: 'POST', headers: origin });
    expect(created.status).toBe(200);
    const code = JSON.parse(created.body.toString()) as string;
    const added = await raw(shop.url, `/rest/V1/guest-carts/${code}/items`, {
      method: 'POST',
      ...json({ cartItem: { sku: product.sku, qty: 1 } }),
    });
    expect(parse(added)).toMatchObject({ sku: product.sku, qty: 1 });
    const tooMany = await raw(shop.url, `/rest/V1/guest-carts/${code}/items`, {
      method: 'POST',
      ...json({ cartItem: { sku: product.sku, qty: product.qty + 1 } }),
    });
    expect(tooMany.status).toBe(400);
    expect(parse(tooMany).message).toBe('The requested qty is not available');
    expect(tooMany.headers['cache-control']).toBe('no-store');
  });

  it('answers a session cookie that cannot hold a token with 400 and drops it, not a 502', async () => {
    for (const value of ['abc%0D%0AX-Injected%3A%201', 'abc%00def', 'a%20b', 'x'.repeat(5000)]) {
      const reply = await raw(shop.url, '/rest/V1/customers/me', {
        headers: { Cookie: `${SESSION_COOKIE}=${value}` },
      });
      expect(reply.status).toBe(400);
      expect(parse(reply).message).toBe('Your session is not valid. Please sign in again.');
      expect(String(reply.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Max-Age=0`));
    }
  });

  it("attaches the session's token to carts/mine and customers/me, and only the session's", async () => {
    const customer = await backend.newCustomer();
    const { session } = await signIn(customer.email, customer.password);
    const me = await raw(shop.url, '/rest/V1/customers/me', { headers: { Cookie: session } });
    expect(parse(me)['email']).toBe(customer.email);
    // A bearer token sent by the page is ignored: the proxy uses the cookie.
    const other = await backend.newCustomer();
    const spoofed = await raw(shop.url, '/rest/V1/customers/me', {
      headers: { Cookie: session, Authorization: `Bearer ${other.token}` },
    });
    expect(parse(spoofed)['email']).toBe(customer.email);
    const anonymous = await raw(shop.url, '/rest/V1/customers/me', {
      headers: { Authorization: `Bearer ${other.token}` },
    });
    expect(anonymous.status).toBe(401);
  });

  it('drops the session cookie when Magento no longer accepts the token', async () => {
    const reply = await raw(shop.url, '/rest/V1/carts/mine', {
      headers: { Cookie: `${SESSION_COOKIE}=expired0000000000000000000000000` },
    });
    expect(reply.status).toBe(401);
    expect(String(reply.headers['set-cookie'])).toMatch(/Max-Age=0/);
  });

  it.each([
    ['GET', '/rest/V1/products?searchCriteria[pageSize]=1'],
    ['GET', '/rest/all/V1/categories'],
    ['GET', '/rest/V1/categories'],
    ['GET', '/rest/V1/orders/1'],
    ['POST', '/rest/V1/orders'],
    ['GET', '/rest/V1/customers/1'],
    ['PUT', '/rest/V1/customers/1'],
    ['POST', '/rest/V1/integration/admin/token'],
    ['POST', '/rest/V1/integration/customer/token'],
    ['PUT', '/rest/V1/products/HG-PW-00001'],
    ['POST', '/rest/V1/carts/mine/payment-information'],
    ['POST', '/rest/V1/guest-carts/abcdefghijklmnopqrstuvwxyzABCDEF/payment-information'],
    ['PUT', '/rest/V1/guest-carts/abcdefghijklmnopqrstuvwxyzABCDEF'],
    ['GET', '/rest/V1/carts/5'],
    ['GET', '/rest/V1/guest-carts/../products'],
  ])('refuses %s %s', async (method, path) => {
    const reply = await raw(shop.url, path, {
      method,
      ...json(
        { username: 'admin', password: 'Admin123!', entity: { entity_id: 1, status: 'complete' } },
        { ...origin, Authorization: `Bearer ${INTEGRATION_TOKEN}` },
      ),
    });
    expect([403, 404, 405]).toContain(reply.status);
    expect(reply.body.toString()).not.toMatch(/"items"|"sku"|"entity_id"|"email"/);
  });

  it('refuses writes without this site as Origin, and non-JSON bodies', async () => {
    const noOrigin = await raw(shop.url, '/rest/V1/guest-carts', { method: 'POST' });
    expect(noOrigin.status).toBe(403);
    const crossSite = await raw(shop.url, '/rest/V1/guest-carts', {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const form = await raw(shop.url, '/rest/V1/customers', {
      method: 'POST',
      headers: { ...origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'customer[email]=x',
    });
    expect(form.status).toBe(415);
  });

  it('limits the body size', async () => {
    const reply = await raw(shop.url, '/rest/V1/customers', {
      method: 'POST',
      ...json({ customer: { email: 'x'.repeat(100_000) } }),
    });
    expect(reply.status).toBe(413);
  });

  it('says the shop is unavailable when Magento is down', async () => {
    const down = await startFakeSite(site, {
      siteUrl: SITE,
      routes: [createRestProxy({ magentoBaseUrl: 'http://127.0.0.1:9', siteUrl: SITE })],
    });
    try {
      const reply = await raw(down.url, '/rest/V1/directory/countries');
      expect(reply.status).toBe(502);
      expect(parse(reply).message).toMatch(/temporarily unavailable/);
    } finally {
      await down.close();
    }
  });
});

describe('search form without JavaScript', () => {
  it('redirects /search?q= to the search route, and an empty query home', async () => {
    const hit = await raw(shop.url, '/search?q=%20steam%20cleaner%20');
    expect(hit.status).toBe(303);
    expect(hit.headers.location).toBe('/search/steam%20cleaner');
    expect((await raw(shop.url, '/search?q=')).headers.location).toBe('/');
  });
});
