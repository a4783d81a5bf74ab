/**
 * Writing many rows at once, as the seed does (100,000 products and their rows): multi-row INSERTs, each
 * batch one statement prepared once and reused; secondary indexes made once after the rows rather than
 * updated row by row; and one large transaction written straight into the database file.
 */
import type { SQLInputValue } from 'node:sqlite';
import { z } from 'zod';
import type { Database } from '../db.ts';

/** Rows per INSERT: multi-row VALUES beat one statement per row (fewer calls, one prepared statement). */
const BATCH_ROWS = 500;
/** Bound parameters per INSERT, well under SQLite's limit (32,766). */
const BATCH_PARAMETERS = 8000;

/**
 * Inserts rows of values for `columns`, a batch at a time, in order (so rowids given by SQLite rise with
 * them). `rows` may be a generator: only one batch is held at a time. `conflict` is an optional
 * `ON CONFLICT …` clause, applied to each row as to a single-row INSERT.
 */
export function insertRows(
  db: Database,
  table: string,
  columns: readonly string[],
  rows: Iterable<SQLInputValue[]>,
  conflict = '',
): void {
  const size = Math.max(1, Math.min(BATCH_ROWS, Math.floor(BATCH_PARAMETERS / columns.length)));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const statement = (count: number) =>
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array(count).fill(tuple).join(', ')} ${conflict}`;
  const full = statement(size);
  let batch: SQLInputValue[] = [];
  let count = 0;
  for (const row of rows) {
    for (const value of row) batch.push(value);
    if (++count === size) {
      db.run(full, ...batch);
      batch = [];
      count = 0;
    }
  }
  if (count > 0) db.run(statement(count), ...batch);
}

const indexRow = z.object({ name: z.string(), sql: z.string() });

/**
 * Runs `write` with the tables' secondary indexes dropped and made again after it (from their own
 * definitions, read back from the schema): one sort per index instead of an index update per row.
 */
export function withoutIndexes<T>(db: Database, tables: readonly string[], write: () => T): T {
  const indexes = db.all(
    indexRow,
    `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
     AND tbl_name IN (SELECT value FROM json_each(?))`,
    JSON.stringify(tables),
  );
  for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
  const result = write();
  for (const index of indexes) db.exec(index.sql);
  return result;
}

/** Whether SQLite refused for another connection's lock ("database is locked"). */
const isLocked = (error: unknown): boolean =>
  error instanceof Error && /database is (locked|busy)|SQLITE_BUSY/i.test(error.message);

/**
 * Runs `write` (one transaction) with a rollback journal instead of the write-ahead log, and goes back to
 * the log after it, whatever happens. A new database's pages then go once into its file, where through
 * the log they would be written twice (into the log, then copied into the file): the seed of 100,000
 * products writes half a gigabyte. A rollback journal keeps only the pages that held data before, so it
 * stays small, and the transaction is as atomic as before. While another connection has the file open
 * the mode cannot change: the write then goes through the log as before.
 */
export function withRollbackJournal<T>(db: Database, write: () => T): T {
  try {
    db.exec('PRAGMA journal_mode = DELETE');
  } catch (error) {
    if (isLocked(error)) return write();
    throw error;
  }
  try {
    return write();
  } finally {
    db.exec('PRAGMA journal_mode = WAL');
  }
}
