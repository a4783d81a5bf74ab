/**
 * Who may call what (CONTRACT.md §2): anonymous, `self` (customer token) and admin ACL resources (admin or
 * integration token); a bad token is just a guest; tokens expire; a customer can never reach another
 * customer's cart or account; the sign-in lock answers like a wrong password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  INTEGRATION_TOKEN,
  pickProduct,
  startTestBackend,
  type TestBackend,
} from '../support/backend.ts';
import { atStartOfSecond, expectError, expectFixtureError, SHIPPING_INFORMATION, sleep } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const PRODUCTS = '/rest/V1/products?searchCriteria[pageSize]=1';

async function adminToken(target: TestBackend = backend): Promise<string> {
  const reply = await target.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN });
  expect(reply.status).toBe(200);
  return reply.body as string;
}

/** A guest cart with one item, created anonymously. */
async function guestCartWithItem(sku: string): Promise<string> {
  const cartId = (await backend.call('POST', '/rest/V1/guest-carts')).body as string;
  const added = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
    body: { cartItem: { sku, qty: 1 } },
  });
  expect(added.status).toBe(200);
  return cartId;
}

describe('anonymous, self and admin resources', () => {
  it('refuses catalogue reads without a token, naming the ACL resource', async () => {
    expectFixtureError(await backend.call('GET', PRODUCTS), 'error-401-unauthorized-catalog-products.json');
    expectFixtureError(
      await backend.call('GET', '/rest/V1/products/ANY-SKU'),
      'error-401-unauthorized-catalog-products.json',
    );
    expectFixtureError(
      await backend.call('GET', '/rest/V1/categories'),
      'error-401-unauthorized-catalog-categories.json',
    );
    expectFixtureError(
      await backend.call('GET', '/rest/V1/categories/3'),
      'error-401-unauthorized-catalog-categories.json',
    );
  });

  it('refuses catalogue reads and writes with a customer token', async () => {
    const { token } = await backend.newCustomer();
    expectFixtureError(
      await backend.call('GET', PRODUCTS, { token }),
      'error-401-unauthorized-catalog-products.json',
    );
    expectFixtureError(
      await backend.call('GET', '/rest/V1/categories', { token }),
      'error-401-unauthorized-catalog-categories.json',
    );
    const product = await pickProduct(backend);
    const write = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(product.sku)}`, {
      token,
      body: { product: { sku: product.sku, price: 0.01 } },
    });
    expectFixtureError(write, 'error-401-unauthorized-catalog-products.json');
    const after = await backend.call('GET', `/rest/V1/products/${encodeURIComponent(product.sku)}`, {
      token: INTEGRATION_TOKEN,
    });
    expect(after.body.price).toBe(product.price);
  });

  it('serves the catalogue to admin and integration tokens', async () => {
    for (const token of [INTEGRATION_TOKEN, await adminToken()]) {
      const products = await backend.call('GET', PRODUCTS, { token });
      expect(products.status).toBe(200);
      expect(products.body.items).toHaveLength(1);
      const categories = await backend.call('GET', '/rest/V1/categories', { token });
      expect(categories.status).toBe(200);
      expect(categories.body.id).toBe(2);
    }
  });

  it('refuses customers/me and carts/mine without a token with the self 401', async () => {
    expectFixtureError(
      await backend.call('GET', '/rest/V1/customers/me'),
      'error-401-unauthorized-self.json',
    );
    expectFixtureError(
      await backend.call('PUT', '/rest/V1/customers/me', {
        body: { customer: { email: 'x@example.com', firstname: 'X', lastname: 'Y' } },
      }),
      'error-401-unauthorized-self.json',
    );
    expectFixtureError(await backend.call('POST', '/rest/V1/carts/mine'), 'error-401-unauthorized-self.json');
    expectFixtureError(await backend.call('GET', '/rest/V1/carts/mine'), 'error-401-unauthorized-self.json');
    expectFixtureError(
      await backend.call('POST', '/rest/V1/carts/mine/items', { body: { cartItem: { sku: 'X', qty: 1 } } }),
      'error-401-unauthorized-self.json',
    );
    expectFixtureError(
      await backend.call('GET', '/rest/V1/carts/mine/totals'),
      'error-401-unauthorized-self.json',
    );
  });

  it('treats an admin or integration token as not a customer on self routes', async () => {
    expectFixtureError(
      await backend.call('GET', '/rest/V1/customers/me', { token: INTEGRATION_TOKEN }),
      'error-401-unauthorized-self.json',
    );
    expectFixtureError(
      await backend.call('POST', '/rest/V1/carts/mine', { token: await adminToken() }),
      'error-401-unauthorized-self.json',
    );
  });

  it('keeps orders admin-only: a customer cannot read even their own order', async () => {
    const product = await pickProduct(backend);
    const { token } = await backend.newCustomer();
    await backend.call('POST', '/rest/V1/carts/mine', { token });
    await backend.call('POST', '/rest/V1/carts/mine/items', {
      token,
      body: { cartItem: { sku: product.sku, qty: 1 } },
    });
    expect(
      (
        await backend.call('POST', '/rest/V1/carts/mine/shipping-information', {
          token,
          body: SHIPPING_INFORMATION,
        })
      ).status,
    ).toBe(200);
    const placed = await backend.call('POST', '/rest/V1/carts/mine/payment-information', {
      token,
      body: { paymentMethod: { method: 'checkmo' } },
    });
    expect(placed.status).toBe(200);
    const orderId = String(placed.body);

    const asCustomer = await backend.call('GET', `/rest/V1/orders/${orderId}`, { token });
    expectError(asCustomer, 401, "The consumer isn't authorized to access %resources.", {
      resources: 'Magento_Sales::actions_view',
    });
    const asGuest = await backend.call('GET', `/rest/V1/orders/${orderId}`);
    expectError(asGuest, 401, "The consumer isn't authorized to access %resources.", {
      resources: 'Magento_Sales::actions_view',
    });
    const cancel = await backend.call('POST', '/rest/V1/orders', {
      token,
      body: { entity: { entity_id: Number(orderId), status: 'canceled' } },
    });
    expectError(cancel, 401, "The consumer isn't authorized to access %resources.", {
      resources: 'Magento_Sales::create',
    });
    const asAdmin = await backend.call('GET', `/rest/V1/orders/${orderId}`, { token: INTEGRATION_TOKEN });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.status).toBe('pending');
  });

  it('refuses an anonymous group_id on POST customers and creates nothing', async () => {
    const email = `group.${Date.now()}@example.com`;
    const customer = { email, firstname: 'Gia', lastname: 'Rossi', group_id: 2 };
    const reply = await backend.call('POST', '/rest/V1/customers', {
      body: { customer, password: 'Sw33p!ngFloors' },
    });
    expectFixtureError(reply, 'error-401-unauthorized-customer-group-id.json');
    const { token } = await backend.newCustomer();
    const asCustomer = await backend.call('POST', '/rest/V1/customers', {
      token,
      body: { customer: { ...customer, email: `other.${email}` }, password: 'Sw33p!ngFloors' },
    });
    expectFixtureError(asCustomer, 'error-401-unauthorized-customer-group-id.json');
    // Nothing was created: the e-mail address is still free, so a plain sign-up succeeds.
    const plain = await backend.call('POST', '/rest/V1/customers', {
      body: { customer: { email, firstname: 'Gia', lastname: 'Rossi' }, password: 'Sw33p!ngFloors' },
    });
    expect(plain.status).toBe(200);
    expect(plain.body.group_id).toBe(1);
    // An integration may set the group.
    const byAdmin = await backend.call('POST', '/rest/V1/customers', {
      token: INTEGRATION_TOKEN,
      body: { customer: { ...customer, email: `admin.${email}` }, password: 'Sw33p!ngFloors' },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.group_id).toBe(2);
  });
});

describe('invalid, malformed and foreign Authorization headers act as a guest', () => {
  const headers = ['Bearer nonsense', 'Basic x', 'Bearer', 'Bearer a b', 'bearer ', 'Token abc'];

  for (const authorization of headers) {
    it(`"${authorization}" still reaches anonymous routes and gets the self 401 on self routes`, async () => {
      const call = async (method: string, path: string) => {
        const response = await fetch(`${backend.url}${path}`, {
          method,
          headers: { Authorization: authorization },
        });
        const text = await response.text();
        return { status: response.status, body: JSON.parse(text) as unknown, headers: response.headers };
      };
      const created = await call('POST', '/rest/V1/guest-carts');
      expect(created.status).toBe(200);
      expect(created.body).toMatch(/^[A-Za-z0-9]{32}$/);
      const cart = await call('GET', `/rest/V1/guest-carts/${String(created.body)}`);
      expect(cart.status).toBe(200);
      expect((await call('GET', '/rest/V1/directory/countries/GB')).status).toBe(200);
      expectFixtureError(await call('GET', '/rest/V1/customers/me'), 'error-401-unauthorized-self.json');
      expectFixtureError(await call('POST', '/rest/V1/carts/mine'), 'error-401-unauthorized-self.json');
      expectFixtureError(await call('GET', PRODUCTS), 'error-401-unauthorized-catalog-products.json');
    });
  }

  it('a token with a changed character is a guest, not the customer', async () => {
    const { token } = await backend.newCustomer();
    const altered = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    expectFixtureError(
      await backend.call('GET', '/rest/V1/customers/me', { token: altered }),
      'error-401-unauthorized-self.json',
    );
    expect((await backend.call('GET', '/rest/V1/customers/me', { token })).status).toBe(200);
  });
});

describe('no cross-customer access', () => {
  it('carts/mine is forced from the token: quote_id in the body is ignored', async () => {
    const product = await pickProduct(backend);
    const a = await backend.newCustomer();
    const b = await backend.newCustomer();
    const cartA = (await backend.call('POST', '/rest/V1/carts/mine', { token: a.token })).body as number;
    await backend.call('POST', '/rest/V1/carts/mine/items', {
      token: a.token,
      body: { cartItem: { sku: product.sku, qty: 1 } },
    });

    // B has no cart yet: B does not see A's.
    expectFixtureError(
      await backend.call('GET', '/rest/V1/carts/mine', { token: b.token }),
      'error-404-customer-cart-get-no-active-cart.json',
      {
        fieldName: 'customerId',
        fieldValue: b.id,
      },
    );
    expectFixtureError(
      await backend.call('POST', '/rest/V1/carts/mine/items', {
        token: b.token,
        body: { cartItem: { sku: product.sku, qty: 1, quote_id: String(cartA) } },
      }),
      'error-404-customer-has-no-active-cart.json',
    );

    const cartB = (await backend.call('POST', '/rest/V1/carts/mine', { token: b.token })).body as number;
    expect(typeof cartB).toBe('number');
    expect(cartB).not.toBe(cartA);
    const added = await backend.call('POST', '/rest/V1/carts/mine/items', {
      token: b.token,
      body: { cartItem: { sku: product.sku, qty: 2, quote_id: String(cartA) } },
    });
    expect(added.status).toBe(200);
    expect(added.body.quote_id).toBe(String(cartB));

    const mineA = await backend.call('GET', '/rest/V1/carts/mine', { token: a.token });
    expect(mineA.body.id).toBe(cartA);
    expect(mineA.body.items.map((i: { qty: number }) => i.qty)).toEqual([1]);
    expect(mineA.body.customer.email).toBe(a.email);
    const mineB = await backend.call('GET', '/rest/V1/carts/mine', { token: b.token });
    expect(mineB.body.id).toBe(cartB);
    expect(mineB.body.items.map((i: { qty: number }) => i.qty)).toEqual([2]);
    expect(mineB.body.customer.email).toBe(b.email);
  });

  it("B cannot update or delete A's cart item through carts/mine", async () => {
    const product = await pickProduct(backend);
    const a = await backend.newCustomer();
    const b = await backend.newCustomer();
    await backend.call('POST', '/rest/V1/carts/mine', { token: a.token });
    const itemA = await backend.call('POST', '/rest/V1/carts/mine/items', {
      token: a.token,
      body: { cartItem: { sku: product.sku, qty: 1 } },
    });
    const cartB = (await backend.call('POST', '/rest/V1/carts/mine', { token: b.token })).body as number;
    const itemId = itemA.body.item_id as number;

    expectFixtureError(
      await backend.call('PUT', `/rest/V1/carts/mine/items/${itemId}`, {
        token: b.token,
        body: { cartItem: { qty: 3, quote_id: itemA.body.quote_id } },
      }),
      'error-404-cart-item-not-found.json',
      [String(cartB), itemId],
    );
    expectFixtureError(
      await backend.call('DELETE', `/rest/V1/carts/mine/items/${itemId}`, { token: b.token }),
      'error-404-cart-item-not-found.json',
      [String(cartB), itemId],
    );
    const items = await backend.call('GET', '/rest/V1/carts/mine/items', { token: a.token });
    expect(items.body).toEqual([expect.objectContaining({ item_id: itemId, qty: 1 })]);
  });

  it('a customer cart cannot be reached through guest or admin cart routes by its numeric id', async () => {
    const product = await pickProduct(backend);
    const a = await backend.newCustomer();
    const b = await backend.newCustomer();
    const cartA = (await backend.call('POST', '/rest/V1/carts/mine', { token: a.token })).body as number;
    await backend.call('POST', '/rest/V1/carts/mine/items', {
      token: a.token,
      body: { cartItem: { sku: product.sku, qty: 1 } },
    });

    for (const token of [undefined, b.token]) {
      expectFixtureError(
        await backend.call('GET', `/rest/V1/guest-carts/${cartA}`, { token }),
        'error-404-guest-cart-not-found.json',
      );
      expectFixtureError(
        await backend.call('POST', `/rest/V1/guest-carts/${cartA}/items`, {
          token,
          body: { cartItem: { sku: product.sku, qty: 1 } },
        }),
        'error-404-guest-cart-not-found.json',
      );
      const admin = await backend.call('GET', `/rest/V1/carts/${cartA}`, { token });
      expect(admin.status).not.toBe(200);
      expect(JSON.stringify(admin.body)).not.toContain(product.sku);
    }
    const mineA = await backend.call('GET', '/rest/V1/carts/mine', { token: a.token });
    expect(mineA.body.items_qty).toBe(1);
  });

  it("PUT customers/me with A's id changes only B", async () => {
    const a = await backend.newCustomer();
    const b = await backend.newCustomer();
    const saved = await backend.call('PUT', '/rest/V1/customers/me', {
      token: b.token,
      body: { customer: { id: a.id, email: b.email, firstname: 'Changed', lastname: 'ByB' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: b.id, email: b.email, firstname: 'Changed', lastname: 'ByB' });

    const meA = await backend.call('GET', '/rest/V1/customers/me', { token: a.token });
    expect(meA.body).toMatchObject({ id: a.id, email: a.email, firstname: 'Robin', lastname: 'Hale' });
    const meB = await backend.call('GET', '/rest/V1/customers/me', { token: b.token });
    expect(meB.body).toMatchObject({ id: b.id, firstname: 'Changed', lastname: 'ByB' });
  });

  it("B cannot take A's e-mail address, nor read or write A by id", async () => {
    const a = await backend.newCustomer();
    const b = await backend.newCustomer();
    const steal = await backend.call('PUT', '/rest/V1/customers/me', {
      token: b.token,
      body: { customer: { id: a.id, email: a.email, firstname: 'Mallory', lastname: 'Evil' } },
    });
    expectFixtureError(steal, 'error-400-customer-email-exists.json');
    expectError(
      await backend.call('GET', `/rest/V1/customers/${a.id}`, { token: b.token }),
      401,
      "The consumer isn't authorized to access %resources.",
      {
        resources: 'Magento_Customer::customer',
      },
    );
    expectError(
      await backend.call('PUT', `/rest/V1/customers/${a.id}`, {
        token: b.token,
        body: { customer: { email: b.email, firstname: 'Mallory', lastname: 'Evil' } },
      }),
      401,
      "The consumer isn't authorized to access %resources.",
      { resources: 'Magento_Customer::manage' },
    );
    const meA = await backend.call('GET', '/rest/V1/customers/me', { token: a.token });
    expect(meA.body).toMatchObject({ email: a.email, firstname: 'Robin', lastname: 'Hale' });
    const meB = await backend.call('GET', '/rest/V1/customers/me', { token: b.token });
    expect(meB.body).toMatchObject({ email: b.email, firstname: 'Robin', lastname: 'Hale' });
    // B can still sign in with B's own address, A with A's.
    for (const customer of [a, b]) {
      const token = await backend.call('POST', '/rest/V1/integration/customer/token', {
        body: { username: customer.email, password: customer.password },
      });
      expect(token.status).toBe(200);
    }
  });

  it('assigning a guest cart with another customerId is the 400 wrong-customer error and changes nothing', async () => {
    const product = await pickProduct(backend);
    const a = await backend.newCustomer();
    const b = await backend.newCustomer();
    const cartId = await guestCartWithItem(product.sku);
    const reply = await backend.call('PUT', `/rest/V1/guest-carts/${cartId}`, {
      token: b.token,
      body: { customerId: a.id, storeId: 1 },
    });
    expectFixtureError(reply, 'error-400-assign-customer-wrong-customer.json');
    const still = await backend.call('GET', `/rest/V1/guest-carts/${cartId}`);
    expect(still.status).toBe(200);
    expect(still.body.customer).toEqual({ email: null, firstname: null, lastname: null });
    expect(still.body.customer_is_guest).toBe(true);
    for (const customer of [a, b]) {
      expect((await backend.call('GET', '/rest/V1/carts/mine', { token: customer.token })).status).toBe(404);
    }
  });

  it('assigning without a customer token is the self 401', async () => {
    const product = await pickProduct(backend);
    const a = await backend.newCustomer();
    const cartId = await guestCartWithItem(product.sku);
    expectFixtureError(
      await backend.call('PUT', `/rest/V1/guest-carts/${cartId}`, { body: { customerId: a.id, storeId: 1 } }),
      'error-401-unauthorized-self.json',
    );
    expectFixtureError(
      await backend.call('PUT', `/rest/V1/guest-carts/${cartId}`, {
        token: INTEGRATION_TOKEN,
        body: { customerId: a.id, storeId: 1 },
      }),
      'error-401-unauthorized-self.json',
    );
    expect((await backend.call('GET', `/rest/V1/guest-carts/${cartId}`)).status).toBe(200);
  });

  it('an assigned cart loses its masked id: assigning it again, by anyone, is a 404', async () => {
    const product = await pickProduct(backend);
    const a = await backend.newCustomer();
    const b = await backend.newCustomer();
    const cartId = await guestCartWithItem(product.sku);
    const assigned = await backend.call('PUT', `/rest/V1/guest-carts/${cartId}`, {
      token: a.token,
      body: { customerId: a.id, storeId: 1 },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toBe(true);

    for (const customer of [a, b]) {
      expectFixtureError(
        await backend.call('PUT', `/rest/V1/guest-carts/${cartId}`, {
          token: customer.token,
          body: { customerId: customer.id, storeId: 1 },
        }),
        'error-404-guest-cart-not-found.json',
      );
    }
    expectFixtureError(
      await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
        body: { cartItem: { sku: product.sku, qty: 1 } },
      }),
      'error-404-guest-cart-not-found.json',
    );
    const mineA = await backend.call('GET', '/rest/V1/carts/mine', { token: a.token });
    expect(mineA.body.items_qty).toBe(1);
    expect((await backend.call('GET', '/rest/V1/carts/mine', { token: b.token })).status).toBe(404);
  });
});

describe('sign-in lock', () => {
  it('after six wrong passwords even the right one gets the same 401, for that account only', async () => {
    const victim = await backend.newCustomer();
    const bystander = await backend.newCustomer();
    for (let attempt = 0; attempt < 6; attempt++) {
      const wrong = await backend.call('POST', '/rest/V1/integration/customer/token', {
        body: { username: victim.email, password: `Wrong-${attempt}!x` },
      });
      expectFixtureError(wrong, 'error-401-token-invalid-credentials.json');
    }
    const right = await backend.call('POST', '/rest/V1/integration/customer/token', {
      body: { username: victim.email, password: victim.password },
    });
    expectFixtureError(right, 'error-401-token-invalid-credentials.json');
    // The token issued before the lock still works; another account is unaffected.
    expect((await backend.call('GET', '/rest/V1/customers/me', { token: victim.token })).status).toBe(200);
    const other = await backend.call('POST', '/rest/V1/integration/customer/token', {
      body: { username: bystander.email, password: bystander.password },
    });
    expect(other.status).toBe(200);
  });

  it('five wrong passwords do not lock the account', async () => {
    const customer = await backend.newCustomer();
    for (let attempt = 0; attempt < 5; attempt++) {
      await backend.call('POST', '/rest/V1/integration/customer/token', {
        body: { username: customer.email, password: 'Not-The-One1' },
      });
    }
    const right = await backend.call('POST', '/rest/V1/integration/customer/token', {
      body: { username: customer.email, password: customer.password },
    });
    expect(right.status).toBe(200);
    expect(right.body).toMatch(/^\S{32,}$/);
  });
});

describe('revoking a customer token (sign-out)', () => {
  const revoke = (token?: string) =>
    backend.call('POST', '/rest/V1/integration/customer/revoke-customer-token', token ? { token } : {});

  it('ends every token of that customer at once, answers true, and leaves other customers signed in', async () => {
    const customer = await backend.newCustomer();
    const bystander = await backend.newCustomer();
    const second = (
      await backend.call('POST', '/rest/V1/integration/customer/token', {
        body: { username: customer.email, password: customer.password },
      })
    ).body as string;
    const revoked = await revoke(customer.token);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toBe(true);
    for (const token of [customer.token, second]) {
      expectFixtureError(
        await backend.call('GET', '/rest/V1/customers/me', { token }),
        'error-401-unauthorized-self.json',
      );
      expectFixtureError(
        await backend.call('POST', '/rest/V1/carts/mine', { token }),
        'error-401-unauthorized-self.json',
      );
    }
    expect((await backend.call('GET', '/rest/V1/customers/me', { token: bystander.token })).status).toBe(200);
  });

  it('is a self route: a guest, or a token already revoked, gets the 401', async () => {
    expectFixtureError(await revoke(), 'error-401-unauthorized-self.json');
    const customer = await backend.newCustomer();
    await revoke(customer.token);
    expectFixtureError(await revoke(customer.token), 'error-401-unauthorized-self.json');
  });
});

describe('token expiry', () => {
  let shortLived: TestBackend;

  beforeAll(async () => {
    shortLived = await startTestBackend({ tokenLifetimes: { customer: 1, admin: 1 } });
  });
  afterAll(() => shortLived.stop());

  it('an expired customer or admin token acts as a guest; the integration token does not expire', async () => {
    const customer = await shortLived.newCustomer();
    await atStartOfSecond();
    const customerToken = (
      await shortLived.call('POST', '/rest/V1/integration/customer/token', {
        body: { username: customer.email, password: customer.password },
      })
    ).body as string;
    const admin = await adminToken(shortLived);
    expect((await shortLived.call('GET', '/rest/V1/customers/me', { token: customerToken })).status).toBe(
      200,
    );
    expect((await shortLived.call('GET', PRODUCTS, { token: admin })).status).toBe(200);

    await sleep(1200);

    expectFixtureError(
      await shortLived.call('GET', '/rest/V1/customers/me', { token: customerToken }),
      'error-401-unauthorized-self.json',
    );
    expectFixtureError(
      await shortLived.call('POST', '/rest/V1/carts/mine', { token: customerToken }),
      'error-401-unauthorized-self.json',
    );
    expectFixtureError(
      await shortLived.call('GET', PRODUCTS, { token: admin }),
      'error-401-unauthorized-catalog-products.json',
    );
    // Still fine as a guest on anonymous routes.
    const guest = await shortLived.call('POST', '/rest/V1/guest-carts', { token: customerToken });
    expect(guest.status).toBe(200);
    expect(guest.body).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((await shortLived.call('GET', PRODUCTS, { token: INTEGRATION_TOKEN })).status).toBe(200);
    // Signing in again gives a fresh, working token.
    await atStartOfSecond();
    const fresh = await shortLived.call('POST', '/rest/V1/integration/customer/token', {
      body: { username: customer.email, password: customer.password },
    });
    expect(fresh.body).not.toBe(customerToken);
    expect(
      (await shortLived.call('GET', '/rest/V1/customers/me', { token: fresh.body as string })).status,
    ).toBe(200);
  });
});
