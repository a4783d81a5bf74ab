/**
 * `products(search, filter, pageSize, currentPage, sort)` over `/graphql` as Magento 2.4's CatalogGraphQl
 * answers it, for what a storefront does with it here: reading given products (by sku or url key) in
 * batches. Only enabled products in stock, visible in the catalogue for a filter or in search for a search;
 * Magento's messages for a page below 1, a missing search and filter, and a page past the last.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type Reply, type TestBackend } from '../support/backend.ts';
import { createProduct, expectData, gql } from './graphql-helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const base64 = (text: string) => Buffer.from(text).toString('base64');

const BY_SKUS = `query Skus($skus: [String], $size: Int, $page: Int) {
  products(filter: { sku: { in: $skus } }, pageSize: $size, currentPage: $page) {
    total_count items { __typename uid sku name url_key } page_info { page_size current_page total_pages }
  }
}`;

/** The error of a `products` query that failed as a whole (its field is null). */
function expectProductsError(reply: Reply, message: string): void {
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({
    errors: [
      {
        message,
        locations: [expect.any(Object)],
        path: ['products'],
        extensions: { category: 'graphql-input' },
      },
    ],
    data: { products: null },
  });
}

describe('products by sku', () => {
  it('lists enabled products in stock visible in the catalogue, newest first, with their identities', async () => {
    const listed = await createProduct(backend);
    const newer = await createProduct(backend, { visibility: 2 });
    const hidden = [
      await createProduct(backend, { status: 2 }),
      await createProduct(backend, { visibility: 1 }),
      await createProduct(backend, { visibility: 3 }),
      await createProduct(backend, { qty: 0 }),
    ];
    const skus = [listed, newer, ...hidden].map((product) => product.sku);
    const data = expectData(await gql(backend, BY_SKUS, { variables: { skus } }));
    expect(data.products).toEqual({
      total_count: 2,
      items: [newer, listed].map((product) => ({
        __typename: 'SimpleProduct',
        uid: base64(String(product.id)),
        sku: product.sku,
        name: product.name,
        url_key: product.sku.toLowerCase(),
      })),
      page_info: { page_size: 20, current_page: 1, total_pages: 1 },
    });
  });

  it('finds one product by sku (eq) or by url key (eq, in)', async () => {
    const product = await createProduct(backend);
    for (const filter of [
      `sku: { eq: "${product.sku}" }`,
      `url_key: { eq: "${product.sku.toLowerCase()}" }`,
      `url_key: { in: ["nothing-here", "${product.sku.toLowerCase()}"] }`,
    ]) {
      const data = expectData(
        await gql(backend, `{ products(filter: { ${filter} }) { total_count items { sku } } }`),
      );
      expect(data.products, filter).toEqual({ total_count: 1, items: [{ sku: product.sku }] });
    }
    const none = expectData(
      await gql(backend, '{ products(filter: { sku: { in: [] } }) { total_count items { sku } } }'),
    );
    expect(none.products).toEqual({ total_count: 0, items: [] });
  });

  it('answers a configurable as a ConfigurableProduct', async () => {
    const data = expectData(
      await gql(backend, '{ products(filter: { sku: { eq: "HG-PW-K5KIT" } }) { items { __typename sku } } }'),
    );
    expect(data.products.items).toEqual([{ __typename: 'ConfigurableProduct', sku: 'HG-PW-K5KIT' }]);
  });

  it('pages a batch, and refuses a page past the last with Magento’s message', async () => {
    const products = [
      await createProduct(backend),
      await createProduct(backend),
      await createProduct(backend),
    ];
    const skus = products.map((product) => product.sku);
    const second = expectData(await gql(backend, BY_SKUS, { variables: { skus, size: 2, page: 2 } }));
    expect(second.products.items.map((item: { sku: string }) => item.sku)).toEqual([products[0]?.sku]);
    expect(second.products.page_info).toEqual({ page_size: 2, current_page: 2, total_pages: 2 });
    expectProductsError(
      await gql(backend, BY_SKUS, { variables: { skus, size: 2, page: 3 } }),
      'currentPage value 3 specified is greater than the 2 page(s) available.',
    );
    // Nothing found: no page is too far.
    const empty = expectData(
      await gql(backend, BY_SKUS, { variables: { skus: ['NONE'], size: 2, page: 3 } }),
    );
    expect(empty.products).toEqual({
      total_count: 0,
      items: [],
      page_info: { page_size: 2, current_page: 3, total_pages: 0 },
    });
  });
});

describe('what products refuses', () => {
  it('checks the page number, then the size, then that a search or a filter was given', async () => {
    expectProductsError(
      await gql(backend, '{ products(pageSize: 0, currentPage: 0) { total_count } }'),
      'currentPage value must be greater than 0.',
    );
    expectProductsError(
      await gql(backend, '{ products(pageSize: 0) { total_count } }'),
      'pageSize value must be greater than 0.',
    );
    expectProductsError(
      await gql(backend, '{ products { total_count } }'),
      "'search' or 'filter' input argument is required.",
    );
    expectProductsError(
      await gql(backend, '{ products(search: null, filter: null) { total_count } }'),
      "'search' or 'filter' input argument is required.",
    );
  });

  it('refuses a filter attribute it does not offer (GraphQL validation)', async () => {
    const reply = await gql(backend, '{ products(filter: { name: { match: "x" } }) { total_count } }');
    expect(reply.body.data).toBeUndefined();
    expect(reply.body.errors[0].message).toMatch(/name/);
  });
});

describe('products by search', () => {
  it('finds products visible in search whose name holds every word, whatever the case', async () => {
    const inSearch = await createProduct(backend, { visibility: 3 });
    const inCatalogOnly = await createProduct(backend, { visibility: 2 });
    const data = expectData(
      await gql(
        backend,
        `{ products(search: "WISH-LIST test ${inSearch.sku.slice(8)}", pageSize: 50) { items { sku } } }`,
      ),
    );
    const skus = data.products.items.map((item: { sku: string }) => item.sku);
    expect(skus).toContain(inSearch.sku);
    expect(skus).not.toContain(inCatalogOnly.sku);
  });

  it('sorts by name when asked', async () => {
    const data = expectData(
      await gql(
        backend,
        '{ products(search: "pressure washer", sort: { name: ASC }, pageSize: 50) { items { name } } }',
      ),
    );
    const names: string[] = data.products.items.map((item: { name: string }) => item.name);
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });
});
