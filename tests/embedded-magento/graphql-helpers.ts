/**
 * Plumbing for the wish-list GraphQL tests: a `/graphql` call as a storefront makes it, the selections a
 * wish-list page uses, and products made through the admin API so each test owns the products it changes.
 */
import { expect } from 'vitest';
import { INTEGRATION_TOKEN, type Reply, type TestBackend } from '../support/backend.ts';

export interface GqlOptions {
  readonly variables?: Record<string, unknown>;
  readonly token?: string | undefined;
}

/** `POST /graphql` with a JSON body, as Magento's clients send it. */
export const gql = (backend: TestBackend, query: string, options: GqlOptions = {}): Promise<Reply> =>
  backend.call('POST', '/graphql', {
    token: options.token,
    body: options.variables ? { query, variables: options.variables } : { query },
  });

/** `GET /graphql?query=…&variables=…`. */
export function gqlGet(backend: TestBackend, query: string, options: GqlOptions = {}): Promise<Reply> {
  const params = new URLSearchParams({ query });
  if (options.variables) params.set('variables', JSON.stringify(options.variables));
  return backend.call('GET', `/graphql?${params.toString()}`, { token: options.token });
}

/** The reply is a success: HTTP 200, data and no errors; its data is returned. */
export function expectData(reply: Reply) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(reply.body.errors, JSON.stringify(reply.body)).toBeUndefined();
  return reply.body.data;
}

/** What a wish-list page selects of a list. */
export const WISHLIST_SELECTION = `
  id items_count updated_at sharing_code
  items_v2 { items { __typename id quantity description added_at product { sku name stock_status } }
             page_info { current_page page_size total_pages } }`;

export interface WishlistItemView {
  __typename: string;
  id: string;
  quantity: number;
  description: string | null;
  added_at: string;
  product: { sku: string; name: string; stock_status: string } | null;
}

export interface WishlistView {
  id: string;
  items_count: number;
  updated_at: string;
  sharing_code: string;
  items_v2: {
    items: WishlistItemView[];
    page_info: { current_page: number; page_size: number | null; total_pages: number };
  };
}

/** The customer's (only) wish list, read as a wish-list page reads it. */
export async function readWishlist(backend: TestBackend, token: string): Promise<WishlistView> {
  const data = expectData(
    await gql(backend, `{ customer { wishlists { ${WISHLIST_SELECTION} } } }`, { token }),
  );
  expect(data.customer.wishlists).toHaveLength(1);
  return data.customer.wishlists[0];
}

export const ADD_MUTATION = `mutation Add($id: ID!, $items: [WishlistItemInput!]!) {
  addProductsToWishlist(wishlistId: $id, wishlistItems: $items) {
    wishlist { ${WISHLIST_SELECTION} }
    user_errors { code message }
  }
}`;

export interface MutationOutput {
  wishlist: WishlistView;
  user_errors: { code: string; message: string }[];
}

/** Adds lines to the caller's list (`wishlistId` 0 means "my list" for add). */
export async function addToWishlist(
  backend: TestBackend,
  token: string,
  items: readonly { sku: string; quantity: number }[],
  wishlistId = '0',
): Promise<MutationOutput> {
  const data = expectData(await gql(backend, ADD_MUTATION, { token, variables: { id: wishlistId, items } }));
  return data.addProductsToWishlist;
}

let productCounter = 0;

export interface TestProductOptions {
  readonly qty?: number;
  readonly status?: 1 | 2;
  readonly visibility?: 1 | 2 | 3 | 4;
  readonly price?: number;
  readonly typeId?: string;
}

/** A new product of this test's own, saved through `POST /V1/products` as an editor would. */
export async function createProduct(backend: TestBackend, options: TestProductOptions = {}) {
  const sku = `WL-TEST-${String(++productCounter)}-${String(Date.now())}`;
  const qty = options.qty ?? 50;
  const name = `Wish-list test product ${sku}`;
  const reply = await backend.call('POST', '/rest/V1/products', {
    token: INTEGRATION_TOKEN,
    body: {
      product: {
        sku,
        name,
        price: options.price ?? 12.5,
        status: options.status ?? 1,
        visibility: options.visibility ?? 4,
        type_id: options.typeId ?? 'simple',
        extension_attributes: { stock_item: { qty, is_in_stock: qty > 0 } },
        custom_attributes: [{ attribute_code: 'url_key', value: sku.toLowerCase() }],
      },
    },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { sku, name, id: reply.body.id as number, price: options.price ?? 12.5 };
}

/** Changes a product through `PUT /V1/products/:sku` (status, visibility, stock). */
export async function updateProduct(
  backend: TestBackend,
  sku: string,
  product: Record<string, unknown>,
): Promise<void> {
  const reply = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(sku)}`, {
    token: INTEGRATION_TOKEN,
    body: { product: { sku, ...product } },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}
