/**
 * The warm renderer's process (warm-worker.ts, forked as warm-client.ts forks it) refuses a message that
 * does not parse: never acted on, answered with an error when it has an id, and told on stderr with what
 * was wrong; and writes the catalogue it holds when it is stopped. No Astro starts: the messages are
 * refused, or fail before the renderer would be needed.
 */
import { fork, type ChildProcess, type Serializable } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readRows } from '../../src/catalogue/rows.ts';
import { readWrittenSnapshot } from '../../src/catalogue/snapshot.ts';
import { processEnvironment } from '../../src/config/env.ts';
import { warmReplySchema, type WarmReply } from '../../src/publish/render/warm-messages.ts';
import { syncedSchema } from '../../src/catalogue/sync-messages.ts';
import { INTEGRATION_TOKEN, startTestBackend } from '../support/backend.ts';
import { warmJob } from './warm-job.ts';

const WORKER = fileURLToPath(new URL('../../src/publish/render/warm-worker.ts', import.meta.url));

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill();
  child = undefined;
});

/** The worker, its replies and its stderr as they come, and a wait for the reply to an id. */
function worker(env: Record<string, string> = {}) {
  const spawned = fork(WORKER, [], {
    env: { ...processEnvironment(), ASTRO_TELEMETRY_DISABLED: '1', ...env },
    execArgv: [],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  child = spawned;
  const replies: WarmReply[] = [];
  const stderr: string[] = [];
  spawned.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  spawned.on('message', (message: unknown) => replies.push(warmReplySchema.parse(message)));
  const replyTo = (id: number): Promise<WarmReply> =>
    new Promise((resolve, reject) => {
      const look = () => {
        const found = replies.find((reply) => reply.id === id);
        if (found) return resolve(found);
        if (spawned.exitCode !== null) return reject(new Error(`the worker exited:\n${stderr.join('')}`));
        setTimeout(look, 20);
      };
      look();
    });
  return { send: (message: Serializable) => spawned.send(message), replies, stderr, replyTo, spawned };
}

const job = warmJob();

describe('the warm renderer process', () => {
  it('answers a request that does not parse with an error, logs what was wrong, and does not act on it', async () => {
    const { send, replies, stderr, replyTo } = worker();
    send({ id: 1, type: 'run', job: { ...job, written: 'x', live: ['a'], levels: 'fast' } });
    send('garbage');
    send({ type: 'explode', id: 2 });
    // A well-formed run before the start is acted on: it fails as such, not as a message that did not parse.
    send({ id: 3, type: 'run', job });
    send({ id: 4, type: 'flush' });

    const refused = await replyTo(1);
    expect(refused).toMatchObject({ ok: false, transient: false });
    const error = refused.ok ? '' : refused.error;
    expect(error).toMatch(/^The warm renderer refused a message of type run that did not parse: /);
    expect(error).toContain('expected string, received array → at job.live');
    expect(error).toContain('expected object, received string → at job.levels');
    expect(await replyTo(2)).toMatchObject({ ok: false, error: expect.stringContaining('→ at type') });
    expect(await replyTo(3)).toMatchObject({ ok: false, error: 'The warm renderer has not started.' });
    expect(await replyTo(4)).toEqual({ id: 4, ok: true, value: null });
    // The garbage had no id: nothing answered it.
    expect(replies.map((reply) => reply.id)).toEqual([1, 2, 3, 4]);

    const lines = stderr.join('').split('\n');
    expect(lines).toContain(error);
    expect(
      lines.some((line) => line.startsWith('The warm renderer refused a message that did not parse: ✖')),
    ).toBe(true);
    expect(
      lines.some((line) => line.startsWith('The warm renderer refused a message of type explode that')),
    ).toBe(true);
  });

  it('writes its first sync from a child before answering, and a later sync only when it is stopped', async () => {
    const backend = await startTestBackend({ catalogue: { seed: 3, productCount: 12, brand: 'Clearwater' } });
    const dir = mkdtempSync(join(tmpdir(), 'warm-worker-'));
    try {
      const file = join(dir, 'catalogue.db');
      const env = { MAGENTO_URL: backend.url, MAGENTO_TOKEN: INTEGRATION_TOKEN, CATALOGUE_SNAPSHOT: file };
      const { send, replyTo, spawned } = worker(env);
      send({ id: 1, type: 'sync', options: { incremental: true } });
      const synced = await replyTo(1);
      expect(synced).toMatchObject({ ok: true, value: { mode: 'full', changed: true } });
      // Nothing was held: the sync ran in a child of the renderer's, which wrote the rows before it answered.
      const { products } = syncedSchema.parse(synced.ok ? synced.value : undefined);
      expect(readRows(file)?.catalogue.products).toHaveLength(products);

      const sku =
        readWrittenSnapshot(file).catalogue.products.find((product) => product.typeId === 'simple')?.sku ??
        '';
      const saved = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(sku)}`, {
        token: INTEGRATION_TOKEN,
        body: {
          product: {
            sku,
            price: 432.1,
            custom_attributes: [{ attribute_code: 'list_price', value: '432.1' }],
          },
        },
      });
      expect(saved.status).toBe(200);
      send({ id: 2, type: 'sync', options: { incremental: true, recheck: [sku], targeted: true } });
      expect(await replyTo(2)).toMatchObject({ ok: true, value: { mode: 'incremental', updated: [sku] } });
      const priceOf = () =>
        readWrittenSnapshot(file).catalogue.products.find((product) => product.sku === sku)?.priceInclVat;
      // Held by the renderer, not written yet; written when it is stopped.
      expect(priceOf()).not.toBe(432.1);
      spawned.kill('SIGTERM');
      await once(spawned, 'exit');
      expect(priceOf()).toBe(432.1);
    } finally {
      await backend.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
