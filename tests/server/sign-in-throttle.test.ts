/**
 * The storefront's sign-in throttle against a real embedded back end: a client that keeps failing waits
 * (whatever accounts it tries), an account guessed at from many clients waits for unknown browsers but not
 * for a browser that signed in to it before, the wait is said in words and in Retry-After, and neither lets
 * a guesser reach Magento's own six-failure lock. X-Forwarded-For names the client only behind a trusted proxy.
 * With the shared store, replicas (each with its own connection to it) count together and trust each
 * other's known-browser cookies, also after a restart; a store that is down still throttles.
 */
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, trustedProxies } from '../../src/http/index.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import type { SharedStore } from '../../src/store/shared-store.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { BOTH_STORES, unreachablePostgresStore, type TestStore } from '../support/stores.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
let backend: TestBackend;
let site: FakeSite;
/** Behind a trusted proxy on loopback: X-Forwarded-For names the client. */
let proxied: RunningStorefront;
/** Trusting no proxy: X-Forwarded-For is the client's own claim and ignored. */
let direct: RunningStorefront;

const sessionRoutes = (trusted: readonly string[]) =>
  createSessionRoutes({
    magento: { baseUrl: backend.url },
    siteUrl: SITE,
    tokenLifetime: 3600,
    trustedProxies: trustedProxies(trusted),
    signInLimits: {
      perClient: { failures: 4, windowSeconds: 600 },
      perAccount: { failures: 3, windowSeconds: 900 },
    },
  });

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  proxied = await startFakeSite(site, { siteUrl: SITE, routes: [sessionRoutes(['loopback'])] });
  direct = await startFakeSite(site, { siteUrl: SITE, routes: [sessionRoutes([])] });
});
afterAll(async () => {
  await proxied.close();
  await direct.close();
  await backend.stop();
  rmSync(site.root, { recursive: true, force: true });
});

let nextClient = 10;
const newClient = (): string => `203.0.113.${nextClient++}`;

async function signIn(
  shop: RunningStorefront,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const reply = await raw(shop.url, '/session', {
    method: 'POST',
    headers: { Origin: SITE, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });
  const cookies = reply.headers['set-cookie'] ?? [];
  const message =
    reply.status === 200 ? '' : (JSON.parse(reply.body.toString()) as { message: string }).message;
  return { status: reply.status, message, retryAfter: reply.headers['retry-after'], cookies };
}

describe('sign-in throttle', () => {
  it('makes a client that keeps failing wait, whatever accounts it tries, and says how long', async () => {
    const client = { 'X-Forwarded-For': newClient() };
    const [last, ...others] = await Promise.all([1, 2, 3, 4, 5].map(() => backend.newCustomer()));
    if (!last) throw new Error('no customer');
    for (const account of others)
      expect((await signIn(proxied, account.email, 'Wrong-password1', client)).status).toBe(401);
    const held = await signIn(proxied, last.email, last.password, client);
    expect(held.status).toBe(429);
    expect(held.message).toBe('Too many sign-in attempts from your network. Please try again in 10 minutes.');
    expect(Number(held.retryAfter)).toBeGreaterThan(590);
    expect(held.cookies).toEqual([]);
    // Another client is not held up.
    const other = await signIn(proxied, last.email, last.password, {
      'X-Forwarded-For': newClient(),
    });
    expect(other.status).toBe(200);
  });

  it('holds an account guessed at from many clients, but not in a browser that signed in to it before', async () => {
    const customer = await backend.newCustomer();
    const first = await signIn(proxied, customer.email, customer.password, {
      'X-Forwarded-For': newClient(),
    });
    expect(first.status).toBe(200);
    const known = first.cookies.find((line) => line.startsWith('shop_known='))?.split(';')[0] ?? '';
    expect(known).not.toBe('');

    for (let guess = 0; guess < 3; guess++) {
      const wrong = await signIn(proxied, customer.email, `Guess-${guess}-x`, {
        'X-Forwarded-For': newClient(),
      });
      expect(wrong.status).toBe(401);
    }
    const stranger = await signIn(proxied, customer.email.toUpperCase(), customer.password, {
      'X-Forwarded-For': newClient(),
    });
    expect(stranger.status).toBe(429);
    expect(stranger.message).toBe(
      'Too many failed sign-ins for this account. Please try again in 15 minutes.',
    );

    const returning = await signIn(proxied, customer.email, customer.password, {
      'X-Forwarded-For': newClient(),
      Cookie: known,
    });
    expect(returning.status).toBe(200);
    expect(returning.cookies.some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    // The guesses never reached Magento's lock: its own sign-in still works.
    const magento = await backend.call('POST', '/rest/V1/integration/customer/token', {
      body: { username: customer.email, password: customer.password },
    });
    expect(magento.status).toBe(200);
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const [last, ...others] = await Promise.all([1, 2, 3, 4, 5].map(() => backend.newCustomer()));
    if (!last) throw new Error('no customer');
    for (const account of others)
      await signIn(direct, account.email, 'Wrong-password1', { 'X-Forwarded-For': newClient() });
    const held = await signIn(direct, last.email, last.password, {
      'X-Forwarded-For': newClient(),
    });
    expect(held.status).toBe(429);
  });
});

interface ReplicaOptions {
  readonly store: SharedStore;
  readonly key?: string;
  readonly previousKey?: string;
}

/** Replicas started by a test, closed after it. */
const replicas: RunningStorefront[] = [];
afterEach(async () => {
  for (const replica of replicas.splice(0)) await replica.close();
});

/** A replica of the shop with the real limits, behind a trusted proxy, on its own store connection. */
async function replica(options: ReplicaOptions): Promise<RunningStorefront> {
  const routes = createSessionRoutes({
    magento: { baseUrl: backend.url },
    siteUrl: SITE,
    tokenLifetime: 3600,
    trustedProxies: trustedProxies(['loopback']),
    store: options.store,
    signInKey: options.key,
    signInKeyPrevious: options.previousKey,
  });
  const shop = await startFakeSite(site, { siteUrl: SITE, routes: [routes] });
  replicas.push(shop);
  return shop;
}

const knownCookie = (cookies: readonly string[]): string =>
  cookies.find((line) => line.startsWith('shop_known='))?.split(';')[0] ?? '';

/** Five wrong passwords for the account, each from a new client, taking turns over `shops`. */
async function holdAccount(shops: readonly RunningStorefront[], email: string): Promise<void> {
  for (let guess = 0; guess < 5; guess++) {
    const shop = shops[guess % shops.length];
    if (!shop) throw new Error('no replica');
    const wrong = await signIn(shop, email, `Guess-${guess}-x`, { 'X-Forwarded-For': newClient() });
    expect(wrong.status).toBe(401);
  }
}

const HELD = 'Too many failed sign-ins for this account. Please try again in 15 minutes.';
const KEY = 'k'.repeat(40);
const NEXT_KEY = 'n'.repeat(40);

describe.each(BOTH_STORES)('sign-in throttle shared by replicas on %s', (_name, make) => {
  let test: TestStore;
  beforeEach(() => {
    test = make();
  });
  afterEach(() => test.dispose());

  it('counts 5 failures for an account across two replicas and holds the 6th attempt, on either', async () => {
    const a = await replica({ store: test.store });
    const b = await replica({ store: test.open() });
    const customer = await backend.newCustomer();
    await holdAccount([a, b], customer.email);
    for (const shop of [a, b]) {
      const held = await signIn(shop, customer.email, customer.password, { 'X-Forwarded-For': newClient() });
      expect(held.status).toBe(429);
      expect(held.message).toBe(HELD);
    }
    // Five guesses in all never reach Magento's six-failure lock.
    const magento = await backend.call('POST', '/rest/V1/integration/customer/token', {
      body: { username: customer.email, password: customer.password },
    });
    expect(magento.status).toBe(200);
  });

  it('keeps no e-mail address in the store, only a keyed hash of it', async () => {
    const shop = await replica({ store: test.store });
    const customer = await backend.newCustomer();
    await signIn(shop, customer.email, 'Wrong-password1', { 'X-Forwarded-For': newClient() });
    const keys = (await test.store.query<{ key: string }>('SELECT key FROM throttle_counts')).map(
      (row) => row.key,
    );
    const accounts = keys.filter((key) => key.startsWith('sign-in-account:'));
    expect(accounts).toHaveLength(1);
    expect(keys.some((key) => key.includes('@'))).toBe(false);
  });

  it('accepts a known-browser cookie made by another replica, and after a restart', async () => {
    const a = await replica({ store: test.store });
    const b = await replica({ store: test.open() });
    const customer = await backend.newCustomer();
    const first = await signIn(a, customer.email, customer.password, { 'X-Forwarded-For': newClient() });
    const known = knownCookie(first.cookies);
    expect(known).not.toBe('');
    await holdAccount([a, b], customer.email);

    const onB = await signIn(b, customer.email, customer.password, {
      'X-Forwarded-For': newClient(),
      Cookie: known,
    });
    expect(onB.status).toBe(200);

    // A replica started afresh reads the same key and the same counts.
    await Promise.all(replicas.splice(0).map((shop) => shop.close()));
    const restarted = await replica({ store: test.open() });
    const returning = await signIn(restarted, customer.email, customer.password, {
      'X-Forwarded-For': newClient(),
      Cookie: known,
    });
    expect(returning.status).toBe(200);
    const stranger = await signIn(restarted, customer.email, customer.password, {
      'X-Forwarded-For': newClient(),
    });
    expect(stranger.status).toBe(429);
  });

  it('accepts cookies signed with SIGN_IN_KEY_PREVIOUS while SIGN_IN_KEY is rotated', async () => {
    const before = await replica({ store: test.store, key: KEY });
    const customer = await backend.newCustomer();
    const first = await signIn(before, customer.email, customer.password, { 'X-Forwarded-For': newClient() });
    const known = knownCookie(first.cookies);
    const rotating = await replica({ store: test.open(), key: NEXT_KEY, previousKey: KEY });
    const rotated = await replica({ store: test.open(), key: NEXT_KEY });
    await holdAccount([rotating], customer.email);

    const returning = await signIn(rotating, customer.email, customer.password, {
      'X-Forwarded-For': newClient(),
      Cookie: known,
    });
    expect(returning.status).toBe(200);
    // The browser gets a cookie under the new key, which the replica without the old one accepts.
    const renewed = knownCookie(returning.cookies);
    expect(renewed).not.toBe(known);
    const old = { 'X-Forwarded-For': newClient(), Cookie: known };
    expect((await signIn(rotated, customer.email, customer.password, old)).status).toBe(429);
    const now = { 'X-Forwarded-For': newClient(), Cookie: renewed };
    expect((await signIn(rotated, customer.email, customer.password, now)).status).toBe(200);
  });
});

describe('sign-in throttle while the shared store is down', () => {
  it('still signs in, and still holds an account after 5 failures', async () => {
    const store = await unreachablePostgresStore();
    try {
      const shop = await replica({ store });
      const customer = await backend.newCustomer();
      const first = await signIn(shop, customer.email, customer.password, { 'X-Forwarded-For': newClient() });
      expect(first.status).toBe(200);
      // No key to sign a known-browser cookie with: none is given.
      expect(knownCookie(first.cookies)).toBe('');
      await holdAccount([shop], customer.email);
      const held = await signIn(shop, customer.email, customer.password, { 'X-Forwarded-For': newClient() });
      expect(held.status).toBe(429);
    } finally {
      await store.close();
    }
  });
});
