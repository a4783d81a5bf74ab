/**
 * A database file written by an older release still opens: the columns added since are added with their
 * defaults, the tables added since are created, and what was stored is served.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getAttribute, getAttributeOptions, searchAttributes } from './catalog/attributes.ts';
import { openDatabase } from './schema.ts';

const dir = mkdtempSync(join(tmpdir(), 'magento-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The attributes table as the first release created it, before the layered-navigation flags. */
const OLD_ATTRIBUTES = `
CREATE TABLE attributes (
  attribute_id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  frontend_input TEXT NOT NULL,
  backend_type TEXT NOT NULL,
  is_user_defined INTEGER NOT NULL,
  is_required INTEGER NOT NULL DEFAULT 0,
  position INTEGER NOT NULL DEFAULT 0
);
INSERT INTO attributes (code, label, frontend_input, backend_type, is_user_defined, position)
  VALUES ('weight_kg', 'Weight (kg)', 'text', 'varchar', 1, 52), ('colour', 'Colour', 'select', 'int', 1, 60);
`;

describe('opening a database file from before the attribute flags', () => {
  it('adds the flag columns and the options table, and serves the old rows', () => {
    const file = join(dir, 'old.sqlite');
    const old = new DatabaseSync(file);
    old.exec(OLD_ATTRIBUTES);
    old.close();

    const db = openDatabase(file);
    try {
      expect(getAttribute(db, 'weight_kg')).toMatchObject({
        attribute_code: 'weight_kg',
        position: 52,
        is_filterable: false,
        is_filterable_in_search: false,
        used_for_sort_by: false,
        is_comparable: '0',
        is_searchable: '0',
        options: [],
      });
      // A select without stored options still has Magento's empty option.
      expect(getAttributeOptions(db, 'colour')).toEqual([{ label: ' ', value: '' }]);
      const filterable = searchAttributes(db, {
        filter_groups: [{ filters: [{ field: 'is_filterable', value: '0', condition_type: 'gt' }] }],
      });
      expect(filterable.total_count).toBe(0);
      const searchable = searchAttributes(db, {
        filter_groups: [{ filters: [{ field: 'is_searchable', value: '1', condition_type: 'eq' }] }],
      });
      expect(searchable.total_count).toBe(0);
    } finally {
      db.close();
    }
    // Opening it again finds the columns there and changes nothing.
    const again = openDatabase(file);
    expect(getAttribute(again, 'colour').position).toBe(60);
    again.close();
  });
});

describe('opening a database file from before the order indexes', () => {
  it('indexes a customer’s orders, so "My orders" reads a page by index rather than every order', () => {
    const file = join(dir, 'old-orders.sqlite');
    const old = new DatabaseSync(file);
    old.exec(`CREATE TABLE orders (
        entity_id INTEGER PRIMARY KEY, quote_id INTEGER NOT NULL, customer_id INTEGER, created_at TEXT NOT NULL
      );
      CREATE INDEX orders_quote ON orders (quote_id);
      CREATE TABLE order_items (item_id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL);`);
    old.close();

    openDatabase(file).close();
    const reopened = new DatabaseSync(file);
    try {
      const plan = reopened
        .prepare(
          `EXPLAIN QUERY PLAN SELECT * FROM orders WHERE customer_id = ? ORDER BY created_at DESC, entity_id DESC LIMIT 10`,
        )
        .all(1)
        .map((row) => String(row['detail']));
      // One search of the index, in its order: no scan of every order, no sort.
      expect(plan).toHaveLength(1);
      expect(plan[0]).toMatch(/^SEARCH orders USING (COVERING )?INDEX orders_customer \(customer_id=\?\)$/);
      const items = reopened
        .prepare('EXPLAIN QUERY PLAN SELECT * FROM order_items WHERE order_id = ?')
        .all(1);
      expect(String(items[0]?.['detail'])).toMatch(/USING (COVERING )?INDEX order_items_order/);
    } finally {
      reopened.close();
    }
  });
});
