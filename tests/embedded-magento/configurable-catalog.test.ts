/**
 * Configurable products in the catalogue (COMMERCE-BASICS §3.1, §4.1): the seeded families read as
 * Magento serializes them (`type_id` configurable, options and child links only on configurables, in
 * Magento's key order; tier prices on the children), and saved through `POST`/`PUT /V1/products` with
 * Magento's refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_GROUP } from '@cleaning-shop/embedded-magento/customers/groups.ts';
import { DEMO_CONFIGURABLES, DEMO_TIER_PRICES } from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { tradeTiersOf } from '@cleaning-shop/embedded-magento/seed/trade.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateResponse } from '../support/openapi.ts';
import { expectError } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const path = (sku: string) => `/rest/V1/products/${encodeURIComponent(sku)}`;
const get = (sku: string) => backend.call('GET', path(sku), { token: INTEGRATION_TOKEN });
const fact = (sku: string) => {
  const found = DEMO_CONFIGURABLES.find((c) => c.parentSku === sku);
  if (!found) throw new Error(`no demo configurable ${sku}`);
  return found;
};
const attr = (product: { custom_attributes: { attribute_code: string; value: unknown }[] }, code: string) =>
  product.custom_attributes.find((a) => a.attribute_code === code)?.value;

interface WireOption {
  id: number;
  attribute_id: string;
  label: string;
  position: number;
  is_use_default: boolean;
  values: { value_index: number }[];
  product_id: number;
}

describe('GET /V1/products/:sku of a configurable', () => {
  it('is type configurable with its options and child links between the category links and the stock item', async () => {
    const shampoo = fact('HG-DT-CARSHAMPOO');
    const reply = await get(shampoo.parentSku);
    expect(reply.status).toBe(200);
    const product = reply.body;
    expect(product).toMatchObject({
      sku: shampoo.parentSku,
      name: shampoo.name,
      type_id: 'configurable',
      price: 0,
    });
    expect(product).not.toHaveProperty('weight');
    expect(attr(product, 'url_key')).toBe(shampoo.urlKey);
    expect(Object.keys(product.extension_attributes)).toEqual([
      'website_ids',
      'category_links',
      'configurable_product_options',
      'configurable_product_links',
      'stock_item',
    ]);
    const [option, ...others] = product.extension_attributes.configurable_product_options as WireOption[];
    expect(others).toEqual([]);
    expect(Object.keys(option ?? {})).toEqual([
      'id',
      'attribute_id',
      'label',
      'position',
      'is_use_default',
      'values',
      'product_id',
    ]);
    expect(option).toMatchObject({
      attribute_id: String(shampoo.attributeId),
      label: 'Volume',
      position: 0,
      is_use_default: false,
      values: shampoo.children.map((c) => ({ value_index: c.valueId })),
      product_id: product.id,
    });
    expect(typeof option?.id).toBe('number');

    const childIds: number[] = [];
    for (const child of shampoo.children) {
      const wire = (await get(child.sku)).body;
      childIds.push(wire.id as number);
      expect(wire).toMatchObject({ type_id: 'simple', visibility: 1, price: child.price });
      expect(wire.extension_attributes.stock_item.is_in_stock).toBe(child.inStock);
      expect(attr(wire, 'volume')).toBe(String(child.valueId));
      expect(attr(wire, 'supplier_code')).toBe(child.model);
      expect(Object.keys(wire.extension_attributes)).toEqual(['website_ids', 'category_links', 'stock_item']);
    }
    expect(product.extension_attributes.configurable_product_links).toEqual(childIds.sort((a, b) => a - b));
    const result = validateResponse('GET', path(shampoo.parentSku), 200, product);
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it('names the option values the attribute options list labels', async () => {
    const kit = DEMO_CONFIGURABLES.find((c) => c.attributeCode === 'kit');
    const options = await backend.call('GET', '/rest/V1/products/attributes/kit/options', {
      token: INTEGRATION_TOKEN,
    });
    const labels = new Map(
      (options.body as { value: string; label: string }[]).map((o) => [o.value, o.label]),
    );
    for (const child of kit?.children ?? []) expect(labels.get(String(child.valueId))).toBe(child.valueLabel);
  });
});

describe('tier prices on products', () => {
  it('serializes the children’s tiers as ProductTierPriceInterface, ALL GROUPS as 32000', async () => {
    const sku = 'PRO-DT-FLOORCLEAN-5L';
    const reply = await get(sku);
    const child = DEMO_CONFIGURABLES.flatMap((family) => family.children).find((c) => c.sku === sku);
    // The family's own tiers, and the Trade group's on every Professional product (seed/trade.ts).
    const expected = [
      ...DEMO_TIER_PRICES.filter((t) => t.sku === sku),
      ...(child ? tradeTiersOf(child) : []).map((t) => ({ ...t, customerGroupId: TRADE_GROUP })),
    ];
    expect(expected.length).toBeGreaterThanOrEqual(4);
    const tiers = reply.body.tier_prices as Record<string, unknown>[];
    expect(tiers).toHaveLength(expected.length);
    for (const tier of tiers)
      expect(Object.keys(tier)).toEqual(['customer_group_id', 'qty', 'value', 'extension_attributes']);
    expect(tiers).toEqual(
      expect.arrayContaining(
        expected.map((t) => ({
          customer_group_id: t.customerGroupId,
          qty: t.qty,
          value: t.value,
          extension_attributes: { website_id: 0 },
        })),
      ),
    );
    const result = validateResponse('GET', path(sku), 200, reply.body);
    expect(result.ok ? [] : result.errors).toEqual([]);
    expect((await get('HG-DT-CARSHAMPOO-5L')).body.tier_prices).toEqual([]);
  });

  it('reads options, links and tiers for a whole page (pageSize=0) as for one product', async () => {
    const all = await backend.call('GET', '/rest/V1/products?searchCriteria[pageSize]=0', {
      token: INTEGRATION_TOKEN,
    });
    const items = all.body.items as { sku: string; price: number; type_id: string; tier_prices: unknown[] }[];
    const configurables = items.filter((p) => p.type_id === 'configurable');
    expect(configurables.map((p) => p.sku).sort()).toEqual(DEMO_CONFIGURABLES.map((c) => c.parentSku).sort());
    for (const sku of ['PRO-DT-FLOORCLEAN', 'PRO-DT-FLOORCLEAN-5L', 'HG-PW-K5KIT']) {
      expect(items.find((p) => p.sku === sku)).toEqual((await get(sku)).body);
    }
    const tiered = new Set(DEMO_TIER_PRICES.map((t) => t.sku));
    expect(items.filter((p) => p.tier_prices.length > 0).map((p) => p.sku)).toEqual(
      items.filter((p) => tiered.has(p.sku) || tradeTiersOf(p).length > 0).map((p) => p.sku),
    );
  });
});

describe('POST and PUT /V1/products with configurable parts and tier prices', () => {
  const volume = fact('PRO-DT-FLOORCLEAN');
  const [oneLitre, fiveLitre] = volume.children;
  let run = 0;

  /** A simple child with a volume value, created as an editor would; its entity id. */
  async function child(valueId: number | undefined, price = 10): Promise<{ id: number; sku: string }> {
    const sku = `CFG-TEST-${String(++run)}-${String(Date.now())}`;
    const reply = await backend.call('POST', '/rest/V1/products', {
      token: INTEGRATION_TOKEN,
      body: {
        product: {
          sku,
          name: `Test child ${sku}`,
          price,
          visibility: 1,
          type_id: 'simple',
          custom_attributes:
            valueId === undefined ? [] : [{ attribute_code: 'volume', value: String(valueId) }],
          extension_attributes: { stock_item: { qty: 10, is_in_stock: true } },
        },
      },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return { id: reply.body.id as number, sku };
  }

  const parentBody = (sku: string, links: number[], values = [oneLitre?.valueId, fiveLitre?.valueId]) => ({
    product: {
      sku,
      name: `Test configurable ${sku}`,
      price: 0,
      type_id: 'configurable',
      extension_attributes: {
        configurable_product_options: [
          {
            attribute_id: String(volume.attributeId),
            label: 'Size',
            position: 0,
            values: values.map((value_index) => ({ value_index })),
          },
        ],
        configurable_product_links: links,
      },
    },
  });

  it('creates a configurable with exactly the two keys and reads the links back', async () => {
    const a = await child(oneLitre?.valueId);
    const b = await child(fiveLitre?.valueId);
    const sku = `CFG-PARENT-${String(Date.now())}`;
    const reply = await backend.call('POST', '/rest/V1/products', {
      token: INTEGRATION_TOKEN,
      body: parentBody(sku, [b.id, a.id]),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.type_id).toBe('configurable');
    expect(reply.body.extension_attributes.configurable_product_links).toEqual(
      [a.id, b.id].sort((x, y) => x - y),
    );
    expect(reply.body.extension_attributes.configurable_product_options).toEqual([
      expect.objectContaining({
        attribute_id: String(volume.attributeId),
        label: 'Size',
        position: 0,
        is_use_default: false,
        values: [{ value_index: oneLitre?.valueId }, { value_index: fiveLitre?.valueId }],
        product_id: reply.body.id,
      }),
    ]);
    expect(await get(sku).then((r) => r.body)).toEqual(reply.body);

    // Left out, the options and links stay; an empty list of links removes them.
    const renamed = await backend.call('PUT', path(sku), {
      token: INTEGRATION_TOKEN,
      body: { product: { name: 'Renamed' } },
    });
    expect(renamed.body.extension_attributes.configurable_product_links).toHaveLength(2);
    const emptied = await backend.call('PUT', path(sku), {
      token: INTEGRATION_TOKEN,
      body: { product: { extension_attributes: { configurable_product_links: [] } } },
    });
    expect(emptied.body.extension_attributes.configurable_product_links).toEqual([]);
    expect(emptied.body.extension_attributes.configurable_product_options).toHaveLength(1);
  });

  it('refuses two children with the same set of attribute values, naming the later one first', async () => {
    const a = await child(oneLitre?.valueId);
    const b = await child(oneLitre?.valueId);
    const sku = `CFG-SAME-${String(Date.now())}`;
    const reply = await backend.call('POST', '/rest/V1/products', {
      token: INTEGRATION_TOKEN,
      body: parentBody(sku, [a.id, b.id]),
    });
    expectError(reply, 400, 'Products "%1" and "%2" have the same set of attribute values.', [b.id, a.id]);
    // Nothing of the refused save is kept.
    expect((await get(sku)).status).toBe(404);
  });

  it('refuses a link to a product that does not exist, and a child without the attribute', async () => {
    const a = await child(oneLitre?.valueId);
    expectError(
      await backend.call('POST', '/rest/V1/products', {
        token: INTEGRATION_TOKEN,
        body: parentBody(`CFG-MISSING-${String(Date.now())}`, [a.id, 99_999_999]),
      }),
      400,
      'Unable to save product',
    );
    const bare = await child(undefined);
    expectError(
      await backend.call('POST', '/rest/V1/products', {
        token: INTEGRATION_TOKEN,
        body: parentBody(`CFG-BARE-${String(Date.now())}`, [a.id, bare.id]),
      }),
      400,
      'Product with id "%1" does not contain required attribute "%2".',
      [bare.id, 'volume'],
    );
  });

  it('replaces tier prices when given, keeps them when left out; a percentage tier follows the price', async () => {
    const { sku } = await child(oneLitre?.valueId, 20);
    const put = (product: object) =>
      backend.call('PUT', path(sku), { token: INTEGRATION_TOKEN, body: { product } });
    const reply = await put({
      tier_prices: [
        { customer_group_id: 32000, qty: 5, value: 18 },
        {
          customer_group_id: 1,
          qty: 10,
          value: 0,
          extension_attributes: { percentage_value: 25, website_id: 0 },
        },
      ],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.tier_prices).toEqual([
      { customer_group_id: 32000, qty: 5, value: 18, extension_attributes: { website_id: 0 } },
      {
        customer_group_id: 1,
        qty: 10,
        value: 15,
        extension_attributes: { percentage_value: 25, website_id: 0 },
      },
    ]);
    const repriced = await put({ price: 40 });
    expect(repriced.body.tier_prices).toHaveLength(2);
    expect(repriced.body.tier_prices[1].value).toBe(30);
    expect((await put({ tier_prices: [] })).body.tier_prices).toEqual([]);
  });
});
