/**
 * The embedded back end's storage: one SQLite file (node:sqlite), the single source of truth for the
 * catalogue, customers, tokens, carts and orders. All access is synchronous on one connection, so a
 * request's reads and writes inside `transaction()` cannot interleave with another request's.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { z } from 'zod';
import { preparePrivateFile } from '@cleaning-shop/kit/private-files.ts';

/**
 * An INTEGER or REAL column as node:sqlite reads it (flags stay 0 or 1): any number, ±Infinity included.
 * SQLite keeps an infinite value (a price sent as "1e999" casts to one) where z.number() would refuse it.
 */
export const sqlNumber = z.custom<number>((value) => typeof value === 'number');

/** `SELECT COUNT(*) AS n …`. */
export const countRow = z.object({ n: sqlNumber });

const metaRow = z.object({ value: z.string() });

/** [table, column, definition] of every column added to a table after its first release, oldest first. */
const ADDED_COLUMNS: readonly (readonly [string, string, string])[] = [
  ['products', 'is_qty_decimal', 'INTEGER NOT NULL DEFAULT 0'],
  ['attributes', 'is_filterable', 'INTEGER NOT NULL DEFAULT 0'],
  ['attributes', 'is_filterable_in_search', 'INTEGER NOT NULL DEFAULT 0'],
  ['attributes', 'used_for_sort_by', 'INTEGER NOT NULL DEFAULT 0'],
  ['attributes', 'is_comparable', 'INTEGER NOT NULL DEFAULT 0'],
  ['attributes', 'is_searchable', 'INTEGER NOT NULL DEFAULT 0'],
  ['quotes', 'coupon_code', 'TEXT'],
  ['orders', 'discount_amount', 'REAL NOT NULL DEFAULT 0'],
  ['orders', 'coupon_code', 'TEXT'],
  ['orders', 'discount_description', 'TEXT'],
  ['orders', 'applied_rule_ids', 'TEXT'],
  ['order_items', 'discount_amount', 'REAL NOT NULL DEFAULT 0'],
  ['quote_items', 'product_option', 'TEXT'],
  ['order_items', 'product_option', 'TEXT'],
  ['order_items', 'parent_item_id', 'INTEGER'],
  ['order_items', 'discount_percent', 'REAL NOT NULL DEFAULT 0'],
  ['quote_payments', 'po_number', 'TEXT'],
  ['orders', 'payment_po_number', 'TEXT'],
  ['orders', 'customer_group_id', 'INTEGER'],
  ['orders', 'customer_taxvat', 'TEXT'],
  ['orders', 'subtotal_incl_tax', 'REAL'],
  ['orders', 'shipping_incl_tax', 'REAL'],
  ['orders', 'shipping_tax_amount', 'REAL'],
  ['orders', 'tax_amount', 'REAL'],
  ['orders', 'discount_tax_compensation_amount', 'REAL'],
  ['order_items', 'price_incl_tax', 'REAL'],
  ['order_items', 'row_total_incl_tax', 'REAL'],
  ['order_items', 'tax_amount', 'REAL'],
  ['order_items', 'tax_percent', 'REAL'],
  ['order_items', 'discount_tax_compensation_amount', 'REAL'],
  ['order_status_history', 'is_customer_notified', 'INTEGER DEFAULT 0'],
  ['order_status_history', 'is_visible_on_front', 'INTEGER NOT NULL DEFAULT 0'],
  ['order_status_history', 'entity_name', "TEXT DEFAULT 'order'"],
  ['order_items', 'qty_shipped', 'REAL NOT NULL DEFAULT 0'],
];

let lastPattern: { source: string; regex: RegExp } | undefined;

/** `value REGEXP pattern`, case-insensitive like MySQL's default collation; NULL for a NULL value. */
function regexpMatch(pattern: unknown, value: unknown): number | null {
  if (value === null || value === undefined || pattern === null || pattern === undefined) return null;
  const source = String(pattern);
  if (lastPattern?.source !== source) lastPattern = { source, regex: new RegExp(source, 'i') };
  return lastPattern.regex.test(String(value)) ? 1 : 0;
}

export class Database {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();
  #depth = 0;

  /** `schema`: every module's tables (schema.ts, whose `openDatabase` passes them). */
  constructor(file: string, schema: string) {
    preparePrivateFile(file);
    this.#db = new DatabaseSync(file);
    this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    // MySQL's REGEXP for searchCriteria's `regexp` condition (SQLite has no built-in implementation).
    this.#db.function('regexp', { deterministic: true }, (pattern, value) => regexpMatch(pattern, value));
    this.#db.exec(schema);
    this.#migrate();
  }

  /** Columns added after a file was first created (CREATE TABLE IF NOT EXISTS leaves old tables as they were). */
  #migrate(): void {
    for (const [table, column, definition] of ADDED_COLUMNS) {
      const columns = this.#db.prepare(`PRAGMA table_info(${table})`).all();
      if (!columns.some((existing) => existing['name'] === column))
        this.#db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
    }
  }

  #prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** The first row, parsed by `schema` (extra columns dropped); a row that does not fit throws. */
  get<S extends z.ZodType>(schema: S, sql: string, ...params: SQLInputValue[]): z.output<S> | undefined {
    const row = this.#prepare(sql).get(...params);
    return row === undefined ? undefined : schema.parse(row);
  }

  /** Every row, each parsed by `schema` (extra columns dropped); a row that does not fit throws. */
  all<S extends z.ZodType>(schema: S, sql: string, ...params: SQLInputValue[]): z.output<S>[] {
    return this.#prepare(sql)
      .all(...params)
      .map((row) => schema.parse(row));
  }

  run(sql: string, ...params: SQLInputValue[]): { changes: number; lastInsertRowid: number } {
    const result = this.#prepare(sql).run(...params);
    return { changes: Number(result.changes), lastInsertRowid: Number(result.lastInsertRowid) };
  }

  exec(sql: string): void {
    this.#db.exec(sql);
  }

  /** Runs `fn` atomically; nested calls join the outer transaction. `fn` must be synchronous. */
  transaction<T>(fn: () => T): T {
    if (this.#depth > 0) return fn();
    this.#db.exec('BEGIN IMMEDIATE');
    this.#depth++;
    try {
      const result = fn();
      this.#db.exec('COMMIT');
      return result;
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    } finally {
      this.#depth--;
    }
  }

  meta(key: string): string | undefined {
    return this.get(metaRow, 'SELECT value FROM meta WHERE key = ?', key)?.value;
  }

  setMeta(key: string, value: string): void {
    this.run(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      key,
      value,
    );
  }

  close(): void {
    this.#statements.clear();
    this.#db.close();
  }
}

/** Magento's date format: `YYYY-MM-DD HH:MM:SS` in UTC. */
export const magentoDate = (date: Date = new Date()): string =>
  date.toISOString().slice(0, 19).replace('T', ' ');
