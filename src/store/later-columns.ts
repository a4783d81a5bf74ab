/**
 * Columns a table gained after it was first created. `CREATE TABLE IF NOT EXISTS` leaves a table from an
 * older version as it was, so each column it lacks is added: PostgreSQL with `ADD COLUMN IF NOT EXISTS`,
 * SQLite (which has no such clause) after reading the table's columns. Replicas starting together may race
 * to add one; the loser's "duplicate column" means it is there.
 */
import type { SharedStore } from './shared-store.ts';

/** Adds to `table` whichever of `columns` (name → SQL type) it lacks. */
export async function addLaterColumns(
  store: SharedStore,
  table: string,
  columns: Readonly<Record<string, string>>,
): Promise<void> {
  const wanted = Object.entries(columns);
  if (store.dialect === 'postgres') {
    await store.ensure(
      wanted.map(([name, type]) => `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${name} ${type}`),
    );
    return;
  }
  const present = await store.query<{ name: string }>(`PRAGMA table_info(${table})`);
  const missing = wanted.filter(([name]) => !present.some((column) => column.name === name));
  try {
    await store.ensure(missing.map(([name, type]) => `ALTER TABLE ${table} ADD COLUMN ${name} ${type}`));
  } catch (error) {
    if (!(error instanceof Error && /duplicate column/i.test(error.message))) throw error;
  }
}
