/**
 * The catalogue loader against a real embedded back end over HTTP: what it reads, what it leaves out and
 * reports, and how it fails when Magento is down or refuses the token.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env.ts';
import { loadCatalogueChanges } from '../../src/catalogue/changes.ts';
import { CatalogueLoadError, labelsHash, loadCatalogue } from '../../src/catalogue/load.ts';
import { DEMO_CONFIGURABLES } from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { readRows, writeRows } from '../../src/catalogue/rows.ts';
import { indexCatalogue, readSnapshot, readWrittenSnapshot } from '../../src/catalogue/snapshot.ts';
import { syncCatalogue } from '../../src/catalogue/sync.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let config: { baseUrl: string; token: string };

beforeAll(async () => {
  backend = await startTestBackend({ catalogue: { seed: 11, productCount: 150, brand: 'Clearwater' } });
  config = { baseUrl: backend.url, token: INTEGRATION_TOKEN };
});
afterAll(() => backend.stop());

const adminPut = (sku: string, product: object) =>
  backend.call('PUT', `/rest/V1/products/${encodeURIComponent(sku)}`, {
    token: INTEGRATION_TOKEN,
    body: { product },
  });

describe('loadCatalogue', () => {
  it('reads both audiences with their codes and every enabled product, paged', async () => {
    const { catalogue, problems } = await loadCatalogue(config, { pageSize: 40 });
    expect(problems).toEqual([]);
    const hg = catalogue.audiences['home-garden'];
    expect(hg).toMatchObject({ id: 7, path: '/home-garden' });
    expect(hg.children.map((c) => c.code)).toEqual(
      expect.arrayContaining(['pressure-washer', 'watering-systems', 'detergents']),
    );
    expect(catalogue.audiences.professional.children.find((c) => c.code === 'pressure-washer')?.path).toBe(
      '/professional/pressure-washer',
    );
    const enabled = await backend.call(
      'GET',
      '/rest/V1/products?searchCriteria[filterGroups][0][filters][0][field]=status&searchCriteria[filterGroups][0][filters][0][value]=1&searchCriteria[pageSize]=1',
      { token: INTEGRATION_TOKEN },
    );
    expect(catalogue.products).toHaveLength(enabled.body.total_count);
    const index = indexCatalogue(catalogue);
    const product = index.pages[0];
    expect(product?.urlKey).toMatch(/^[a-z0-9-]+$/);
    expect(product?.technicalData.every((row) => row.label !== '' && row.value !== '')).toBe(true);
  });

  it('labels technical data from Magento attribute metadata', async () => {
    const { catalogue } = await loadCatalogue(config);
    const row = catalogue.products.flatMap((p) => p.technicalData).find((r) => r.code === 'weight_kg');
    const attribute = await backend.call('GET', '/rest/V1/products/attributes/weight_kg', {
      token: INTEGRATION_TOKEN,
    });
    expect(row?.label).toBe(attribute.body.default_frontend_label);
  });

  it('reads which attributes search looks in and filters by, as the back end marks them', async () => {
    const { catalogue } = await loadCatalogue(config);
    const attribute = (code: string) => catalogue.attributes.find((a) => a.code === code);
    expect(attribute('supplier_code')).toMatchObject({
      searchable: true,
      filterableInSearch: false,
      searchWeight: null,
    });
    expect(attribute('colour')).toMatchObject({
      searchable: true,
      filterableInSearch: true,
      filterable: true,
    });
    expect(attribute('description')).toMatchObject({ searchable: false, filterableInSearch: false });
    expect(attribute('flow_rate_lh')).toMatchObject({ filterable: true, filterableInSearch: false });
    const searchable = await backend.call(
      'GET',
      '/rest/V1/products/attributes?searchCriteria[filterGroups][0][filters][0][field]=is_searchable&searchCriteria[filterGroups][0][filters][0][value]=1',
      { token: INTEGRATION_TOKEN },
    );
    expect(
      catalogue.attributes
        .filter((a) => a.searchable)
        .map((a) => a.code)
        .sort(),
    ).toEqual((searchable.body.items as { attribute_code: string }[]).map((a) => a.attribute_code).sort());
    // The embedded back end answers as stock Magento does: no search_weight.
    expect(catalogue.attributes.every((a) => a.searchWeight === null)).toBe(true);
  });

  it('leaves out an invalid product and reports its sku and field; strict mode fails instead', async () => {
    const { catalogue } = await loadCatalogue(config);
    const victim = catalogue.products.find((p) => p.visibility === 4);
    if (!victim) throw new Error('no product');
    await adminPut(victim.sku, { custom_attributes: [{ attribute_code: 'url_key', value: null }] });
    try {
      const lenient = await loadCatalogue(config);
      expect(lenient.problems).toEqual([
        { sku: victim.sku, field: 'custom_attributes.url_key', message: 'missing url_key' },
      ]);
      expect(lenient.catalogue.products.some((p) => p.sku === victim.sku)).toBe(false);
      await expect(loadCatalogue(config, { strict: true })).rejects.toThrow(
        new RegExp(`${victim.sku}.*url_key`),
      );
    } finally {
      await adminPut(victim.sku, {
        custom_attributes: [{ attribute_code: 'url_key', value: victim.urlKey }],
      });
    }
  });

  it('fails with the URL and what to check when Magento refuses the token', async () => {
    await expect(loadCatalogue({ ...config, token: 'not-a-real-token-000000' })).rejects.toThrow(
      /401.*\/rest\/all\/V1\/categories.*consumer isn't authorized/,
    );
  });
});

describe('variants', () => {
  const shampoo = DEMO_CONFIGURABLES.find((family) => family.parentSku === 'HG-DT-CARSHAMPOO');
  if (!shampoo) throw new Error('The demo has no Car Shampoo');
  const cheapest = shampoo.children.filter((child) => child.inStock).sort((a, b) => a.price - b.price);

  it("joins a configurable product's children as its variants, and a child changed alone changes its parent", async () => {
    const { catalogue } = await loadCatalogue(config);
    const bySku = new Map(catalogue.products.map((product) => [product.sku, product]));
    const parent = bySku.get(shampoo.parentSku);
    expect(
      parent?.configurable?.attributes.map((attribute) => [attribute.code, attribute.attributeId]),
    ).toEqual([[shampoo.attributeCode, String(shampoo.attributeId)]]);
    expect(
      parent?.configurable?.variants.map((variant) => variant.values[shampoo.attributeCode]).sort(),
    ).toEqual(shampoo.children.map((child) => child.valueId).sort());
    expect(parent).toMatchObject({ priceInclVat: cheapest[0]?.price, priceFrom: true, inStock: true });
    for (const child of shampoo.children) expect(bySku.get(child.sku)?.parentSku).toBe(shampoo.parentSku);

    // The cheapest size costs more now: only it is read again, and the parent's card follows.
    const [first, second] = cheapest;
    if (!first || !second) throw new Error('Car Shampoo has fewer than two sizes in stock');
    const priced = (price: number) => ({
      price,
      custom_attributes: [
        { attribute_code: 'list_price', value: price.toFixed(2) },
        { attribute_code: 'sales_price', value: (price / 1.2).toFixed(2) },
      ],
    });
    await adminPut(first.sku, priced(second.price + 10));
    const changed = await loadCatalogueChanges(config, catalogue, {
      labelsHash: labelsHash(catalogue.attributes),
      readAt: catalogue.readAt,
    });
    expect(changed.mode).toBe('incremental');
    const after = changed.catalogue.products.find((product) => product.sku === shampoo.parentSku);
    expect(after?.priceInclVat).toBe(second.price);
    await adminPut(first.sku, priced(first.price));
  });
});

describe('syncCatalogue', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sync-test-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const envFor = (url: string, token: string, snapshot: string) =>
    loadEnv({ MAGENTO_URL: url, MAGENTO_TOKEN: token, CATALOGUE_SNAPSHOT: snapshot });

  it('writes the snapshot, then reports no change when nothing changed, and a change after an edit', async () => {
    const file = join(dir, 'catalogue.db');
    const first = await syncCatalogue(envFor(backend.url, INTEGRATION_TOKEN, file));
    expect(first.changed).toBe(true);
    expect(readSnapshot(file).products).toHaveLength(first.products);
    expect((await syncCatalogue(envFor(backend.url, INTEGRATION_TOKEN, file))).changed).toBe(false);
    const product = readSnapshot(file).products[0];
    if (!product) throw new Error('no product');
    await adminPut(product.sku, {
      price: 1234.56,
      custom_attributes: [{ attribute_code: 'list_price', value: '1234.56' }],
    });
    const third = await syncCatalogue(envFor(backend.url, INTEGRATION_TOKEN, file));
    expect(third.changed).toBe(true);
    expect(readSnapshot(file).products.find((p) => p.sku === product.sku)?.priceInclVat).toBe(1234.56);
  });

  it('reads a snapshot from before the search metadata as unsearchable, and the next sync fills it in', async () => {
    const file = join(dir, 'before-search.db');
    await syncCatalogue(envFor(backend.url, INTEGRATION_TOKEN, file));
    const written = readWrittenSnapshot(file).catalogue;
    // As a release before the search metadata stored them.
    const attributes = written.attributes.map((attribute) =>
      Object.fromEntries(
        Object.entries(attribute).filter(
          ([key]) => !['searchable', 'filterableInSearch', 'searchWeight'].includes(key),
        ),
      ),
    );
    writeRows(file, { ...written, attributes });
    const old = readSnapshot(file).attributes.find((a) => a.code === 'colour');
    expect(old).toMatchObject({ filterable: true, searchable: false, filterableInSearch: false });
    expect(old?.searchWeight).toBeNull();

    expect((await syncCatalogue(envFor(backend.url, INTEGRATION_TOKEN, file))).changed).toBe(true);
    expect(readSnapshot(file).attributes.find((a) => a.code === 'colour')).toMatchObject({
      searchable: true,
      filterableInSearch: true,
      searchWeight: null,
    });
  });

  it('never writes the token into the snapshot', async () => {
    const file = join(dir, 'token-check.db');
    await syncCatalogue(envFor(backend.url, INTEGRATION_TOKEN, file));
    expect(JSON.stringify(readRows(file))).not.toContain(INTEGRATION_TOKEN);
  });

  it('keeps the previous snapshot and says what to check when Magento is unreachable', async () => {
    const file = join(dir, 'kept.db');
    writeRows(file, { previous: true, products: [] });
    const error = await syncCatalogue(envFor('http://127.0.0.1:9', INTEGRATION_TOKEN, file)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CatalogueLoadError);
    expect((error as Error).message).toMatch(
      /unreachable at http:\/\/127\.0\.0\.1:9\/rest\/all\/V1\/categories.*Check that Magento is running/,
    );
    expect(readRows(file)?.catalogue).toEqual({ previous: true, products: [] });
  });

  it('explains a refused token', async () => {
    const error = await syncCatalogue(envFor(backend.url, 'wrong-token-0000000000', join(dir, 'x.db'))).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(/MAGENTO_TOKEN is an integration access token/);
  });
});
