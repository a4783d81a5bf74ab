/**
 * Who may use the wish list and how `/graphql` is spoken (WISHLIST.md §1, §5), claiming 2.4.9: a guest or
 * any token that is not a live customer's gets the authorization errors with HTTP 403; one customer never
 * reads or changes another's list; refusals before execution are 400, validation errors 200 without
 * `data`, and nothing unexpected shows more than "Internal server error".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  INTEGRATION_TOKEN,
  startTestBackend,
  type Reply,
  type TestBackend,
} from '../support/backend.ts';
import { atStartOfSecond, rawRequest, sleep } from './helpers.ts';
import {
  ADD_MUTATION,
  addToWishlist,
  createProduct,
  expectData,
  gql,
  gqlGet,
  readWishlist,
} from './graphql-helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const CUSTOMER_NOT_AUTHORIZED = "The current customer isn't authorized.";
const WISHLIST_GUEST = 'The current user cannot perform operations on wishlist';

/** Every wish-list mutation, each named so its path and `data` key are the field's name. */
const MUTATIONS: Readonly<Record<string, string>> = {
  addProductsToWishlist: `mutation { addProductsToWishlist(wishlistId: "0", wishlistItems: [{ sku: "X", quantity: 1 }]) { user_errors { code } } }`,
  removeProductsFromWishlist: `mutation { removeProductsFromWishlist(wishlistId: "0", wishlistItemsIds: ["1"]) { user_errors { code } } }`,
  addWishlistItemsToCart: `mutation { addWishlistItemsToCart(wishlistId: "1") { status } }`,
  clearWishlist: `mutation { clearWishlist(wishlistId: "1") { user_errors { code } } }`,
};

/** One error with that message and category at the field, `data.<field>` null, and the status given. */
function expectFieldError(
  reply: Reply,
  field: string,
  message: string,
  category: string,
  status: number,
): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body).toEqual({
    errors: [{ message, locations: [expect.any(Object)], path: [field], extensions: { category } }],
    data: { [field]: null },
  });
  expect(Object.keys(reply.body)).toEqual(['errors', 'data']);
}

/** Every way a request is a guest's must answer exactly as no token does. */
async function expectGuest(token: string | undefined): Promise<void> {
  const read = await gql(backend, '{ customer { wishlists { id } } }', { token });
  expectFieldError(read, 'customer', CUSTOMER_NOT_AUTHORIZED, 'graphql-authorization', 403);
  for (const [field, mutation] of Object.entries(MUTATIONS)) {
    expectFieldError(
      await gql(backend, mutation, { token }),
      field,
      WISHLIST_GUEST,
      'graphql-authorization',
      403,
    );
  }
  const legacy = await gql(backend, '{ wishlist { items_count } }', { token });
  expectFieldError(legacy, 'wishlist', WISHLIST_GUEST, 'graphql-authorization', 403);
}

describe('who may use the wish list', () => {
  it('refuses a guest every read and every mutation with 403 and the field null', async () => {
    await expectGuest(undefined);
  });

  it('treats an unknown, malformed or revoked token as a guest', async () => {
    await expectGuest('not-a-real-token-0000000000000000');
    const customer = await backend.newCustomer();
    const basic = await rawRequest(backend.url, '/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Basic ${customer.token}` },
      body: JSON.stringify({ query: '{ customer { wishlists { id } } }' }),
    });
    expect(basic.status).toBe(403);
    const revoked = await backend.call('POST', '/rest/V1/integration/customer/revoke-customer-token', {
      token: customer.token,
    });
    expect(revoked.body).toBe(true);
    await expectGuest(customer.token);
  });

  it('treats an admin’s or an integration’s token as a guest: no wish list belongs to them', async () => {
    const admin = await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN });
    expect(admin.status).toBe(200);
    await expectGuest(admin.body as string);
    await expectGuest(INTEGRATION_TOKEN);
  });

  it('answers a customer whose sign-in is locked with 401 graphql-authentication', async () => {
    const victim = await backend.newCustomer();
    for (let attempt = 0; attempt < 6; attempt++) {
      await backend.call('POST', '/rest/V1/integration/customer/token', {
        body: { username: victim.email, password: `Wrong-${String(attempt)}!x` },
      });
    }
    const reply = await gql(backend, '{ customer { wishlists { id } } }', { token: victim.token });
    expectFieldError(reply, 'customer', 'The account is locked.', 'graphql-authentication', 401);
  });

  it('never lets customer B read or change customer A’s list by its id or its items’ ids', async () => {
    const a = await backend.newCustomer();
    const b = await backend.newCustomer();
    const product = await createProduct(backend);
    const theirs = await addToWishlist(backend, a.token, [{ sku: product.sku, quantity: 2 }]);
    const listId = theirs.wishlist.id;
    const itemId = theirs.wishlist.items_v2.items[0]?.id ?? '';
    // By id, A's list is an empty object to B: no id, no count, no code.
    const byId = expectData(
      await gql(
        backend,
        `{ customer { wishlist_v2(id: "${listId}") { id items_count sharing_code updated_at } } }`,
        {
          token: b.token,
        },
      ),
    );
    expect(byId.customer.wishlist_v2).toEqual({
      id: null,
      items_count: null,
      sharing_code: null,
      updated_at: null,
    });
    const notFound = (field: string) => (reply: Reply) =>
      expectFieldError(reply, field, 'The wishlist was not found.', 'graphql-input', 200);
    notFound('addProductsToWishlist')(
      await gql(backend, ADD_MUTATION, {
        token: b.token,
        variables: { id: listId, items: [{ sku: product.sku, quantity: 9 }] },
      }),
    );
    notFound('removeProductsFromWishlist')(
      await gql(
        backend,
        `mutation { removeProductsFromWishlist(wishlistId: "${listId}", wishlistItemsIds: ["${itemId}"]) { user_errors { code } } }`,
        { token: b.token },
      ),
    );
    notFound('clearWishlist')(
      await gql(backend, `mutation { clearWishlist(wishlistId: "${listId}") { user_errors { code } } }`, {
        token: b.token,
      }),
    );
    notFound('addWishlistItemsToCart')(
      await gql(backend, `mutation { addWishlistItemsToCart(wishlistId: "${listId}") { status } }`, {
        token: b.token,
      }),
    );
    const after = await readWishlist(backend, a.token);
    expect(after.items_v2.items.map((item) => [item.id, item.quantity])).toEqual([[itemId, 2]]);
    expect((await readWishlist(backend, b.token)).items_count).toBe(0);
  });
});

describe('the /graphql transport', () => {
  it('answers a query over GET, with variables, as JSON that is never cached', async () => {
    const { token } = await backend.newCustomer();
    const reply = await gqlGet(
      backend,
      'query Page($s: Int) { customer { wishlists { items_v2(pageSize: $s) { page_info { page_size } } } } }',
      {
        token,
        variables: { s: 5 },
      },
    );
    expect(expectData(reply).customer.wishlists[0].items_v2.page_info.page_size).toBe(5);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a mutation over GET with 400 before running it', async () => {
    const { token } = await backend.newCustomer();
    const product = await createProduct(backend);
    const reply = await gqlGet(
      backend,
      `mutation { addProductsToWishlist(wishlistId: "0", wishlistItems: [{ sku: "${product.sku}", quantity: 1 }]) { user_errors { code } } }`,
      { token },
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      errors: [
        {
          message: 'Mutation requests allowed only for POST requests',
          extensions: { category: 'graphql-input' },
        },
      ],
    });
    expect((await readWishlist(backend, token)).items_count).toBe(0);
  });

  it('refuses a POST whose content type is not JSON, and a body or variables that do not parse', async () => {
    const query = JSON.stringify({ query: '{ customer { wishlists { id } } }' });
    const input = (message: string) => ({ errors: [{ message, extensions: { category: 'graphql-input' } }] });
    const plain = await backend.call('POST', '/graphql', { raw: query, contentType: 'text/plain' });
    expect([plain.status, plain.body]).toEqual([400, input('Request content type must be application/json')]);
    const broken = await backend.call('POST', '/graphql', {
      raw: '{"query": "{ customer',
      contentType: 'application/json',
    });
    expect([broken.status, broken.body]).toEqual([400, input('Unable to parse the request.')]);
    const badVariables = await backend.call(
      'GET',
      `/graphql?query=${encodeURIComponent('{ customer { wishlists { id } } }')}&variables=%7Bnope`,
    );
    expect([badVariables.status, badVariables.body]).toEqual([400, input('Unable to parse the request.')]);
  });

  it('answers a syntax error with 400 and no data, in webonyx’s wording', async () => {
    const reply = await gql(backend, '{ customer { wishlists { id }');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      errors: [{ message: 'Syntax Error: Expected Name, found <EOF>', locations: [{ line: 1, column: 30 }] }],
    });
  });

  it('answers a validation error with 200, no data and no extensions: Wishlist.name is Commerce-only', async () => {
    const { token } = await backend.newCustomer();
    const reply = await gql(backend, '{ customer { wishlists { id name visibility } } }', { token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      errors: [
        { message: 'Cannot query field "name" on type "Wishlist".', locations: [{ line: 1, column: 29 }] },
        {
          message: 'Cannot query field "visibility" on type "Wishlist".',
          locations: [{ line: 1, column: 34 }],
        },
      ],
    });
    const multi = await gql(
      backend,
      'mutation { createWishlist(input: { name: "x" }) { wishlist { id } } }',
      { token },
    );
    expect(multi.status).toBe(200);
    // graphql-js suggests a near name as webonyx does ("Did you mean "clearWishlist"?").
    expect(multi.body.errors[0].message).toMatch(/^Cannot query field "createWishlist" on type "Mutation"\./);
    expect(multi.body).not.toHaveProperty('data');
  });

  it('answers variables of the wrong type with 200, no data, before anything runs', async () => {
    const { token } = await backend.newCustomer();
    const reply = await gql(backend, ADD_MUTATION, {
      token,
      variables: { id: '0', items: [{ sku: 'X', quantity: 'lots' }] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).not.toHaveProperty('data');
    // webonyx's words: the value, where it is in the variable, then the scalar's refusal.
    expect(reply.body.errors).toEqual([
      {
        message:
          'Variable "$items" got invalid value "lots" at "items[0].quantity"; Float cannot represent non numeric value: "lots"',
        locations: [{ line: 1, column: ADD_MUTATION.indexOf('$items') + 1 }],
      },
    ]);
    expect((await readWishlist(backend, token)).items_count).toBe(0);
  });

  it('masks an unexpected failure as "Internal server error", keeping where it happened', async () => {
    const { token } = await backend.newCustomer();
    // A product type the schema has no wish-list item type for fails as Magento's type resolver does.
    const odd = await createProduct(backend, { typeId: 'bundle' });
    const added = await gql(
      backend,
      `mutation { addProductsToWishlist(wishlistId: "0", wishlistItems: [{ sku: "${odd.sku}", quantity: 1 }]) {
         user_errors { code } } }`,
      { token },
    );
    expect(expectData(added).addProductsToWishlist.user_errors).toEqual([]);
    const reply = await gql(backend, '{ customer { wishlists { items_v2 { items { id } } } } }', { token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      errors: [
        {
          message: 'Internal server error',
          locations: [{ line: 1, column: 37 }],
          path: ['customer', 'wishlists', 0, 'items_v2', 'items', 0],
        },
      ],
      data: { customer: { wishlists: [{ items_v2: { items: [null] } }] } },
    });
    expect(JSON.stringify(reply.body)).not.toContain('bundle');
  });

  it('refuses a body over the size limit the REST side has (1 MiB)', async () => {
    const padding = 'x'.repeat(1024 * 1024);
    const reply = await backend.call('POST', '/graphql', {
      raw: JSON.stringify({ query: `{ customer { wishlists { id } } } #${padding}` }),
    });
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({
      errors: [{ message: 'Request body is too large.', extensions: { category: 'graphql-input' } }],
    });
    // The same limit holds without a Content-Length (a chunked body).
    const chunked = await rawRequest(backend.url, '/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: `{ customer { wishlists { id } } } #${padding}` }),
      chunked: true,
    });
    expect(chunked.status).toBe(413);
  });

  it('answers a CORS preflight with an empty 204', async () => {
    const reply = await rawRequest(backend.url, '/graphql', { method: 'OPTIONS' });
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
  });
});

describe('an expired customer token', () => {
  let shortLived: TestBackend;

  beforeAll(async () => {
    shortLived = await startTestBackend({ tokenLifetimes: { customer: 1, admin: 1 } });
  });
  afterAll(() => shortLived.stop());

  it('is a guest’s request once it has run out', async () => {
    const customer = await shortLived.newCustomer();
    await atStartOfSecond();
    const token = (
      await shortLived.call('POST', '/rest/V1/integration/customer/token', {
        body: { username: customer.email, password: customer.password },
      })
    ).body as string;
    expect((await gql(shortLived, '{ customer { wishlists { id } } }', { token })).status).toBe(200);
    await sleep(1200);
    const reply = await gql(shortLived, '{ customer { wishlists { id } } }', { token });
    expectFieldError(reply, 'customer', CUSTOMER_NOT_AUTHORIZED, 'graphql-authorization', 403);
  });
});

describe('storeConfig', () => {
  it('tells anyone, guest or customer, that wish lists are on', async () => {
    const { token } = await backend.newCustomer();
    for (const caller of [undefined, token]) {
      const data = expectData(
        await gql(backend, '{ storeConfig { magento_wishlist_general_is_enabled } }', { token: caller }),
      );
      expect(data).toEqual({ storeConfig: { magento_wishlist_general_is_enabled: '1' } });
    }
  });
});
