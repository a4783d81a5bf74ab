/**
 * The catalogue as rows: one SQLite file (node:sqlite, WAL, as the embedded back end and the shared store)
 * where the snapshot was one JSON file. Each product is a row (its sku and the product as the sync stored
 * it); each other part of the catalogue (when it was read, the category trees, attributes, positions, rule
 * prices, content blocks, review settings) is a row of its own, in the catalogue's order; the catalogue's
 * `catalogueHash` is kept beside them.
 *
 * A sync writes what it changed, in one transaction: the products it read anew, those it dropped, and the
 * parts; not the whole catalogue, which as JSON was 350 MB and about 6 s a write at 100,000 products. A
 * write that fails leaves the rows as they were. Reading gives back the catalogue exactly as written (each
 * product's JSON, the parts in their order), so its hash is the one kept.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { catalogueHash } from './catalogue-hash.ts';
import { bySku } from './sku-order.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS catalogue_parts (
  name TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  json TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS catalogue_products (
  sku TEXT PRIMARY KEY,
  doc TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS catalogue_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;

/** What a write changed of the products: only these rows are written (all of them without it). */
export interface RowChange {
  readonly updated: Iterable<string>;
  readonly removed: Iterable<string>;
}

/** The catalogue as the rows hold it: any JSON object with its products. */
export type StoredRows = Record<string, unknown> & { readonly products: readonly unknown[] };

/**
 * One open database per file in a process (SQLite's own cache, no reopening per read), while the file is
 * the one it opened: a file removed and written again by another process is opened again.
 */
const open = new Map<string, { readonly db: DatabaseSync; readonly inode: number }>();

function database(file: string): DatabaseSync {
  const key = resolve(file);
  const known = open.get(key);
  if (known && statSync(key, { throwIfNoEntry: false })?.ino === known.inode) return known.db;
  closeRows(key);
  mkdirSync(dirname(key), { recursive: true });
  const db = new DatabaseSync(key);
  try {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
    db.exec(SCHEMA);
  } catch (error) {
    db.close();
    throw error;
  }
  open.set(key, { db, inode: statSync(key).ino });
  return db;
}

/** Closes the file's database in this process (a test removing its folder; a process done with it). */
export function closeRows(file: string): void {
  const key = resolve(file);
  open.get(key)?.db.close();
  open.delete(key);
}

const skuOf = (product: unknown): string => {
  const sku: unknown = typeof product === 'object' && product !== null ? Reflect.get(product, 'sku') : null;
  if (typeof sku !== 'string') throw new TypeError('A catalogue product has no sku.');
  return sku;
};

function writeProducts(db: DatabaseSync, products: readonly unknown[], change: RowChange | undefined): void {
  const upsert = db.prepare(
    'INSERT INTO catalogue_products (sku, doc) VALUES (?, ?) ON CONFLICT (sku) DO UPDATE SET doc = excluded.doc',
  );
  if (!change) {
    db.exec('DELETE FROM catalogue_products');
    for (const product of products) upsert.run(skuOf(product), JSON.stringify(product));
    return;
  }
  const updated = new Set(change.updated);
  for (const product of products)
    if (updated.has(skuOf(product))) upsert.run(skuOf(product), JSON.stringify(product));
  const remove = db.prepare('DELETE FROM catalogue_products WHERE sku = ?');
  for (const sku of change.removed) remove.run(sku);
}

/**
 * Writes `catalogue` to the rows of `file`, in one transaction: its parts, its hash (`hash`, when the
 * caller has worked it out already), and the products of `change` (every product without it, the rows of
 * those gone removed).
 */
export function writeRows(
  file: string,
  catalogue: StoredRows,
  change?: RowChange,
  hash: string = catalogueHash(catalogue),
): void {
  const db = database(file);
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec('DELETE FROM catalogue_parts');
    const part = db.prepare('INSERT INTO catalogue_parts (name, position, json) VALUES (?, ?, ?)');
    Object.entries(catalogue).forEach(([name, value], position) => {
      if (name !== 'products' && value !== undefined) part.run(name, position, JSON.stringify(value));
    });
    writeProducts(db, catalogue.products, change);
    db.prepare("INSERT OR REPLACE INTO catalogue_meta (key, value) VALUES ('hash', ?)").run(hash);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** Copies the rows of `from` into a new file `to`, as they stand (SQLite's `VACUUM INTO`: WAL and all). */
export function copyRows(from: string, to: string): void {
  database(from).prepare('VACUUM INTO ?').run(resolve(to));
}

/** The hash kept with the rows of `file`; undefined when there are none. */
export function rowsHash(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const row = database(file).prepare("SELECT value FROM catalogue_meta WHERE key = 'hash'").get();
  return typeof row?.['value'] === 'string' ? row['value'] : undefined;
}

/**
 * The catalogue in `file` as written, with its hash; undefined when the file holds none. The products come
 * in the sync's order (sku-order.ts).
 */
export function readRows(file: string): { catalogue: StoredRows; hash: string } | undefined {
  const hash = rowsHash(file);
  if (hash === undefined) return undefined;
  const db = database(file);
  const catalogue: Record<string, unknown> = {};
  for (const row of db.prepare('SELECT name, json FROM catalogue_parts ORDER BY position').all())
    catalogue[String(row['name'])] = JSON.parse(String(row['json']));
  const products = db
    .prepare('SELECT sku, doc FROM catalogue_products')
    .all()
    .map((row) => ({ sku: String(row['sku']), doc: String(row['doc']) }))
    .sort(bySku)
    .map(({ doc }): unknown => JSON.parse(doc));
  return { catalogue: { ...catalogue, products }, hash };
}
