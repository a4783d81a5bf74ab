/**
 * Trade accounts through the storefront server, against a real embedded back end over HTTP: `/trade/status`
 * says which state the signed-in customer's account is in, from their group in Magento; the Trade group's
 * price file goes only to a signed-in customer of that group, and nothing of it to a guest, a retail
 * customer, an applicant, a session that has ended, or anyone through the public files.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/http/index.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { createTradeRoutes } from '../../src/server/shopper/trade.ts';
import { ADMIN, INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
/** Nothing listens there: Magento "down". */
const DOWN = 'http://127.0.0.1:9';
const TRADE_FILE = '{"v":1,"rows":{"PRO-SC-1":[1080,900,[[5,1020,850]]]}}';
let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;
let down: RunningStorefront;
let adminToken: string;

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  for (const [path, text] of [
    ['trade-prices/group-5.json', TRADE_FILE],
    ['trade-prices/group-2.json', '{"v":1,"rows":{"PRO-SC-1":[1100,916.67,[]]}}'],
  ] as const) {
    mkdirSync(dirname(join(site.clientDir, path)), { recursive: true });
    writeFileSync(join(site.clientDir, path), text);
  }
  const routes = (baseUrl: string) => [
    createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
    createTradeRoutes({
      magento: { baseUrl, token: INTEGRATION_TOKEN },
      siteUrl: SITE,
      clientDir: site.clientDir,
    }),
  ];
  shop = await startFakeSite(site, { siteUrl: SITE, routes: routes(backend.url) });
  down = await startFakeSite(site, { siteUrl: SITE, routes: routes(DOWN) });
  adminToken = (await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN }))
    .body as string;
});
afterAll(async () => {
  await shop.close();
  await down.close();
  await backend.stop();
  rmSync(site.root, { recursive: true, force: true });
});

/** A new customer in `group` (moved there as the merchant does, through the admin API), signed in. */
async function customerIn(group: number | null) {
  const customer = await backend.newCustomer();
  if (group !== null) {
    const read = await backend.call('GET', `/rest/V1/customers/${customer.id}`, { token: adminToken });
    const moved = await backend.call('PUT', `/rest/V1/customers/${customer.id}`, {
      token: adminToken,
      body: { customer: { ...read.body, group_id: group } },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  const reply = await raw(shop.url, '/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  const cookie = (reply.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  return { ...customer, session: cookie?.split(';')[0] ?? '' };
}

const get = (path: string, session?: string, base = shop.url) =>
  raw(base, path, { headers: session ? { Cookie: session } : {} });
const stateOf = async (session: string) => JSON.parse((await get('/trade/status', session)).body.toString());

describe('a customer’s trade state', () => {
  it('follows their group in Magento: none, pending (Trade (pending), 4), trade (Trade, 5)', async () => {
    const retail = await customerIn(null);
    const applicant = await customerIn(4);
    const trade = await customerIn(5);
    expect(await stateOf(retail.session)).toEqual({ state: 'none' });
    expect(await stateOf(applicant.session)).toEqual({ state: 'pending' });
    expect(await stateOf(trade.session)).toEqual({ state: 'trade' });
    const reply = await get('/trade/status', trade.session);
    expect(reply.headers['cache-control']).toBe('private, no-store');
  });

  it('is asked for by a signed-in customer only, and said plainly when Magento is down', async () => {
    expect((await get('/trade/status')).status).toBe(401);
    const trade = await customerIn(5);
    const failed = await get('/trade/status', trade.session, down.url);
    expect(failed.status).toBe(503);
    expect(JSON.parse(failed.body.toString()).message).toMatch(/cannot be checked right now/);
  });
});

describe('the Trade price file', () => {
  it('goes to a signed-in Trade customer, private to their browser', async () => {
    const trade = await customerIn(5);
    const reply = await get('/trade-prices/trade.json', trade.session);
    expect(reply.status).toBe(200);
    expect(reply.body.toString()).toBe(TRADE_FILE);
    expect(reply.headers['cache-control']).toBe('private, no-cache');
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    const again = await raw(shop.url, '/trade-prices/trade.json', {
      headers: { Cookie: trade.session, 'If-None-Match': String(reply.headers['etag']) },
    });
    expect(again.status).toBe(304);
  });

  it('gives nothing of it to a guest, a retail customer or an applicant', async () => {
    const retail = await customerIn(null);
    const applicant = await customerIn(4);
    const answers = [
      await get('/trade-prices/trade.json'),
      await get('/trade-prices/trade.json', retail.session),
      await get('/trade-prices/trade.json', applicant.session),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([401, 403, 403]);
    for (const answer of answers) {
      expect(answer.body.toString()).not.toContain('PRO-SC-1');
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('gives a Trade customer their group’s file by one name only, and no other group’s', async () => {
    const trade = await customerIn(5);
    for (const path of [
      '/trade-prices/group-2.json',
      '/trade-prices/group-5.json',
      '/trade-prices/trade.json/',
      '/trade-prices/../trade-prices/group-2.json',
      '/trade-prices/group-5.json.br',
    ])
      expect([path, (await get(path, trade.session)).status]).toEqual([path, 404]);
  });

  it('refuses a session that has ended, or a cookie that is not a session’s', async () => {
    const trade = await customerIn(5);
    const out = await raw(shop.url, '/session', {
      method: 'DELETE',
      headers: { Cookie: trade.session, Origin: SITE },
    });
    expect(out.status).toBe(204);
    const ended = await get('/trade-prices/trade.json', trade.session);
    expect(ended.status).toBe(401);
    expect(String(ended.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=;`);
    expect((await get('/trade-prices/trade.json', `${SESSION_COOKIE}=${'x'.repeat(32)}`)).status).toBe(401);
  });

  it('is never served from the public files, whoever asks', async () => {
    const plain = await startFakeSite(site, { siteUrl: SITE, routes: [] });
    try {
      for (const path of [
        '/trade-prices/group-5.json',
        '/trade-prices//group-5.json',
        '/%74rade-prices/group-5.json',
      ]) {
        const reply = await get(path, undefined, plain.url);
        expect([path, reply.status]).toEqual([path, 404]);
        expect(reply.body.toString()).not.toContain('PRO-SC-1');
      }
    } finally {
      await plain.close();
    }
  });
});
