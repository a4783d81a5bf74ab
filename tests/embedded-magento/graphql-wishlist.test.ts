/**
 * The wish list through `/graphql` as a storefront uses it (WISHLIST.md §2–§4): reading (created lazily,
 * ids as strings, paging), adding (replace on re-add, per-line errors), removing and clearing. Every test
 * signs up its own customer and makes the products it changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { sleep } from './helpers.ts';
import {
  ADD_MUTATION,
  addToWishlist,
  createProduct,
  expectData,
  gql,
  readWishlist,
  updateProduct,
  WISHLIST_SELECTION,
  type MutationOutput,
} from './graphql-helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const UTC_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const REMOVE = `mutation Rm($id: ID!, $ids: [ID!]!) {
  removeProductsFromWishlist(wishlistId: $id, wishlistItemsIds: $ids) {
    wishlist { ${WISHLIST_SELECTION} } user_errors { code message }
  }
}`;

const CLEAR = `mutation Clear($id: ID!) {
  clearWishlist(wishlistId: $id) { wishlist { ${WISHLIST_SELECTION} } user_errors { code message } }
}`;

async function remove(token: string, wishlistId: string, ids: string[]): Promise<MutationOutput> {
  const data = expectData(await gql(backend, REMOVE, { token, variables: { id: wishlistId, ids } }));
  return data.removeProductsFromWishlist;
}

/** Waits into the next wall-clock second, so a changed `updated_at` (second-granular) shows. */
const nextSecond = (): Promise<void> => sleep(1000 - (Date.now() % 1000) + 20);

describe('reading the wish list', () => {
  it('creates the one list on first read: string id, 32-character sharing code, empty, UTC time', async () => {
    const { token } = await backend.newCustomer();
    const list = await readWishlist(backend, token);
    expect(list.id).toMatch(/^[1-9]\d*$/);
    expect(list.sharing_code).toMatch(/^[0-9a-z]{32}$/i);
    expect(list.updated_at).toMatch(UTC_DATE);
    expect(Math.abs(Date.parse(`${list.updated_at}Z`) - Date.now())).toBeLessThan(60_000);
    expect(list.items_count).toBe(0);
    expect(list.items_v2).toEqual({
      items: [],
      page_info: { current_page: 1, page_size: 20, total_pages: 1 },
    });
    // A second read finds the same list, not a new one; the deprecated fields agree.
    expect(await readWishlist(backend, token)).toEqual(list);
    const data = expectData(
      await gql(
        backend,
        `{ customer { wishlist { id sharing_code } wishlist_v2(id: "${list.id}") { id items_count } }
           wishlist { sharing_code items_count name updated_at } }`,
        { token },
      ),
    );
    expect(data).toEqual({
      customer: {
        wishlist: { id: list.id, sharing_code: list.sharing_code },
        wishlist_v2: { id: list.id, items_count: 0 },
      },
      wishlist: { sharing_code: list.sharing_code, items_count: 0, name: null, updated_at: list.updated_at },
    });
  });

  it('answers items with string ids, float quantities and the product a wish-list page shows', async () => {
    const { token } = await backend.newCustomer();
    const seeded = await pickProduct(backend);
    await addToWishlist(backend, token, [{ sku: seeded.sku, quantity: 1.5 }]);
    const data = expectData(
      await gql(
        backend,
        `{ customer { wishlists { items_v2 { items { __typename id quantity description added_at customizable_options { label }
             product { __typename uid id sku name url_key url_suffix stock_status only_x_left_in_stock
               small_image { url label } thumbnail { url label }
               price_range { minimum_price { regular_price { value currency } final_price { value currency } }
                             maximum_price { final_price { value currency } } } } } } } } }`,
        { token },
      ),
    );
    const [item] = data.customer.wishlists[0].items_v2.items;
    expect(item).toMatchObject({
      __typename: 'SimpleWishlistItem',
      quantity: 1.5,
      description: null,
      customizable_options: [],
    });
    expect(item.id).toMatch(/^[1-9]\d*$/);
    expect(item.added_at).toMatch(UTC_DATE);
    const { product } = item;
    expect(product).toMatchObject({
      __typename: 'SimpleProduct',
      sku: seeded.sku,
      name: seeded.name,
      url_suffix: '',
    });
    expect(product.uid).toBe(Buffer.from(String(product.id)).toString('base64'));
    expect(product.url_key).toMatch(/^[a-z0-9-]+$/);
    expect(product.stock_status).toBe('IN_STOCK');
    expect(product.only_x_left_in_stock).toBeNull();
    const money = { value: seeded.price, currency: 'GBP' };
    expect(product.price_range).toEqual({
      minimum_price: { regular_price: money, final_price: money },
      maximum_price: { final_price: money },
    });
    // The picture the REST catalogue lists, served from the back end's own media folder.
    const rest = await backend.call('GET', `/rest/V1/products/${encodeURIComponent(seeded.sku)}`, {
      token: 'test-integration-token-0123456789',
    });
    const file = (rest.body.custom_attributes as { attribute_code: string; value: string }[]).find(
      (attribute) => attribute.attribute_code === 'small_image',
    )?.value;
    expect(product.small_image).toEqual({
      url: `${backend.url}/media/catalog/product${String(file)}`,
      label: seeded.name,
    });
    expect(product.thumbnail.url).toBe(`${backend.url}/media/catalog/product${String(file)}`);
  });

  it('falls back to the placeholder picture for a product without one', async () => {
    const { token } = await backend.newCustomer();
    const product = await createProduct(backend);
    await addToWishlist(backend, token, [{ sku: product.sku, quantity: 1 }]);
    const data = expectData(
      await gql(
        backend,
        '{ customer { wishlists { items_v2 { items { product { small_image { url label } } } } } } }',
        { token },
      ),
    );
    expect(data.customer.wishlists[0].items_v2.items[0].product.small_image).toEqual({
      url: `${backend.url}/media/catalog/product/placeholder/small_image.jpg`,
      label: product.name,
    });
  });

  it('pages items in the order they were added; a page past the end is the last page again', async () => {
    const { token } = await backend.newCustomer();
    const products = [
      await createProduct(backend),
      await createProduct(backend),
      await createProduct(backend),
    ];
    for (const product of products) await addToWishlist(backend, token, [{ sku: product.sku, quantity: 1 }]);
    const page = async (currentPage: number, pageSize: number) => {
      const data = expectData(
        await gql(
          backend,
          `query Page($p: Int, $s: Int) { customer { wishlists { items_count
             items_v2(currentPage: $p, pageSize: $s) { items { product { sku } } page_info { current_page page_size total_pages } } } } }`,
          { token, variables: { p: currentPage, s: pageSize } },
        ),
      );
      const list = data.customer.wishlists[0];
      expect(list.items_count).toBe(3);
      return {
        skus: (list.items_v2.items as { product: { sku: string } }[]).map((item) => item.product.sku),
        info: list.items_v2.page_info,
      };
    };
    const skus = products.map((product) => product.sku);
    expect(await page(1, 2)).toEqual({
      skus: skus.slice(0, 2),
      info: { current_page: 1, page_size: 2, total_pages: 2 },
    });
    expect(await page(2, 2)).toEqual({
      skus: skus.slice(2),
      info: { current_page: 2, page_size: 2, total_pages: 2 },
    });
    expect(await page(9, 2)).toEqual({
      skus: skus.slice(2),
      info: { current_page: 2, page_size: 2, total_pages: 2 },
    });
    expect(await page(1, 20)).toEqual({ skus, info: { current_page: 1, page_size: 20, total_pages: 1 } });
  });

  it('hides items whose product is disabled or not visible, and shows them again once it is', async () => {
    const { token } = await backend.newCustomer();
    const shown = await createProduct(backend);
    const disabled = await createProduct(backend);
    const hidden = await createProduct(backend);
    await addToWishlist(
      backend,
      token,
      [shown, disabled, hidden].map(({ sku }) => ({ sku, quantity: 2 })),
    );
    await updateProduct(backend, disabled.sku, { status: 2 });
    await updateProduct(backend, hidden.sku, { visibility: 1 });
    const list = await readWishlist(backend, token);
    expect(list.items_count).toBe(1);
    expect(list.items_v2.items.map((item) => item.product?.sku)).toEqual([shown.sku]);
    await updateProduct(backend, disabled.sku, { status: 1 });
    const again = await readWishlist(backend, token);
    expect(again.items_count).toBe(2);
    expect(again.items_v2.items.map((item) => [item.product?.sku, item.quantity])).toEqual([
      [shown.sku, 2],
      [disabled.sku, 2],
    ]);
  });
});

describe('addProductsToWishlist', () => {
  it('adds a product to the caller’s list, creating the list for wishlistId 0', async () => {
    const { token } = await backend.newCustomer();
    const product = await createProduct(backend);
    const output = await addToWishlist(backend, token, [{ sku: product.sku, quantity: 2 }], '0');
    expect(output.user_errors).toEqual([]);
    expect(output.wishlist.items_count).toBe(1);
    expect(output.wishlist.items_v2.items).toEqual([
      expect.objectContaining({
        __typename: 'SimpleWishlistItem',
        quantity: 2,
        product: expect.objectContaining({ sku: product.sku }),
      }),
    ]);
    expect((await readWishlist(backend, token)).id).toBe(output.wishlist.id);
  });

  it('accepts the list’s own id as a string or an integer literal', async () => {
    const { token } = await backend.newCustomer();
    const { id } = await readWishlist(backend, token);
    const [first, second] = [await createProduct(backend), await createProduct(backend)];
    await addToWishlist(backend, token, [{ sku: first.sku, quantity: 1 }], id);
    const data = expectData(
      await gql(
        backend,
        `mutation { addProductsToWishlist(wishlistId: ${id}, wishlistItems: [{ sku: "${second.sku}", quantity: 1 }]) {
           wishlist { id items_count } user_errors { code } } }`,
        { token },
      ),
    );
    expect(data.addProductsToWishlist).toEqual({ wishlist: { id, items_count: 2 }, user_errors: [] });
  });

  it('answers a list id that does not exist as not found (200, graphql-input), adding nothing', async () => {
    const { token } = await backend.newCustomer();
    const product = await createProduct(backend);
    const reply = await gql(backend, ADD_MUTATION, {
      token,
      variables: { id: '999999', items: [{ sku: product.sku, quantity: 1 }] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.errors).toEqual([
      expect.objectContaining({
        message: 'The wishlist was not found.',
        path: ['addProductsToWishlist'],
        extensions: { category: 'graphql-input' },
      }),
    ]);
    expect(reply.body.data).toEqual({ addProductsToWishlist: null });
    expect((await readWishlist(backend, token)).items_count).toBe(0);
  });

  it('replaces the quantity when the product is added again, keeping its one line', async () => {
    const { token } = await backend.newCustomer();
    const product = await createProduct(backend);
    const first = await addToWishlist(backend, token, [{ sku: product.sku, quantity: 2 }]);
    const again = await addToWishlist(backend, token, [{ sku: product.sku, quantity: 5 }]);
    expect(again.wishlist.items_count).toBe(1);
    expect(again.wishlist.items_v2.items.map((item) => [item.id, item.quantity])).toEqual([
      [first.wishlist.items_v2.items[0]?.id, 5],
    ]);
  });

  it('refuses a quantity that casts to 0 and stores a negative one as 1', async () => {
    const { token } = await backend.newCustomer();
    const [zero, half, negative] = [
      await createProduct(backend),
      await createProduct(backend),
      await createProduct(backend),
    ];
    const output = await addToWishlist(backend, token, [
      { sku: zero.sku, quantity: 0 },
      { sku: half.sku, quantity: 0.5 },
      { sku: negative.sku, quantity: -3 },
    ]);
    const zeroError = { code: 'UNDEFINED', message: 'The quantity of a wish list item cannot be 0' };
    expect(output.user_errors).toEqual([zeroError, zeroError]);
    expect(output.wishlist.items_v2.items.map((item) => [item.product?.sku, item.quantity])).toEqual([
      [negative.sku, 1],
    ]);
  });

  it('reports an unknown sku and an out-of-stock or disabled product per line, adding the rest', async () => {
    const { token } = await backend.newCustomer();
    const good = await createProduct(backend);
    const soldOut = await createProduct(backend, { qty: 0 });
    const disabled = await createProduct(backend, { status: 2 });
    const output = await addToWishlist(backend, token, [
      { sku: 'NOPE-1', quantity: 1 },
      { sku: soldOut.sku, quantity: 1 },
      { sku: good.sku, quantity: 3 },
      { sku: disabled.sku, quantity: 1 },
    ]);
    expect(output.user_errors).toEqual([
      { code: 'PRODUCT_NOT_FOUND', message: 'Could not find a product with SKU "NOPE-1"' },
      { code: 'UNDEFINED', message: 'Cannot add product without stock to wishlist.' },
      { code: 'UNDEFINED', message: 'The product is disabled' },
    ]);
    expect(output.wishlist.items_count).toBe(1);
    expect(output.wishlist.items_v2.items.map((item) => [item.product?.sku, item.quantity])).toEqual([
      [good.sku, 3],
    ]);
  });

  it('leaves the list unsaved when every line fails, and saves it when one goes in', async () => {
    const { token } = await backend.newCustomer();
    const before = await readWishlist(backend, token);
    await nextSecond();
    const failed = await addToWishlist(backend, token, [
      { sku: 'NOPE-2', quantity: 1 },
      { sku: 'NOPE-3', quantity: 1 },
    ]);
    expect(failed.user_errors.map((error) => error.code)).toEqual(['PRODUCT_NOT_FOUND', 'PRODUCT_NOT_FOUND']);
    expect(failed.wishlist.items_count).toBe(0);
    expect(failed.wishlist.updated_at).toBe(before.updated_at);
    const product = await createProduct(backend);
    const saved = await addToWishlist(backend, token, [{ sku: product.sku, quantity: 1 }]);
    expect(saved.wishlist.updated_at > before.updated_at).toBe(true);
  });
});

describe('removeProductsFromWishlist', () => {
  it('removes the caller’s own items and saves the list', async () => {
    const { token } = await backend.newCustomer();
    const [keep, drop] = [await createProduct(backend), await createProduct(backend)];
    const added = await addToWishlist(
      backend,
      token,
      [keep, drop].map(({ sku }) => ({ sku, quantity: 1 })),
    );
    const dropId = added.wishlist.items_v2.items.find((item) => item.product?.sku === drop.sku)?.id ?? '';
    await nextSecond();
    const output = await remove(token, added.wishlist.id, [dropId]);
    expect(output.user_errors).toEqual([]);
    expect(output.wishlist.items_count).toBe(1);
    expect(output.wishlist.items_v2.items.map((item) => item.product?.sku)).toEqual([keep.sku]);
    expect(output.wishlist.updated_at > added.wishlist.updated_at).toBe(true);
  });

  it('reports an id that names no item, and changes nothing for an empty list of ids', async () => {
    const { token } = await backend.newCustomer();
    const product = await createProduct(backend);
    const added = await addToWishlist(backend, token, [{ sku: product.sku, quantity: 1 }]);
    const output = await remove(token, '0', ['999999']);
    expect(output.user_errors).toEqual([
      { code: 'PRODUCT_NOT_FOUND', message: 'Could not find a wishlist item with ID "999999"' },
    ]);
    expect(output.wishlist.items_count).toBe(1);
    await nextSecond();
    const none = await remove(token, added.wishlist.id, []);
    expect(none.user_errors).toEqual([]);
    expect(none.wishlist.items_count).toBe(1);
    expect(none.wishlist.updated_at).toBe(added.wishlist.updated_at);
  });

  it('refuses another customer’s item as not belonging to the list, and deletes nothing', async () => {
    const a = await backend.newCustomer();
    const b = await backend.newCustomer();
    const product = await createProduct(backend);
    const theirs = await addToWishlist(backend, a.token, [{ sku: product.sku, quantity: 1 }]);
    const itemId = theirs.wishlist.items_v2.items[0]?.id ?? '';
    const output = await remove(b.token, '0', [itemId]);
    expect(output.user_errors).toEqual([
      { code: 'UNDEFINED', message: `The wishlist item with ID "${itemId}" does not belong to the wishlist` },
    ]);
    const after = await readWishlist(backend, a.token);
    expect(after.items_v2.items.map((item) => item.id)).toEqual([itemId]);
  });
});

describe('clearWishlist (2.4.9)', () => {
  it('removes every item in one go without saving the list', async () => {
    const { token } = await backend.newCustomer();
    const products = [await createProduct(backend), await createProduct(backend)];
    const added = await addToWishlist(
      backend,
      token,
      products.map(({ sku }) => ({ sku, quantity: 1 })),
    );
    await nextSecond();
    const data = expectData(await gql(backend, CLEAR, { token, variables: { id: added.wishlist.id } }));
    expect(data.clearWishlist.user_errors).toEqual([]);
    expect(data.clearWishlist.wishlist).toMatchObject({
      id: added.wishlist.id,
      items_count: 0,
      items_v2: { items: [] },
    });
    expect(data.clearWishlist.wishlist.updated_at).toBe(added.wishlist.updated_at);
    expect((await readWishlist(backend, token)).items_count).toBe(0);
  });

  it('needs a list id: 0 is refused rather than read as the caller’s list', async () => {
    const { token } = await backend.newCustomer();
    const reply = await gql(backend, CLEAR, { token, variables: { id: '0' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      errors: [
        {
          message: 'The wishlistId is required.',
          locations: [{ line: 2, column: 3 }],
          path: ['clearWishlist'],
          extensions: { category: 'graphql-input' },
        },
      ],
      data: { clearWishlist: null },
    });
  });
});
