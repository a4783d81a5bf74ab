/**
 * Issue 39's fit data over HTTP, as the catalogue sync reads it: the machine model, fits and accessory type
 * attributes with their options in Magento's wire types, and the products' values as Magento returns a
 * select (an option id) and a multiselect (option ids joined by commas, one string), found again by
 * searchCriteria's `finset`. The shop's default demo catalogue (seed 1, 250 products).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type Reply, type TestBackend } from '../support/backend.ts';
import { validateResponse } from '../support/openapi.ts';
import { allProducts, type ProductSummary } from './helpers.ts';

let backend: TestBackend;
let products: ProductSummary[];

beforeAll(async () => {
  backend = await startTestBackend({ catalogue: { seed: 1, productCount: 250, brand: 'Clearwater' } });
  products = await allProducts(backend);
});
afterAll(() => backend.stop());

const get = (path: string) => backend.call('GET', path, { token: INTEGRATION_TOKEN });

function expectValid(method: string, path: string, reply: Reply): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const result = validateResponse(method, path, 200, reply.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
}

type Option = { label: string; value: string };

/** An attribute's options without Magento's empty one, by label. */
async function optionsOf(code: string): Promise<Map<string, string>> {
  const reply = await get(`/rest/V1/products/attributes/${code}/options`);
  expectValid('GET', `/V1/products/attributes/${code}/options`, reply);
  const [empty, ...options] = reply.body as Option[];
  expect(empty).toEqual({ label: ' ', value: '' });
  return new Map(options.map((o) => [o.label, o.value]));
}

describe('fit attributes', () => {
  it('answers machine_model, fits_models and accessory_type as user-defined option attributes', async () => {
    for (const [code, label, input, backendType] of [
      ['machine_model', 'Machine model', 'select', 'int'],
      ['fits_models', 'Fits', 'multiselect', 'text'],
      ['accessory_type', 'Accessory type', 'select', 'int'],
    ] as const) {
      const reply = await get(`/rest/V1/products/attributes/${code}`);
      expectValid('GET', `/V1/products/attributes/${code}`, reply);
      expect(reply.body, code).toMatchObject({
        attribute_code: code,
        default_frontend_label: label,
        frontend_input: input,
        backend_type: backendType,
        source_model: 'Magento\\Eav\\Model\\Entity\\Attribute\\Source\\Table',
        is_user_defined: true,
        is_filterable: false,
      });
      const options = await optionsOf(code);
      expect((reply.body as { options: Option[] }).options.slice(1)).toEqual(
        [...options].map(([l, value]) => ({ label: l, value })),
      );
    }
    expect((await get('/rest/V1/products/attributes/machine_model')).body).toMatchObject({
      is_searchable: '1',
      is_comparable: '1',
    });
    expect((await get('/rest/V1/products/attributes/fits_models')).body.is_searchable).toBe('1');
  });

  it('gives fits_models the machine models’ labels with option ids of its own', async () => {
    const models = await optionsOf('machine_model');
    const fits = await optionsOf('fits_models');
    expect([...fits.keys()]).toEqual([...models.keys()]);
    expect([...fits.values()].filter((id) => [...models.values()].includes(id))).toEqual([]);
    expect([...models.keys()]).toEqual(expect.arrayContaining(['K 2', 'K 5', 'K 7']));
    expect([...(await optionsOf('accessory_type')).keys()]).toEqual([
      'Hoses',
      'Nozzles and lances',
      'Brushes and pads',
      'Detergents',
      'Filters and spare parts',
      'Other accessories',
    ]);
  });

  it('is found by frontend_input, as the sync finds every multiselect', async () => {
    const reply = await get(
      '/rest/V1/products/attributes?searchCriteria[filterGroups][0][filters][0][field]=frontend_input' +
        '&searchCriteria[filterGroups][0][filters][0][value]=multiselect',
    );
    expectValid('GET', '/V1/products/attributes', reply);
    expect((reply.body.items as { attribute_code: string }[]).map((a) => a.attribute_code)).toEqual([
      'fits_models',
    ]);
  });
});

describe('fit values on products', () => {
  it('holds a machine’s model as one option id and a part’s fits as option ids joined by commas', async () => {
    const models = await optionsOf('machine_model');
    const fits = new Map([...(await optionsOf('fits_models'))].map(([label, id]) => [id, label]));
    const k5 = products.find((p) => /^Clearwater K 5 /.test(p.name));
    expect(k5?.attributes['machine_model']).toBe(models.get('K 5'));
    const hose = products.find((p) => p.name.includes('High-Pressure Hose, 10 m'));
    const value = hose?.attributes['fits_models'];
    expect(typeof value).toBe('string');
    expect(value).toMatch(/^\d+(,\d+)+$/);
    expect(
      String(value)
        .split(',')
        .map((id) => fits.get(id)),
    ).toEqual(['K 2', 'K 3', 'K 4', 'K 5', 'K 6', 'K 7']);
    expect(hose?.attributes['accessory_type']).toBe((await optionsOf('accessory_type')).get('Hoses'));
  });

  it('finds what fits a K 5 with finset, the parts whose fits name its option id', async () => {
    const k5 = (await optionsOf('fits_models')).get('K 5') ?? '';
    const reply = await get(
      '/rest/V1/products?searchCriteria[filterGroups][0][filters][0][field]=fits_models' +
        `&searchCriteria[filterGroups][0][filters][0][value]=${k5}` +
        '&searchCriteria[filterGroups][0][filters][0][conditionType]=finset&searchCriteria[pageSize]=0',
    );
    expect(reply.status).toBe(200);
    const found = (reply.body.items as { sku: string }[]).map((p) => p.sku).sort();
    const expected = products
      .filter((p) =>
        String(p.attributes['fits_models'] ?? '')
          .split(',')
          .includes(k5),
      )
      .map((p) => p.sku)
      .sort();
    expect(found.length).toBeGreaterThan(5);
    expect(found).toEqual(expected);
  });
});
