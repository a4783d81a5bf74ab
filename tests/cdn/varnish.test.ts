/**
 * deploy/varnish/shop.vcl in a real Varnish (`varnishd -F`, a scratch folder, a loopback port) in front
 * of the storefront server over a small built site, sending its CDN headers (s-maxage, Surrogate-Key):
 * a second GET is a hit, a purge by key makes the next a miss, brotli and gzip stay apart, the shopper's
 * routes are never kept, the keys do not leave Varnish, and the purgers' Varnish adapter purges it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { varnishPurger } from '../../src/cdn/purge.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { makeFakeSite, page, raw, startFakeSite, type FakeSite } from '../server/helpers.ts';

const VCL = join(import.meta.dirname, '../../deploy/varnish/shop.vcl');
const INSTALL = 'apt-get install -y varnish varnish-modules';
const BUILD = '20260101T000000000Z-test';

/** What the storefront server was asked, by path. */
const asked = new Map<string, number>();
/** Counts each request that reaches the storefront server, then lets it be answered. */
const counter = new Hono().use('*', async (c, next) => {
  if (c.req.path !== '/robots.txt') asked.set(c.req.path, (asked.get(c.req.path) ?? 0) + 1);
  await next();
});
/** The shopper's routes, private as the real ones are. */
const shopper = new Hono()
  .get('/session', (c) => c.json({ signedIn: false }, 200, { 'Cache-Control': 'private, no-store' }))
  .get('/rest/*', (c) => c.json({ items: [] }, 200, { 'Cache-Control': 'private, no-store' }))
  // The customer's own answers: the session cookie must reach the server.
  .get('/my-machines', (c) =>
    c.json({ cookie: c.req.header('cookie') ?? null }, 200, { 'Cache-Control': 'private, no-store' }),
  )
  .get('/guarantee/registrations', (c) =>
    c.json({ cookie: c.req.header('cookie') ?? null }, 200, { 'Cache-Control': 'private, no-store' }),
  )
  .get('/account/data', (c) =>
    c.json({ cookie: c.req.header('cookie') ?? null }, 200, { 'Cache-Control': 'private, no-store' }),
  )
  // A Trade customer's prices: private to the browser, and only for the session that asks.
  .get('/trade-prices/trade.json', (c) =>
    c.json({ cookie: c.req.header('cookie') ?? null }, 200, { 'Cache-Control': 'private, no-cache' }),
  )
  .get('/trade/status', (c) =>
    c.json({ cookie: c.req.header('cookie') ?? null }, 200, { 'Cache-Control': 'private, no-store' }),
  )
  .get('/service-bookings/mine', (c) =>
    c.json({ cookie: c.req.header('cookie') ?? null }, 200, { 'Cache-Control': 'private, no-store' }),
  )
  // A purchase order's or a quote's page, answered for the session (404 when none of the customer's).
  .get('/company/purchase-orders/:uid', (c) =>
    c.json({ cookie: c.req.header('cookie') ?? null }, 200, { 'Cache-Control': 'private, no-cache' }),
  )
  .get('/company/quotes/view', (c) =>
    c.json({ cookie: c.req.header('cookie') ?? null }, 200, { 'Cache-Control': 'private, no-cache' }),
  )
  // The service team's day list: the merchant's token must reach the server.
  .get('/admin/service-bookings', (c) =>
    c.json({ authorization: c.req.header('authorization') ?? null }, 200, { 'Cache-Control': 'no-store' }),
  );

let site: FakeSite;
let origin: RunningStorefront;

/** Pages of the built site: products at `/{url key}`, others anywhere. */
function writePages(paths: readonly string[]): void {
  for (const path of paths) {
    const file = join(site.clientDir, path, 'index.html');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page(path));
  }
}

/** A free loopback port above 24000, as daemons here must use. */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 24_000 + Math.floor(Math.random() * 30_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

let scratch: string;
let varnish: ChildProcess | undefined;
let base: string;
let output = '';

/** Waits until Varnish answers (or says why it could not start). */
async function ready(url: string): Promise<void> {
  const until = Date.now() + 8_000;
  for (;;) {
    if (varnish?.exitCode !== null)
      throw new Error(`varnishd stopped: ${output}\nIs xkey installed? ${INSTALL}`);
    const up = await fetch(`${url}/robots.txt`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > until) throw new Error(`varnishd did not answer within 8 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  if (spawnSync('varnishd', ['-V']).error)
    throw new Error(`varnishd is not installed: ${INSTALL} (the test needs it; it is never skipped).`);
  site = makeFakeSite();
  writePages(['kept', 'purged', 'by-kind', 'services/by-build', 'services/other', 'services/encoded']);
  // Published as builds are: `dist` links to `dist.builds/<id>`, which names the build.
  mkdirSync(join(site.root, 'dist.builds'));
  renameSync(join(site.root, 'dist'), join(site.root, 'dist.builds', BUILD));
  symlinkSync(join(site.root, 'dist.builds', BUILD), join(site.root, 'dist'));
  origin = await startFakeSite(site, {
    edge: { sharedMaxAge: 86400, cacheTag: true },
    routes: [counter, shopper],
  });
  scratch = mkdtempSync(join(tmpdir(), 'varnish-'));
  // Run as root, varnishd reads the VCL as its own unprivileged user.
  chmodSync(scratch, 0o755);
  const vcl = join(scratch, 'shop.vcl');
  const originPort = new URL(origin.url).port;
  writeFileSync(vcl, readFileSync(VCL, 'utf8').replace(/\.port = "\d+";/, `.port = "${originPort}";`));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  varnish = spawn(
    'varnishd',
    [
      '-F',
      '-a',
      `127.0.0.1:${port}`,
      '-f',
      vcl,
      '-n',
      join(scratch, 'work'),
      '-s',
      'malloc,64m',
      '-T',
      'none',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const collect = (chunk: Buffer) => (output += chunk.toString());
  varnish.stdout?.on('data', collect);
  varnish.stderr?.on('data', collect);
  await ready(base);
}, 15_000);

afterAll(async () => {
  if (varnish && varnish.exitCode === null) {
    const exited = new Promise((resolve) => varnish?.once('exit', resolve));
    varnish.kill('SIGTERM');
    await exited;
  }
  await origin.close();
  rmSync(site.root, { recursive: true, force: true });
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => raw(base, path, { headers });

describe('Varnish with deploy/varnish/shop.vcl', () => {
  it('keeps a page: the second GET is a hit, and the keys stay inside Varnish', async () => {
    const first = await get('/kept');
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await get('/kept', { Cookie: 'shop_session=abc' });
    expect(second.headers['x-cache']).toBe('HIT');
    expect(Number(second.headers['age'])).toBeGreaterThanOrEqual(0);
    expect(asked.get('/kept')).toBe(1);
    expect(second.headers['surrogate-key']).toBeUndefined();
    expect(second.headers['xkey']).toBeUndefined();
    expect(second.headers['cache-tag']).toBeUndefined();
    // Browsers and caches behind Varnish revalidate; only Varnish keeps the page, as only it is purged.
    expect(second.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(second.headers['x-build-id']).toBe(BUILD);
  });

  it('drops what a purge names, and only that', async () => {
    await get('/purged');
    await get('/services/other');
    expect((await get('/purged')).headers['x-cache']).toBe('HIT');
    const purge = await raw(base, '/', { method: 'PURGE', headers: { 'xkey-purge': 'product:purged' } });
    expect(purge.status).toBe(200);
    expect(purge.body.toString()).toContain('Invalidated 1 objects');
    const after = await get('/purged');
    expect(after.headers['x-cache']).toBe('MISS');
    expect(asked.get('/purged')).toBe(2);
    expect((await get('/services/other')).headers['x-cache']).toBe('HIT');
  });

  it('is purged by the purgers’ Varnish adapter, by kind or build', async () => {
    await get('/by-kind');
    await get('/services/by-build');
    await varnishPurger([base]).purge(['product']);
    expect((await get('/by-kind')).headers['x-cache']).toBe('MISS');
    expect((await get('/services/by-build')).headers['x-cache']).toBe('HIT');
    await varnishPurger([base]).purge(['build']);
    expect((await get('/services/by-build')).headers['x-cache']).toBe('MISS');
  });

  it('keeps brotli and gzip apart, as the server sent them (Vary: Accept-Encoding)', async () => {
    const br = await get('/services/encoded', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['vary']).toMatch(/Accept-Encoding/);
    const brAgain = await get('/services/encoded', { 'Accept-Encoding': 'br' });
    expect(brAgain.headers['x-cache']).toBe('HIT');
    expect(brAgain.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brAgain.body).toString()).toBe(page('services/encoded'));
    const gzip = await get('/services/encoded', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page('services/encoded'));
    const plain = await get('/services/encoded');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page('services/encoded'));
  });

  it("never keeps the shopper's routes", async () => {
    for (const path of ['/session', '/session', '/rest/V1/carts/mine', '/rest/V1/carts/mine'])
      expect((await get(path)).headers['x-cache']).toBe('MISS');
    expect(asked.get('/session')).toBe(2);
    expect(asked.get('/rest/V1/carts/mine')).toBe(2);
  });

  it("passes the customer's own routes with their session cookie, and never keeps them", async () => {
    for (const path of [
      '/my-machines',
      '/my-machines',
      '/guarantee/registrations',
      '/guarantee/registrations',
      '/account/data',
      '/trade/status',
      '/trade-prices/trade.json',
      '/trade-prices/trade.json',
      '/company/purchase-orders/MTI%3D',
      '/company/purchase-orders/MTI%3D',
      '/company/quotes/view?uid=abc123',
      '/company/quotes/view?uid=abc123',
    ]) {
      const reply = await get(path, { Cookie: 'shop_session=abc' });
      expect(reply.headers['x-cache'], path).toBe('MISS');
      expect(JSON.parse(reply.body.toString()), path).toEqual({ cookie: 'shop_session=abc' });
    }
    expect(asked.get('/my-machines')).toBe(2);
    expect(asked.get('/guarantee/registrations')).toBe(2);
    expect(asked.get('/trade-prices/trade.json')).toBe(2);
    expect(asked.get('/company/quotes/view')).toBe(2);
  });

  it('passes service bookings with their cookie and the day list with its bearer token', async () => {
    const mine = await get('/service-bookings/mine', { Cookie: 'shop_session=abc' });
    expect(JSON.parse(mine.body.toString())).toEqual({ cookie: 'shop_session=abc' });
    for (let time = 0; time < 2; time += 1) {
      const list = await get('/admin/service-bookings?date=2026-12-01', { Authorization: 'Bearer t0ken' });
      expect(list.headers['x-cache']).toBe('MISS');
      expect(JSON.parse(list.body.toString())).toEqual({ authorization: 'Bearer t0ken' });
    }
    expect(asked.get('/admin/service-bookings')).toBe(2);
  });

  it('refuses a purge without keys', async () => {
    const purge = await raw(base, '/', { method: 'PURGE' });
    expect(purge.status).toBe(400);
  });
});
