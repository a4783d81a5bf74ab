/**
 * Tier prices through Magento's price storage (COMMERCE-BASICS §4.2): the seeded trade tiers (ALL GROUPS
 * and the Trade group's) read in bulk with group codes, unknown skus dropped, add/update, replace and delete, failures as result items
 * with Magento's templates, and the same tiers on the product (§4.1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_GROUP } from '@cleaning-shop/embedded-magento/customers/groups.ts';
import { DEMO_CONFIGURABLES, DEMO_TIER_PRICES } from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { tradeTiersOf } from '@cleaning-shop/embedded-magento/seed/trade.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse } from '../support/openapi.ts';
import { expectError } from './helpers.ts';

let backend: TestBackend;

/** How the price storage names the groups the seed gives tiers to. */
const GROUP_CODES: Readonly<Record<number, string>> = { 32000: 'all groups', 1: 'General', 5: 'Trade' };

/** A demo child's seeded tiers: the families' own (ALL GROUPS, General) and the Trade group's. */
function seededTiers(sku: string) {
  const child = DEMO_CONFIGURABLES.flatMap((family) => family.children).find((c) => c.sku === sku);
  if (!child) throw new Error(`${sku} is no demo child`);
  return [
    ...DEMO_TIER_PRICES.filter((t) => t.sku === sku),
    ...tradeTiersOf(child).map((t) => ({ ...t, customerGroupId: TRADE_GROUP })),
  ];
}

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const call = (method: string, path: string, body: unknown) =>
  backend.call(method, `/rest/V1/products/${path}`, { token: INTEGRATION_TOKEN, body });
const information = (skus: string[]) => call('POST', 'tier-prices-information', { skus });
const tiersOn = async (sku: string) =>
  (await backend.call('GET', `/rest/V1/products/${sku}`, { token: INTEGRATION_TOKEN })).body.tier_prices as {
    customer_group_id: number;
    qty: number;
    value: number;
    extension_attributes: { percentage_value?: number; website_id: number };
  }[];

describe('POST /V1/products/tier-prices-information', () => {
  it('lists the seeded tiers as TierPriceInterface, ALL GROUPS as "all groups", unknown skus dropped', async () => {
    const sku = 'PRO-DT-FLOORCLEAN-5L';
    const reply = await information([sku, 'NO-SUCH-SKU']);
    expect(reply.status).toBe(200);
    const expected = seededTiers(sku);
    expect(reply.body).toHaveLength(expected.length);
    for (const item of reply.body as Record<string, unknown>[])
      expect(Object.keys(item)).toEqual([
        'price',
        'price_type',
        'website_id',
        'sku',
        'customer_group',
        'quantity',
      ]);
    expect(reply.body).toEqual(
      expect.arrayContaining(
        expected.map((t) => ({
          price: t.value,
          price_type: 'fixed',
          website_id: 0,
          sku,
          customer_group: GROUP_CODES[t.customerGroupId],
          quantity: t.qty,
        })),
      ),
    );
    const result = validateOpenSourceResponse(
      'POST',
      '/V1/products/tier-prices-information',
      200,
      reply.body,
    );
    expect(result.ok ? [] : result.errors).toEqual([]);
    expect((await information(['NO-SUCH-SKU'])).body).toEqual([]);
  });

  it('is behind Magento_Catalog::catalog', async () => {
    const reply = await backend.call('POST', '/rest/V1/products/tier-prices-information', {
      body: { skus: ['PRO-DT-FLOORCLEAN-5L'] },
    });
    expectError(reply, 401, "The consumer isn't authorized to access %resources.", {
      resources: 'Magento_Catalog::catalog',
    });
  });
});

describe('writing tier prices in bulk', () => {
  const sku = 'PRO-DT-SANITARY-1L';
  const tier = (customer_group: string, quantity: number, price: number, price_type = 'fixed') => ({
    price,
    price_type,
    website_id: 0,
    sku,
    customer_group,
    quantity,
  });

  it('adds and updates, answering [] when every row is good; a discount tier reads as a percentage', async () => {
    const reply = await call('POST', 'tier-prices', {
      prices: [tier('Wholesale', 20, 9.5), tier('all groups', 4, 10), tier('General', 50, 20, 'discount')],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual([]);
    const tiers = await tiersOn(sku);
    expect(tiers).toContainEqual({
      customer_group_id: 2,
      qty: 20,
      value: 9.5,
      extension_attributes: { website_id: 0 },
    });
    expect(tiers).toContainEqual({
      customer_group_id: 32000,
      qty: 4,
      value: 10,
      extension_attributes: { website_id: 0 },
    });
    expect(tiers).toContainEqual({
      customer_group_id: 1,
      qty: 50,
      value: 9.59,
      extension_attributes: { percentage_value: 20, website_id: 0 },
    });
    const read = (await information([sku])).body as {
      customer_group: string;
      price_type: string;
      price: number;
    }[];
    expect(read).toContainEqual(
      expect.objectContaining({ customer_group: 'General', price_type: 'discount', price: 20 }),
    );
  });

  it('answers bad rows as result items and still saves the good ones', async () => {
    const reply = await call('POST', 'tier-prices', {
      prices: [
        { ...tier('General', 5, 9), sku: 'BAD' },
        tier('Nobody', 5, 9),
        tier('General', 0, 9),
        tier('General', 6, -1),
        tier('Retailer', 7, 8.25),
      ],
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      {
        message:
          'Invalid attribute SKU = %SKU. Row ID: SKU = %SKU, Website ID: %websiteId, Customer Group: %customerGroup, Quantity: %qty.',
        parameters: ['BAD', '0', 'General', '5'],
      },
      {
        message:
          'No such entity with Customer Group = %customerGroup. Row ID: SKU = %SKU, Website ID: %websiteId, Customer Group: %customerGroup, Quantity: %qty.',
        parameters: [sku, '0', 'Nobody', '5'],
      },
      {
        message:
          'Invalid attribute Quantity = %qty. Row ID: SKU = %SKU, Website ID: %websiteId, Customer Group: %customerGroup, Quantity: %qty.',
        parameters: [sku, '0', 'General', '0'],
      },
      {
        message:
          'Invalid attribute Price = %price. Row ID: SKU = %SKU, Website ID: %websiteId, Customer Group: %customerGroup, Quantity: %qty.',
        parameters: ['-1', sku, '0', 'General', '6'],
      },
    ]);
    expect(await tiersOn(sku)).toContainEqual({
      customer_group_id: 3,
      qty: 7,
      value: 8.25,
      extension_attributes: { website_id: 0 },
    });
  });

  it('replaces every tier of the skus given (PUT), and deletes the rows named', async () => {
    const replaced = await call('PUT', 'tier-prices', {
      prices: [tier('all groups', 12, 10.5), tier('General', 24, 10)],
    });
    expect(replaced.body).toEqual([]);
    expect((await tiersOn(sku)).map((t) => [t.customer_group_id, t.qty, t.value])).toEqual([
      [32000, 12, 10.5],
      [1, 24, 10],
    ]);
    // Another sku's tiers are untouched.
    expect(await tiersOn('PRO-DT-SANITARY-5L')).toHaveLength(seededTiers('PRO-DT-SANITARY-5L').length);
    const deleted = await call('POST', 'tier-prices-delete', { prices: [tier('General', 24, 10)] });
    expect(deleted.body).toEqual([]);
    expect((await tiersOn(sku)).map((t) => [t.customer_group_id, t.qty])).toEqual([[32000, 12]]);
  });

  it('needs its prices parameter', async () => {
    expectError(
      await call('POST', 'tier-prices', {}),
      400,
      '"%fieldName" is required. Enter and try again.',
      {
        fieldName: 'prices',
      },
    );
  });
});
