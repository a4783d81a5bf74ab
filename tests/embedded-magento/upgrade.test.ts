/**
 * A database seeded before discount codes and carriers existed still starts: the columns added since are
 * added, the SalesRule tables created, the demo codes written once, and the orders placed before are
 * served with no discount and the delivery they were charged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend } from '../support/backend.ts';
import { applyCode, guestCart, makeProduct, placeAndRead, ship } from './checkout-helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'magento-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Takes a seeded file back to the shape the release before discount codes wrote. */
function downgrade(file: string): void {
  const db = new DatabaseSync(file);
  db.exec(`
    DROP TABLE salesrule_coupon_usage;
    DROP TABLE salesrule_customer;
    DROP TABLE salesrule_coupon;
    DROP TABLE salesrule;
    ALTER TABLE quotes DROP COLUMN coupon_code;
    ALTER TABLE orders DROP COLUMN discount_amount;
    ALTER TABLE orders DROP COLUMN coupon_code;
    ALTER TABLE orders DROP COLUMN discount_description;
    ALTER TABLE orders DROP COLUMN applied_rule_ids;
    ALTER TABLE order_items DROP COLUMN discount_amount;
    ALTER TABLE order_items DROP COLUMN discount_percent;
    DELETE FROM meta WHERE key = 'sales_rules_seeded_at';
  `);
  db.close();
}

describe('starting on a database from before discount codes', () => {
  it('migrates, seeds the demo codes once, and serves the old orders', async () => {
    const first = await startTestBackend({}, dir);
    const oldOrder = (
      await first.call('GET', '/rest/V1/orders?searchCriteria[pageSize]=1', { token: INTEGRATION_TOKEN })
    ).body.items[0];
    await first.stop();
    downgrade(join(dir, 'magento.sqlite'));

    const upgraded = await startTestBackend({}, dir);
    try {
      const order = await upgraded.call('GET', `/rest/V1/orders/${oldOrder.entity_id}`, {
        token: INTEGRATION_TOKEN,
      });
      expect(order.status).toBe(200);
      expect(order.body).toMatchObject({
        grand_total: oldOrder.grand_total,
        shipping_amount: oldOrder.shipping_amount,
        shipping_description: oldOrder.shipping_description,
        discount_amount: 0,
      });
      expect(order.body).not.toHaveProperty('coupon_code');

      const sku = await makeProduct(upgraded, 30, 1);
      const cart = await guestCart(upgraded, [[sku, 1]]);
      expect((await applyCode(cart, 'WELCOME10')).status).toBe(200);
      await ship(cart, 'flatrate', 'flatrate');
      expect(await placeAndRead(upgraded, cart)).toMatchObject({ discount_amount: -3, grand_total: 31.95 });
    } finally {
      await upgraded.stop();
    }

    // A code the merchant deletes stays deleted across restarts.
    const again = await startTestBackend({}, dir);
    try {
      const search = (code: string) =>
        again.call(
          'GET',
          `/rest/V1/coupons/search?searchCriteria[filterGroups][0][filters][0][field]=code&searchCriteria[filterGroups][0][filters][0][value]=${code}`,
          { token: INTEGRATION_TOKEN },
        );
      const summer = (await search('SUMMER24')).body.items;
      expect(summer).toHaveLength(1);
      await again.call('DELETE', `/rest/V1/salesRules/${summer[0].rule_id}`, { token: INTEGRATION_TOKEN });
    } finally {
      await again.stop();
    }
    const last = await startTestBackend({}, dir);
    try {
      const left = await last.call(
        'GET',
        '/rest/V1/coupons/search?searchCriteria[filterGroups][0][filters][0][field]=code&searchCriteria[filterGroups][0][filters][0][value]=SUMMER24',
        { token: INTEGRATION_TOKEN },
      );
      expect(left.body.total_count).toBe(0);
    } finally {
      await last.stop();
    }
  });
});
