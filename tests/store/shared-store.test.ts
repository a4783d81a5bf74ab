import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOTH_STORES, type TestStore } from '../support/stores.ts';

describe.each(BOTH_STORES)('the shared store on %s', (_name, make) => {
  let test: TestStore;
  beforeEach(async () => {
    test = make();
    await test.store.ensure([
      'CREATE TABLE IF NOT EXISTS things (name TEXT PRIMARY KEY, n BIGINT NOT NULL, at_ms BIGINT NOT NULL)',
    ]);
  });
  afterEach(() => test.dispose());

  it('runs statements written with ? placeholders, and the first of two inserts wins', async () => {
    const insert = `INSERT INTO things (name, n, at_ms) VALUES (?, ?, ${test.store.clock})
      ON CONFLICT (name) DO NOTHING RETURNING name`;
    expect(await test.store.query(insert, ['a', 1])).toEqual([{ name: 'a' }]);
    expect(await test.open().query(insert, ['a', 2])).toEqual([]);
    expect(await test.store.run('UPDATE things SET n = n + ? WHERE name = ?', [5, 'a'])).toBe(1);
    const [row] = await test.store.query<{ n: number; at_ms: number }>(
      'SELECT n, at_ms FROM things WHERE name = ?',
      ['a'],
    );
    // BIGINT comes back as a number, and the store's clock is milliseconds since 1970.
    expect(row?.n).toBe(6);
    expect(Math.abs((row?.at_ms ?? 0) - Date.now())).toBeLessThan(5_000);
  });

  it('creates tables once when two replicas ensure them together', async () => {
    const ddl = ['CREATE TABLE IF NOT EXISTS twice (id TEXT PRIMARY KEY)'];
    await Promise.all([test.store.ensure(ddl), test.open().ensure(ddl)]);
    expect(await test.store.run("INSERT INTO twice (id) VALUES ('x')")).toBe(1);
  });

  it('runs a list of statements once per store, and again after it failed', async () => {
    const ddl = ['CREATE TABLE IF NOT EXISTS once_only (id TEXT PRIMARY KEY)'];
    await test.store.ensure(ddl);
    await test.store.run('DROP TABLE once_only');
    await test.store.ensure(ddl);
    await expect(test.store.query('SELECT id FROM once_only')).rejects.toThrow();
    // Fails while its table is missing (as a store that was down would), then works once it is there.
    const index = ['CREATE INDEX IF NOT EXISTS later_id ON later (id)'];
    await expect(test.store.ensure(index)).rejects.toThrow();
    await test.store.run('CREATE TABLE later (id TEXT)');
    await expect(test.store.ensure(index)).resolves.toBeUndefined();
  });

  it('gives a named lock to one holder at a time, and to the next once released', async () => {
    const other = test.open();
    const held = await test.store.tryLock('builder');
    expect(held).not.toBeNull();
    expect(await other.tryLock('builder')).toBeNull();
    await held?.release();
    const next = await other.tryLock('builder');
    expect(next).not.toBeNull();
    await next?.release();
  });

  it('frees a lock whose holder is gone (its store closed)', async () => {
    const gone = test.open();
    expect(await gone.tryLock('builder')).not.toBeNull();
    await gone.close();
    if (test.store.dialect === 'sqlite') {
      // On one host a lock is a lease: a dead holder's runs out; here it is made to have run out.
      await test.store.run('UPDATE store_locks SET until_ms = 0');
    }
    const taken = await test.store.tryLock('builder');
    expect(taken).not.toBeNull();
    await taken?.release();
  });
});

describe('the shared store on postgres', () => {
  it('delivers notifications to every listener', async () => {
    const test = BOTH_STORES[1][1]();
    try {
      const heard: string[] = [];
      const stop = await test.open().listen('publish', (payload) => heard.push(payload));
      await test.store.notify('publish', 'build-2');
      await expect.poll(() => heard).toEqual(['build-2']);
      await stop();
    } finally {
      await test.dispose();
    }
  });

  it('answers "unavailable" when PostgreSQL cannot be reached', async () => {
    const { openPostgresStore } = await import('../../src/store/postgres.ts');
    const { StoreUnavailableError } = await import('../../src/store/shared-store.ts');
    const store = openPostgresStore({ url: 'postgres://postgres@127.0.0.1:1/none', log: () => undefined });
    await expect(store.query('SELECT 1')).rejects.toBeInstanceOf(StoreUnavailableError);
    await store.close();
  });
});
