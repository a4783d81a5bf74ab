/**
 * Layered navigation's sources, over HTTP (COVERAGE.md D and E): product attributes with their flags and
 * options in Magento's wire types, searchable on the flags, behind `Magento_Catalog::attributes_attributes`;
 * and a category's products, which depend on the store in the URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type Reply, type TestBackend } from '../support/backend.ts';
import { validateResponse } from '../support/openapi.ts';
import { expectError, expectFixtureError } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  // Enough products that Professional pressure washers (4) hold products of their own and of both children.
  backend = await startTestBackend({ catalogue: { seed: 7, productCount: 600, brand: 'Clearwater' } });
});
afterAll(() => backend.stop());

/** A GET with the integration token, or with `token` (null: no token at all). */
const get = (path: string, token: string | null = INTEGRATION_TOKEN) =>
  backend.call('GET', path, { token: token ?? undefined });

function expectValid(method: string, path: string, reply: Reply): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const result = validateResponse(method, path, 200, reply.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
}

const filter = (field: string, value: string, conditionType = 'eq') =>
  `searchCriteria[filterGroups][0][filters][0][field]=${field}` +
  `&searchCriteria[filterGroups][0][filters][0][value]=${value}` +
  `&searchCriteria[filterGroups][0][filters][0][conditionType]=${conditionType}`;

interface WireAttribute {
  attribute_code: string;
  position: number;
  options: { label: string; value: string }[];
}

describe('product attributes: flags and wire types', () => {
  it('power_source: a user-defined select, filterable "no results" (2) but sent as true', async () => {
    const reply = await get('/rest/V1/products/attributes/power_source');
    expectValid('GET', '/V1/products/attributes/power_source', reply);
    expect(reply.body).toMatchObject({
      attribute_code: 'power_source',
      default_frontend_label: 'Power source',
      frontend_input: 'select',
      backend_type: 'int',
      source_model: 'Magento\\Eav\\Model\\Entity\\Attribute\\Source\\Table',
      is_user_defined: true,
      is_filterable: true,
      is_filterable_in_search: true,
      used_for_sort_by: false,
      is_comparable: '1',
      position: 2,
      entity_type_id: '4',
    });
    const { options } = reply.body as WireAttribute;
    expect(options[0]).toEqual({ label: ' ', value: '' });
    expect(options.slice(1).map((o) => o.label)).toEqual([
      'Mains electric',
      'Battery',
      'Petrol',
      'Diesel',
      'Manual',
    ]);
    expect(options.slice(1).every((o) => /^\d+$/.test(o.value) && Object.keys(o).length === 2)).toBe(true);
    // The stored 2 never reaches the wire as a number.
    expect(JSON.stringify(reply.body)).not.toMatch(/"is_filterable":\d/);
  });

  it('a numeric filter is a decimal text input, sortable and comparable; a plain attribute is neither', async () => {
    const weight = await get('/rest/V1/products/attributes/weight_kg');
    expectValid('GET', '/V1/products/attributes/weight_kg', weight);
    expect(weight.body).toMatchObject({
      frontend_input: 'text',
      backend_type: 'decimal',
      is_filterable: true,
      is_filterable_in_search: true,
      used_for_sort_by: true,
      is_comparable: '1',
      options: [],
    });
    expect(weight.body).not.toHaveProperty('source_model');
    const name = await get('/rest/V1/products/attributes/name');
    expect(name.body).toMatchObject({
      is_filterable: false,
      is_filterable_in_search: false,
      used_for_sort_by: true,
      is_comparable: '0',
      position: 0,
      options: [],
    });
    const material = await get('/rest/V1/products/attributes/material');
    expect(material.body).toMatchObject({
      frontend_input: 'select',
      is_filterable: false,
      is_comparable: '1',
    });
    expect(typeof material.body.position).toBe('number');
  });

  it('lists the layered navigation with is_filterable gt 0, price first, each item as the single get', async () => {
    const path = `/rest/V1/products/attributes?${filter('is_filterable', '0', 'gt')}&searchCriteria[sortOrders][0][field]=position`;
    const reply = await get(path);
    expectValid('GET', '/V1/products/attributes', reply);
    const items = reply.body.items as WireAttribute[];
    expect(reply.body.total_count).toBe(15);
    expect(items.map((a) => a.attribute_code)).toEqual([
      'price',
      'power_source',
      'max_pressure_bar',
      'flow_rate_lh',
      'power_w',
      'working_width_mm',
      'tank_capacity_l',
      'filter_class',
      'voltage_v',
      'cable_length_m',
      'weight_kg',
      'sound_pressure_db',
      'colour',
      // The configurable products' variant attributes.
      'volume',
      'kit',
    ]);
    expect(items.map((a) => a.position)).toEqual(items.map((_, i) => i + 1));
    expect(items.every((a) => (a as unknown as { is_filterable: unknown }).is_filterable === true)).toBe(
      true,
    );
    const voltage = await get('/rest/V1/products/attributes/voltage_v');
    expect(items.find((a) => a.attribute_code === 'voltage_v')).toEqual(voltage.body);
    expect(voltage.body.options.map((o: { label: string }) => o.label)).toEqual([
      ' ',
      '220 - 240',
      '230',
      '400',
    ]);
  });

  it('filters on the other flags: used_for_sort_by, is_comparable, and the stored 2 of is_filterable', async () => {
    const codes = async (query: string) => {
      const reply = await get(`/rest/V1/products/attributes?${query}`);
      expect(reply.status).toBe(200);
      return (reply.body.items as WireAttribute[]).map((a) => a.attribute_code).sort();
    };
    expect(await codes(filter('used_for_sort_by', '1'))).toEqual(
      ['max_pressure_bar', 'name', 'power_w', 'price', 'sound_pressure_db', 'weight_kg'].sort(),
    );
    expect(await codes(filter('is_filterable', '2'))).toEqual(['power_source']);
    const comparable = await codes(filter('is_comparable', '1'));
    expect(comparable).toContain('power_source');
    expect(comparable).toContain('pressure_bar');
    expect(comparable).not.toContain('name');
    expect(comparable).not.toContain('price');
    expect(await codes(filter('is_filterable_in_search', '1'))).toHaveLength(8);
  });
});

describe('product attributes: search metadata', () => {
  it('answers is_searchable as the string "0"/"1" and is_filterable_in_search as a boolean', async () => {
    const colour = await get('/rest/V1/products/attributes/colour');
    expectValid('GET', '/V1/products/attributes/colour', colour);
    expect(colour.body).toMatchObject({ is_searchable: '1', is_filterable_in_search: true });
    const flowRate = await get('/rest/V1/products/attributes/flow_rate_lh');
    // In the layered navigation of categories, not of search results.
    expect(flowRate.body).toMatchObject({
      is_searchable: '0',
      is_filterable: true,
      is_filterable_in_search: false,
    });
    const description = await get('/rest/V1/products/attributes/description');
    expect(description.body).toMatchObject({ is_searchable: '0', is_filterable_in_search: false });
    for (const body of [colour.body, flowRate.body, description.body]) {
      expect(typeof body.is_searchable).toBe('string');
      expect(typeof body.is_filterable_in_search).toBe('boolean');
    }
  });

  it('sends no search_weight: no getter of the attribute interface reads it', async () => {
    const name = await get('/rest/V1/products/attributes/name');
    expect(name.body).toMatchObject({ is_searchable: '1' });
    expect(name.body).not.toHaveProperty('search_weight');
    const all = await get('/rest/V1/products/attributes?searchCriteria[pageSize]=0');
    expectValid('GET', '/V1/products/attributes', all);
    const items = all.body.items as Record<string, unknown>[];
    expect(items.length).toBeGreaterThan(40);
    expect(items.filter((item) => 'search_weight' in item)).toEqual([]);
  });

  it('filters on is_searchable and is_filterable_in_search, as on the other flags', async () => {
    const codes = async (query: string) => {
      const reply = await get(`/rest/V1/products/attributes?${query}`);
      expectValid('GET', '/V1/products/attributes', reply);
      return (reply.body.items as WireAttribute[]).map((a) => a.attribute_code).sort();
    };
    const searchable = await codes(filter('is_searchable', '1'));
    expect(searchable).toEqual(
      [
        'name',
        'sku',
        'supplier_code',
        'power_source',
        'filter_class',
        'material',
        'colour',
        'voltage_v',
        'max_pressure_bar',
        'power_w',
        'tank_capacity_l',
        'working_width_mm',
        'battery_voltage_v',
        'container_size',
        'compatible_with',
        'machine_model',
        'fits_models',
      ].sort(),
    );
    expect(await codes(filter('is_filterable_in_search', '1'))).toEqual(
      [
        'price',
        'power_source',
        'max_pressure_bar',
        'power_w',
        'filter_class',
        'colour',
        'tank_capacity_l',
        'weight_kg',
      ].sort(),
    );
    const notSearchable = await codes(filter('is_searchable', '0'));
    expect(notSearchable).toContain('description');
    expect(notSearchable).toContain('short_description');
    expect(notSearchable).toContain('price');
    expect(notSearchable.filter((code) => searchable.includes(code))).toEqual([]);
  });
});

describe('GET /V1/products/attributes/:attributeCode/options', () => {
  it('answers a select’s options, the empty one first, and every product value is one of them', async () => {
    const reply = await get('/rest/V1/products/attributes/colour/options');
    expectValid('GET', '/V1/products/attributes/colour/options', reply);
    const options = reply.body as { label: string; value: string }[];
    expect(options[0]).toEqual({ label: ' ', value: '' });
    expect(options.length).toBeGreaterThan(2);
    const attribute = await get('/rest/V1/products/attributes/colour');
    expect(attribute.body.options).toEqual(options);
    const products = await get('/rest/V1/products?searchCriteria[pageSize]=0');
    const values = (
      products.body.items as { custom_attributes: { attribute_code: string; value: unknown }[] }[]
    )
      .flatMap((p) => p.custom_attributes)
      .filter((a) => a.attribute_code === 'colour' || a.attribute_code === 'power_source')
      .map((a) => a.value);
    expect(values.length).toBeGreaterThan(10);
    const powerSources = (await get('/rest/V1/products/attributes/power_source/options')).body as {
      value: string;
    }[];
    const known = new Set([...options, ...powerSources].map((o) => o.value).filter((v) => v !== ''));
    expect(values.filter((v) => typeof v !== 'string' || !known.has(v))).toEqual([]);
  });

  it('answers [] for a text attribute and a source model’s own list (no empty option) for visibility', async () => {
    const text = await get('/rest/V1/products/attributes/weight_kg/options');
    expectValid('GET', '/V1/products/attributes/weight_kg/options', text);
    expect(text.body).toEqual([]);
    const visibility = await get('/rest/V1/products/attributes/visibility/options');
    expect(visibility.body).toEqual([
      { label: 'Not Visible Individually', value: '1' },
      { label: 'Catalog', value: '2' },
      { label: 'Search', value: '3' },
      { label: 'Catalog, Search', value: '4' },
    ]);
  });

  it('answers an unknown attribute code with the same 404 as the attribute itself', async () => {
    const message =
      'The attribute with a "%1" attributeCode doesn\'t exist. Verify the attribute and try again.';
    expectError(await get('/rest/V1/products/attributes/no_such_code/options'), 404, message, [
      'no_such_code',
    ]);
    expectError(await get('/rest/V1/products/attributes/no_such_code'), 404, message, ['no_such_code']);
  });
});

describe('attribute ACL: Magento_Catalog::attributes_attributes', () => {
  const routes = [
    '/rest/V1/products/attributes/colour',
    '/rest/V1/products/attributes/colour/options',
    `/rest/V1/products/attributes?${filter('is_filterable', '0', 'gt')}`,
  ];

  it('refuses a customer token and a guest, naming the attributes resource', async () => {
    const { token } = await backend.newCustomer();
    for (const path of routes) {
      for (const caller of [token, null]) {
        expectError(await get(path, caller), 401, "The consumer isn't authorized to access %resources.", {
          resources: 'Magento_Catalog::attributes_attributes',
        });
      }
    }
  });

  it('serves admin and integration tokens', async () => {
    const admin = await backend.call('POST', '/rest/V1/integration/admin/token', {
      body: { username: backend.config.admin.username, password: backend.config.admin.password },
    });
    for (const path of routes) {
      expect((await get(path, admin.body as string)).status, path).toBe(200);
      expect((await get(path)).status, path).toBe(200);
    }
  });
});

interface WireProduct {
  sku: string;
  status: number;
  visibility: number;
  extension_attributes: { category_links?: { category_id: string; position: number }[] };
}
interface Link {
  sku: string;
  position: number;
  category_id: string;
}

describe('GET /V1/categories/:categoryId/products', () => {
  let products: WireProduct[];
  const bySku = (sku: string) => products.find((p) => p.sku === sku);
  const linked = (categoryId: number) =>
    products.filter((p) =>
      (p.extension_attributes.category_links ?? []).some((l) => l.category_id === String(categoryId)),
    );
  const indexed = (p: WireProduct | undefined) => p !== undefined && p.status === 1 && p.visibility !== 1;
  const links = async (path: string) => {
    const reply = await get(path);
    expectValid('GET', path, reply);
    return reply.body as Link[];
  };
  // Pressure washers (Professional, 4); children 41 (hot water, active) and 43 (discontinued, inactive).
  let disabled: string;
  let hidden: string;
  let onlyInactive: string;
  let onlyActiveChild: string;

  beforeAll(async () => {
    const all = await get('/rest/V1/products?searchCriteria[pageSize]=0');
    products = all.body.items as WireProduct[];
    const direct = linked(4).filter((p) => indexed(p) && p.extension_attributes.category_links?.length === 1);
    expect(direct.length).toBeGreaterThan(8);
    [disabled, hidden, onlyInactive, onlyActiveChild] = direct.slice(-4).map((p) => p.sku) as [
      string,
      string,
      string,
      string,
    ];
    const put = async (sku: string, product: Record<string, unknown>) => {
      const reply = await backend.call('PUT', `/rest/V1/products/${sku}`, {
        token: INTEGRATION_TOKEN,
        body: { product: { sku, ...product } },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    };
    await put(disabled, { status: 2 });
    await put(hidden, { visibility: 1 });
    await put(onlyInactive, {
      extension_attributes: { category_links: [{ category_id: '43', position: 7 }] },
    });
    await put(onlyActiveChild, {
      extension_attributes: { category_links: [{ category_id: '41', position: 5 }] },
    });
    products = (await get('/rest/V1/products?searchCriteria[pageSize]=0')).body.items as WireProduct[];
  });

  it('store all: exactly the assigned products with their merchandising position, whatever their state', async () => {
    const reply = await links('/rest/all/V1/categories/4/products');
    const expected = linked(4).map((p) => ({
      sku: p.sku,
      position: p.extension_attributes.category_links?.find((l) => l.category_id === '4')?.position,
      category_id: '4',
    }));
    expect([...reply].sort((a, b) => a.position - b.position)).toEqual(
      [...expected].sort((a, b) => (a.position ?? 0) - (b.position ?? 0)),
    );
    expect(reply.map((l) => l.sku)).toEqual(expect.arrayContaining([disabled, hidden]));
    expect(reply.map((l) => l.sku)).not.toContain(onlyInactive);
    expect(reply.map((l) => l.sku)).not.toContain(onlyActiveChild);
    for (const link of reply) {
      expect(Object.keys(link)).toEqual(['sku', 'position', 'category_id']);
      expect(Number.isInteger(link.position)).toBe(true);
    }
    // The seeded merchandising order (two products moved away leave gaps): distinct, from 1.
    const seeded = reply.map((l) => l.position).sort((a, b) => a - b);
    expect(new Set(seeded).size).toBe(seeded.length);
    expect(seeded[0]).toBe(1);
  });

  it('a store view: enabled, visible products only, with those of active descendants, each once', async () => {
    const viaDefault = await links('/rest/default/V1/categories/4/products');
    const viaNoCode = await links('/rest/V1/categories/4/products');
    expect(viaNoCode).toEqual(viaDefault);
    const skus = viaDefault.map((l) => l.sku);
    expect(new Set(skus).size).toBe(skus.length);
    expect(skus).not.toContain(disabled);
    expect(skus).not.toContain(hidden);
    // Only assigned to the inactive child: the store's index leaves inactive categories out of anchors.
    expect(skus).not.toContain(onlyInactive);
    const expected = new Set([...linked(4), ...linked(41)].filter(indexed).map((p) => p.sku));
    expect(new Set(skus)).toEqual(expected);
    expect(viaDefault.every((l) => l.category_id === '4')).toBe(true);
    const direct = new Map(
      linked(4).map((p) => [
        p.sku,
        p.extension_attributes.category_links?.find((l) => l.category_id === '4'),
      ]),
    );
    // Assigned here: its own position; only through a child: the child's position + 10000.
    for (const link of viaDefault) {
      expect(link.position, link.sku).toBe(direct.get(link.sku)?.position ?? 10005);
    }
    expect(skus).toContain(onlyActiveChild);
    const inactive = await links('/rest/V1/categories/43/products');
    expect(inactive.map((l) => l.sku)).toContain(onlyInactive);
  });

  it('a parent with no products of its own: empty for store all, its descendants’ products + 10000 in a store view', async () => {
    expect(await links('/rest/all/V1/categories/7/products')).toEqual([]);
    const view = await links('/rest/V1/categories/7/products');
    const skus = view.map((l) => l.sku);
    expect(new Set(skus).size).toBe(skus.length);
    expect(new Set(skus)).toEqual(
      new Set(products.filter((p) => p.sku.startsWith('HG-') && indexed(p)).map((p) => p.sku)),
    );
    expect(view.every((l) => l.position > 10000 && l.category_id === '7')).toBe(true);
  });

  it('the gift-set category holds exactly one product in both scopes', async () => {
    const all = await links('/rest/all/V1/categories/44/products');
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ position: 1, category_id: '44' });
    expect(await links('/rest/V1/categories/44/products')).toEqual(all);
    expect(
      bySku(all[0]?.sku ?? '')?.extension_attributes.category_links?.map((l) => l.category_id),
    ).toContain('29');
  });

  it('answers an unknown category with the 404 naming the integer id', async () => {
    expectFixtureError(await get('/rest/V1/categories/999/products'), 'error-404-category-not-found.json');
    expectFixtureError(
      await get('/rest/all/V1/categories/999/products'),
      'error-404-category-not-found.json',
    );
  });

  it('is behind Magento_Catalog::categories', async () => {
    const { token } = await backend.newCustomer();
    expectFixtureError(
      await get('/rest/V1/categories/4/products', token),
      'error-401-unauthorized-catalog-categories.json',
    );
    expectFixtureError(
      await get('/rest/V1/categories/4/products', null),
      'error-401-unauthorized-catalog-categories.json',
    );
  });
});
