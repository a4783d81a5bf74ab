/**
 * Failure counts kept in the shared store: two replicas (two connections to the store) count one key
 * together, a replica started afresh sees the counts made before, counters with different names keep
 * apart, and a store that cannot be reached still throttles from the process's own memory.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FailureCounter } from '../../src/http/index.ts';
import { BOTH_STORES, unreachablePostgresStore, type TestStore } from '../support/stores.ts';

const LIMIT = { failures: 5, windowSeconds: 600 };

describe.each(BOTH_STORES)('failure counts on %s', (_name, make) => {
  let test: TestStore;
  beforeEach(() => {
    test = make();
  });
  afterEach(() => test.dispose());

  it('counts one key across replicas, exactly, and the count outlives a restart', async () => {
    const a = new FailureCounter(LIMIT, { name: 'guesses', store: test.store });
    const b = new FailureCounter(LIMIT, { name: 'guesses', store: test.open() });
    for (const replica of [a, b, a, b]) await replica.failed('203.0.113.7');
    expect(await a.waitFor('203.0.113.7')).toBe(0);
    await b.failed('203.0.113.7');
    expect(await a.waitFor('203.0.113.7')).toBeGreaterThan(590);
    expect(await b.waitFor('203.0.113.7')).toBeGreaterThan(590);

    const restarted = new FailureCounter(LIMIT, { name: 'guesses', store: test.open() });
    expect(await restarted.waitFor('203.0.113.7')).toBeGreaterThan(590);
    expect(await restarted.waitFor('203.0.113.8')).toBe(0);
  });

  it('keeps the counts of differently named counters apart', async () => {
    const clients = new FailureCounter(LIMIT, { name: 'clients', store: test.store });
    const orders = new FailureCounter(LIMIT, { name: 'orders', store: test.store });
    for (let i = 0; i < LIMIT.failures; i++) await clients.failed('same-key');
    expect(await clients.waitFor('same-key')).toBeGreaterThan(0);
    expect(await orders.waitFor('same-key')).toBe(0);
  });

  it('counts failures made at the same moment on two replicas one by one', async () => {
    const a = new FailureCounter(LIMIT, { name: 'together', store: test.store });
    const b = new FailureCounter(LIMIT, { name: 'together', store: test.open() });
    await Promise.all([a, b, a, b].map((replica) => replica.failed('k')));
    expect(await a.waitFor('k')).toBe(0);
    await b.failed('k');
    expect(await a.waitFor('k')).toBeGreaterThan(0);
  });

  it('keeps throttling in memory when the store is lost after start-up', async () => {
    const store = test.open();
    const counter = new FailureCounter(LIMIT, { name: 'lost', store });
    await counter.failed('k');
    await store.close();
    for (let i = 0; i < LIMIT.failures - 1; i++) await counter.failed('k');
    expect(await counter.waitFor('k')).toBe(0);
    await counter.failed('k');
    expect(await counter.waitFor('k')).toBeGreaterThan(590);
  });
});

describe('failure counts while the store is down', () => {
  it('still throttles, in this process', async () => {
    const store = await unreachablePostgresStore();
    try {
      const counter = new FailureCounter(LIMIT, { name: 'outage', store });
      for (let i = 0; i < LIMIT.failures; i++) {
        expect(await counter.waitFor('203.0.113.9')).toBe(0);
        await counter.failed('203.0.113.9');
      }
      expect(await counter.waitFor('203.0.113.9')).toBeGreaterThan(590);
    } finally {
      await store.close();
    }
  });
});
