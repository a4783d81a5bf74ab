/**
 * Parallel requests against one cart (a shopper double-clicking, several tabs, a flaky network retrying):
 * adds of the same sku merge into one line, stock is never oversold, and a customer only ever has one
 * active cart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type Reply, type TestBackend } from '../support/backend.ts';
import { expectFixtureError, sellableProducts, setStock, type ProductSummary } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

/**
 * `count` distinct sellable products with at least `minQty` in stock, starting at `offset` in the
 * catalogue so the tests of this file use different products; stock is raised by an admin save if needed.
 */
async function productsWithStock(count: number, minQty: number, offset: number): Promise<ProductSummary[]> {
  const candidates = (await sellableProducts(backend)).slice(offset, offset + count);
  expect(candidates).toHaveLength(count);
  for (const product of candidates) {
    if (product.qty < minQty) {
      await setStock(backend, product.sku, minQty);
      product.qty = minQty;
    }
  }
  return candidates;
}

const newGuestCart = async (): Promise<string> =>
  (await backend.call('POST', '/rest/V1/guest-carts')).body as string;

const addToGuestCart = (cartId: string, sku: string, qty: number): Promise<Reply> =>
  backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, { body: { cartItem: { sku, qty } } });

describe('parallel adds to one guest cart', () => {
  it('50 parallel adds of the same sku make exactly one line with qty 50', async () => {
    const [product] = (await productsWithStock(1, 50, 0)) as [ProductSummary];
    const cartId = await newGuestCart();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => addToGuestCart(cartId, product.sku, 1)),
    );
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 200));
    // Every reply names the same line, and the quantities they report are 1..50, each exactly once.
    expect(new Set(replies.map((r) => r.body.item_id as number)).size).toBe(1);
    expect(replies.map((r) => r.body.qty as number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    const cart = await backend.call('GET', `/rest/V1/guest-carts/${cartId}`);
    expect(cart.body.items).toHaveLength(1);
    expect(cart.body.items[0]).toMatchObject({ sku: product.sku, qty: 50 });
    expect(cart.body.items_count).toBe(1);
    expect(cart.body.items_qty).toBe(50);
    const totals = await backend.call('GET', `/rest/V1/guest-carts/${cartId}/totals`);
    expect(totals.body.subtotal_incl_tax).toBeCloseTo(product.price * 50, 2);
  });

  it('50 parallel adds of 5 different skus make 5 lines with the right quantities', async () => {
    const products = await productsWithStock(5, 50, 1);
    const cartId = await newGuestCart();
    // Product i is added 10 times with qty i + 1: expected totals 10, 20, 30, 40, 50.
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, k) => {
        const index = k % 5;
        const product = products[index] as ProductSummary;
        return addToGuestCart(cartId, product.sku, index + 1);
      }),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const items = (await backend.call('GET', `/rest/V1/guest-carts/${cartId}/items`)).body as {
      sku: string;
      qty: number;
    }[];
    expect(items).toHaveLength(5);
    const bySku = new Map(items.map((item) => [item.sku, item.qty]));
    products.forEach((product, index) => expect(bySku.get(product.sku), product.sku).toBe(10 * (index + 1)));
  });

  it('parallel adds beyond the stock: successes and failures add up and the line never exceeds stock', async () => {
    const [product] = (await sellableProducts(backend)).slice(10, 11) as [ProductSummary];
    await setStock(backend, product.sku, 10);
    const cartId = await newGuestCart();
    const replies = await Promise.all(
      Array.from({ length: 25 }, () => addToGuestCart(cartId, product.sku, 1)),
    );
    const ok = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(15);
    for (const reply of refused) expectFixtureError(reply, 'error-400-qty-not-available.json');
    const items = (await backend.call('GET', `/rest/V1/guest-carts/${cartId}/items`)).body as {
      qty: number;
    }[];
    expect(items).toEqual([expect.objectContaining({ sku: product.sku, qty: 10 })]);
  });

  it('parallel adds with mixed quantities never exceed the stock', async () => {
    const [product] = (await sellableProducts(backend)).slice(11, 12) as [ProductSummary];
    await setStock(backend, product.sku, 17);
    const cartId = await newGuestCart();
    const quantities = Array.from({ length: 30 }, (_, i) => (i % 4) + 1);
    const replies = await Promise.all(quantities.map((qty) => addToGuestCart(cartId, product.sku, qty)));
    const accepted = quantities
      .filter((_, i) => replies[i]?.status === 200)
      .reduce((sum, qty) => sum + qty, 0);
    for (const reply of replies.filter((r) => r.status !== 200)) {
      expectFixtureError(reply, 'error-400-qty-not-available.json');
    }
    const items = (await backend.call('GET', `/rest/V1/guest-carts/${cartId}/items`)).body as {
      qty: number;
    }[];
    expect(items).toHaveLength(1);
    expect(items[0]?.qty).toBe(accepted);
    expect(accepted).toBeLessThanOrEqual(17);
    // Each refusal was right: lines only grow, so a refused qty cannot fit even on top of the final line.
    const refused = quantities.filter((_, i) => replies[i]?.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const qty of refused) expect(accepted + qty).toBeGreaterThan(17);
  });

  it('parallel updates and deletes of one line leave a consistent cart', async () => {
    const [product] = (await productsWithStock(1, 50, 12)) as [ProductSummary];
    const cartId = await newGuestCart();
    const line = await addToGuestCart(cartId, product.sku, 1);
    const itemId = line.body.item_id as number;
    const updates = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        backend.call('PUT', `/rest/V1/guest-carts/${cartId}/items/${itemId}`, {
          body: { cartItem: { qty: i + 1 } },
        }),
      ),
    );
    expect(updates.every((r) => r.status === 200)).toBe(true);
    const after = (await backend.call('GET', `/rest/V1/guest-carts/${cartId}/items`)).body as {
      qty: number;
    }[];
    expect(after).toHaveLength(1);
    expect(updates.map((r) => r.body.qty as number)).toContain(after[0]?.qty);
    const deletes = await Promise.all(
      Array.from({ length: 5 }, () =>
        backend.call('DELETE', `/rest/V1/guest-carts/${cartId}/items/${itemId}`),
      ),
    );
    expect(deletes.filter((r) => r.status === 200)).toHaveLength(1);
    for (const reply of deletes.filter((r) => r.status !== 200)) {
      const quoteId = String(line.body.quote_id);
      expectFixtureError(reply, 'error-404-cart-item-not-found.json', [quoteId, itemId]);
    }
    expect((await backend.call('GET', `/rest/V1/guest-carts/${cartId}/items`)).body).toEqual([]);
  });
});

describe('parallel cart creation', () => {
  it('20 parallel POST carts/mine for one customer give one cart id', async () => {
    const customer = await backend.newCustomer();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        backend.call('POST', '/rest/V1/carts/mine', { token: customer.token }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const ids = new Set(replies.map((r) => r.body as number));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(typeof id).toBe('number');
    const cart = await backend.call('GET', '/rest/V1/carts/mine', { token: customer.token });
    expect(cart.body.id).toBe(id);
  });

  it('parallel adds to carts/mine for one customer land in the one cart', async () => {
    const [product] = (await productsWithStock(1, 50, 13)) as [ProductSummary];
    const customer = await backend.newCustomer();
    await backend.call('POST', '/rest/V1/carts/mine', { token: customer.token });
    const replies = await Promise.all(
      Array.from({ length: 30 }, () =>
        backend.call('POST', '/rest/V1/carts/mine/items', {
          token: customer.token,
          body: { cartItem: { sku: product.sku, qty: 1 } },
        }),
      ),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const cart = await backend.call('GET', '/rest/V1/carts/mine', { token: customer.token });
    expect(cart.body.items).toEqual([expect.objectContaining({ sku: product.sku, qty: 30 })]);
  });

  it('50 parallel POST guest-carts give 50 distinct, working cart ids', async () => {
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => backend.call('POST', '/rest/V1/guest-carts')),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const ids = replies.map((r) => r.body as string);
    expect(new Set(ids).size).toBe(50);
    const quoteIds = await Promise.all(
      ids.map(async (id) => (await backend.call('GET', `/rest/V1/guest-carts/${id}`)).body.id as number),
    );
    expect(new Set(quoteIds).size).toBe(50);
  });
});
