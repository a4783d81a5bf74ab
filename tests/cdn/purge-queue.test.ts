/**
 * The purge queue on both stores: a purge goes out at once, a failed one is tried again, none is lost
 * when the process stops, and two replicas draining together send each purge once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Purger } from '../../src/cdn/purge.ts';
import { createPurgeQueue, PURGE_QUEUE_SCHEMA, startPurgeQueue } from '../../src/cdn/purge-queue.ts';
import { BOTH_STORES, type TestStore } from '../support/stores.ts';

/** A CDN that records what it purged and fails while `down` is set. */
function fakeCdn(options: { delayMs?: number } = {}) {
  const sent: string[][] = [];
  const cdn = {
    sent,
    down: false,
    purger: {
      name: 'fake',
      async purge(keys: readonly string[]) {
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        if (cdn.down) throw new Error('CDN unreachable');
        sent.push([...keys]);
      },
    } satisfies Purger,
  };
  return cdn;
}

const quiet = () => undefined;

/** Polls `check` until it holds (or fails after `ms`). */
async function eventually(check: () => boolean | Promise<boolean>, ms = 3_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(BOTH_STORES)('the purge queue on %s', (_name, make) => {
  let test: TestStore;
  beforeEach(async () => {
    test = make();
    await test.store.ensure(PURGE_QUEUE_SCHEMA);
  });
  afterEach(() => test.dispose());

  const pending = async () =>
    (await test.store.query('SELECT id FROM cdn_purges WHERE done_ms IS NULL')).length;

  it('sends a purge at once after it is enqueued', async () => {
    const cdn = fakeCdn();
    const queue = await startPurgeQueue({ store: test.store, purger: cdn.purger, log: quiet });
    try {
      const started = performance.now();
      await queue.enqueue(['product:a', 'listing:home-garden/x', 'product:a'], 'build b1');
      await eventually(() => cdn.sent.length === 1);
      expect(performance.now() - started).toBeLessThan(1_000);
      // The row is marked done once the CDN has answered, just after the fake recorded the call.
      await eventually(async () => (await pending()) === 0);
      expect(cdn.sent).toEqual([['product:a', 'listing:home-garden/x']]);
    } finally {
      await queue.close();
    }
  });

  it('tries a failed purge again until the CDN takes it', async () => {
    const cdn = fakeCdn();
    cdn.down = true;
    const log: string[] = [];
    const queue = await startPurgeQueue({
      store: test.store,
      purger: cdn.purger,
      log: (line) => log.push(line),
      retryDelayMs: () => 100,
      pollMs: 1_000,
    });
    try {
      await queue.enqueue(['build'], 'build b2');
      await eventually(() => log.length >= 2);
      expect(cdn.sent).toEqual([]);
      expect(log[0]).toMatch(/CDN purge \(build b2\) failed, try 1, .*CDN unreachable/);
      const [row] = await test.store.query<{ attempts: number; last_error: string }>(
        'SELECT attempts, last_error FROM cdn_purges',
      );
      expect(row?.attempts).toBeGreaterThanOrEqual(2);
      expect(row?.last_error).toBe('CDN unreachable');
      cdn.down = false;
      await eventually(() => cdn.sent.length === 1);
      await eventually(async () => (await pending()) === 0);
      expect(cdn.sent).toEqual([['build']]);
    } finally {
      await queue.close();
    }
  });

  it('loses no purge when the process stops before the CDN took it', async () => {
    const cdn = fakeCdn();
    cdn.down = true;
    const first = await startPurgeQueue({
      store: test.store,
      purger: cdn.purger,
      log: quiet,
      retryDelayMs: () => 60_000,
    });
    await first.enqueue(['product:a'], 'build b3');
    await first.drain();
    await first.close();
    expect(await pending()).toBe(1);

    // A restart, on another connection to the store: the row is due again at once.
    await test.store.run('UPDATE cdn_purges SET due_ms = 0');
    cdn.down = false;
    const restarted = await startPurgeQueue({ store: test.open(), purger: cdn.purger, log: quiet });
    try {
      await eventually(() => cdn.sent.length === 1);
      expect(cdn.sent).toEqual([['product:a']]);
    } finally {
      await restarted.close();
    }
  });

  it('takes over a purge whose sender died mid-way once its lease ran out', async () => {
    const cdn = fakeCdn();
    // A sender that claimed the row and never came back.
    await test.store.run(
      `INSERT INTO cdn_purges (id, keys, reason, created_ms, due_ms, attempts, claim)
       VALUES ('r1', 'product:a', 'build b4', ${test.store.clock}, ${test.store.clock} + 60000, 1, 'dead')`,
    );
    const queue = createPurgeQueue({ store: test.open(), purger: cdn.purger, log: quiet });
    await queue.drain();
    expect(cdn.sent).toEqual([]);
    await test.store.run('UPDATE cdn_purges SET due_ms = 0');
    await queue.drain();
    expect(cdn.sent).toEqual([['product:a']]);
  });

  it('sends each purge once when two replicas drain together', async () => {
    const cdn = fakeCdn({ delayMs: 20 });
    const replicas = [test.store, test.open(), test.open()].map((store) =>
      createPurgeQueue({ store, purger: cdn.purger, log: quiet }),
    );
    for (let at = 0; at < 10; at += 1)
      await test.store.run(
        `INSERT INTO cdn_purges (id, keys, reason, created_ms, due_ms) VALUES (?, ?, 'test', ${test.store.clock}, 0)`,
        [`r${at}`, `product:p${at}`],
      );
    await Promise.all(replicas.map((queue) => queue.drain()));
    await Promise.all(replicas.map((queue) => queue.drain()));
    expect(cdn.sent.flat().sort()).toEqual(Array.from({ length: 10 }, (_, at) => `product:p${at}`).sort());
    expect(await pending()).toBe(0);
  });

  it('refuses what is no surrogate key', async () => {
    const queue = createPurgeQueue({ store: test.store, purger: fakeCdn().purger, log: quiet });
    await expect(queue.enqueue(['two words'], 'test')).rejects.toThrow(/no surrogate key/);
    await queue.enqueue([], 'nothing changed');
    expect(await pending()).toBe(0);
  });
});
