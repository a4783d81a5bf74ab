/**
 * A database seeded before trade accounts existed still starts: the customer groups are installed, the
 * order and quote-payment columns added, and the demo trade account (its prices, the customer, its two
 * orders) written once; a trade customer the merchant deleted later is not written again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_TRADE_CUSTOMER } from '@cleaning-shop/embedded-magento/seed/trade.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';

const dir = mkdtempSync(join(tmpdir(), 'magento-trade-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Takes a seeded file back to the shape the release before trade accounts wrote. */
function downgrade(file: string): void {
  const db = new DatabaseSync(file);
  db.exec(`
    PRAGMA foreign_keys = ON;
    DELETE FROM orders WHERE customer_email = '${DEMO_TRADE_CUSTOMER.email}';
    DELETE FROM quotes WHERE customer_id IN (SELECT id FROM customers WHERE email = '${DEMO_TRADE_CUSTOMER.email}');
    DELETE FROM customers WHERE email = '${DEMO_TRADE_CUSTOMER.email}';
    DELETE FROM tier_prices WHERE customer_group_id = 5;
    DROP TABLE customer_groups;
    ALTER TABLE orders DROP COLUMN payment_po_number;
    ALTER TABLE orders DROP COLUMN customer_group_id;
    ALTER TABLE orders DROP COLUMN customer_taxvat;
    ALTER TABLE quote_payments DROP COLUMN po_number;
    DELETE FROM meta WHERE key IN ('customer_groups_installed', 'demo_trade_written');
  `);
  db.close();
}

const tradeOrders = async (backend: TestBackend) =>
  (
    await backend.call(
      'GET',
      `/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=customer_email&searchCriteria[filterGroups][0][filters][0][value]=${DEMO_TRADE_CUSTOMER.email}`,
      { token: INTEGRATION_TOKEN },
    )
  ).body.total_count as number;

const signIn = (backend: TestBackend) =>
  backend.call('POST', '/rest/V1/integration/customer/token', {
    body: { username: DEMO_TRADE_CUSTOMER.email, password: DEMO_TRADE_CUSTOMER.password },
  });

describe('starting on a database from before trade accounts', () => {
  it('installs the groups and writes the demo trade account once', async () => {
    const first = await startTestBackend({}, dir);
    const ordersBefore = (
      await first.call('GET', '/rest/V1/orders?searchCriteria[pageSize]=1', {
        token: INTEGRATION_TOKEN,
      })
    ).body.total_count as number;
    await first.stop();
    downgrade(join(dir, 'magento.sqlite'));

    const upgraded = await startTestBackend({}, dir);
    let customerId: number;
    try {
      const groups = await upgraded.call('GET', '/rest/V1/customerGroups/search?searchCriteria', {
        token: INTEGRATION_TOKEN,
      });
      expect(groups.body.items.map((group: { code: string }) => group.code)).toEqual([
        'NOT LOGGED IN',
        'General',
        'Wholesale',
        'Retailer',
        'Trade (pending)',
        'Trade',
      ]);
      const token = await signIn(upgraded);
      expect(token.status).toBe(200);
      const me = await upgraded.call('GET', '/rest/V1/customers/me', { token: token.body as string });
      expect(me.body).toMatchObject({ group_id: 5, taxvat: DEMO_TRADE_CUSTOMER.vatNumber });
      customerId = me.body.id as number;
      expect(await tradeOrders(upgraded)).toBe(2);
      const all = await upgraded.call('GET', '/rest/V1/orders?searchCriteria[pageSize]=1', {
        token: INTEGRATION_TOKEN,
      });
      expect(all.body.total_count).toBe(ordersBefore);
      const deleted = await upgraded.call('DELETE', `/rest/V1/customers/${String(customerId)}`, {
        token: INTEGRATION_TOKEN,
      });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    } finally {
      await upgraded.stop();
    }

    const again = await startTestBackend({}, dir);
    try {
      expect((await signIn(again)).status).toBe(401);
    } finally {
      await again.stop();
    }
  });
});
