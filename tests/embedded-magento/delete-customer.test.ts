/**
 * `DELETE /V1/customers/:customerId` as Magento 2.4 answers it: `true` for the admin or the integration
 * (Magento_Customer::manage), refused to the customer's own token and to guests, the GET's 404 for an
 * unknown id. Afterwards the account, its addresses, tokens and wish list are gone, while its orders stay,
 * no longer linked to an account (sales_order's foreign key sets customer_id NULL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse } from '../support/openapi.ts';
import { placeTestOrder } from '../support/orders.ts';
import { addToWishlist } from './graphql-helpers.ts';
import { expectFixtureError } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const path = (id: number | string) => `/rest/V1/customers/${String(id)}`;
const byIntegration = { token: INTEGRATION_TOKEN };

const countRow = z.object({ n: z.number() });

describe('DELETE /V1/customers/:customerId', () => {
  it('answers true; the account, its addresses, basket, wish list and tokens go; its orders stay unlinked', async () => {
    const customer = await backend.newCustomer();
    const { sku } = await pickProduct(backend);
    const order = await placeTestOrder(backend, { token: customer.token, lines: [{ sku, qty: 1 }] });
    expect((await backend.call('POST', '/rest/V1/carts/mine', { token: customer.token })).status).toBe(200);
    await backend.call('POST', '/rest/V1/carts/mine/items', {
      token: customer.token,
      body: { cartItem: { sku, qty: 2 } },
    });
    expect((await addToWishlist(backend, customer.token, [{ sku, quantity: 1 }], '0')).user_errors).toEqual(
      [],
    );

    const reply = await backend.call('DELETE', path(customer.id), byIntegration);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toBe(true);
    const result = validateOpenSourceResponse('DELETE', path(customer.id), 200, reply.body);
    expect(result.ok ? [] : result.errors).toEqual([]);

    expectFixtureError(
      await backend.call('GET', path(customer.id), byIntegration),
      'error-404-category-not-found.json',
      { fieldName: 'customerId', fieldValue: customer.id },
    );
    // The token no longer names anyone; the e-mail address can sign up again.
    expectFixtureError(
      await backend.call('GET', '/rest/V1/customers/me', { token: customer.token }),
      'error-401-unauthorized-self.json',
    );
    expectFixtureError(
      await backend.call('POST', '/rest/V1/integration/customer/token', {
        body: { username: customer.email, password: customer.password },
      }),
      'error-401-token-invalid-credentials.json',
    );
    const db = backend.db;
    const count = (sql: string, ...params: number[]) => Number(db.get(countRow, sql, ...params)?.n ?? -1);
    expect(count('SELECT COUNT(*) AS n FROM customer_addresses WHERE customer_id = ?', customer.id)).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM wishlist WHERE customer_id = ?', customer.id)).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM quotes WHERE customer_id = ?', customer.id)).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM quotes WHERE is_active = 1 AND customer_id IS NULL')).toBe(0);

    const kept = await backend.call('GET', `/rest/V1/orders/${order.id}`, byIntegration);
    expect(kept.status).toBe(200);
    expect(kept.body.increment_id).toBe(order.number);
    expect(kept.body.customer_id).toBeUndefined();
    expect(kept.body.customer_email).toBe(customer.email);
  });

  it('is Magento_Customer::manage: refused to the customer’s own token and to guests', async () => {
    const customer = await backend.newCustomer();
    expectFixtureError(
      await backend.call('DELETE', path(customer.id), { token: customer.token }),
      'error-401-unauthorized-customer-group-id.json',
    );
    expectFixtureError(
      await backend.call('DELETE', path(customer.id)),
      'error-401-unauthorized-customer-group-id.json',
    );
    const still = await backend.call('GET', '/rest/V1/customers/me', { token: customer.token });
    expect(still.status).toBe(200);
    expect(still.body.id).toBe(customer.id);
  });

  it('answers an unknown id with the GET’s 404, and a second deletion too', async () => {
    expectFixtureError(
      await backend.call('DELETE', path(987_654), byIntegration),
      'error-404-category-not-found.json',
      { fieldName: 'customerId', fieldValue: 987_654 },
    );
    const customer = await backend.newCustomer();
    expect((await backend.call('DELETE', path(customer.id), byIntegration)).body).toBe(true);
    expectFixtureError(
      await backend.call('DELETE', path(customer.id), byIntegration),
      'error-404-category-not-found.json',
      { fieldName: 'customerId', fieldValue: customer.id },
    );
  });

  it('never gives a deleted customer’s id to a new customer, as auto_increment does not', async () => {
    const newest = await backend.newCustomer();
    expect((await backend.call('DELETE', path(newest.id), byIntegration)).body).toBe(true);
    expect((await backend.newCustomer()).id).toBeGreaterThan(newest.id);
  });
});
