/**
 * `addWishlistItemsToCart` (WISHLIST.md §4.4): items move into the customer's active cart through the same
 * rules as `POST /V1/carts/mine/items`, leave the list when they went in, and stay with Quote's error code
 * when they did not. The cart is then read back over REST, as the storefront's basket reads it. Also: a
 * product deleted through the admin API takes its wish-list rows along.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRow } from '@cleaning-shop/embedded-magento/db.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { setStock } from './helpers.ts';
import { addToWishlist, createProduct, expectData, gql, readWishlist } from './graphql-helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const TO_CART = `mutation ToCart($id: ID!, $ids: [ID!]) {
  addWishlistItemsToCart(wishlistId: $id, wishlistItemIds: $ids) {
    status
    add_wishlist_items_to_cart_user_errors { code message wishlistId wishlistItemId }
    wishlist { id items_count items_v2 { items { id quantity product { sku } } } }
  }
}`;

interface ToCartOutput {
  status: boolean;
  add_wishlist_items_to_cart_user_errors: {
    code: string;
    message: string;
    wishlistId: string;
    wishlistItemId: string;
  }[];
  wishlist: {
    id: string;
    items_count: number;
    items_v2: { items: { id: string; quantity: number; product: { sku: string } }[] };
  };
}

async function toCart(token: string, wishlistId: string, ids?: string[]): Promise<ToCartOutput> {
  const variables = ids === undefined ? { id: wishlistId } : { id: wishlistId, ids };
  return expectData(await gql(backend, TO_CART, { token, variables })).addWishlistItemsToCart;
}

/** The customer's cart lines over REST (`GET /V1/carts/mine`), as sku → qty. */
async function cartLines(token: string): Promise<Record<string, number>> {
  const reply = await backend.call('GET', '/rest/V1/carts/mine', { token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return Object.fromEntries(
    (reply.body.items as { sku: string; qty: number }[]).map((line) => [line.sku, line.qty]),
  );
}

/** A customer with a list holding each product at the given quantity; the list's id and item ids by sku. */
async function listOf(products: readonly { sku: string; quantity: number }[]) {
  const customer = await backend.newCustomer();
  const added = await addToWishlist(backend, customer.token, products);
  expect(added.user_errors).toEqual([]);
  const itemIds = Object.fromEntries(
    added.wishlist.items_v2.items.map((item) => [item.product?.sku, item.id]),
  );
  return { ...customer, wishlistId: added.wishlist.id, itemIds };
}

describe('addWishlistItemsToCart', () => {
  it('moves every item into a cart it creates, emptying the list', async () => {
    const [a, b] = [await createProduct(backend), await createProduct(backend)];
    const { token, wishlistId } = await listOf([
      { sku: a.sku, quantity: 2 },
      { sku: b.sku, quantity: 1 },
    ]);
    expect((await backend.call('GET', '/rest/V1/carts/mine', { token })).status).toBe(404);
    const output = await toCart(token, wishlistId);
    expect(output).toEqual({
      status: true,
      add_wishlist_items_to_cart_user_errors: [],
      wishlist: { id: wishlistId, items_count: 0, items_v2: { items: [] } },
    });
    expect(await cartLines(token)).toEqual({ [a.sku]: 2, [b.sku]: 1 });
  });

  it('moves only the items named, into the cart the customer already has', async () => {
    const [a, b, c] = [
      await createProduct(backend),
      await createProduct(backend),
      await createProduct(backend),
    ];
    const { token, wishlistId, itemIds } = await listOf([a, b, c].map(({ sku }) => ({ sku, quantity: 1 })));
    const cartId = (await backend.call('POST', '/rest/V1/carts/mine', { token })).body as number;
    await backend.call('POST', '/rest/V1/carts/mine/items', {
      token,
      body: { cartItem: { sku: a.sku, qty: 2 } },
    });
    const output = await toCart(token, wishlistId, [itemIds[a.sku] ?? '', itemIds[c.sku] ?? '']);
    expect(output.status).toBe(true);
    expect(output.wishlist.items_v2.items.map((item) => item.product.sku)).toEqual([b.sku]);
    // The same cart, its line for `a` topped up as a second add to cart would.
    expect((await backend.call('GET', '/rest/V1/carts/mine', { token })).body.id).toBe(cartId);
    expect(await cartLines(token)).toEqual({ [a.sku]: 3, [c.sku]: 1 });
  });

  it('refuses the whole call for item ids not in the list, moving nothing', async () => {
    const a = await createProduct(backend);
    const { token, wishlistId, itemIds } = await listOf([{ sku: a.sku, quantity: 1 }]);
    const reply = await gql(backend, TO_CART, {
      token,
      variables: { id: wishlistId, ids: [itemIds[a.sku], '999999', '999998'] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      errors: [
        {
          message: 'The wishlist item ids "999999,999998" were not found.',
          locations: [{ line: 2, column: 3 }],
          path: ['addWishlistItemsToCart'],
          extensions: { category: 'graphql-input' },
        },
      ],
      data: { addWishlistItemsToCart: null },
    });
    expect((await readWishlist(backend, token)).items_count).toBe(1);
  });

  it('keeps an item the cart refuses, with Quote’s code, and moves the others', async () => {
    const [soldOut, tooFew, good] = [
      await createProduct(backend),
      await createProduct(backend, { qty: 3 }),
      await createProduct(backend),
    ];
    const { token, wishlistId, itemIds } = await listOf([
      { sku: soldOut.sku, quantity: 1 },
      { sku: tooFew.sku, quantity: 5 },
      { sku: good.sku, quantity: 2 },
    ]);
    await setStock(backend, soldOut.sku, 0);
    const output = await toCart(token, wishlistId);
    expect(output.status).toBe(false);
    expect(output.add_wishlist_items_to_cart_user_errors).toEqual([
      {
        code: 'INSUFFICIENT_STOCK',
        message: 'The requested qty is not available',
        wishlistId,
        wishlistItemId: itemIds[soldOut.sku],
      },
      {
        code: 'INSUFFICIENT_STOCK',
        message: 'The requested qty is not available',
        wishlistId,
        wishlistItemId: itemIds[tooFew.sku],
      },
    ]);
    expect(output.wishlist.items_v2.items.map((item) => [item.product.sku, item.quantity])).toEqual([
      [soldOut.sku, 1],
      [tooFew.sku, 5],
    ]);
    expect(await cartLines(token)).toEqual({ [good.sku]: 2 });
  });

  it('reports any other refusal of the cart as UNDEFINED (a fraction of a whole-unit product)', async () => {
    const product = await createProduct(backend);
    const { token, wishlistId, itemIds } = await listOf([{ sku: product.sku, quantity: 1.5 }]);
    const output = await toCart(token, wishlistId);
    // REST's rule for a product without decimal quantities, which Quote's mapping leaves UNDEFINED.
    expect(output.add_wishlist_items_to_cart_user_errors).toEqual([
      {
        code: 'UNDEFINED',
        message: 'You cannot use decimal quantity for this product.',
        wishlistId,
        wishlistItemId: itemIds[product.sku],
      },
    ]);
    expect(output.wishlist.items_count).toBe(1);
  });

  it('needs a list id: "0" is refused, and another customer’s list is not found', async () => {
    const product = await createProduct(backend);
    const owner = await listOf([{ sku: product.sku, quantity: 1 }]);
    const other = await backend.newCustomer();
    const zero = await gql(backend, TO_CART, { token: other.token, variables: { id: '0' } });
    expect(zero.status).toBe(200);
    expect(zero.body.errors).toEqual([
      expect.objectContaining({
        message: '"wishlistId" value should be specified',
        extensions: { category: 'graphql-input' },
      }),
    ]);
    const foreign = await gql(backend, TO_CART, { token: other.token, variables: { id: owner.wishlistId } });
    expect(foreign.status).toBe(200);
    expect(foreign.body.errors).toEqual([
      expect.objectContaining({
        message: 'The wishlist was not found.',
        extensions: { category: 'graphql-input' },
      }),
    ]);
    expect(foreign.body.data).toEqual({ addWishlistItemsToCart: null });
    expect((await readWishlist(backend, owner.token)).items_count).toBe(1);
    expect((await backend.call('GET', '/rest/V1/carts/mine', { token: other.token })).status).toBe(404);
  });
});

describe('a product deleted through the admin API', () => {
  it('takes its wish-list rows with it', async () => {
    const [gone, kept] = [await createProduct(backend), await createProduct(backend)];
    const { token, itemIds } = await listOf([gone, kept].map(({ sku }) => ({ sku, quantity: 1 })));
    const deleted = await backend.call('DELETE', `/rest/V1/products/${encodeURIComponent(gone.sku)}`, {
      token: INTEGRATION_TOKEN,
    });
    expect(deleted.body).toBe(true);
    const list = await readWishlist(backend, token);
    expect(list.items_v2.items.map((item) => item.product?.sku)).toEqual([kept.sku]);
    const rows = backend.db.get(
      countRow,
      'SELECT COUNT(*) AS n FROM wishlist_item WHERE wishlist_item_id = ?',
      Number(itemIds[gone.sku]),
    );
    expect(rows?.n).toBe(0);
  });
});
