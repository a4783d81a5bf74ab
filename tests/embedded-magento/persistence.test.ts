/**
 * The SQLite file is the back end's only state: after a restart on the same folder, customers, carts,
 * orders, tokens and admin catalogue edits are all still there, the catalogue is not seeded again, and
 * passwords were never stored in clear.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { SHIPPING_INFORMATION, sellableProducts } from './helpers.ts';

interface Before {
  customer: { email: string; password: string; token: string; id: number };
  guestCartId: string;
  guestItems: { sku: string; qty: number }[];
  customerCartId: number;
  orderId: string;
  order: { increment_id: string; grand_total: number; customer_email: string; items: { sku: string }[] };
  productCount: number;
  edited: { sku: string; price: number; name: string };
  ordered: { sku: string; qtyAfterOrder: number };
}

const dir = mkdtempSync(join(tmpdir(), 'magento-persist-'));
let before: Before;
let restarted: TestBackend;

/** Every file SQLite keeps for the database (main file, and WAL/SHM if they survive the close). */
const databaseBytes = (): Buffer =>
  Buffer.concat(
    readdirSync(dir)
      .filter((name) => name.startsWith('magento.sqlite'))
      .map((name) => readFileSync(join(dir, name))),
  );

beforeAll(async () => {
  const first = await startTestBackend({}, dir);
  try {
    const products = await sellableProducts(first, 5);
    const [forGuest, forOrder, toEdit] = products as [
      (typeof products)[0],
      (typeof products)[0],
      (typeof products)[0],
    ];
    const customer = await first.newCustomer();

    // A guest cart left with items.
    const guestCartId = (await first.call('POST', '/rest/V1/guest-carts')).body as string;
    await first.call('POST', `/rest/V1/guest-carts/${guestCartId}/items`, {
      body: { cartItem: { sku: forGuest.sku, qty: 2 } },
    });
    await first.call('POST', `/rest/V1/guest-carts/${guestCartId}/items`, {
      body: { cartItem: { sku: forOrder.sku, qty: 1 } },
    });

    // A customer order, then a new customer cart with an item.
    const token = customer.token;
    await first.call('POST', '/rest/V1/carts/mine', { token });
    await first.call('POST', '/rest/V1/carts/mine/items', {
      token,
      body: { cartItem: { sku: forOrder.sku, qty: 3 } },
    });
    await first.call('POST', '/rest/V1/carts/mine/shipping-information', {
      token,
      body: SHIPPING_INFORMATION,
    });
    const placed = await first.call('POST', '/rest/V1/carts/mine/payment-information', {
      token,
      body: { paymentMethod: { method: 'checkmo' } },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = String(placed.body);
    const order = (await first.call('GET', `/rest/V1/orders/${orderId}`, { token: INTEGRATION_TOKEN })).body;
    const customerCartId = (await first.call('POST', '/rest/V1/carts/mine', { token })).body as number;
    await first.call('POST', '/rest/V1/carts/mine/items', {
      token,
      body: { cartItem: { sku: forGuest.sku, qty: 1 } },
    });

    // An editor's change to the catalogue.
    const edited = {
      sku: toEdit.sku,
      price: Math.round(toEdit.price * 100 + 1234) / 100,
      name: `${toEdit.name} (restyled)`,
    };
    const saved = await first.call('PUT', `/rest/V1/products/${encodeURIComponent(edited.sku)}`, {
      token: INTEGRATION_TOKEN,
      body: { product: { sku: edited.sku, price: edited.price, name: edited.name } },
    });
    expect(saved.status).toBe(200);

    const count = await first.call('GET', '/rest/V1/products?searchCriteria[pageSize]=1', {
      token: INTEGRATION_TOKEN,
    });
    const orderedProduct = await first.call('GET', `/rest/V1/products/${encodeURIComponent(forOrder.sku)}`, {
      token: INTEGRATION_TOKEN,
    });
    const guestItems = (
      (await first.call('GET', `/rest/V1/guest-carts/${guestCartId}/items`)).body as {
        sku: string;
        qty: number;
      }[]
    ).map(({ sku, qty }) => ({ sku, qty }));

    before = {
      customer,
      guestCartId,
      guestItems,
      customerCartId,
      orderId,
      order,
      productCount: count.body.total_count as number,
      edited,
      ordered: {
        sku: forOrder.sku,
        qtyAfterOrder: orderedProduct.body.extension_attributes.stock_item.qty as number,
      },
    };
    expect(before.ordered.qtyAfterOrder).toBe(forOrder.qty - 3);
  } finally {
    await first.stop();
  }
  // A different catalogue configuration: if the data were seeded again, the products would differ.
  restarted = await startTestBackend({ catalogue: { seed: 99, productCount: 30, brand: 'Otherbrand' } }, dir);
});

afterAll(async () => {
  await restarted?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('after a restart on the same folder', () => {
  it('the customer can still sign in, and the old token still works', async () => {
    const signIn = await restarted.call('POST', '/rest/V1/integration/customer/token', {
      body: { username: before.customer.email, password: before.customer.password },
    });
    expect(signIn.status).toBe(200);
    const me = await restarted.call('GET', '/rest/V1/customers/me', { token: signIn.body as string });
    expect(me.body).toMatchObject({ id: before.customer.id, email: before.customer.email });
    expect(me.body.addresses).toHaveLength(1);
    const old = await restarted.call('GET', '/rest/V1/customers/me', { token: before.customer.token });
    expect(old.status).toBe(200);
    expect(old.body.id).toBe(before.customer.id);
    const wrong = await restarted.call('POST', '/rest/V1/integration/customer/token', {
      body: { username: before.customer.email, password: 'Not-the-password1' },
    });
    expect(wrong.status).toBe(401);
  });

  it('the admin still signs in with the configured password', async () => {
    const reply = await restarted.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN });
    expect(reply.status).toBe(200);
  });

  it('the guest cart still has its items', async () => {
    const cart = await restarted.call('GET', `/rest/V1/guest-carts/${before.guestCartId}`);
    expect(cart.status).toBe(200);
    expect((cart.body.items as { sku: string; qty: number }[]).map(({ sku, qty }) => ({ sku, qty }))).toEqual(
      before.guestItems,
    );
    expect(before.guestItems).toHaveLength(2);
  });

  it("the customer's active cart is still theirs", async () => {
    const cart = await restarted.call('GET', '/rest/V1/carts/mine', { token: before.customer.token });
    expect(cart.status).toBe(200);
    expect(cart.body.id).toBe(before.customerCartId);
    expect(cart.body.items).toHaveLength(1);
    const again = await restarted.call('POST', '/rest/V1/carts/mine', { token: before.customer.token });
    expect(again.body).toBe(before.customerCartId);
  });

  it('the order is readable and unchanged', async () => {
    const order = await restarted.call('GET', `/rest/V1/orders/${before.orderId}`, {
      token: INTEGRATION_TOKEN,
    });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({
      increment_id: before.order.increment_id,
      grand_total: before.order.grand_total,
      customer_email: before.customer.email,
    });
    expect((order.body.items as { sku: string }[]).map((i) => i.sku)).toEqual(
      before.order.items.map((i) => i.sku),
    );
  });

  it('the catalogue was not seeded again: same count, admin edits and stock changes kept', async () => {
    const count = await restarted.call('GET', '/rest/V1/products?searchCriteria[pageSize]=1', {
      token: INTEGRATION_TOKEN,
    });
    expect(count.body.total_count).toBe(before.productCount);
    const edited = await restarted.call('GET', `/rest/V1/products/${encodeURIComponent(before.edited.sku)}`, {
      token: INTEGRATION_TOKEN,
    });
    expect(edited.body).toMatchObject({ price: before.edited.price, name: before.edited.name });
    const ordered = await restarted.call(
      'GET',
      `/rest/V1/products/${encodeURIComponent(before.ordered.sku)}`,
      {
        token: INTEGRATION_TOKEN,
      },
    );
    expect(ordered.body.extension_attributes.stock_item.qty).toBe(before.ordered.qtyAfterOrder);
    const brand = await restarted.call(
      'GET',
      '/rest/V1/products?searchCriteria[filterGroups][0][filters][0][field]=name&searchCriteria[filterGroups][0][filters][0][value]=%25Otherbrand%25&searchCriteria[filterGroups][0][filters][0][conditionType]=like',
      { token: INTEGRATION_TOKEN },
    );
    expect(brand.body.total_count).toBe(0);
  });

  it('new orders continue the numbering without clashing', async () => {
    const [product] = await sellableProducts(restarted, 1);
    if (!product) throw new Error('nothing in stock');
    const cartId = (await restarted.call('POST', '/rest/V1/guest-carts')).body as string;
    await restarted.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      body: { cartItem: { sku: product.sku, qty: 1 } },
    });
    await restarted.call('POST', `/rest/V1/guest-carts/${cartId}/shipping-information`, {
      body: SHIPPING_INFORMATION,
    });
    const placed = await restarted.call('POST', `/rest/V1/guest-carts/${cartId}/payment-information`, {
      body: { email: 'after.restart@example.com', paymentMethod: { method: 'checkmo' } },
    });
    expect(placed.status).toBe(200);
    expect(Number(placed.body)).toBeGreaterThan(Number(before.orderId));
    const order = await restarted.call('GET', `/rest/V1/orders/${String(placed.body)}`, {
      token: INTEGRATION_TOKEN,
    });
    expect(order.body.increment_id).not.toBe(before.order.increment_id);
  });
});

describe('the database file', () => {
  it('holds no password in clear (the e-mail address is there, so the bytes are readable)', () => {
    const bytes = databaseBytes();
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.includes(Buffer.from(before.customer.email))).toBe(true);
    for (const secret of [before.customer.password, ADMIN.password]) {
      expect(bytes.includes(Buffer.from(secret)), secret).toBe(false);
      expect(bytes.includes(Buffer.from(secret, 'utf16le')), secret).toBe(false);
      expect(bytes.includes(Buffer.from(Buffer.from(secret).toString('base64'))), secret).toBe(false);
    }
  });
});
