/**
 * The seed's bulk writing: rows arrive in order and whole across batches, a conflict clause applies row by
 * row, indexes come back as they were, and the database goes back to its write-ahead log after the seed's
 * transaction (or never leaves it while another connection has the file open).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db.ts';
import { sqlNumber } from '../db.ts';
import { openDatabase } from '../schema.ts';
import { insertRows, withoutIndexes, withRollbackJournal } from './bulk.ts';

const dir = mkdtempSync(join(tmpdir(), 'magento-bulk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TABLE = `CREATE TABLE IF NOT EXISTS bulk_rows (n INTEGER NOT NULL, label TEXT, UNIQUE (n));
  CREATE INDEX IF NOT EXISTS bulk_rows_label ON bulk_rows (label)`;
const row = z.object({ rowid: sqlNumber, n: sqlNumber, label: z.string().nullable() });
const journal = z.object({ journal_mode: z.string() });

let db: Database;
let file: string;
let count = 0;

beforeEach(() => {
  file = join(dir, `bulk-${String(++count)}.sqlite`);
  db = openDatabase(file);
  db.exec(TABLE);
});
afterEach(() => db.close());

const numbers = function* (count: number) {
  for (let n = 1; n <= count; n++) yield [n, `row ${String(n)}`];
};

describe('insertRows', () => {
  it('writes every row in order, over several full batches and a part one', () => {
    insertRows(db, 'bulk_rows', ['n', 'label'], numbers(1234));
    const rows = db.all(row, 'SELECT rowid, n, label FROM bulk_rows ORDER BY rowid');
    expect(rows).toHaveLength(1234);
    expect(rows.every((r, index) => r.rowid === index + 1 && r.n === index + 1)).toBe(true);
    expect(rows.at(-1)).toEqual({ rowid: 1234, n: 1234, label: 'row 1234' });
  });

  it('applies a conflict clause to each row, as single-row inserts would', () => {
    insertRows(db, 'bulk_rows', ['n', 'label'], [[2, 'first']]);
    insertRows(
      db,
      'bulk_rows',
      ['n', 'label'],
      [
        [1, 'one'],
        [2, 'again'],
        [3, 'three'],
      ],
      'ON CONFLICT (n) DO NOTHING',
    );
    const rows = db.all(row, 'SELECT rowid, n, label FROM bulk_rows ORDER BY rowid');
    expect(rows.map((r) => [r.n, r.label])).toEqual([
      [2, 'first'],
      [1, 'one'],
      [3, 'three'],
    ]);
  });
});

describe('withoutIndexes', () => {
  it('keeps the unique constraints and makes the dropped indexes again from their own definitions', () => {
    const indexes = z.object({ name: z.string(), sql: z.string().nullable() });
    const list = () =>
      db.all(indexes, "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'bulk_rows'");
    const before = list();
    const during = withoutIndexes(db, ['bulk_rows'], () => {
      insertRows(db, 'bulk_rows', ['n', 'label'], numbers(10));
      return list();
    });
    // UNIQUE (n)'s own index (no SQL of its own) stays: the constraint holds while writing.
    expect(during).toEqual([{ name: 'sqlite_autoindex_bulk_rows_1', sql: null }]);
    expect(list()).toEqual(before);
  });
});

describe('withRollbackJournal', () => {
  it('writes with a rollback journal and goes back to the write-ahead log', () => {
    const mode = withRollbackJournal(db, () =>
      db.transaction(() => {
        insertRows(db, 'bulk_rows', ['n', 'label'], numbers(3));
        return db.get(journal, 'PRAGMA journal_mode')?.journal_mode;
      }),
    );
    expect(mode).toBe('delete');
    expect(db.get(journal, 'PRAGMA journal_mode')?.journal_mode).toBe('wal');
  });

  it('goes back to the log when the write fails, nothing written', () => {
    expect(() =>
      withRollbackJournal(db, () =>
        db.transaction(() => {
          insertRows(db, 'bulk_rows', ['n', 'label'], numbers(3));
          throw new Error('seed failed');
        }),
      ),
    ).toThrow('seed failed');
    expect(db.get(journal, 'PRAGMA journal_mode')?.journal_mode).toBe('wal');
    expect(db.all(row, 'SELECT rowid, n, label FROM bulk_rows')).toEqual([]);
  });

  it('writes through the log while another connection has the file open', () => {
    const other = new DatabaseSync(file);
    try {
      other.prepare('SELECT COUNT(*) FROM bulk_rows').get();
      const mode = withRollbackJournal(db, () => db.get(journal, 'PRAGMA journal_mode')?.journal_mode);
      expect(mode).toBe('wal');
    } finally {
      other.close();
    }
  });
});
