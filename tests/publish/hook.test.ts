/**
 * The rebuild hook and status routes on a real HTTP server: signatures checked (bad, stale, replayed →
 * 401), bursts debounced into one run, triggers during a run coalesced into one follow-up, and the status
 * for editors behind the same secret. The runs themselves are stand-ins here; tests/publish/site.test.ts
 * runs real ones.
 */
import type { AddressInfo } from 'node:net';
import { createAdaptorServer, type ServerType } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRebuilder, type RebuildTask, type Rebuilder } from '../../src/publish/rebuilder.ts';
import { createRebuildRoutes } from '../../src/publish/routes.ts';
import { signRebuildRequest, verifyRebuildRequest } from '../../src/publish/signature.ts';
import { postHook } from './support.ts';

const SECRET = 'test-rebuild-secret-0123456789';

let server: ServerType;
let url: string;
let rebuilder: Rebuilder;
let runs: (readonly string[])[];
/** Resolves the run under way; runs wait for it, so tests decide when a run ends. */
let finishRun: () => void;

const task: RebuildTask = async (context) => {
  runs.push(context.reasons);
  context.report('building', { build: { step: 'rendering', rendered: 12, expected: 40, mode: 'partial' } });
  await new Promise<void>((resolve) => (finishRun = resolve));
  return { outcome: 'published', build: { id: 'b1', mode: 'partial', pages: 40, rendered: 12, ms: 5 } };
};

async function start(secret: string | undefined, debounceMs = 150): Promise<void> {
  runs = [];
  finishRun = () => undefined;
  rebuilder = createRebuilder({ task, debounceMs });
  const routes = createRebuildRoutes({ rebuilder, secret, liveBuild: () => undefined });
  server = createAdaptorServer({ fetch: routes.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeEach(() => start(SECRET));
afterEach(async () => {
  finishRun();
  await rebuilder.close();
  await new Promise((resolve) => server.close(resolve));
});

const until = async (check: () => boolean, timeoutMs = 5000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
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

  it('refuses the same signed request a second time (replay)', async () => {
    const body = '{"reason":"nightly"}';
    const now = Date.now();
    expect((await postHook(`${url}/rebuild`, SECRET, body, { now })).status).toBe(202);
    const replay = await postHook(`${url}/rebuild`, SECRET, body, { now });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/already used/);
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
    finishRun();
    await rebuilder.close();
    await new Promise((resolve) => server.close(resolve));
    await start(undefined);
    const off = await postHook(`${url}/rebuild`, SECRET, '{}');
    expect(off.status).toBe(404);
    expect(off.body.message).toMatch(/set REBUILD_SECRET/);
  });
});

describe('GET /rebuild/status', () => {
  it('needs the secret (Bearer, or Basic with the secret as password) and shows the run under way', async () => {
    const refused = await fetch(`${url}/rebuild/status`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect(
      (await fetch(`${url}/rebuild/status`, { headers: { Authorization: 'Bearer wrong' } })).status,
    ).toBe(401);

    await postHook(`${url}/rebuild`, SECRET, '{"reason":"price change"}');
    await until(() => runs.length === 1);
    const json = await fetch(`${url}/rebuild/status`, { headers: { Authorization: `Bearer ${SECRET}` } });
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({
      state: 'running',
      current: { reasons: ['price change'], phase: 'building', build: { rendered: 12, expected: 40 } },
      live: null,
    });

    const basic = Buffer.from(`editor:${SECRET}`).toString('base64');
    const html = await fetch(`${url}/rebuild/status`, {
      headers: { Authorization: `Basic ${basic}`, Accept: 'text/html' },
    });
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    const text = await html.text();
    expect(text).toContain('<progress max="40" value="12">');
    expect(text).toContain('price change');

    finishRun();
    await until(() => rebuilder.status().state === 'idle');
    const after = (await (
      await fetch(`${url}/rebuild/status`, { headers: { Authorization: `Bearer ${SECRET}` } })
    ).json()) as { last: { outcome: string; build: { rendered: number } } };
    expect(after.last).toMatchObject({ outcome: 'published', build: { rendered: 12 } });
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
