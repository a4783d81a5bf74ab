/**
 * The shared store's two adapters for tests: an SQLite file in a temporary folder, and the machine's
 * PostgreSQL (TEST_DATABASE_URL, else 127.0.0.1:5432/test, which every machine of the project runs), each
 * suite in a schema of its own that is dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { processEnvironment } from '../../src/config/env.ts';
import { openPostgresStore } from '../../src/store/postgres.ts';
import { openSqliteStore } from '../../src/store/sqlite.ts';
import type { SharedStore } from '../../src/store/shared-store.ts';

export const TEST_DATABASE_URL =
  processEnvironment()['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestStore {
  readonly store: SharedStore;
  /** Another connection to the same store, as a second replica would have. */
  open(): SharedStore;
  dispose(): Promise<void>;
}

export function sqliteTestStore(): TestStore {
  const dir = mkdtempSync(join(tmpdir(), 'store-'));
  const file = join(dir, 'shop.sqlite');
  const opened: SharedStore[] = [];
  const open = () => {
    const store = openSqliteStore(file);
    opened.push(store);
    return store;
  };
  return {
    store: open(),
    open,
    async dispose() {
      for (const store of opened) await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function postgresTestStore(): TestStore {
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const opened: SharedStore[] = [];
  const open = () => {
    const store = openPostgresStore({ url: TEST_DATABASE_URL, schema, max: 4, log: () => undefined });
    opened.push(store);
    return store;
  };
  return {
    store: open(),
    open,
    async dispose() {
      for (const store of opened) await store.close();
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}

/** Both adapters, for `describe.each`: one contract, two databases. */
export const BOTH_STORES = [
  ['sqlite', sqliteTestStore],
  ['postgres', postgresTestStore],
] as const;

/** A PostgreSQL store on a port nothing listens on: the shared store "down". */
export async function unreachablePostgresStore(): Promise<SharedStore> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('No free port for an unreachable store.');
  return openPostgresStore({
    url: `postgres://postgres@127.0.0.1:${address.port}/test`,
    log: () => undefined,
  });
}
