/**
 * The embedded back end's storage: one SQLite file (node:sqlite), the single source of truth for the
 * catalogue, customers, tokens, carts and orders. All access is synchronous on one connection, so a
 * request's reads and writes inside `transaction()` cannot interleave with another request's.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS categories (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  url_key TEXT NOT NULL DEFAULT '',
  is_active INTEGER,
  position INTEGER NOT NULL DEFAULT 0,
  level INTEGER NOT NULL DEFAULT 0,
  path TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS categories_parent ON categories (parent_id, position);

CREATE TABLE IF NOT EXISTS products (
  id INTEGER PRIMARY KEY,
  sku TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  attribute_set_id INTEGER NOT NULL DEFAULT 4,
  price REAL NOT NULL DEFAULT 0,
  status INTEGER NOT NULL DEFAULT 1,
  visibility INTEGER NOT NULL DEFAULT 4,
  type_id TEXT NOT NULL DEFAULT 'simple',
  weight REAL,
  qty REAL NOT NULL DEFAULT 0,
  is_in_stock INTEGER NOT NULL DEFAULT 1,
  is_qty_decimal INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  attributes TEXT NOT NULL DEFAULT '{}',
  media TEXT NOT NULL DEFAULT '[]',
  links TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX IF NOT EXISTS products_url_key ON products (json_extract(attributes, '$.url_key'));
CREATE INDEX IF NOT EXISTS products_visibility ON products (visibility);

CREATE TABLE IF NOT EXISTS category_products (
  category_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (category_id, product_id)
);
CREATE INDEX IF NOT EXISTS category_products_product ON category_products (product_id);

CREATE TABLE IF NOT EXISTS attributes (
  attribute_id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  frontend_input TEXT NOT NULL,
  backend_type TEXT NOT NULL,
  is_user_defined INTEGER NOT NULL,
  is_required INTEGER NOT NULL DEFAULT 0,
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS admins (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS customers (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE,
  website_id INTEGER NOT NULL DEFAULT 1,
  store_id INTEGER NOT NULL DEFAULT 1,
  group_id INTEGER NOT NULL DEFAULT 1,
  firstname TEXT NOT NULL,
  lastname TEXT NOT NULL,
  password_hash TEXT,
  default_billing INTEGER,
  default_shipping INTEGER,
  is_subscribed INTEGER NOT NULL DEFAULT 0,
  extra TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (email, website_id)
);

CREATE TABLE IF NOT EXISTS customer_addresses (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS customer_addresses_customer ON customer_addresses (customer_id);

CREATE TABLE IF NOT EXISTS tokens (
  token TEXT PRIMARY KEY,
  user_type INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER
);

CREATE TABLE IF NOT EXISTS login_failures (
  user_type INTEGER NOT NULL,
  username TEXT NOT NULL COLLATE NOCASE,
  failures INTEGER NOT NULL,
  locked_until INTEGER,
  PRIMARY KEY (user_type, username)
);

CREATE TABLE IF NOT EXISTS quotes (
  id INTEGER PRIMARY KEY,
  masked_id TEXT UNIQUE,
  customer_id INTEGER REFERENCES customers (id),
  store_id INTEGER NOT NULL DEFAULT 1,
  is_active INTEGER NOT NULL DEFAULT 1,
  customer_is_guest INTEGER NOT NULL DEFAULT 1,
  shipping_method TEXT,
  reserved_order_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS quotes_one_active_per_customer
  ON quotes (customer_id) WHERE is_active = 1 AND customer_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS quote_items (
  item_id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL,
  sku TEXT NOT NULL,
  name TEXT NOT NULL,
  price REAL NOT NULL,
  qty REAL NOT NULL,
  product_type TEXT NOT NULL,
  UNIQUE (quote_id, sku)
);

CREATE TABLE IF NOT EXISTS quote_addresses (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  address_type TEXT NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',
  UNIQUE (quote_id, address_type)
);

CREATE TABLE IF NOT EXISTS orders (
  entity_id INTEGER PRIMARY KEY,
  increment_id TEXT NOT NULL UNIQUE,
  quote_id INTEGER NOT NULL,
  customer_id INTEGER,
  customer_email TEXT NOT NULL,
  customer_firstname TEXT,
  customer_lastname TEXT,
  customer_is_guest INTEGER NOT NULL,
  state TEXT NOT NULL,
  status TEXT NOT NULL,
  subtotal REAL NOT NULL,
  shipping_amount REAL NOT NULL,
  grand_total REAL NOT NULL,
  total_qty REAL NOT NULL,
  shipping_method TEXT NOT NULL,
  shipping_description TEXT NOT NULL,
  payment_method TEXT NOT NULL,
  store_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS order_items (
  item_id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (entity_id) ON DELETE CASCADE,
  quote_item_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  sku TEXT NOT NULL,
  name TEXT NOT NULL,
  price REAL NOT NULL,
  qty REAL NOT NULL,
  row_total REAL NOT NULL,
  product_type TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS order_addresses (
  entity_id INTEGER PRIMARY KEY,
  parent_id INTEGER NOT NULL REFERENCES orders (entity_id) ON DELETE CASCADE,
  address_type TEXT NOT NULL,
  data TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS order_status_history (
  entity_id INTEGER PRIMARY KEY,
  parent_id INTEGER NOT NULL REFERENCES orders (entity_id) ON DELETE CASCADE,
  status TEXT NOT NULL,
  comment TEXT,
  created_at TEXT NOT NULL
);
`;

export type Row = Record<string, SQLInputValue>;

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

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.#db = new DatabaseSync(file);
    this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    // MySQL's REGEXP for searchCriteria's `regexp` condition (SQLite has no built-in implementation).
    this.#db.function('regexp', { deterministic: true }, (pattern, value) => regexpMatch(pattern, value));
    this.#db.exec(SCHEMA);
    this.#migrate();
  }

  /** Columns added after a file was first created (CREATE TABLE IF NOT EXISTS leaves old tables as they were). */
  #migrate(): void {
    const columns = this.#db.prepare('PRAGMA table_info(products)').all();
    if (!columns.some((column) => column['name'] === 'is_qty_decimal'))
      this.#db.exec('ALTER TABLE products ADD COLUMN is_qty_decimal INTEGER NOT NULL DEFAULT 0');
  }

  #prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  get<T = Row>(sql: string, ...params: SQLInputValue[]): T | undefined {
    return this.#prepare(sql).get(...params) as T | undefined;
  }

  all<T = Row>(sql: string, ...params: SQLInputValue[]): T[] {
    return this.#prepare(sql).all(...params) as T[];
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
    return this.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', key)?.value;
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
