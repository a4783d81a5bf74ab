/**
 * The shopper's returns through the storefront server, against a real embedded back end with Magento's
 * returns module: a customer returns part of a paid order and reads it back with a comment; a guest
 * returns an unopened detergent through the order lookup's proof, and an opened one is refused with the
 * reason; more than was bought is refused and nothing is created; another customer's order or return is
 * Not Found; Magento down is a 503 that says so.
 */
import { DEMO_GUEST_ORDER } from '@cleaning-shop/embedded-magento/returns/demo-orders.ts';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReturnFacts, ReturnRecord, ReturnSummary } from '../../src/features/returns/returns.ts';
import { returnTexts } from '../../src/features/returns/texts.ts';
import { trustedProxies } from '../../src/http/index.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createReturnsRoutes } from '../../src/server/shopper/returns.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { ORDER_ADDRESS, placeTestOrder, type PlacedTestOrder } from '../support/orders.ts';
import { makeFakeSite, raw, sessionCookie, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
/** Nothing listens there: Magento "down". */
const DOWN = 'http://127.0.0.1:9';
let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;
let downShop: RunningStorefront;
let machine: string;
let detergent: string;

/** A light simple product in the catalogue's Detergents category, in stock. */
async function detergentSku(): Promise<string> {
  const tree = (await backend.call('GET', '/rest/V1/categories', { token: INTEGRATION_TOKEN })).body;
  const ids: number[] = [];
  const walk = (node: { id: number; name: string; children_data?: unknown[] }) => {
    if (node.name === 'Detergents') ids.push(node.id);
    for (const child of node.children_data ?? []) walk(child as typeof node);
  };
  walk(tree);
  for (const id of ids) {
    const links = (
      await backend.call('GET', `/rest/V1/categories/${id}/products`, { token: INTEGRATION_TOKEN })
    ).body as { sku: string }[];
    for (const { sku } of links) {
      const product = (
        await backend.call('GET', `/rest/V1/products/${encodeURIComponent(sku)}`, {
          token: INTEGRATION_TOKEN,
        })
      ).body;
      const stock = product.extension_attributes?.stock_item;
      if (
        product.type_id === 'simple' &&
        product.status === 1 &&
        (product.weight ?? 0) <= 5 &&
        stock?.is_in_stock &&
        stock.qty >= 5
      )
        return sku;
    }
  }
  throw new Error('no detergent to order');
}

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  const routes = (baseUrl: string, attempts?: number) => [
    createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
    createReturnsRoutes({
      // Magento down is tried once: its retries would only slow the test.
      magento: { baseUrl, token: INTEGRATION_TOKEN, ...(attempts ? { attempts } : {}) },
      siteUrl: SITE,
      trustedProxies: trustedProxies(['loopback']),
    }),
  ];
  [shop, downShop] = await Promise.all([
    startFakeSite(site, { siteUrl: SITE, routes: routes(backend.url) }),
    startFakeSite(site, { siteUrl: SITE, routes: routes(DOWN, 1) }),
  ]);
  [machine, detergent] = await Promise.all([pickProduct(backend, 50).then((p) => p.sku), detergentSku()]);
});
afterAll(async () => {
  await Promise.all([shop.close(), downShop.close()]);
  await backend.stop();
  rmSync(site.root, { recursive: true, force: true });
});

const origin = { Origin: SITE };
const json = (reply: { body: Buffer }) => JSON.parse(reply.body.toString()) as Record<string, unknown>;

interface Shopper {
  session: string;
  token: string;
}

async function newShopper(): Promise<Shopper> {
  const customer = await backend.newCustomer();
  return {
    session: await sessionCookie(shop.url, SITE, customer.email, customer.password),
    token: customer.token,
  };
}

/** An order placed and paid (invoiced: processing, not yet dispatched), as the right to cancel covers. */
async function paidOrder(lines: { sku: string; qty: number }[], token?: string): Promise<PlacedTestOrder> {
  const placed = await placeTestOrder(backend, { ...(token ? { token } : {}), lines });
  const invoiced = await backend.call('POST', `/rest/V1/order/${placed.id}/invoice`, {
    token: INTEGRATION_TOKEN,
    body: { capture: true },
  });
  if (invoiced.status !== 200) throw new Error(`not invoiced: ${JSON.stringify(invoiced.body)}`);
  return placed;
}

const get = (path: string, session: string, to = shop) => raw(to.url, path, { headers: { Cookie: session } });
const post = (path: string, body: unknown, session = '', to = shop) =>
  raw(to.url, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...origin, ...(session ? { Cookie: session } : {}) },
    body: JSON.stringify(body),
  });

/** A request for `qty` of the line of `sku`, in the condition coded `condition`, with the store's first reason and wish. */
function asking(facts: ReturnFacts, sku: string, qty: number, condition: string) {
  const line = facts.lines.find((candidate) => candidate.sku === sku);
  const chosen = facts.conditions.find((candidate) => candidate.code === condition);
  if (!line || !chosen) throw new Error(`no line ${sku} or condition ${condition}`);
  return {
    reason: facts.reasons[0]?.id,
    resolution: facts.resolutions[0]?.id,
    lines: [{ orderItemId: line.orderItemId, qty, condition: chosen.id }],
  };
}

describe('a signed-in customer’s return', () => {
  let alice: Shopper;
  let bob: Shopper;
  let order: PlacedTestOrder;
  let facts: ReturnFacts;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([newShopper(), newShopper()]);
    order = await paidOrder([{ sku: machine, qty: 2 }], alice.token);
    facts = json(await get(`/returns/orders/${order.number}`, alice.session)) as unknown as ReturnFacts;
  });

  it('shows the order’s lines with what may be returned, and the store’s lists', () => {
    expect(facts.order).toBe(order.number);
    expect(facts.lines).toEqual([
      expect.objectContaining({ sku: machine, ordered: 2, inReturns: 0, returnable: 2, why: null }),
    ]);
    expect(facts.reasons.length).toBeGreaterThan(0);
    expect(facts.resolutions.length).toBeGreaterThan(0);
    expect(facts.conditions.map((c) => c.code)).toEqual(expect.arrayContaining(['opened', 'unopened']));
  });

  it('refuses more than was bought with the line’s message, and creates nothing', async () => {
    const refused = await post(
      `/returns/orders/${order.number}`,
      asking(facts, machine, 3, 'opened'),
      alice.session,
    );
    expect(refused.status).toBe(422);
    const name = facts.lines[0]?.name ?? '';
    expect(json(refused)).toMatchObject({
      message: returnTexts.problem.tooMany(name, 2, 0),
      problems: [{ field: `qty-${facts.lines[0]?.orderItemId}` }],
    });
    const mine = json(await get('/returns/mine', alice.session))['returns'] as ReturnSummary[];
    expect(mine.filter((r) => r.order === order.number)).toEqual([]);
  });

  it('creates the return and reads it back with its number, status, items and a comment', async () => {
    const created = await post(
      `/returns/orders/${order.number}`,
      asking(facts, machine, 1, 'opened'),
      alice.session,
    );
    expect(created.status).toBe(201);
    const record = json(created) as unknown as ReturnRecord;
    expect(record).toMatchObject({
      order: order.number,
      items: [expect.objectContaining({ sku: machine, qty: 1 })],
    });
    expect(record.number).not.toBe('');
    expect(record.status).not.toBe('');

    const mine = json(await get('/returns/mine', alice.session))['returns'] as ReturnSummary[];
    expect(mine.map((r) => r.number)).toContain(record.number);
    const commented = await post(
      `/returns/mine/${record.id}/comments`,
      { comment: 'Collected from the depot?' },
      alice.session,
    );
    expect(commented.status).toBe(201);
    const read = json(await get(`/returns/mine/${record.id}`, alice.session)) as unknown as ReturnRecord;
    expect(read.comments.map((c) => [c.author, c.text])).toContainEqual([
      'customer',
      'Collected from the depot?',
    ]);

    const again = json(await get(`/returns/orders/${order.number}`, alice.session)) as unknown as ReturnFacts;
    expect(again.lines[0]).toMatchObject({ inReturns: 1, returnable: 1 });
    // Another customer's return and order are Not Found, never Forbidden.
    expect((await get(`/returns/mine/${record.id}`, bob.session)).status).toBe(404);
    expect(
      (await post(`/returns/mine/${record.id}/comments`, { comment: 'Mine now' }, bob.session)).status,
    ).toBe(404);
    expect((await get(`/returns/orders/${order.number}`, bob.session)).status).toBe(404);
    const theirs = await post(
      `/returns/orders/${order.number}`,
      asking(facts, machine, 1, 'opened'),
      bob.session,
    );
    expect(theirs.status).toBe(404);
  });

  it('sends the last one once when it is asked for twice at once', async () => {
    const last = asking(facts, machine, 1, 'opened');
    const both = await Promise.all([
      post(`/returns/orders/${order.number}`, last, alice.session),
      post(`/returns/orders/${order.number}`, last, alice.session),
    ]);
    expect(both.map((reply) => reply.status).sort()).toEqual([201, 422]);
    const refused = both.find((reply) => reply.status === 422);
    expect(json(refused ?? both[0])['message']).toContain('Every one of these is already in a return.');
  });

  it('asks a signed-out shopper to sign in', async () => {
    expect((await get('/returns/mine', '')).status).toBe(401);
  });
});

describe('a guest’s return through the order lookup', () => {
  let order: PlacedTestOrder;
  const proof = () => ({
    number: order.number,
    email: ORDER_ADDRESS.email,
    postcode: ORDER_ADDRESS.postcode,
  });

  beforeAll(async () => {
    order = await paidOrder([{ sku: detergent, qty: 2 }]);
  });

  it('refuses an opened detergent with the reason, and returns an unopened one', async () => {
    const facts = json(await post('/returns/lookup/facts', proof())) as unknown as ReturnFacts;
    const line = facts.lines[0];
    expect(line).toMatchObject({
      sku: detergent,
      category: 'Detergents',
      conditions: ['unopened'],
      returnable: 2,
    });

    const opened = await post('/returns/lookup', { ...proof(), ...asking(facts, detergent, 1, 'opened') });
    expect(opened.status).toBe(422);
    expect(json(opened)['message']).toBe(
      `${line?.name} cannot be returned in that condition: detergents can only be returned unopened.`,
    );

    const unopened = await post('/returns/lookup', {
      ...proof(),
      ...asking(facts, detergent, 1, 'unopened'),
    });
    expect(unopened.status).toBe(201);
    const record = json(unopened) as unknown as ReturnRecord;
    expect(record.items).toEqual([expect.objectContaining({ sku: detergent, qty: 1 })]);

    const listed = json(await post('/returns/lookup/list', proof()))['returns'] as ReturnRecord[];
    expect(listed.map((r) => r.number)).toEqual([record.number]);
    const read = await post('/returns/lookup/return', { ...proof(), id: record.id });
    expect(json(read)).toMatchObject({ number: record.number, order: order.number });
    const commented = await post('/returns/lookup/comment', {
      ...proof(),
      id: record.id,
      comment: 'Still sealed.',
    });
    expect(commented.status).toBe(201);
    const reread = json(
      await post('/returns/lookup/return', { ...proof(), id: record.id }),
    ) as unknown as ReturnRecord;
    expect(reread.comments.map((c) => [c.author, c.text])).toContainEqual(['customer', 'Still sealed.']);
    // Another order's proof finds no return of this one.
    const other = await paidOrder([{ sku: machine, qty: 1 }]);
    const elsewhere = { number: other.number, email: ORDER_ADDRESS.email, postcode: ORDER_ADDRESS.postcode };
    expect((await post('/returns/lookup/return', { ...elsewhere, id: record.id })).status).toBe(404);
    expect(
      (await post('/returns/lookup/comment', { ...elsewhere, id: record.id, comment: 'Hi' })).status,
    ).toBe(404);
  });

  it('finds the demo guest’s order a fresh start writes, its detergents returnable', async () => {
    const demo = {
      number: backend.db.meta('demo_guest_order') ?? '',
      email: DEMO_GUEST_ORDER.email,
      postcode: DEMO_GUEST_ORDER.postcode,
    };
    const found = await post('/returns/lookup/facts', demo);
    expect(found.status).toBe(200);
    const facts = json(found) as unknown as ReturnFacts;
    expect(facts.lines.find((line) => line.category === 'Detergents')).toMatchObject({
      conditions: ['unopened'],
      returnable: 2,
    });
  });

  it('finds nothing with a wrong postcode', async () => {
    const wrong = await post('/returns/lookup/facts', { ...proof(), postcode: 'ZZ9 9ZZ' });
    expect(wrong.status).toBe(404);
  });
});

describe('Magento down', () => {
  it('is a 503 that says returns cannot be reached', async () => {
    const reply = await post(
      '/returns/lookup/facts',
      { number: '000000001', email: 'a@example.com', postcode: 'M1 2AB' },
      '',
      downShop,
    );
    expect(reply.status).toBe(503);
    expect(json(reply)['message']).toBe(returnTexts.unavailable);
  });
});
