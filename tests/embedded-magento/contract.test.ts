/**
 * Every endpoint the storefront uses, exercised for real and checked against Magento's own OpenAPI schema
 * (with only COVERAGE.md's documented deviations) and against the recorded fixtures' shapes and key order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  INTEGRATION_TOKEN,
  pickProduct,
  startTestBackend,
  type Reply,
  type TestBackend,
} from '../support/backend.ts';
import { loadFixture, matchesFixtureShape, sameKeyOrder, validateResponse } from '../support/openapi.ts';
import { ADDRESS } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

function expectContract(
  method: string,
  path: string,
  reply: Reply,
  fixture?: string,
  optionalKeys: string[] = [],
) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const result = validateResponse(method, path.split('?')[0] ?? path, 200, reply.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
  if (fixture) {
    const expected = loadFixture(fixture);
    expect(matchesFixtureShape(reply.body, expected, { optionalKeys })).toEqual([]);
    expect(sameKeyOrder(reply.body, expected)).toEqual([]);
  }
}

function expectError(reply: Reply, fixture: string) {
  const expected = loadFixture(fixture) as { message: string; parameters?: unknown };
  const status = Number(/^error-(\d{3})/.exec(fixture)?.[1]);
  expect(reply.status).toBe(status);
  expect(reply.body.message).toBe(expected.message);
  expect(Object.keys(reply.body)).toEqual(Object.keys(expected));
  expect(matchesFixtureShape(reply.body, expected)).toEqual([]);
}

const address = ADDRESS;

const shippingInformation = {
  addressInformation: {
    shipping_address: address,
    billing_address: address,
    shipping_carrier_code: 'flatrate',
    shipping_method_code: 'flatrate',
  },
};

describe('catalogue', () => {
  it('GET /V1/categories answers the default store tree and the all-store tree from Root Catalog', async () => {
    const tree = await backend.call('GET', '/rest/V1/categories', { token: INTEGRATION_TOKEN });
    expectContract('GET', '/V1/categories', tree, 'categories-tree.response.json');
    expect(tree.body.id).toBe(2);
    const all = await backend.call('GET', '/rest/all/V1/categories', { token: INTEGRATION_TOKEN });
    expectContract('GET', '/V1/categories', all, 'categories-tree-all-store.response.json');
    expect(all.body).toMatchObject({ id: 1, name: 'Root Catalog', is_active: null, level: 0 });
    const top = all.body.children_data[0].children_data as { id: number; parent_id: number }[];
    expect(top.map((c) => c.id)).toEqual(expect.arrayContaining([3, 7]));
  });

  it('GET /V1/categories with depth 0 returns the root without children', async () => {
    const reply = await backend.call('GET', '/rest/V1/categories?rootCategoryId=7&depth=0', {
      token: INTEGRATION_TOKEN,
    });
    expectContract('GET', '/V1/categories', reply);
    expect(reply.body).toMatchObject({ id: 7, name: 'Home & Garden', children_data: [] });
  });

  it('GET /V1/products by url_key answers like the fixture, criteria echoed in snake_case', async () => {
    const { sku } = await pickProduct(backend);
    const bySku = await backend.call('GET', `/rest/V1/products/${encodeURIComponent(sku)}`, {
      token: INTEGRATION_TOKEN,
    });
    const urlKey = (bySku.body.custom_attributes as { attribute_code: string; value: string }[]).find(
      (a) => a.attribute_code === 'url_key',
    )?.value;
    expect(urlKey).toBeTruthy();
    const request = loadFixture('products-search-by-url_key.request.json') as { path: string; query: string };
    const query = request.query.replace('proclean-pw-2000-electric-pressure-washer', String(urlKey));
    const reply = await backend.call('GET', `${request.path}?${query}`, { token: INTEGRATION_TOKEN });
    expectContract('GET', '/V1/products', reply, 'products-search-by-url_key.response.json', [
      'items[].weight',
    ]);
    expect(reply.body.total_count).toBe(1);
    expect(reply.body.items[0].sku).toBe(sku);
    expect(reply.body.search_criteria).toEqual({
      filter_groups: [
        { filters: [{ field: 'url_key', value: urlKey, condition_type: 'eq' }] },
        { filters: [{ field: 'visibility', value: '4', condition_type: 'eq' }] },
      ],
      page_size: 1,
    });
  });

  it('GET /V1/products by category answers with percent-encoded brackets too', async () => {
    const request = loadFixture('products-search-by-category_id.request.json') as {
      path: string;
      query_percent_encoded_brackets: string;
    };
    const query = request.query_percent_encoded_brackets.replace('value%5D=3&', 'value%5D=8&');
    const reply = await backend.call('GET', `${request.path}?${query}`, { token: INTEGRATION_TOKEN });
    expectContract('GET', '/V1/products', reply, 'products-search-by-category_id.response.json', [
      'items[].weight',
    ]);
    expect(reply.body.search_criteria).toMatchObject({
      sort_orders: [{ field: 'name', direction: 'ASC' }],
      page_size: 12,
      current_page: 1,
    });
    const names = (reply.body.items as { name: string }[]).map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('GET /V1/products with no match answers an empty list', async () => {
    const request = loadFixture('products-search-by-sku-no-match.request.json') as {
      path: string;
      query: string;
    };
    const reply = await backend.call('GET', `${request.path}?${request.query}`, { token: INTEGRATION_TOKEN });
    expectContract('GET', '/V1/products', reply, 'products-search-by-sku-no-match.response.json');
  });

  it('GET /V1/products/attributes lists frontend labels', async () => {
    const reply = await backend.call(
      'GET',
      '/rest/V1/products/attributes?searchCriteria[filterGroups][0][filters][0][field]=attribute_code&searchCriteria[filterGroups][0][filters][0][value]=weight_kg',
      { token: INTEGRATION_TOKEN },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.total_count).toBe(1);
    expect(reply.body.items[0]).toMatchObject({
      attribute_code: 'weight_kg',
      default_frontend_label: expect.any(String),
    });
    const one = await backend.call('GET', '/rest/V1/products/attributes/weight_kg', {
      token: INTEGRATION_TOKEN,
    });
    expect(one.body.default_frontend_label).toBe(reply.body.items[0].default_frontend_label);
  });
});

describe('tokens and directory', () => {
  it('GET /V1/directory/countries answers like the fixture, anonymously', async () => {
    const reply = await backend.call('GET', '/rest/V1/directory/countries');
    expectContract('GET', '/V1/directory/countries', reply);
    const fixture = loadFixture('directory-countries.response.json') as { id: string }[];
    for (const country of fixture) {
      expect((reply.body as { id: string }[]).find((c) => c.id === country.id)).toEqual(country);
    }
    expect(reply.body.length).toBeGreaterThan(200);
  });

  it('POST /V1/integration/admin/token gives the demo admin a token string', async () => {
    const reply = await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN });
    expectContract('POST', '/V1/integration/admin/token', reply, 'integration-admin-token.response.json');
    const products = await backend.call('GET', '/rest/V1/products?searchCriteria[pageSize]=1', {
      token: reply.body,
    });
    expect(products.status).toBe(200);
  });

  it('POST /V1/integration/customer/token gives a customer a token string; wrong password is 401', async () => {
    const customer = await backend.newCustomer();
    const reply = await backend.call('POST', '/rest/V1/integration/customer/token', {
      body: { username: customer.email, password: customer.password },
    });
    expectContract(
      'POST',
      '/V1/integration/customer/token',
      reply,
      'integration-customer-token.response.json',
    );
    const wrong = await backend.call('POST', '/rest/V1/integration/customer/token', {
      body: { username: customer.email, password: 'not-it' },
    });
    expectError(wrong, 'error-401-token-invalid-credentials.json');
    expectError(
      await backend.call('POST', '/rest/V1/integration/customer/token', { body: {} }),
      'error-400-token-missing-credentials.json',
    );
  });
});

describe('guest cart and checkout', () => {
  it('creates, fills, updates, empties, ships and orders a guest cart', async () => {
    const product = await pickProduct(backend);
    const created = await backend.call('POST', '/rest/V1/guest-carts');
    expectContract('POST', '/V1/guest-carts', created, 'guest-cart-create.response.json');
    const cartId = created.body as string;
    expect(cartId).toMatch(/^[A-Za-z0-9]{32}$/);

    const empty = await backend.call('GET', `/rest/V1/guest-carts/${cartId}`);
    expectContract('GET', '/V1/guest-carts/{cartId}', empty, 'guest-cart-get-empty.response.json');
    expect(empty.body.currency.base_currency_code).toBe('GBP');

    const added = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      body: { cartItem: { sku: product.sku, qty: 1, quote_id: cartId } },
    });
    expectContract('POST', '/V1/guest-carts/{cartId}/items', added, 'guest-cart-add-item.response.json');
    expect(added.body.quote_id).toBe(String(empty.body.id));

    const updated = await backend.call('PUT', `/rest/V1/guest-carts/${cartId}/items/${added.body.item_id}`, {
      body: { cartItem: { qty: 2, quote_id: cartId } },
    });
    expectContract(
      'PUT',
      '/V1/guest-carts/{cartId}/items/{itemId}',
      updated,
      'guest-cart-update-item.response.json',
    );
    expect(updated.body.qty).toBe(2);

    const cart = await backend.call('GET', `/rest/V1/guest-carts/${cartId}`);
    expectContract('GET', '/V1/guest-carts/{cartId}', cart, 'guest-cart-get.response.json');
    expect(cart.body.items_qty).toBe(2);

    const before = await backend.call('GET', `/rest/V1/guest-carts/${cartId}/totals`);
    expectContract(
      'GET',
      '/V1/guest-carts/{cartId}/totals',
      before,
      'guest-cart-totals-before-shipping.response.json',
    );
    expect(before.body.subtotal_incl_tax).toBeCloseTo(product.price * 2, 2);

    const shipped = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/shipping-information`, {
      body: shippingInformation,
    });
    expectContract(
      'POST',
      '/V1/guest-carts/{cartId}/shipping-information',
      shipped,
      'guest-cart-shipping-information.response.json',
    );
    // The demo's standard delivery, £4.95 an order incl VAT: £0.83 VAT, £4.12 excl.
    expect(shipped.body.totals).toMatchObject({ shipping_incl_tax: 4.95, shipping_amount: 4.12 });

    const totals = await backend.call('GET', `/rest/V1/guest-carts/${cartId}/totals`);
    expectContract('GET', '/V1/guest-carts/{cartId}/totals', totals, 'guest-cart-totals.response.json');
    // The grand total is the segment's; the top-level field is net of the VAT in it (CONTRACT.md §6.4).
    const grandTotal = product.price * 2 + 4.95;
    const segments = totals.body.total_segments as { code: string; value: number }[];
    expect(segments.find((segment) => segment.code === 'grand_total')?.value).toBeCloseTo(grandTotal, 2);
    expect(totals.body.grand_total).toBeCloseTo(grandTotal - totals.body.tax_amount, 2);
    expect(totals.body.tax_amount).toBeGreaterThan(0);

    const paid = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/payment-information`, {
      body: { email: 'sam.patel@example.com', paymentMethod: { method: 'checkmo' } },
    });
    expectContract('POST', '/V1/guest-carts/{cartId}/payment-information', paid);
    expect(Number(paid.body)).toBeGreaterThan(0);

    const order = await backend.call('GET', `/rest/V1/orders/${paid.body}`, { token: INTEGRATION_TOKEN });
    expectContract('GET', '/V1/orders/{id}', order, 'orders-get.response.json', [
      'weight',
      'items[].weight',
      'items[].row_weight',
      'remote_ip',
      'extension_attributes.shipping_assignments[].items[].weight',
      'extension_attributes.shipping_assignments[].items[].row_weight',
      'billing_address.company',
      'extension_attributes.shipping_assignments[].shipping.address.company',
    ]);
    expect(order.body).toMatchObject({
      customer_email: 'sam.patel@example.com',
      customer_is_guest: 1,
      status: 'pending',
      grand_total: totals.body.base_grand_total,
      tax_amount: totals.body.tax_amount,
    });

    const status = await backend.call('POST', '/rest/V1/orders', {
      token: INTEGRATION_TOKEN,
      body: { entity: { entity_id: Number(paid.body), status: 'complete' } },
    });
    expectContract('POST', '/V1/orders', status);
    expect(status.body).toMatchObject({
      entity_id: Number(paid.body),
      status: 'complete',
      state: 'complete',
    });

    const gone = await backend.call('GET', `/rest/V1/guest-carts/${cartId}`);
    expect(gone.status).toBe(404);
    expect(gone.body.parameters).toEqual({ fieldName: 'cartId', fieldValue: String(empty.body.id) });
  });

  it('deletes an item with true', async () => {
    const product = await pickProduct(backend);
    const cartId = (await backend.call('POST', '/rest/V1/guest-carts')).body as string;
    const added = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      body: { cartItem: { sku: product.sku, qty: 1 } },
    });
    const deleted = await backend.call(
      'DELETE',
      `/rest/V1/guest-carts/${cartId}/items/${added.body.item_id}`,
    );
    expectContract(
      'DELETE',
      '/V1/guest-carts/{cartId}/items/{itemId}',
      deleted,
      'guest-cart-delete-item.response.json',
    );
    expect((await backend.call('GET', `/rest/V1/guest-carts/${cartId}`)).body.items).toEqual([]);
  });
});

describe('customers and their carts', () => {
  it('creates an account like the fixture, reads and saves it with its own token', async () => {
    const request = loadFixture('customer-create.request.json') as {
      customer: Record<string, unknown>;
      password: string;
    };
    const email = `dana.${Date.now()}@example.com`;
    const created = await backend.call('POST', '/rest/V1/customers', {
      body: { ...request, customer: { ...request.customer, email } },
    });
    expectContract('POST', '/V1/customers', created, 'customer-create.response.json');
    expect(created.body.addresses[0].region).toEqual({ region_code: 'TX', region: 'Texas', region_id: 57 });
    expect(created.body.default_billing).toBe(String(created.body.addresses[0].id));

    const token = (
      await backend.call('POST', '/rest/V1/integration/customer/token', {
        body: { username: email, password: request.password },
      })
    ).body as string;
    const me = await backend.call('GET', '/rest/V1/customers/me', { token });
    expectContract('GET', '/V1/customers/me', me, 'customer-me-get.response.json');

    const update = loadFixture('customer-me-update.request.json') as { customer: Record<string, unknown> };
    const addresses = (update.customer['addresses'] as Record<string, unknown>[]).map((a, i) =>
      i === 0 ? { ...a, id: me.body.addresses[0].id, customer_id: me.body.id } : a,
    );
    const saved = await backend.call('PUT', '/rest/V1/customers/me', {
      token,
      body: { customer: { ...update.customer, id: 999999, email, addresses } },
    });
    expectContract('PUT', '/V1/customers/me', saved, 'customer-me-update.response.json');
    expect(saved.body.id).toBe(me.body.id);
    expect(saved.body.lastname).toBe('Whitfield-Ortiz');
    expect(saved.body.addresses).toHaveLength(2);

    const byAdmin = await backend.call('PUT', `/rest/V1/customers/${me.body.id}`, {
      token: INTEGRATION_TOKEN,
      body: { customer: { email, firstname: 'Dana', lastname: 'Whitfield' } },
    });
    expectContract('PUT', '/V1/customers/{customerId}', byAdmin);
    expect(byAdmin.body.addresses).toHaveLength(2);
  });

  it('runs a customer cart from creation to order, and merges a guest cart on assignment', async () => {
    const product = await pickProduct(backend);
    const customer = await backend.newCustomer();
    const token = customer.token;
    const cartId = await backend.call('POST', '/rest/V1/carts/mine', { token });
    expectContract('POST', '/V1/carts/mine', cartId, 'customer-cart-create.response.json');
    expect((await backend.call('POST', '/rest/default/V1/carts/mine', { token })).body).toBe(cartId.body);

    const added = await backend.call('POST', '/rest/V1/carts/mine/items', {
      token,
      body: { cartItem: { sku: product.sku, qty: 1, quote_id: 'ignored' } },
    });
    expectContract('POST', '/V1/carts/mine/items', added, 'customer-cart-add-item.response.json');
    expect(added.body.quote_id).toBe(String(cartId.body));

    const guestId = (await backend.call('POST', '/rest/V1/guest-carts')).body as string;
    await backend.call('POST', `/rest/V1/guest-carts/${guestId}/items`, {
      body: { cartItem: { sku: product.sku, qty: 2 } },
    });
    const assigned = await backend.call('PUT', `/rest/V1/guest-carts/${guestId}`, {
      token,
      body: { customerId: customer.id, storeId: 1 },
    });
    expectContract('PUT', '/V1/guest-carts/{cartId}', assigned, 'guest-cart-assign-customer.response.json');
    expect((await backend.call('GET', `/rest/V1/guest-carts/${guestId}`)).status).toBe(404);

    const cart = await backend.call('GET', '/rest/V1/carts/mine', { token });
    expectContract('GET', '/V1/carts/mine', cart, 'customer-cart-get.response.json', [
      'customer.addresses[].company',
    ]);
    expect(cart.body.items).toHaveLength(1);
    expect(cart.body.items_qty).toBe(3);
    expect(cart.body.customer_is_guest).toBe(false);

    const line = cart.body.items[0] as { item_id: number };
    const updated = await backend.call('PUT', `/rest/V1/carts/mine/items/${line.item_id}`, {
      token,
      body: { cartItem: { qty: 1 } },
    });
    expectContract('PUT', '/V1/carts/mine/items/{itemId}', updated);

    const shipped = await backend.call('POST', '/rest/V1/carts/mine/shipping-information', {
      token,
      body: shippingInformation,
    });
    expectContract('POST', '/V1/carts/mine/shipping-information', shipped);
    const totals = await backend.call('GET', '/rest/V1/carts/mine/totals', { token });
    // Not in the subset; it answers the guest totals' TotalsInterface.
    expectContract('GET', '/V1/guest-carts/{cartId}/totals', totals, 'guest-cart-totals.response.json');
    const paid = await backend.call('POST', '/rest/V1/carts/mine/payment-information', {
      token,
      body: { paymentMethod: { method: 'checkmo' } },
    });
    expectContract('POST', '/V1/carts/mine/payment-information', paid);
    const order = await backend.call('GET', `/rest/V1/orders/${paid.body}`, { token: INTEGRATION_TOKEN });
    expect(order.body).toMatchObject({
      customer_email: customer.email,
      customer_is_guest: 0,
      total_qty_ordered: 1,
    });
    expectError(
      await backend.call('GET', '/rest/V1/carts/mine', { token }),
      'error-404-customer-cart-get-no-active-cart.json',
    );
    expectError(
      await backend.call('GET', '/rest/V1/carts/mine/totals', { token }),
      'error-404-customer-has-no-active-cart.json',
    );

    const removeFrom = await backend.call('POST', '/rest/V1/carts/mine', { token });
    expect(removeFrom.body).not.toBe(cartId.body);
    const again = await backend.call('POST', '/rest/V1/carts/mine/items', {
      token,
      body: { cartItem: { sku: product.sku, qty: 1 } },
    });
    const deleted = await backend.call('DELETE', `/rest/V1/carts/mine/items/${again.body.item_id}`, {
      token,
    });
    expectContract('DELETE', '/V1/carts/mine/items/{itemId}', deleted);
  });
});
