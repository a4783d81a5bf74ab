/**
 * A signed-in customer's machines through the storefront server, against a real embedded back end over HTTP:
 * kept in Magento as the customer attribute `my_machines` ("K 5, WD 3"), changed without losing anything else
 * of the customer (name, addresses, other attributes), bounded and checked with clear messages, carried over
 * from a guest at sign-in, guarded like the other customer routes, and said plainly when Magento is down.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/http/index.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createMyMachinesRoutes, MY_MACHINES_TEXTS } from '../../src/server/shopper/my-machines.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { placeTestOrder } from '../support/orders.ts';
import { productsInStock } from '../support/shop.ts';
import { BOTH_STORES } from '../support/stores.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
/** Nothing listens there: Magento "down". */
const DOWN = 'http://127.0.0.1:9';
let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [
      createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
      createMyMachinesRoutes({ magento: { baseUrl: backend.url, token: INTEGRATION_TOKEN }, siteUrl: SITE }),
    ],
  });
});
afterAll(async () => {
  await shop.close();
  await backend.stop();
  rmSync(site.root, { recursive: true, force: true });
});

interface Answer {
  machines?: string[];
  message?: string;
}

const origin = { Origin: SITE };
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'Content-Type': 'application/json', ...origin, ...headers },
  body: JSON.stringify(body),
});
const parse = (reply: { body: Buffer }) => JSON.parse(reply.body.toString()) as Answer;

async function signIn(email: string, password: string, extra: Record<string, unknown> = {}) {
  const reply = await raw(shop.url, '/session', { method: 'POST', ...json({ email, password, ...extra }) });
  const cookie = (reply.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  return {
    session: cookie?.split(';')[0] ?? '',
    body: JSON.parse(reply.body.toString()) as Answer,
    status: reply.status,
  };
}

/** A new customer, signed in: their session cookie, and their Magento token for reading them directly. */
async function newCustomer() {
  const customer = await backend.newCustomer();
  return { ...customer, session: (await signIn(customer.email, customer.password)).session };
}

const read = (session: string, base = shop.url) =>
  raw(base, '/my-machines', { headers: { Cookie: session } });
const change = (session: string, body: unknown, base = shop.url) =>
  raw(base, '/my-machines', { method: 'POST', ...json(body, { Cookie: session }) });

/** The customer as Magento keeps them. */
async function magentoCustomer(token: string) {
  const reply = await backend.call('GET', '/rest/V1/customers/me', { token });
  return reply.body as {
    firstname: string;
    lastname: string;
    addresses: unknown[];
    custom_attributes?: { attribute_code: string; value: unknown }[];
  };
}
const attributeOf = (customer: Awaited<ReturnType<typeof magentoCustomer>>, code: string) =>
  customer.custom_attributes?.find((attribute) => attribute.attribute_code === code)?.value;

describe('a signed-in customer’s machines', () => {
  it('adds, lists and removes, kept in Magento as my_machines, answers never cached', async () => {
    const { session, token } = await newCustomer();
    const empty = await read(session);
    expect(empty.status).toBe(200);
    expect(empty.headers['cache-control']).toBe('private, no-store');
    expect(parse(empty)).toEqual({ machines: [] });

    expect(parse(await change(session, { add: ['K 5'] }))).toEqual({ machines: ['K 5'] });
    expect(parse(await change(session, { add: ['WD 3', 'k5'] }))).toEqual({ machines: ['K 5', 'WD 3'] });
    expect(attributeOf(await magentoCustomer(token), 'my_machines')).toBe('K 5, WD 3');
    expect(parse(await read(session))).toEqual({ machines: ['K 5', 'WD 3'] });

    expect(parse(await change(session, { remove: ['K5'] }))).toEqual({ machines: ['WD 3'] });
    expect(parse(await change(session, { remove: ['WD 3'], add: ['HD 6/15'] }))).toEqual({
      machines: ['HD 6/15'],
    });
    expect(attributeOf(await magentoCustomer(token), 'my_machines')).toBe('HD 6/15');
  });

  it('loses nothing else of the customer: name, addresses and other attributes stay', async () => {
    const { session, token } = await newCustomer();
    const before = await magentoCustomer(token);
    await change(session, { add: ['K 5'] });
    await change(session, { remove: ['K 5'] });
    const after = await magentoCustomer(token);
    expect(after.firstname).toBe(before.firstname);
    expect(after.lastname).toBe(before.lastname);
    expect(after.addresses).toEqual(before.addresses);
    const others = (customer: typeof before) =>
      (customer.custom_attributes ?? []).filter((attribute) => attribute.attribute_code !== 'my_machines');
    expect(others(after)).toEqual(others(before));
  });

  it('keeps them across sign-ins', async () => {
    const { email, password, session } = await newCustomer();
    await change(session, { add: ['K 5', 'WD 3'] });
    await raw(shop.url, '/session', { method: 'DELETE', headers: { ...origin, Cookie: session } });
    const again = await signIn(email, password);
    expect(parse(await read(again.session))).toEqual({ machines: ['K 5', 'WD 3'] });
  });

  it('refuses what is not a model’s name, and more than 20 machines, saying why', async () => {
    const { session } = await newCustomer();
    const comma = await change(session, { add: ['K 5, WD 3'] });
    expect(comma.status).toBe(400);
    expect(parse(comma).message).toBe(MY_MACHINES_TEXTS.badName('K 5, WD 3'));
    for (const body of [
      {},
      { add: [] },
      { add: 'K 5' },
      { add: ['x'.repeat(41)] },
      { add: Array(21).fill('K 5') },
    ]) {
      const reply = await change(session, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(parse(reply).message).toBe(MY_MACHINES_TEXTS.badBody);
    }
    const twenty = Array.from({ length: 20 }, (_, i) => `K ${i + 1}`);
    expect(parse(await change(session, { add: twenty })).machines).toEqual(twenty);
    const full = await change(session, { add: ['WD 3'] });
    expect(full.status).toBe(409);
    expect(parse(full).message).toBe(MY_MACHINES_TEXTS.full);
    expect(parse(await read(session)).machines).toEqual(twenty);
  });
});

describe('the products of a customer’s orders', () => {
  it('are theirs only, newest first, each once', async () => {
    const alice = await newCustomer();
    const bob = await newCustomer();
    const light = (await productsInStock(backend)).filter((p) => p.weight <= 5 && p.qty >= 5);
    const [first, second] = light;
    if (!first || !second) throw new Error('the test catalogue has too few light products in stock');
    await placeTestOrder(backend, { token: alice.token, lines: [{ sku: first.sku, qty: 1 }] });
    await placeTestOrder(backend, {
      token: alice.token,
      lines: [
        { sku: second.sku, qty: 1 },
        { sku: first.sku, qty: 1 },
      ],
    });
    const ordered = await raw(shop.url, '/my-machines/ordered', { headers: { Cookie: alice.session } });
    expect(ordered.status).toBe(200);
    expect(ordered.headers['cache-control']).toBe('private, no-store');
    expect(JSON.parse(ordered.body.toString())).toEqual({ skus: [second.sku, first.sku] });
    const none = await raw(shop.url, '/my-machines/ordered', { headers: { Cookie: bob.session } });
    expect(JSON.parse(none.body.toString())).toEqual({ skus: [] });
    expect((await raw(shop.url, '/my-machines/ordered', {})).status).toBe(401);
  });
});

describe('a guest’s machines at sign-in', () => {
  it('are carried over: those the customer lacks go after theirs, no duplicates', async () => {
    const customer = await backend.newCustomer();
    const first = await signIn(customer.email, customer.password);
    await change(first.session, { add: ['K 5'] });
    const signedIn = await signIn(customer.email, customer.password, {
      machines: ['k5', 'WD 3', 'bad,name'],
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.machines).toEqual(['K 5', 'WD 3']);
    expect(parse(await read(signedIn.session))).toEqual({ machines: ['K 5', 'WD 3'] });
  });

  it('never fail the sign-in', async () => {
    const customer = await backend.newCustomer();
    const signedIn = await signIn(customer.email, customer.password, { machines: [] });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.machines).toBeUndefined();
  });
});

describe('guards', () => {
  it('answers 401 with a clear message without a session, and ends one Magento no longer accepts', async () => {
    const none = await read('');
    expect(none.status).toBe(401);
    expect(parse(none).message).toBe(MY_MACHINES_TEXTS.signIn);
    const expired = await read(`${SESSION_COOKIE}=expired0000000000000000000000000`);
    expect(expired.status).toBe(401);
    expect(parse(expired).message).toBe('Your session has ended. Please sign in again.');
    expect(String(expired.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Max-Age=0`));
  });

  it('refuses other sites, bodies that are not JSON, and other methods', async () => {
    const { session } = await newCustomer();
    const crossRead = await raw(shop.url, '/my-machines', {
      headers: { Cookie: session, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossRead.status).toBe(403);
    const crossWrite = await change(session, { add: ['K 5'] }).then(() =>
      raw(shop.url, '/my-machines', {
        method: 'POST',
        ...json({ add: ['WD 3'] }, { Cookie: session, Origin: 'https://evil.example' }),
      }),
    );
    expect(crossWrite.status).toBe(403);
    const form = await raw(shop.url, '/my-machines', {
      method: 'POST',
      headers: { ...origin, Cookie: session, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'add=K 5',
    });
    expect(form.status).toBe(415);
    const put = await raw(shop.url, '/my-machines', { method: 'PUT', headers: origin });
    expect(put.status).toBe(405);
    expect(put.headers['allow']).toBe('GET, HEAD, POST');
    expect(parse(await read(session)).machines).toEqual(['K 5']);
  });
});

describe('changes sent together', () => {
  const MACHINES = ['K 2', 'K 3', 'K 4', 'K 5', 'WD 3', 'SC 4'];

  it('keeps every add and removal when they reach one server at once', async () => {
    const customer = await newCustomer();
    await change(customer.session, { add: ['HDS 8/18'] });
    const replies = await Promise.all([
      ...MACHINES.map((name) => change(customer.session, { add: [name] })),
      change(customer.session, { remove: ['HDS 8/18'] }),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual(Array(MACHINES.length + 1).fill(200));
    expect(parse(await read(customer.session)).machines?.sort()).toEqual([...MACHINES].sort());
  });

  it.each(BOTH_STORES)(
    'keeps every add sent to two replicas at once (locks in %s)',
    async (_name, makeStore) => {
      const stores = makeStore();
      const replica = (store = stores.open()) =>
        startFakeSite(site, {
          siteUrl: SITE,
          routes: [
            createMyMachinesRoutes({
              magento: { baseUrl: backend.url, token: INTEGRATION_TOKEN },
              siteUrl: SITE,
              lock: (name) => store.tryLock(name),
            }),
          ],
        });
      const replicas = [await replica(), await replica()];
      try {
        const customer = await newCustomer();
        const replies = await Promise.all(
          MACHINES.map((name, n) => change(customer.session, { add: [name] }, replicas[n % 2]?.url)),
        );
        expect(replies.map((reply) => reply.status)).toEqual(Array(MACHINES.length).fill(200));
        expect(parse(await read(customer.session)).machines?.sort()).toEqual([...MACHINES].sort());
      } finally {
        for (const running of replicas) await running.close();
        await stores.dispose();
      }
    },
  );
});

describe('Magento down', () => {
  it('says the machines cannot be shown, or changed, right now', async () => {
    const down = await startFakeSite(site, {
      siteUrl: SITE,
      routes: [
        createMyMachinesRoutes({
          magento: { baseUrl: DOWN, token: INTEGRATION_TOKEN, attempts: 1 },
          siteUrl: SITE,
        }),
      ],
    });
    try {
      const session = `${SESSION_COOKIE}=${'a'.repeat(32)}`;
      const reading = await read(session, down.url);
      expect(reading.status).toBe(503);
      expect(parse(reading).message).toBe(MY_MACHINES_TEXTS.cannotShow);
      const writing = await change(session, { add: ['K 5'] }, down.url);
      expect(writing.status).toBe(503);
      expect(parse(writing).message).toBe(MY_MACHINES_TEXTS.cannotChange);
    } finally {
      await down.close();
    }
  });
});
