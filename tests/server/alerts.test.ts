/**
 * The signed-in customer's stock and price alerts through the storefront server, against a real embedded
 * back end and its GraphQL: only the session's customer's alerts, Origin and bodies checked like the /rest
 * proxy, the session ended when Magento no longer takes the token, Magento down said clearly, and an alert
 * e-mail's unsubscribe links sent on to My alerts.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/http/index.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createAlertRoutes } from '../../src/server/shopper/alerts.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { alertsTexts, type AlertsAnswer } from '../../src/features/alerts/index.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeProduct } from '../embedded-magento/checkout-helpers.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
/** Nothing listens there: Magento "down". */
const DOWN = 'http://127.0.0.1:9';
let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;
let downShop: RunningStorefront;

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  const routes = (baseUrl: string) => [
    createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
    createAlertRoutes({ magento: { baseUrl, timeoutMs: 2_000, attempts: 1 }, siteUrl: SITE }),
  ];
  shop = await startFakeSite(site, { siteUrl: SITE, routes: routes(backend.url) });
  downShop = await startFakeSite(site, { siteUrl: SITE, routes: routes(DOWN) });
});
afterAll(async () => {
  await Promise.all([shop.close(), downShop.close()]);
  await backend.stop();
  rmSync(site.root, { recursive: true, force: true });
});

const origin = { Origin: SITE };
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'Content-Type': 'application/json', ...origin, ...headers },
  body: JSON.stringify(body),
});
const parse = <T>(reply: { body: Buffer }) => JSON.parse(reply.body.toString()) as T;

async function newSession(): Promise<string> {
  const customer = await backend.newCustomer();
  const reply = await raw(shop.url, '/session', {
    method: 'POST',
    ...json({ email: customer.email, password: customer.password }),
  });
  const cookie = (reply.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  return cookie?.split(';')[0] ?? '';
}

const list = (session: string, base = shop.url) =>
  raw(base, '/product-alerts', { headers: { Cookie: session } });
const subscribe = (session: string, kind: string, sku: string, base = shop.url) =>
  raw(base, '/product-alerts', { method: 'POST', ...json({ kind, sku }, { Cookie: session }) });
const remove = (session: string, path: string) =>
  raw(shop.url, `/product-alerts/${path}`, { method: 'DELETE', headers: { ...origin, Cookie: session } });

describe("a signed-in customer's alerts", () => {
  it('subscribes, lists, removes one and then all of a kind, never cached', async () => {
    const session = await newSession();
    const [a, b] = [await makeProduct(backend, 99.5, 1), await makeProduct(backend, 20, 1)];
    const saved = await subscribe(session, 'price', a);
    expect(saved.status).toBe(200);
    expect(parse(saved)).toEqual({ message: 'You saved the alert subscription.' });
    await subscribe(session, 'stock', a);
    await subscribe(session, 'stock', b);

    const listed = await list(session);
    expect(listed.headers['cache-control']).toBe('private, no-store');
    const alerts = parse<AlertsAnswer>(listed);
    expect(alerts.price).toEqual([
      expect.objectContaining({
        kind: 'price',
        sku: a,
        price: 99.5,
        href: `/${a.toLowerCase()}`,
        sent: false,
      }),
    ]);
    expect(alerts.stock.map((alert) => alert.sku)).toEqual([a, b]);
    expect(alerts.stock[0]?.productId).toEqual(expect.any(Number));

    const left = parse<AlertsAnswer>(await remove(session, `stock/${encodeURIComponent(a)}`));
    expect(left.stock.map((alert) => alert.sku)).toEqual([b]);
    expect(left.price).toHaveLength(1);
    const none = parse<AlertsAnswer>(await remove(session, 'price'));
    expect(none).toEqual({ stock: [expect.objectContaining({ sku: b })], price: [] });
  });

  it("keeps each customer's alerts to themselves", async () => {
    const [alice, bob] = [await newSession(), await newSession()];
    const sku = await makeProduct(backend, 10, 1);
    await subscribe(alice, 'stock', sku);
    // Bob removing "stock/<sku>" removes his own (none); Alice's stays.
    await remove(bob, `stock/${encodeURIComponent(sku)}`);
    await remove(bob, 'stock');
    expect(parse<AlertsAnswer>(await list(alice)).stock.map((alert) => alert.sku)).toEqual([sku]);
    expect(parse<AlertsAnswer>(await list(bob)).stock).toEqual([]);
  });

  it('refuses a guest, another site, a bad body and an unknown product', async () => {
    const sku = await makeProduct(backend, 10, 1);
    const guest = await subscribe('', 'stock', sku);
    expect(guest.status).toBe(401);
    expect(parse<{ message: string }>(guest).message).toBe(alertsTexts.signInFirst);
    const session = await newSession();
    const forged = await raw(shop.url, '/product-alerts', {
      method: 'POST',
      ...json({ kind: 'stock', sku }, { Cookie: session, Origin: 'https://evil.example' }),
    });
    expect(forged.status).toBe(403);
    const badKind = await subscribe(session, 'weather', sku);
    expect(badKind.status).toBe(400);
    expect(parse<{ message: string }>(badKind).message).toBe(alertsTexts.badSku);
    const unknown = await subscribe(session, 'price', 'NO-SUCH-SKU-1');
    expect(unknown.status).toBe(404);
    expect(parse<{ message: string }>(unknown).message).toBe(alertsTexts.noSuchProduct);
  });

  it('says so when Magento is down', async () => {
    const session = await newSession();
    const down = await list(session, downShop.url);
    expect(down.status).toBe(503);
    expect(parse<{ message: string }>(down).message).toBe(alertsTexts.unavailable);
    const changing = await subscribe(session, 'stock', 'ANY-SKU', downShop.url);
    expect(changing.status).toBe(503);
    expect(parse<{ message: string }>(changing).message).toBe(alertsTexts.notChanged);
  });
});

describe("an alert e-mail's unsubscribe links", () => {
  it('send the shopper on to My alerts with what they ask, removing nothing themselves', async () => {
    const one = await raw(shop.url, '/productalert/unsubscribe/stock/product/42/');
    expect(one.status).toBe(303);
    expect(one.headers['location']).toBe('/customer/alerts?unsubscribe=stock&product=42');
    const all = await raw(shop.url, '/productalert/unsubscribe/priceAll/');
    expect(all.status).toBe(303);
    expect(all.headers['location']).toBe('/customer/alerts?unsubscribe=price');
    expect((await raw(shop.url, '/productalert/unsubscribe/stock/product/x/')).status).toBe(404);
  });
});
