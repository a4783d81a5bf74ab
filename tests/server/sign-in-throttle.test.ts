/**
 * The storefront's sign-in throttle against a real embedded back end: a client that keeps failing waits
 * (whatever accounts it tries), an account guessed at from many clients waits for unknown browsers but not
 * for a browser that signed in to it before, the wait is said in words and in Retry-After, and neither lets
 * a guesser reach Magento's own six-failure lock. X-Forwarded-For names the client only behind a trusted proxy.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, trustedProxies } from '../../src/http/index.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
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
