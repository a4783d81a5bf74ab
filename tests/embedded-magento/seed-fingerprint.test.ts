/**
 * The seed writes exactly the same database, row for row, as the reference below: each table's row count
 * and a hash of its rows (rowids included) in order, for one catalogue seeded at one moment. It guards the
 * seed's speed-ups (batched inserts, no reads back), which must not change a single value. Only what is
 * not the seed's is left out: the passwords' random salts, and the wall-clock times start-up writes after
 * the seed.
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
import { prepareDatabase } from '@cleaning-shop/embedded-magento/server.ts';
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

/** Each table's row count and the first 16 hex digits of a SHA-256 of its rows, in rowid order. */
function fingerprint(file: string): Record<string, string> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const out: Record<string, string> = {};
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
    for (const { name } of tables) {
      const table = String(name);
      // The rowid too: rows must not only hold the same values but lie in the same order.
      const columns = [
        '(rowid)',
        ...db
          .prepare(`PRAGMA table_info(${table})`)
          .all()
          .map((column) => String(column['name'])),
      ];
      const masked = UNSEEDED[table] ?? [];
      const hash = createHash('sha256');
      let count = 0;
      for (const row of db.prepare(`SELECT rowid AS "(rowid)", * FROM ${table} ORDER BY rowid`).iterate()) {
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
  '(indexes)': 'ff968aa749c0752a',
  admins: '1 cc7ccb596986df4f',
  attribute_options: '678 d79f33c1cae90955',
  attributes: '75 c70251e8d63097f8',
  categories: '44 c9867fd6245d9299',
  category_products: '1108 7d07325870460f6a',
  cms_block: '9 a3775ce32f907b1a',
  cms_block_store: '9 d025c110bf82c34e',
  company: '2 948a200b7718880a',
  company_advanced_customer_entity: '4 e4e48b749b5de202',
  company_credit: '2 9d0df5fa4a9406c4',
  company_credit_history: '1 93c94c1bb5d33193',
  company_invitation: '0 e3b0c44298fc1c14',
  company_order_entity: '0 e3b0c44298fc1c14',
  company_permissions: '136 c8fa7221ff5fd2d8',
  company_roles: '4 ea01b0e50971077a',
  company_structure: '4 af61001c6d7509bc',
  company_team: '0 e3b0c44298fc1c14',
  company_user_roles: '2 854bc655b4d20e1b',
  configurable_links: '28 eaf0ce0309aa96bd',
  configurable_options: '10 7b01923039525d45',
  customer_addresses: '2 80f30fe3ad4c3571',
  customer_attribute_values: '0 e3b0c44298fc1c14',
  customer_company_attributes: '0 e3b0c44298fc1c14',
  customer_groups: '6 63720949297ba999',
  customers: '6 cb5bac1253889405',
  invoice_comments: '0 e3b0c44298fc1c14',
  invoice_items: '12 15b21eed50b1f03f',
  inventory_source_items: '1008 ed7810c28b9e03ca',
  inventory_geoname: '2980 d53f7d4781525d87',
  inventory_sources: '3 93e808db3a047858',
  invoices: '6 23a1ffda05004e77',
  login_failures: '0 e3b0c44298fc1c14',
  meta: '12 ffe867b6c84d2773',
  negotiable_quote: '0 e3b0c44298fc1c14',
  negotiable_quote_comment: '0 e3b0c44298fc1c14',
  negotiable_quote_company_config: '0 e3b0c44298fc1c14',
  negotiable_quote_history: '0 e3b0c44298fc1c14',
  negotiable_quote_item: '0 e3b0c44298fc1c14',
  oauth_consumer: '0 e3b0c44298fc1c14',
  oauth_nonce: '0 e3b0c44298fc1c14',
  oauth_token: '0 e3b0c44298fc1c14',
  order_addresses: '14 4d655b40847156aa',
  order_items: '13 773e1622cd89ea20',
  order_status_history: '19 18f9b833b551d522',
  order_pickup: '0 e3b0c44298fc1c14',
  orders: '7 5735a2a8171741a2',
  product_alert_price: '0 e3b0c44298fc1c14',
  product_alert_stock: '0 e3b0c44298fc1c14',
  products: '1038 63247744f9404bb0',
  purchase_order: '0 e3b0c44298fc1c14',
  purchase_order_applied_rule: '0 e3b0c44298fc1c14',
  purchase_order_applied_rule_approver: '0 e3b0c44298fc1c14',
  purchase_order_comment: '0 e3b0c44298fc1c14',
  purchase_order_company_config: '2 8473507602894f03',
  purchase_order_log: '0 e3b0c44298fc1c14',
  purchase_order_rule: '0 e3b0c44298fc1c14',
  purchase_order_rule_applies_to: '0 e3b0c44298fc1c14',
  purchase_order_rule_approver: '0 e3b0c44298fc1c14',
  quote_addresses: '14 5bab2049e38dabaa',
  quote_id_mask: '0 e3b0c44298fc1c14',
  quote_address_pickup: '0 e3b0c44298fc1c14',
  quote_items: '13 effa0e715782d17c',
  quote_payments: '0 e3b0c44298fc1c14',
  quotes: '7 e82365055ce70362',
  rating: '3 368b8270ddab8f32',
  requisition_list: '0 e3b0c44298fc1c14',
  requisition_list_item: '0 e3b0c44298fc1c14',
  rating_option: '15 e64413a88ff2db6f',
  rating_option_vote: '5655 b2f189c70108e797',
  rating_store: '3 bf72d12e5b85c8ad',
  review: '1885 6d16943203cd7a16',
  rma_comment: '0 e3b0c44298fc1c14',
  rma_entity: '0 e3b0c44298fc1c14',
  rma_item: '0 e3b0c44298fc1c14',
  rma_item_condition: '3 18d006cc3fad9347',
  rma_reason: '8 1aa8e150fc115df8',
  rma_resolution_type: '3 7d4dcde2850096b5',
  rma_status: '8 d5362f3be5e62a6c',
  salesrule: '4 2b5cb0b2b1d644fc',
  salesrule_coupon: '4 7b948d5f287d8ddd',
  salesrule_coupon_usage: '0 e3b0c44298fc1c14',
  salesrule_customer: '0 e3b0c44298fc1c14',
  sqlite_sequence: '10 775798adce250099',
  tier_prices: '756 e27bebf152bed769',
  shipment_items: '0 e3b0c44298fc1c14',
  shipments: '0 e3b0c44298fc1c14',
  tokens: '1 315e8dd3dee00992',
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
