/**
 * `DELETE /V1/products/:sku` (COVERAGE.md C, row 34): `true`, then the product is gone everywhere a
 * client can see it; an unknown sku is the GET's 404; the ACL is the products resource.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateResponse } from '../support/openapi.ts';
import { expectFixtureError } from './helpers.ts';

let backend: TestBackend;
const saved: string[] = [];

beforeAll(async () => {
  backend = await startTestBackend({
    onSaved: (entity) => {
      if (entity.entity === 'product') saved.push(entity.sku);
    },
  });
});
afterAll(() => backend.stop());

const path = (sku: string) => `/rest/V1/products/${encodeURIComponent(sku)}`;

describe('DELETE /V1/products/:sku', () => {
  it('answers true; the product, its category assignments and its cart lines are gone', async () => {
    const { sku } = await pickProduct(backend);
    const before = await backend.call('GET', path(sku), { token: INTEGRATION_TOKEN });
    const categoryId = (before.body.extension_attributes.category_links as { category_id: string }[])[0]
      ?.category_id;
    expect(categoryId).toBeDefined();
    const cartId = (await backend.call('POST', '/rest/V1/guest-carts')).body as string;
    const added = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      body: { cartItem: { sku, qty: 1 } },
    });
    expect(added.status).toBe(200);

    const reply = await backend.call('DELETE', path(sku), { token: INTEGRATION_TOKEN });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toBe(true);
    const result = validateResponse('DELETE', path(sku), 200, reply.body);
    expect(result.ok ? [] : result.errors).toEqual([]);

    expectFixtureError(
      await backend.call('GET', path(sku), { token: INTEGRATION_TOKEN }),
      'error-404-product-not-found.json',
    );
    const links = await backend.call('GET', `/rest/all/V1/categories/${String(categoryId)}/products`, {
      token: INTEGRATION_TOKEN,
    });
    expect((links.body as { sku: string }[]).map((l) => l.sku)).not.toContain(sku);
    const search = await backend.call(
      'GET',
      `/rest/V1/products?searchCriteria[filterGroups][0][filters][0][field]=sku&searchCriteria[filterGroups][0][filters][0][value]=${encodeURIComponent(sku)}`,
      { token: INTEGRATION_TOKEN },
    );
    expect(search.body.total_count).toBe(0);
    const cart = await backend.call('GET', `/rest/V1/guest-carts/${cartId}`);
    expect(cart.status).toBe(200);
    expect((cart.body.items as { sku: string }[]).map((item) => item.sku)).not.toContain(sku);
    await expect.poll(() => saved).toContain(sku);
  });

  it('answers an unknown sku, or one already deleted, with the GET’s 404', async () => {
    expectFixtureError(
      await backend.call('DELETE', path('NO-SUCH-SKU'), { token: INTEGRATION_TOKEN }),
      'error-404-product-not-found.json',
    );
    const { sku } = await pickProduct(backend);
    expect((await backend.call('DELETE', path(sku), { token: INTEGRATION_TOKEN })).body).toBe(true);
    expectFixtureError(
      await backend.call('DELETE', path(sku), { token: INTEGRATION_TOKEN }),
      'error-404-product-not-found.json',
    );
  });

  it('is behind Magento_Catalog::products: a customer or a guest deletes nothing', async () => {
    const { sku } = await pickProduct(backend);
    const { token } = await backend.newCustomer();
    for (const caller of [token, undefined]) {
      expectFixtureError(
        await backend.call('DELETE', path(sku), { token: caller }),
        'error-401-unauthorized-catalog-products.json',
      );
    }
    expect((await backend.call('GET', path(sku), { token: INTEGRATION_TOKEN })).status).toBe(200);
  });
});
