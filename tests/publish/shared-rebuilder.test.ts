/**
 * The rebuild queue shared by replicas, on both stores: two replicas (two connections to one store), one
 * builder. A trigger taken by either runs once, on the builder; the status page of the other shows it; a
 * builder that dies mid-run leaves its request to the next builder, which runs it; a signed hook recorded by
 * one replica is "already accepted" on the other.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRebuilder, type RebuildTask } from '../../src/publish/rebuild/rebuilder.ts';
import { storeReplayList } from '../../src/publish/rebuild/replay-list.ts';
import { createSharedRebuilder, type SharedRebuilder } from '../../src/publish/rebuild/shared-rebuilder.ts';
import type { SharedStore } from '../../src/store/shared-store.ts';
import { BOTH_STORES, type TestStore } from '../support/stores.ts';

interface Replica {
  readonly name: string;
  readonly store: SharedStore;
  readonly rebuilder: SharedRebuilder;
  /** The reasons of each run this replica's builder ran. */
  readonly runs: (readonly string[])[];
  /** Ends the run under way on this replica. */
  finish(): void;
}

function startReplica(name: string, store: SharedStore): Replica {
  const runs: (readonly string[])[] = [];
  let finish: () => void = () => undefined;
  const task: RebuildTask = async (context) => {
    runs.push(context.reasons);
    context.report('building');
    await new Promise<void>((resolve) => (finish = resolve));
    return { outcome: 'published', build: { id: `b-${name}`, mode: 'warm', pages: 3, rendered: 1, ms: 1 } };
  };
  const rebuilder = createSharedRebuilder({
    store,
    replica: name,
    tickMs: 50,
    lockRetryMs: 50,
    becomeBuilder: () => ({
      rebuilder: createRebuilder({ task, debounceMs: 0 }),
      stop: async () => undefined,
    }),
  });
  return { name, store, rebuilder, runs, finish: () => finish() };
}

const until = async (check: () => boolean, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(BOTH_STORES)('the shared rebuild queue on %s', (_name, make) => {
  let test: TestStore;
  let a: Replica;
  let b: Replica;
  beforeEach(async () => {
    test = make();
    a = startReplica('a', test.open());
    await a.rebuilder.ready();
    await until(() => a.rebuilder.isBuilder());
    b = startReplica('b', test.open());
    await b.rebuilder.ready();
  });
  afterEach(async () => {
    a.finish();
    b.finish();
    await Promise.all([a.rebuilder.close(), b.rebuilder.close()]);
    await test.dispose();
  });

  it('runs a trigger taken by any replica once, on the builder, and both status pages show it', async () => {
    expect(b.rebuilder.isBuilder()).toBe(false);
    const summary = b.rebuilder.trigger('product HG-1 saved', { skus: ['HG-1'] });
    await until(() => a.runs.length === 1);
    expect(a.runs).toEqual([['product HG-1 saved']]);
    await until(() => b.rebuilder.status().state === 'running');
    expect(b.rebuilder.status()).toMatchObject({ builder: 'a', current: { phase: 'building' } });
    a.finish();
    expect(await summary).toMatchObject({ outcome: 'published', reasons: ['product HG-1 saved'] });
    await until(() => b.rebuilder.status().history.length === 1);
    expect(b.runs).toEqual([]);
  });

  it('hands a request to the next builder when the builder dies mid-run, and runs it once', async () => {
    const summary = b.rebuilder.trigger('nightly');
    await until(() => a.runs.length === 1);
    // The builder's process dies: its connection closes, and with it its lock.
    await a.store.close();
    if (test.store.dialect === 'sqlite') await test.store.run('UPDATE store_locks SET until_ms = 0');
    await until(() => b.rebuilder.isBuilder());
    await until(() => b.runs.length === 1);
    expect(b.runs).toEqual([['nightly']]);
    b.finish();
    expect(await summary).toMatchObject({ outcome: 'published', build: { id: 'b-b' } });
  });

  it('runs a request once when its builder loses the lock mid-run: the next builder runs it and marks it done', async () => {
    const summary = b.rebuilder.trigger('poll');
    await until(() => a.runs.length === 1);
    // A's lock is lost while its process lives on (a broken connection): its turn ends, the request stays undone.
    await a.store.close();
    a.finish();
    if (test.store.dialect === 'sqlite') await test.store.run('UPDATE store_locks SET until_ms = 0');
    await until(() => b.runs.length === 1);
    b.finish();
    expect(await summary).toMatchObject({ build: { id: 'b-b' } });
    const rows = await test.store.query<{ done: number }>(
      'SELECT COUNT(*) AS done FROM rebuild_requests WHERE done_ms IS NOT NULL',
    );
    expect(Number(rows[0]?.done)).toBe(1);
  });

  it('accepts a signed hook on the first replica it reaches only', async () => {
    const expires = Date.now() + 600_000;
    const onA = storeReplayList(a.store);
    const onB = storeReplayList(b.store);
    const answers = await Promise.all([onA.first('sig-1', expires), onB.first('sig-1', expires)]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await onB.first('sig-1', expires)).toBe(false);
    expect(await onB.first('sig-2', expires)).toBe(true);
  });
});

describe("the builder's rebuilder", () => {
  it('hands every run to onRun, the ones it starts itself too, before their triggers learn the outcome', async () => {
    const seen: string[] = [];
    const rebuilder = createRebuilder({
      task: () =>
        Promise.resolve({
          outcome: 'published',
          build: { id: 'b1', mode: 'warm', pages: 1, rendered: 1, ms: 1 },
        }),
      debounceMs: 0,
      onRun: (summary) => {
        seen.push(`onRun ${summary.reasons.join()}`);
        return Promise.resolve();
      },
    });
    await rebuilder.trigger('scheduled price change').then(() => seen.push('trigger resolved'));
    await rebuilder.close();
    expect(seen).toEqual(['onRun scheduled price change', 'trigger resolved']);
  });
});
