/**
 * `/metrics` and the status page's "Figures" on the storefront app over HTTP: behind the status page's
 * password (404 when none is set, 401 for a wrong one), in Prometheus' text format as a parser nobody here
 * wrote reads it; runs move the run counter, pages rendered and the phase histogram as the status page
 * says; a payment record and a queued e-mail show in their gauges; with replicas, a replica that does not
 * build gives the same totals, and the next builder carries them on. The runs are stand-ins (the run's
 * summary is the test's); tests/publish/site.test.ts runs real ones.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeOutbox } from '../../src/mail/store-outbox.ts';
import { paymentHome, type PaymentHome } from '../../src/payments/home.ts';
import type { BuildInfo } from '../../src/publish/releases/build-info.ts';
import { createRebuilder, type RebuildTask, type Rebuilder } from '../../src/publish/rebuild/rebuilder.ts';
import { createRebuildRoutes } from '../../src/publish/rebuild/routes.ts';
import { createSharedRebuilder, type SharedRebuilder } from '../../src/publish/rebuild/shared-rebuilder.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { shopCounts } from '../../src/server/shop-counts.ts';
import type { SharedStore } from '../../src/store/shared-store.ts';
import { openSqliteStore } from '../../src/store/sqlite.ts';
import { familyOf, histogramOf, parseScrape, valueOf, type MetricFamily } from '../support/prometheus.ts';
import { makeFakeSite, startFakeSite, type FakeSite } from '../server/helpers.ts';

const PASSWORD = 'metrics-test-status-password';
const SITE = 'http://127.0.0.1:4321';

const LIVE: BuildInfo = {
  builtAt: new Date(Date.now() - 60_000).toISOString(),
  durationMs: 1000,
  snapshotHash: 'snapshot',
  configHash: 'config',
  pages: 40,
  scriptHashes: [],
  compression: { files: 0, reused: 0, brotliQuality: 5, bytes: 0, brotliBytes: 0, ms: 0 },
};

type Outcome = Awaited<ReturnType<RebuildTask>>;

/** A warm run that rendered 7 pages: plan 0.12 s, render 0.8 s, site pass 0.3 s, swap 0.04 s. */
const WARM_RUN: Outcome = {
  outcome: 'published',
  sync: { mode: 'incremental', products: 60, updated: 1, removed: 0, ms: 500, attempts: 1 },
  build: {
    ...{ id: 'b1', mode: 'warm', pages: 40, rendered: 7, ms: 1260 },
    timings: { plan: 120, renderPages: 800, sitePass: 300, swap: 40 },
  },
};

let dir: string;
let site: FakeSite;
let store: SharedStore;
let payments: PaymentHome;
/** A process standing in for the warm renderer: its memory is read from /proc. */
let renderer: ChildProcess;
let outcome: Outcome;
const closers: (() => Promise<unknown> | undefined)[] = [];

const task: RebuildTask = Object.assign(() => Promise.resolve(outcome), { rendererPid: () => renderer.pid });

/** The storefront app with the rebuild routes of `rebuilder`, on a free port. */
async function startShop(rebuilder: Rebuilder, password: string | undefined): Promise<string> {
  const shop: RunningStorefront = await startFakeSite(site, {
    log: (line) => console.error(line),
    routes: [
      createRebuildRoutes({
        ...{ rebuilder, secret: undefined, statusPassword: password, siteUrl: SITE },
        ...{ liveBuild: () => LIVE, shopCounts: shopCounts(payments, store), store },
        log: (line) => console.error(line),
      }),
    ],
  });
  closers.push(() => shop.close());
  return shop.url;
}

const scrape = (url: string, password = PASSWORD): Promise<Response> =>
  fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${password}` } });

async function figures(url: string): Promise<MetricFamily[]> {
  const reply = await scrape(url);
  expect(reply.status).toBe(200);
  return parseScrape(await reply.text());
}

async function statusPage(url: string): Promise<string> {
  const reply = await fetch(`${url}/rebuild/status`, {
    headers: { Authorization: `Bearer ${PASSWORD}`, Accept: 'text/html' },
  });
  return reply.text();
}

const row = (name: string, value: string): string => `<tr><th scope="row">${name}</th><td>${value}</td></tr>`;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'metrics-'));
  site = makeFakeSite();
  store = openSqliteStore(join(dir, 'shop.sqlite'));
  payments = paymentHome({ PAYMENTS_DB: join(dir, 'payments.sqlite') }, store, () => undefined);
  renderer = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  outcome = WARM_RUN;
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  renderer.kill();
  await payments.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(site.root, { recursive: true, force: true });
});

function localRebuilder(): Rebuilder {
  const rebuilder = createRebuilder({ task, debounceMs: 0 });
  closers.push(() => rebuilder.close());
  return rebuilder;
}

describe('GET /metrics', () => {
  it('is off (404) when no status page password is set, as the status page is', async () => {
    const url = await startShop(localRebuilder(), undefined);
    const reply = await scrape(url);
    expect(reply.status).toBe(404);
    expect(await reply.json()).toMatchObject({ message: expect.stringMatching(/REBUILD_STATUS_PASSWORD/) });
  });

  it('asks for the password (401) without it or with a wrong one', async () => {
    const url = await startShop(localRebuilder(), PASSWORD);
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const wrong = await scrape(url, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toMatch(/shop_/);
  });

  it("answers the right one in Prometheus' text format, never stored, with the process's and the renderer's memory", async () => {
    const url = await startShop(localRebuilder(), PASSWORD);
    const reply = await scrape(url);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const families = parseScrape(await reply.text());
    for (const family of families.filter((each) => each.name.startsWith('shop_')))
      expect(family.help, family.name).toMatch(/^[A-Z1].{20,}/);
    expect(valueOf(families, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(familyOf(families, 'nodejs_heap_size_used_bytes').type).toBe('GAUGE');
    expect(familyOf(families, 'nodejs_eventloop_lag_seconds').type).toBe('GAUGE');
    expect(valueOf(families, 'shop_renderer_resident_memory_bytes')).toBeGreaterThan(1024 * 1024);
    expect(valueOf(families, 'shop_live_build_pages')).toBe(40);
    expect(valueOf(families, 'shop_live_build_age_seconds')).toBeGreaterThanOrEqual(60);
    expect(valueOf(families, 'shop_rebuild_queue_depth')).toBe(0);
    expect(valueOf(families, 'shop_rebuild_running')).toBe(0);
  });

  it('counts runs, pages rendered and phase seconds as the status page shows them', async () => {
    const rebuilder = localRebuilder();
    const url = await startShop(rebuilder, PASSWORD);
    const published = { outcome: 'published', mode: 'warm' };
    expect(valueOf(await figures(url), 'shop_rebuild_runs_total', published)).toBe(0);

    await rebuilder.trigger('product HG-1 saved');
    const once = await figures(url);
    expect(valueOf(once, 'shop_rebuild_runs_total', published)).toBe(1);
    expect(histogramOf(once, 'shop_rebuild_render_seconds')?.count).toBe(1);

    await rebuilder.trigger('product HG-2 saved');
    outcome = { outcome: 'failed', error: 'Magento could not be read. The live site was kept.' };
    await rebuilder.trigger('poll');
    const after = await figures(url);
    expect(valueOf(after, 'shop_rebuild_runs_total', published)).toBe(2);
    expect(valueOf(after, 'shop_rebuild_runs_total', { outcome: 'failed', mode: 'none' })).toBe(1);
    expect(valueOf(after, 'shop_rebuild_pages_rendered_total')).toBe(14);
    const render = histogramOf(after, 'shop_rebuild_render_seconds');
    expect(render).toMatchObject({ count: 2, buckets: { '0.5': 0, '1': 2, '+Inf': 2 } });
    expect(render?.sum).toBeCloseTo(1.6, 9);
    expect(histogramOf(after, 'shop_rebuild_publish_seconds')?.sum).toBeCloseTo(0.08, 9);
    expect(histogramOf(after, 'shop_rebuild_sync_seconds')?.count).toBe(2);

    const page = await statusPage(url);
    expect(page).toContain('<h2>Figures</h2>');
    expect(page).toContain(row('Runs since the first', '2 published, 0 nothing changed, 1 failed'));
    expect(page).toContain(row('Pages rendered', '14'));
    expect(page).toContain(row('Median of the recent runs', 'plan 0.12 s, render 0.80 s, publish 0.04 s'));
  });

  it('shows a payment record and a queued e-mail in their gauges and on the status page', async () => {
    const url = await startShop(localRebuilder(), PASSWORD);
    const before = await figures(url);
    expect(valueOf(before, 'shop_payment_records', { state: 'registered' })).toBe(0);
    expect(valueOf(before, 'shop_mail_outbox_messages', { state: 'queued' })).toBe(0);

    await payments.store.insert({
      ...{ code: 'metrics-1', provider: 'opayo', method: 'card', providerRef: 'ref-1', providerData: 's' },
      ...{
        amountPence: 4999,
        currency: 'GBP',
        cartKind: 'guest',
        guestCart: 'masked-1',
        email: 'a@example.com',
      },
      ...{ customerId: null, cartId: 1, cartLines: 'HG-1×1' },
    });
    const outbox = storeOutbox(store, undefined, () => undefined);
    await outbox.enqueue('metrics-test:1', {
      to: 'a@example.com',
      subject: 'Hello',
      text: 'Hi',
      html: '<p>Hi</p>',
    });

    const after = await figures(url);
    expect(valueOf(after, 'shop_payment_records', { state: 'registered' })).toBe(1);
    expect(valueOf(after, 'shop_payment_records', { state: 'paid' })).toBe(0);
    expect(valueOf(after, 'shop_payment_give_backs', { state: 'owed' })).toBe(0);
    expect(valueOf(after, 'shop_mail_outbox_messages', { state: 'queued' })).toBe(1);
    const page = await statusPage(url);
    expect(page).toContain(
      row('Payments', '1 registered, 0 being placed, 0 paid, 0 failed; 0 owed back, 0 given back'),
    );
    expect(page).toContain(row('E-mail outbox', '1 queued, 0 sent, 0 failed'));
  });
});

describe('/metrics with replicas sharing the queue', () => {
  const until = async (check: () => boolean, timeoutMs = 10_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  function replica(name: string): SharedRebuilder {
    const connection = openSqliteStore(join(dir, 'shop.sqlite'));
    const rebuilder = createSharedRebuilder({
      ...{ store: connection, replica: name, tickMs: 50, lockRetryMs: 50 },
      becomeBuilder: (history, totals) => ({
        rebuilder: createRebuilder({ task, debounceMs: 0, history, ...(totals ? { totals } : {}) }),
        stop: async () => undefined,
      }),
    });
    closers.push(() => connection.close());
    closers.push(() => rebuilder.close());
    return rebuilder;
  }

  it('gives the same totals from a replica that does not build, and the next builder carries them on', async () => {
    const a = replica('a');
    await until(() => a.isBuilder());
    const b = replica('b');
    const url = await startShop(b, PASSWORD);
    const published = { outcome: 'published', mode: 'warm' };

    await b.trigger('product HG-1 saved');
    await until(() => b.status().totals?.runs.length === 1);
    expect(b.isBuilder()).toBe(false);
    expect(valueOf(await figures(url), 'shop_rebuild_runs_total', published)).toBe(1);
    // The renderer runs on the builder: this replica has none to report.
    expect(valueOf(await figures(url), 'shop_renderer_resident_memory_bytes')).toBeUndefined();

    await a.close();
    await until(() => b.isBuilder());
    await b.trigger('product HG-2 saved');
    const after = await figures(url);
    expect(valueOf(after, 'shop_rebuild_runs_total', published)).toBe(2);
    expect(valueOf(after, 'shop_rebuild_pages_rendered_total')).toBe(14);
    expect(histogramOf(after, 'shop_rebuild_render_seconds')?.count).toBe(2);
  });
});
