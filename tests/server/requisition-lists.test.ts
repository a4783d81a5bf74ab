/**
 * The signed-in customer's requisition lists through the storefront server, against a real embedded back
 * end and its GraphQL: make, fill, change and order a list, only the session's own lists, Origin checked,
 * a guest refused, Magento down said clearly.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/http/index.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createRequisitionListRoutes } from '../../src/server/shopper/requisition-lists.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import {
  requisitionListsTexts as t,
  type RequisitionListsAnswer,
  type ToBasketAnswer,
} from '../../src/features/requisition-lists/index.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeProduct } from '../embedded-magento/checkout-helpers.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
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
    createRequisitionListRoutes({ magento: { baseUrl, timeoutMs: 2_000, attempts: 1 }, siteUrl: SITE }),
  ];
  shop = await startFakeSite(site, { siteUrl: SITE, routes: routes(backend.url) });
  downShop = await startFakeSite(site, { siteUrl: SITE, routes: routes(DOWN) });
});
afterAll(async () => {
  await Promise.all([shop.close(), downShop.close()]);
  await backend.stop();
  rmSync(site.root, { recursive: true, force: true });
});

const json = (
  method: string,
  body: unknown,
  session: string,
  headers: Record<string, string> = { Origin: SITE },
) => ({
  method,
  headers: { 'Content-Type': 'application/json', Cookie: session, ...headers },
  body: JSON.stringify(body),
});
const parse = <T>(reply: { body: Buffer }) => JSON.parse(reply.body.toString()) as T;

async function newSession(): Promise<{ session: string; token: string }> {
  const customer = await backend.newCustomer();
  const reply = await raw(shop.url, '/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  const cookie = (reply.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  return { session: cookie?.split(';')[0] ?? '', token: customer.token };
}

describe('a buyer’s requisition lists', () => {
  it('makes a list, fills it, changes a quantity, orders part of it and then all of it', async () => {
    const { session, token } = await newSession();
    const skuA = await makeProduct(backend, 12, 1);
    const skuB = await makeProduct(backend, 30, 1);
    const made = await raw(shop.url, '/requisition-lists', json('POST', { name: 'Site A' }, session));
    expect(made.status, made.body.toString()).toBe(200);
    const [list] = parse<RequisitionListsAnswer>(made).lists;
    expect(list?.name).toBe('Site A');
    const uid = encodeURIComponent(list?.uid ?? '');
    const filled = await raw(
      shop.url,
      `/requisition-lists/${uid}/items`,
      json(
        'POST',
        {
          items: [
            { sku: skuA, quantity: 3 },
            { sku: skuB, quantity: 1 },
          ],
        },
        session,
      ),
    );
    expect(filled.status, filled.body.toString()).toBe(200);
    const lines = parse<RequisitionListsAnswer>(filled).lists[0]?.lines ?? [];
    expect(lines.map((line) => [line.sku, line.quantity])).toEqual([
      [skuA, 3],
      [skuB, 1],
    ]);
    const changed = await raw(
      shop.url,
      `/requisition-lists/${uid}/items/${encodeURIComponent(lines[0]?.uid ?? '')}`,
      json('PUT', { quantity: 5 }, session),
    );
    expect(parse<RequisitionListsAnswer>(changed).lists[0]?.lines[0]?.quantity).toBe(5);
    const part = await raw(
      shop.url,
      `/requisition-lists/${uid}/basket`,
      json('POST', { items: [lines[1]?.uid] }, session),
    );
    expect(parse<ToBasketAnswer>(part)).toEqual({ added: true, problems: [] });
    const all = await raw(shop.url, `/requisition-lists/${uid}/basket`, json('POST', {}, session));
    expect(parse<ToBasketAnswer>(all)).toEqual({ added: true, problems: [] });
    const cart = await backend.call('GET', '/rest/V1/carts/mine/items', { token });
    expect(cart.body.map((line: { sku: string; qty: number }) => [line.sku, line.qty]).sort()).toEqual(
      [
        [skuA, 5],
        [skuB, 2],
      ].sort(),
    );
  });

  it('shows nobody else’s list, and refuses to change it', async () => {
    const owner = await newSession();
    const stranger = await newSession();
    const made = await raw(shop.url, '/requisition-lists', json('POST', { name: 'Mine' }, owner.session));
    const uid = encodeURIComponent(parse<RequisitionListsAnswer>(made).lists[0]?.uid ?? '');
    const theirs = await raw(shop.url, '/requisition-lists', { headers: { Cookie: stranger.session } });
    expect(parse<RequisitionListsAnswer>(theirs).lists).toEqual([]);
    const rename = await raw(
      shop.url,
      `/requisition-lists/${uid}`,
      json('PUT', { name: 'Hijacked' }, stranger.session),
    );
    expect(rename.status).toBe(404);
    expect(parse<{ message: string }>(rename).message).toBe(t.noSuchList);
    // Magento refuses another's list as it refuses a guest; the stranger's session must survive it.
    expect(rename.headers['set-cookie']).toBeUndefined();
    const basket = await raw(
      shop.url,
      `/requisition-lists/${uid}/basket`,
      json('POST', {}, stranger.session),
    );
    expect(basket.status).toBe(404);
    const still = await raw(shop.url, '/requisition-lists', { headers: { Cookie: stranger.session } });
    expect(still.status).toBe(200);
  });

  it('refuses a guest, another site, an unknown sku, and says when Magento is down', async () => {
    const guest = await raw(shop.url, '/requisition-lists');
    expect(guest.status).toBe(401);
    const { session } = await newSession();
    const crossSite = await raw(
      shop.url,
      '/requisition-lists',
      json('POST', { name: 'X' }, session, { Origin: 'https://evil.example' }),
    );
    expect(crossSite.status).toBe(403);
    const made = await raw(shop.url, '/requisition-lists', json('POST', { name: 'Y' }, session));
    const uid = encodeURIComponent(parse<RequisitionListsAnswer>(made).lists[0]?.uid ?? '');
    const unknown = await raw(
      shop.url,
      `/requisition-lists/${uid}/items`,
      json('POST', { items: [{ sku: 'NO-SUCH-SKU-1', quantity: 1 }] }, session),
    );
    expect(unknown.status).toBe(404);
    expect(parse<{ message: string }>(unknown).message).toBe(t.noSuchProduct);
    const down = await raw(downShop.url, '/requisition-lists', { headers: { Cookie: session } });
    expect(down.status).toBe(503);
    expect(parse<{ message: string }>(down).message).toBe(t.unavailable);
  });
});
