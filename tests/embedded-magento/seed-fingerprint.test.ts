/**
 * The seed writes exactly the same database, row for row, as the reference below: each table's row count
 * and a hash of its rows in order, for one catalogue seeded at one moment. It guards the seed's speed-ups
 * (batched inserts, no reads back), which must not change a single value. Only what is not the seed's is
 * left out: the passwords' random salts, and the wall-clock times start-up writes after the seed.
 *
 * A change to the demo data made on purpose changes the fingerprint too: check that the tables named in
 * the failure are the ones the change should touch, then update {@link EXPECTED} with the values printed.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/embedded/magento/server.ts';
import { testConfig } from '../support/backend.ts';

/** Columns whose values are not the seed's to decide (random salts; start-up's own clock). */
const UNSEEDED: Readonly<Record<string, readonly string[]>> = {
  customers: ['password_hash'],
  admins: ['password_hash'],
  cms_block: ['creation_time', 'update_time'],
  tokens: ['created_at'],
  salesrule_coupon: ['created_at'],
};

const SEEDED_AT = Date.parse('2026-03-14T10:30:00Z');

/** Each table's row count and the first 16 hex digits of a SHA-256 of its rows, ordered by every column. */
function fingerprint(file: string): Record<string, string> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const out: Record<string, string> = {};
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
    for (const { name } of tables) {
      const table = String(name);
      const columns = db
        .prepare(`PRAGMA table_info(${table})`)
        .all()
        .map((column) => String(column['name']));
      const masked = UNSEEDED[table] ?? [];
      const order = columns.map((_, index) => String(index + 1)).join(', ');
      const hash = createHash('sha256');
      let count = 0;
      for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).iterate()) {
        hash.update(`${JSON.stringify(columns.map((c) => (masked.includes(c) ? '*' : row[c])))}\n`);
        count++;
      }
      out[table] = `${String(count)} ${hash.digest('hex').slice(0, 16)}`;
    }
    const indexes = db
      .prepare("SELECT name, tbl_name, sql FROM sqlite_master WHERE type <> 'table' ORDER BY name")
      .all();
    out['(indexes)'] = createHash('sha256').update(JSON.stringify(indexes)).digest('hex').slice(0, 16);
    return out;
  } finally {
    db.close();
  }
}

const EXPECTED: Record<string, string> = {
  '(indexes)': 'db08eb58ad3ace4e',
  admins: '1 954f6f18d403eb36',
  attribute_options: '678 0111cca4d8c89d60',
  attributes: '75 315c264790da4ba3',
  categories: '44 4afa671a3af2dd20',
  category_products: '1108 d178d6ddb33a0f43',
  cms_block: '9 9200ab7a96fcda97',
  cms_block_store: '9 6d5127aaee93f100',
  configurable_links: '28 e6f0ec8782aeb96e',
  configurable_options: '10 1579c79aac01aaa9',
  customer_addresses: '2 2254ec0c85c6f9ec',
  customer_attribute_values: '0 e3b0c44298fc1c14',
  customer_groups: '6 b217e8a8062f8bfa',
  customers: '2 0a9808d836f7e2c2',
  invoice_comments: '0 e3b0c44298fc1c14',
  invoice_items: '10 d5057cec8a2cca39',
  invoices: '5 eb540012bad7eff4',
  login_failures: '0 e3b0c44298fc1c14',
  meta: '7 bd6e74124f84321b',
  oauth_consumer: '0 e3b0c44298fc1c14',
  oauth_nonce: '0 e3b0c44298fc1c14',
  oauth_token: '0 e3b0c44298fc1c14',
  order_addresses: '12 0f2fcccf51abbf5e',
  order_items: '11 f9b6257232bda5b5',
  order_status_history: '16 984b246540df6814',
  orders: '6 941ac0037699514a',
  products: '1038 d04b50319978f2a6',
  quote_addresses: '12 41de1b3c68d487b7',
  quote_items: '11 52cb29e6b68fb9a9',
  quote_payments: '0 e3b0c44298fc1c14',
  quotes: '6 16e8161a8a3bfacb',
  rating: '3 9baa452a0ef503f9',
  rating_option: '15 8e7e042011eddcf7',
  rating_option_vote: '5655 76a4d3436758022d',
  rating_store: '3 bc424a05628c9303',
  review: '1885 7ce6ac9aa49057c5',
  salesrule: '4 c31230eb98859774',
  salesrule_coupon: '4 b8adf7c02a753eb3',
  salesrule_coupon_usage: '0 e3b0c44298fc1c14',
  salesrule_customer: '0 e3b0c44298fc1c14',
  sqlite_sequence: '3 3bdf250f39851ec1',
  tier_prices: '756 a01b55937027c882',
  tokens: '1 c20a9f32463eafe5',
  wishlist: '0 e3b0c44298fc1c14',
  wishlist_item: '0 e3b0c44298fc1c14',
  wishlist_item_option: '0 e3b0c44298fc1c14',
};

describe('the seed of 1,000 products', () => {
  let dir: string;
  let actual: Record<string, string>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'magento-seed-'));
    const db = await prepareDatabase(
      testConfig(dir, {
        catalogue: { seed: 1, productCount: 1000, brand: 'Clearwater' },
        clock: { now: () => SEEDED_AT },
      }),
    );
    db.close();
    actual = fingerprint(join(dir, 'magento.sqlite'));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes every table exactly as before, row for row', () => {
    expect(actual).toEqual(EXPECTED);
  });
});
