/**
 * The rebuild hook and status routes on a real HTTP server: signatures checked (bad, stale → 401; the same
 * signed request again → 202 "already accepted" and no run, also after a restart), bursts debounced into one run, triggers during a run coalesced into one
 * follow-up, and the editors' status page behind its own password, throttled, with its same-origin
 * "Rebuild now" / "Full rebuild" buttons and live progress script. The runs themselves are stand-ins here; tests/publish/site.test.ts
 * runs real ones.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer, type ServerType } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildInfo } from '../../src/publish/releases/build-info.ts';
import { createRebuilder, type RebuildTask, type Rebuilder } from '../../src/publish/rebuild/rebuilder.ts';
import { storeReplayList } from '../../src/publish/rebuild/replay-list.ts';
import { createRebuildRoutes } from '../../src/publish/rebuild/routes.ts';
import { saveNotifier } from '../../src/publish/rebuild/hook-client.ts';
import { openSqliteStore } from '../../src/store/sqlite.ts';
import type { SharedStore } from '../../src/store/shared-store.ts';
import { signRebuildRequest, verifyRebuildRequest } from '../../src/publish/rebuild/signature.ts';
import { postHook } from './support.ts';

const SECRET = 'test-rebuild-secret-0123456789';
const PASSWORD = 'test-status-password-42';
const SITE = 'http://127.0.0.1:4321';

let server: ServerType;
let url: string;
let rebuilder: Rebuilder;
let runs: (readonly string[])[];
/** What each run was asked to do besides building. */
let asked: { reconcile: boolean; skus: readonly string[] }[];
/** The live build the routes report, and the summary the stand-in run gives. */
let live: BuildInfo | undefined;
let outcome: Awaited<ReturnType<RebuildTask>>;
/** Resolves the run under way; runs wait for it, so tests decide when a run ends. */
let finishRun: () => void;

const task: RebuildTask = async (context) => {
  runs.push(context.reasons);
  asked.push({ reconcile: context.reconcile, skus: context.skus });
  context.report('building', { build: { step: 'rendering', rendered: 12, expected: 40, mode: 'partial' } });
  await new Promise<void>((resolve) => (finishRun = resolve));
  return outcome;
};

/** The shared store's file: the replay list lives in it, across restarts. */
let storeFile: string;
let store: SharedStore;

async function start(
  secret: string | undefined,
  statusPassword: string | undefined = PASSWORD,
): Promise<void> {
  runs = [];
  asked = [];
  live = undefined;
  outcome = { outcome: 'published', build: { id: 'b1', mode: 'partial', pages: 40, rendered: 12, ms: 5 } };
  finishRun = () => undefined;
  rebuilder = createRebuilder({ task, debounceMs: 150 });
  store = openSqliteStore(storeFile);
  const routes = createRebuildRoutes({
    rebuilder,
    secret,
    statusPassword,
    siteUrl: SITE,
    replayList: storeReplayList(store),
    liveBuild: () => live,
  });
  server = createAdaptorServer({ fetch: routes.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stop(): Promise<void> {
  finishRun();
  await rebuilder.close();
  await new Promise((resolve) => server.close(resolve));
  await store.close();
}

beforeEach(() => {
  storeFile = join(mkdtempSync(join(tmpdir(), 'rebuild-hook-')), 'state', 'shop.sqlite');
  return start(SECRET);
});
afterEach(async () => {
  await stop();
  rmSync(join(storeFile, '..', '..'), { recursive: true, force: true });
});

/** Waits for `check`, on the monotonic clock: a test may stand the date still. */
const until = async (check: () => boolean, timeoutMs = 5000): Promise<void> => {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('signatures', () => {
  it('accepts its own signature and refuses another body, secret, or an old timestamp', () => {
    const headers = Object.fromEntries(
      Object.entries(signRebuildRequest(SECRET, '{}', 1_700_000_000_000)).map(([k, v]) => [
        k.toLowerCase(),
        v,
      ]),
    );
    expect(verifyRebuildRequest(SECRET, '{}', headers, 1_700_000_010_000).ok).toBe(true);
    expect(verifyRebuildRequest(SECRET, '{"full":true}', headers, 1_700_000_010_000).ok).toBe(false);
    expect(verifyRebuildRequest('another-secret-0123456789', '{}', headers, 1_700_000_010_000).ok).toBe(
      false,
    );
    expect(verifyRebuildRequest(SECRET, '{}', headers, 1_700_000_000_000 + 301_000)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/more than 300 s/),
    });
  });
});

describe('POST /rebuild', () => {
  it('refuses a bad signature with 401 and starts nothing', async () => {
    const reply = await postHook(`${url}/rebuild`, 'not-the-secret-0123456789', '{}');
    expect(reply.status).toBe(401);
    expect(reply.body.message).toMatch(/signature does not match/);
    const unsigned = await fetch(`${url}/rebuild`, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(401);
    const stale = await postHook(`${url}/rebuild`, SECRET, '{}', { now: Date.now() - 10 * 60_000 });
    expect(stale.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runs).toEqual([]);
  });

  it('accepts the same signed request again without queuing anything (a duplicate or a replay)', async () => {
    const body = '{"reason":"nightly"}';
    const now = Date.now();
    expect((await postHook(`${url}/rebuild`, SECRET, body, { now })).status).toBe(202);
    const replay = await postHook(`${url}/rebuild`, SECRET, body, { now });
    expect(replay.status).toBe(202);
    expect(replay.body.message).toMatch(/already accepted/);
    await until(() => runs.length === 1);
    finishRun();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(runs).toEqual([['nightly']]);
  });

  it("queues a product's second save made within the same second: each save is an event, not a replay", async () => {
    // The sender's clock stands still: both hooks are signed in the same second.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const notify = saveNotifier({ url: `${url}/rebuild`, secret: SECRET });
      notify({ entity: 'product', sku: 'HG-PW-00012' });
      await until(() => runs.length === 1);
      notify({ entity: 'product', sku: 'HG-PW-00012' });
      await until(() => rebuilder.status().queued.length === 1);
      finishRun();
      await until(() => runs.length === 2);
      expect(runs).toEqual([['product HG-PW-00012 saved'], ['product HG-PW-00012 saved']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('still queues nothing for it after the server restarts, from a store only the shop can read', async () => {
    const body = '{"reason":"before the restart"}';
    const now = Date.now();
    expect((await postHook(`${url}/rebuild`, SECRET, body, { now })).status).toBe(202);
    await until(() => runs.length === 1);
    await stop();
    await start(SECRET);
    const replay = await postHook(`${url}/rebuild`, SECRET, body, { now });
    expect(replay.status).toBe(202);
    expect(replay.body.message).toMatch(/already accepted/);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(runs).toEqual([]);
    expect((statSync(storeFile).mode & 0o777).toString(8)).toBe('600');
  });

  it('answers 503 when the rebuild cannot be kept, and queues the same request when it is sent again', async () => {
    const body = '{"reason":"store blinked"}';
    const now = Date.now();
    const queue = rebuilder.queue;
    rebuilder.queue = () => Promise.reject(new Error('store down'));
    const refused = await postHook(`${url}/rebuild`, SECRET, body, { now });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toMatch(/send the hook again/);
    rebuilder.queue = queue;
    const retried = await postHook(`${url}/rebuild`, SECRET, body, { now });
    expect(retried.status).toBe(202);
    expect(retried.body.message).toBe('Rebuild queued.');
    await until(() => runs.length === 1);
  });

  it('gives one run for two triggers in a burst, and one follow-up for triggers during a run', async () => {
    expect((await postHook(`${url}/rebuild`, SECRET, '{"skus":["A-1"]}')).status).toBe(202);
    expect((await postHook(`${url}/rebuild`, SECRET, '{"skus":["B-2"]}')).status).toBe(202);
    await until(() => runs.length === 1);
    expect(runs).toEqual([['products A-1 changed', 'products B-2 changed']]);

    // During the run: three more triggers wait for it, then make one follow-up run together.
    for (const reason of ['one', 'two', 'three'])
      expect((await postHook(`${url}/rebuild`, SECRET, JSON.stringify({ reason }))).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runs).toHaveLength(1);
    expect(rebuilder.status()).toMatchObject({ state: 'running', queued: ['one', 'two', 'three'] });
    finishRun();
    await until(() => runs.length === 2);
    expect(runs[1]).toEqual(['one', 'two', 'three']);
    finishRun();
    await until(() => rebuilder.status().state === 'idle');
    expect(runs).toHaveLength(2);
  });

  it('answers 400 for a body it does not understand, and 404 when no secret is configured', async () => {
    expect((await postHook(`${url}/rebuild`, SECRET, '{"everything":1}')).status).toBe(400);
    expect((await postHook(`${url}/rebuild`, SECRET, 'not json')).status).toBe(400);
    await stop();
    await start(undefined);
    const off = await postHook(`${url}/rebuild`, SECRET, '{}');
    expect(off.status).toBe(404);
    expect(off.body.message).toMatch(/set REBUILD_SECRET/);
  });
});

const basic = (password: string) => `Basic ${Buffer.from(`editor:${password}`).toString('base64')}`;

describe('the status page', () => {
  it('needs its own password (Bearer, or Basic with any user), not the hook secret, and shows the run under way', async () => {
    const refused = await fetch(`${url}/rebuild/status`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    for (const wrong of [`Bearer ${SECRET}`, basic(SECRET), 'Bearer wrong'])
      expect((await fetch(`${url}/rebuild/status`, { headers: { Authorization: wrong } })).status).toBe(401);

    await postHook(`${url}/rebuild`, SECRET, '{"reason":"price change"}');
    await until(() => runs.length === 1);
    const json = await fetch(`${url}/rebuild/status`, { headers: { Authorization: `Bearer ${PASSWORD}` } });
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({
      state: 'running',
      current: { reasons: ['price change'], phase: 'building', build: { rendered: 12, expected: 40 } },
      live: null,
    });

    const html = await fetch(`${url}/rebuild/status`, {
      headers: { Authorization: basic(PASSWORD), Accept: 'text/html' },
    });
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    const text = await html.text();
    expect(text).toContain('<progress max="40" value="12">');
    expect(text).toContain('price change');
    expect(text).toContain('<div id="live" data-busy="true">');
    expect(text).toContain('<script src="/rebuild/status.js" defer></script>');

    finishRun();
    await until(() => rebuilder.status().state === 'idle');
    const after = (await (
      await fetch(`${url}/rebuild/status`, { headers: { Authorization: `Bearer ${PASSWORD}` } })
    ).json()) as { last: { outcome: string; build: { rendered: number } } };
    expect(after.last).toMatchObject({ outcome: 'published', build: { rendered: 12 } });
  });

  it('holds a client that keeps guessing the password, and says how long', async () => {
    for (let guess = 0; guess < 10; guess++)
      expect(
        (await fetch(`${url}/rebuild/status`, { headers: { Authorization: basic(`guess-${guess}`) } }))
          .status,
      ).toBe(401);
    const held = await fetch(`${url}/rebuild/status`, { headers: { Authorization: basic(PASSWORD) } });
    expect(held.status).toBe(429);
    expect(held.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await held.json()) as { message: string }).message).toBe(
      'Too many wrong passwords. Please try again in 15 minutes.',
    );
  });

  it('"Rebuild now" and "Full rebuild" queue a run from the page, and only from the page', async () => {
    const press = (run: string, origin = SITE) =>
      fetch(`${url}/rebuild/status`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          Authorization: basic(PASSWORD),
          Origin: origin,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: `run=${run}`,
      });
    const forged = await press('full', 'https://evil.example');
    expect(forged.status).toBe(403);
    const now = await press('now');
    expect(now.status).toBe(303);
    expect(now.headers.get('location')).toBe('/rebuild/status?queued=now');
    await until(() => runs.length === 1);
    expect(runs[0]).toEqual(['rebuild from the status page']);
    const page = await fetch(`${url}/rebuild/status?queued=now`, {
      headers: { Authorization: basic(PASSWORD), Accept: 'text/html' },
    });
    expect(await page.text()).toContain('Rebuild queued: it starts in a moment.');

    finishRun();
    await until(() => rebuilder.status().state === 'idle');
    expect((await press('full')).status).toBe(303);
    await until(() => runs.length === 2);
    expect(runs[1]).toEqual(['full rebuild from the status page']);
    expect((await press('everything')).status).toBe(400);
    const noPassword = await fetch(`${url}/rebuild/status`, {
      method: 'POST',
      headers: { Origin: SITE, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'run=now',
    });
    expect(noPassword.status).toBe(401);
  });

  it("says where each run's time went: its wait in the queue, sync, plan, render, site pass and swap", async () => {
    await start(SECRET);
    outcome = {
      outcome: 'published',
      sync: { mode: 'incremental', products: 40, updated: 1, removed: 0, ms: 210, attempts: 1 },
      build: {
        ...{ id: 'b2', mode: 'warm', pages: 40, rendered: 3, ms: 600 },
        timings: { plan: 120, render: 470, renderPages: 340, sitePass: 90, swap: 10 },
      },
    };
    const run = rebuilder.trigger('product A saved', { skus: ['A'] });
    await until(() => runs.length === 1);
    finishRun();
    const summary = await run;
    expect(summary.queuedMs).toBeGreaterThanOrEqual(0);
    const page = await fetch(`${url}/rebuild/status`, {
      headers: { Authorization: basic(PASSWORD), Accept: 'text/html' },
    });
    expect(await page.text()).toMatch(
      /<th>Where the time went<\/th>[^]*queue \d+\.\d\d s, sync 0\.21 s, plan 0\.12 s, render 0\.34 s, site pass 0\.09 s, swap 0\.01 s/,
    );
  });

  it('"Check prices now" queues a price check; the page lists the coming price changes and warns of drift found', async () => {
    const week = '2026-12-01T00:00:00.000Z';
    live = {
      builtAt: '2026-11-25T10:00:00.000Z',
      durationMs: 1000,
      snapshotHash: 'snapshot',
      configHash: 'config',
      pages: 40,
      scriptHashes: [],
      compression: { files: 0, reused: 0, brotliQuality: 5, bytes: 0, brotliBytes: 0, ms: 0 },
      pricedAt: '2026-11-25T10:00:00.000Z',
      priceChanges: {
        total: 2,
        upcoming: [
          { at: week, sku: 'HG-PW-00012', name: 'K 5 Pressure Washer', before: 249.99, after: 199.99 },
          {
            at: '2026-12-08T00:00:01.000Z',
            sku: 'HG-PW-00012',
            name: 'K 5 Pressure Washer',
            before: 199.99,
            after: 249.99,
          },
        ],
      },
    };
    outcome = {
      outcome: 'published',
      reconcile: {
        checked: 250,
        differed: 1,
        examples: [{ sku: 'HG-VC-00031', published: 89.99, magento: 79.99 }],
        rulePrices: 1,
        unexplained: [],
        ms: 900,
      },
    };
    const pressed = await fetch(`${url}/rebuild/status`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Authorization: basic(PASSWORD),
        Origin: SITE,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'run=reconcile',
    });
    expect(pressed.headers.get('location')).toBe('/rebuild/status?queued=reconcile');
    await until(() => runs.length === 1);
    expect(runs[0]).toEqual(['price check from the status page']);
    expect(asked[0]).toEqual({ reconcile: true, skus: [] });
    finishRun();
    await until(() => rebuilder.status().state === 'idle');
    const page = await (
      await fetch(`${url}/rebuild/status`, {
        headers: { Authorization: basic(PASSWORD), Accept: 'text/html' },
      })
    ).text();
    expect(page).toContain('<h2>Price changes coming up</h2>');
    expect(page).toContain(
      '<tr><td>00:00 on 1 Dec</td><td>K 5 Pressure Washer (HG-PW-00012)</td><td>£249.99</td><td>£199.99</td></tr>',
    );
    expect(page).toContain('<td>00:00 on 8 Dec</td>');
    expect(page).toContain(
      "250 prices compared in 0.9 s, 1 differed, 1 published at a Magento price rule's price",
    );
    expect(page).toContain(
      '1 published price differed from what Magento charges (HG-VC-00031: published £89.99, Magento £79.99); it was read again and republished.',
    );
  });

  it('hands the skus a hook names to the run, so the sync reads them again', async () => {
    expect((await postHook(`${url}/rebuild`, SECRET, '{"skus":["HG-PW-00012"]}')).status).toBe(202);
    await until(() => runs.length === 1);
    expect(asked[0]).toEqual({ reconcile: false, skus: ['HG-PW-00012'] });
  });

  it('serves the live-progress script, and is off without a password', async () => {
    const script = await fetch(`${url}/rebuild/status.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("getElementById('live')");
    await stop();
    await start(SECRET, '');
    const off = await fetch(`${url}/rebuild/status`, { headers: { Authorization: basic(PASSWORD) } });
    expect(off.status).toBe(404);
    expect(((await off.json()) as { message: string }).message).toMatch(/REBUILD_STATUS_PASSWORD/);
  });
});

describe('polling', () => {
  it('syncs on its own every REBUILD_POLL_MINUTES, and stops when closed', async () => {
    rebuilder.startPolling(0.003); // 180 ms
    await until(() => runs.length === 1);
    expect(runs[0]).toEqual(['poll']);
    expect(rebuilder.status().pollMinutes).toBe(0.003);
    finishRun();
    await until(() => runs.length === 2);
    finishRun();
    await rebuilder.close();
    const after = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(runs).toHaveLength(after);
  });
});
