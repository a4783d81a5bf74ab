/**
 * Secrets at rest: the three SQLite stores that hold provider keys, tokens or password hashes are created
 * readable by the shop's own user only (folders 0700, database and WAL files 0600), and a file an older
 * version left world-readable is tightened when it is opened.
 */
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@cleaning-shop/embedded-magento/schema.ts';
import { SandboxStore } from '@cleaning-shop/opayo-sandbox/db.ts';
import { openPaymentStore } from '../../src/payments/payment-records.ts';
import { openSqliteStore } from '../../src/store/sqlite.ts';

const mode = (path: string): number => statSync(path).mode & 0o777;
const roots: string[] = [];
const freshFolder = (): string => {
  const root = mkdtempSync(join(tmpdir(), 'private-files-'));
  roots.push(root);
  return join(root, 'var', 'secrets');
};
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Each store, opened: it has written its schema, so SQLite's WAL files exist until it closes. */
const stores: Record<string, (file: string) => Promise<{ close(): unknown }>> = {
  'payment bridge': async (file) => {
    const store = openSqliteStore(file);
    await openPaymentStore(store).get('');
    return store;
  },
  'embedded back end': (file) => Promise.resolve(openDatabase(file)),
  'payment sandbox': (file) => Promise.resolve(new SandboxStore(file)),
};

describe('secret files', () => {
  for (const [name, open] of Object.entries(stores)) {
    it(`the ${name}'s database is 0600 in a 0700 folder, WAL included`, async () => {
      const folder = freshFolder();
      const file = join(folder, 'store.sqlite');
      const store = await open(file);
      try {
        expect(mode(folder).toString(8)).toBe('700');
        for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(mode(path).toString(8)).toBe('600');
      } finally {
        await store.close();
      }
    });

    it(`the ${name} tightens a database file an older version left readable by others`, async () => {
      const folder = freshFolder();
      const file = join(folder, 'store.sqlite');
      await (await open(file)).close();
      chmodSync(file, 0o644);
      await (await open(file)).close();
      expect(mode(file).toString(8)).toBe('600');
    });
  }
});
