/**
 * The signed-in customer's wish list through the storefront server, against a real embedded back end
 * and its GraphQL: the routes answer only for the session's customer (never another's list, whatever
 * item id is sent), check Origin and bodies like the /rest proxy, end the session when Magento no longer
 * accepts the token, say so clearly when Magento is down, and sign-in merges the guest's list.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/http/index.ts';
import { magentoGraphql, MagentoGraphqlError } from '../../src/magento/graphql.ts';
import { READ_WISHLIST } from '../../src/magento/wire/wishlist.ts';
import { z } from 'zod';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createRestProxy } from '../../src/server/shopper/proxy.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { createWishlistRoutes, WISHLIST_TEXTS } from '../../src/server/shopper/wishlist.ts';
import { DEMO_CONFIGURABLES } from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { ADMIN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
/** Nothing listens there: Magento "down". */
const DOWN = 'http://127.0.0.1:9';
let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;
let skus: string[];

interface Item {
  id: string;
  sku: string;
  name: string | null;
}
interface Answer {
  items: Item[];
  count: number;
  done: string[];
  failed: { sku: string; message: string }[];
  message?: string;
}

/** In-stock products with a page, with stock to spare, so each test takes its own. */
async function productsInStock(): Promise<string[]> {
  const reply = await backend.call(
    'GET',
    '/rest/V1/products?searchCriteria[filterGroups][0][filters][0][field]=status&searchCriteria[filterGroups][0][filters][0][value]=1&searchCriteria[filterGroups][1][filters][0][field]=visibility&searchCriteria[filterGroups][1][filters][0][value]=4&searchCriteria[pageSize]=0',
    { token: backend.config.integrationToken },
  );
  const products = reply.body.items as {
    sku: string;
    extension_attributes: { stock_item: { qty: number; is_in_stock: boolean } };
  }[];
  return products
    .filter(
      (p) => p.extension_attributes.stock_item.is_in_stock && p.extension_attributes.stock_item.qty >= 5,
    )
    .map((p) => p.sku);
}

let next = 0;
/** Products no other test of this file uses. */
const take = (n: number): string[] => {
  const taken = skus.slice(next, next + n);
  next += n;
  if (taken.length < n) throw new Error('The test catalogue ran out of products in stock');
  return taken;
};

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [
      createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
      createWishlistRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE }),
      createRestProxy({ magentoBaseUrl: backend.url, siteUrl: SITE }),
    ],
  });
  skus = await productsInStock();
});
afterAll(async () => {
  await shop.close();
  await backend.stop();
  rmSync(site.root, { recursive: true, force: true });
});

const origin = { Origin: SITE };
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'Content-Type': 'application/json', ...origin, ...headers },
  body: JSON.stringify(body),
});
const parse = (reply: { body: Buffer }) => JSON.parse(reply.body.toString()) as Answer;

async function signIn(
  email: string,
  password: string,
  extra: Record<string, unknown> = {},
  base = shop.url,
): Promise<{ session: string; body: Record<string, unknown>; status: number }> {
  const reply = await raw(base, '/session', { method: 'POST', ...json({ email, password, ...extra }) });
  const cookie = (reply.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  return {
    session: cookie?.split(';')[0] ?? '',
    body: JSON.parse(reply.body.toString()) as Record<string, unknown>,
    status: reply.status,
  };
}

/** A new customer, signed in to the shop: their session cookie. */
async function newSession(): Promise<string> {
  const customer = await backend.newCustomer();
  return (await signIn(customer.email, customer.password)).session;
}

const list = (session: string, base = shop.url) =>
  raw(base, '/wishlist/items', { headers: { Cookie: session } });
const add = (session: string, added: string[], base = shop.url) =>
  raw(base, '/wishlist/items', { method: 'POST', ...json({ skus: added }, { Cookie: session }) });
const remove = (session: string, id: string) =>
  raw(shop.url, `/wishlist/items/${id}`, { method: 'DELETE', headers: { ...origin, Cookie: session } });
const move = (session: string, ids?: string[]) =>
  raw(shop.url, '/wishlist/cart', { method: 'POST', ...json(ids ? { ids } : {}, { Cookie: session }) });
const skusOf = (answer: Answer) => answer.items.map((item) => item.sku).sort();

async function setStock(sku: string, inStock: boolean): Promise<void> {
  const token = (await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN }))
    .body as string;
  const reply = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(sku)}`, {
    token,
    body: {
      product: { sku, extension_attributes: { stock_item: { qty: inStock ? 50 : 0, is_in_stock: inStock } } },
    },
  });
  if (reply.status !== 200) throw new Error(`stock not changed: ${JSON.stringify(reply.body)}`);
}

/** What Magento's list holds of a configurable's item: the product and the chosen child. */
const CONFIGURED = {
  query: `query Configured($page: Int!, $size: Int!) {
  customer { wishlists { items_v2(currentPage: $page, pageSize: $size) { items {
    product { sku } ... on ConfigurableWishlistItem { configured_variant { sku } }
  } } } }
}`,
  reads: true,
  data: z.object({
    customer: z
      .object({
        wishlists: z.array(
          z.object({ items_v2: z.object({ items: z.array(z.unknown()) }).nullable() }).nullable(),
        ),
      })
      .nullable(),
  }),
};

/** The Magento customer token a session cookie carries (the cookie's value is the token). */
const customerToken = (session: string): string =>
  decodeURIComponent(session.slice(session.indexOf('=') + 1));

describe('a signed-in customer’s wish list', () => {
  it('adds, lists, removes and answers never cached, with no duplicates', async () => {
    const session = await newSession();
    const [a, b] = take(2) as [string, string];

    const empty = await list(session);
    expect(empty.status).toBe(200);
    expect(empty.headers['cache-control']).toBe('private, no-store');
    expect(parse(empty)).toMatchObject({ items: [], count: 0 });

    const added = parse(await add(session, [a, b]));
    expect(added.done.sort()).toEqual([a, b].sort());
    expect(added.count).toBe(2);
    expect(skusOf(added)).toEqual([a, b].sort());
    expect(added.items.every((item) => /^\d+$/.test(item.id) && typeof item.name === 'string')).toBe(true);

    const again = parse(await add(session, [a]));
    expect(again).toMatchObject({ done: [], failed: [], count: 2 });

    const itemA = added.items.find((item) => item.sku === a);
    const removed = await remove(session, itemA?.id ?? '');
    expect(removed.status).toBe(200);
    expect(skusOf(parse(removed))).toEqual([b]);
    expect(skusOf(parse(await list(session)))).toEqual([b]);

    const gone = await remove(session, itemA?.id ?? '');
    expect(gone.status).toBe(404);
    expect(parse(gone).message).toBe(WISHLIST_TEXTS.notOnList);
  });

  it('names a product Magento does not know, and adds the rest', async () => {
    const session = await newSession();
    const [a] = take(1) as [string];
    const answer = parse(await add(session, [a, 'NO-SUCH-SKU']));
    expect(answer.done).toEqual([a]);
    expect(answer.failed).toEqual([{ sku: 'NO-SUCH-SKU', message: 'This product is no longer sold.' }]);
    expect(skusOf(answer)).toEqual([a]);
  });

  it('moves products to the basket: those added leave the list, one out of stock stays with the reason', async () => {
    const session = await newSession();
    const [a, b, out] = take(3) as [string, string, string];
    await add(session, [a, b, out]);
    await setStock(out, false);
    try {
      const moved = await move(session);
      expect(moved.status).toBe(200);
      const answer = parse(moved);
      expect(answer.done.sort()).toEqual([a, b].sort());
      expect(answer.failed).toHaveLength(1);
      expect(answer.failed[0]?.sku).toBe(out);
      expect(answer.failed[0]?.message).toMatch(/stock|not available/i);
      expect(skusOf(answer)).toEqual([out]);

      const cart = await raw(shop.url, '/rest/V1/carts/mine', { headers: { Cookie: session } });
      const lines = (JSON.parse(cart.body.toString()) as { items: { sku: string }[] }).items;
      expect(lines.map((line) => line.sku).sort()).toEqual([a, b].sort());
    } finally {
      await setStock(out, true);
    }
  });

  it("keeps a configurable's chosen child as Magento does: the parent with the options, read back by the child's sku", async () => {
    const session = await newSession();
    const family = DEMO_CONFIGURABLES.find(
      (candidate) => candidate.children.filter((c) => c.inStock).length > 1,
    );
    const child = family?.children.find((candidate) => candidate.inStock);
    if (!family || !child) throw new Error('the demo has no configurable in stock');
    const options = [{ option_id: String(family.attributeId), option_value: child.valueId }];
    const variants = [{ sku: child.sku, parentSku: family.parentSku, options }];
    const reply = await raw(shop.url, '/wishlist/items', {
      method: 'POST',
      ...json({ skus: [child.sku], variants }, { Cookie: session }),
    });
    expect(reply.status).toBe(200);
    const answer = parse(reply);
    expect(answer).toMatchObject({ done: [child.sku], failed: [], count: 1 });
    expect(answer.items).toEqual([{ id: expect.stringMatching(/^\d+$/), sku: child.sku, name: family.name }]);

    // What Magento's list holds: the parent, its chosen child the one asked for.
    const data = await magentoGraphql({ baseUrl: backend.url }, CONFIGURED, {
      token: customerToken(session),
      variables: { page: 1, size: 20 },
    });
    expect(data.customer?.wishlists[0]?.items_v2?.items).toEqual([
      { product: { sku: family.parentSku }, configured_variant: { sku: child.sku } },
    ]);

    // Moved to the basket, it is that child under the parent.
    const moved = parse(await move(session));
    expect(moved.done).toEqual([child.sku]);
    const cart = await raw(shop.url, '/rest/V1/carts/mine', { headers: { Cookie: session } });
    const lines = (JSON.parse(cart.body.toString()) as { items: { sku: string; name: string }[] }).items;
    expect(lines).toMatchObject([{ sku: child.sku, name: family.name }]);
  });

  it('refuses a variant that is not whole', async () => {
    const session = await newSession();
    const reply = await raw(shop.url, '/wishlist/items', {
      method: 'POST',
      ...json({ skus: ['A'], variants: [{ sku: 'A', parentSku: 'P', options: [] }] }, { Cookie: session }),
    });
    expect(reply.status).toBe(400);
  });

  it('moves only the items named', async () => {
    const session = await newSession();
    const [a, b] = take(2) as [string, string];
    const { items } = parse(await add(session, [a, b]));
    const answer = parse(await move(session, [items.find((item) => item.sku === a)?.id ?? '']));
    expect(answer.done).toEqual([a]);
    expect(skusOf(answer)).toEqual([b]);
  });
});

describe('one customer never sees or changes another’s list', () => {
  it('lists only the session’s own, and an item id of another list removes or moves nothing', async () => {
    const owner = await newSession();
    const other = await newSession();
    const [a] = take(1) as [string];
    const [item] = parse(await add(owner, [a])).items;
    expect(item).toBeDefined();

    expect(parse(await list(other)).items).toEqual([]);
    const removed = await remove(other, item?.id ?? '');
    expect(removed.status).toBe(404);
    const moved = parse(await move(other, [item?.id ?? '']));
    expect(moved).toMatchObject({ done: [], items: [] });

    expect(skusOf(parse(await list(owner)))).toEqual([a]);
  });

  it('ignores a bearer token sent by the page: the cookie decides', async () => {
    const owner = await backend.newCustomer();
    const ownerSession = (await signIn(owner.email, owner.password)).session;
    const [a] = take(1) as [string];
    await add(ownerSession, [a]);
    const other = await newSession();
    const reply = await raw(shop.url, '/wishlist/items', {
      headers: { Cookie: other, Authorization: `Bearer ${owner.token}` },
    });
    expect(parse(reply).items).toEqual([]);
  });
});

describe('guards', () => {
  it('answers 401 with a clear message without a session', async () => {
    const reply = await list('');
    expect(reply.status).toBe(401);
    expect(parse(reply).message).toBe(WISHLIST_TEXTS.signIn);
    const write = await add('', ['X-1']);
    expect(write.status).toBe(401);
  });

  it('ends the session when Magento no longer accepts the token', async () => {
    const reply = await list(`${SESSION_COOKIE}=expired0000000000000000000000000`);
    expect(reply.status).toBe(401);
    expect(parse(reply).message).toBe('Your session has ended. Please sign in again.');
    expect(String(reply.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Max-Age=0`));
  });

  it('ends the session after sign-out elsewhere revoked the token', async () => {
    const session = await newSession();
    const out = await raw(shop.url, '/session', {
      method: 'DELETE',
      headers: { ...origin, Cookie: session },
    });
    expect(out.status).toBe(204);
    expect((await list(session)).status).toBe(401);
  });

  it('refuses other sites: reads they ask for, and writes without this site as Origin', async () => {
    const session = await newSession();
    const read = await raw(shop.url, '/wishlist/items', {
      headers: { Cookie: session, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(read.status).toBe(403);
    const readWithOrigin = await raw(shop.url, '/wishlist/items', {
      headers: { Cookie: session, Origin: 'https://evil.example' },
    });
    expect(readWithOrigin.status).toBe(403);
    const write = await raw(shop.url, '/wishlist/items', {
      method: 'POST',
      ...json({ skus: ['X-1'] }, { Cookie: session, Origin: 'https://evil.example' }),
    });
    expect(write.status).toBe(403);
    const noOrigin = await raw(shop.url, '/wishlist/cart', {
      method: 'POST',
      headers: { Cookie: session, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(noOrigin.status).toBe(403);
    const removal = await raw(shop.url, '/wishlist/items/1', {
      method: 'DELETE',
      headers: { Cookie: session, Origin: 'https://evil.example' },
    });
    expect(removal.status).toBe(403);
    // A shopper's own visit (same-origin fetch, or the address typed) passes.
    const own = await raw(shop.url, '/wishlist/items', {
      headers: { Cookie: session, 'Sec-Fetch-Site': 'none' },
    });
    expect(own.status).toBe(200);
  });

  it('refuses big bodies, bodies that are not JSON, and malformed ones', async () => {
    const session = await newSession();
    const big = await raw(shop.url, '/wishlist/items', {
      method: 'POST',
      ...json({ skus: ['x'.repeat(40_000)] }, { Cookie: session }),
    });
    expect(big.status).toBe(413);
    const form = await raw(shop.url, '/wishlist/items', {
      method: 'POST',
      headers: { ...origin, Cookie: session, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'skus=X-1',
    });
    expect(form.status).toBe(415);
    for (const body of [
      {},
      { skus: [] },
      { skus: ['  padded '] },
      { skus: Array(101).fill('X-1') },
      { wishlistId: '1' },
    ]) {
      const reply = await raw(shop.url, '/wishlist/items', {
        method: 'POST',
        ...json(body, { Cookie: session }),
      });
      expect(reply.status).toBe(400);
      expect(parse(reply).message).toBe(WISHLIST_TEXTS.badSkus);
    }
    const ids = await raw(shop.url, '/wishlist/cart', {
      method: 'POST',
      ...json({ ids: ['1; DROP'] }, { Cookie: session }),
    });
    expect(ids.status).toBe(400);
  });

  it('answers other methods with 405', async () => {
    const reply = await raw(shop.url, '/wishlist/items', { method: 'PUT', headers: origin });
    expect(reply.status).toBe(405);
    expect(reply.headers['allow']).toBe('GET, POST');
  });
});

describe('Magento down', () => {
  it('says the wish list cannot be shown, or changed, right now', async () => {
    const down = await startFakeSite(site, {
      siteUrl: SITE,
      routes: [createWishlistRoutes({ magento: { baseUrl: DOWN, attempts: 1 }, siteUrl: SITE })],
    });
    try {
      const session = `${SESSION_COOKIE}=${'a'.repeat(32)}`;
      const read = await list(session, down.url);
      expect(read.status).toBe(503);
      expect(parse(read).message).toBe("Your wish list can't be shown right now. Please try again.");
      const write = await add(session, ['X-1'], down.url);
      expect(write.status).toBe(503);
      expect(parse(write).message).toBe("Your wish list can't be changed right now. Please try again.");
      expect(write.headers['set-cookie']).toBeUndefined();
    } finally {
      await down.close();
    }
  });
});

describe('sign-in merges the guest’s wish list', () => {
  it("keeps a guest's configurable child as its parent with the options the page sends", async () => {
    const customer = await backend.newCustomer();
    const family = DEMO_CONFIGURABLES.find((candidate) => candidate.children.some((c) => c.inStock));
    const child = family?.children.find((candidate) => candidate.inStock);
    if (!family || !child) throw new Error('the demo has no configurable in stock');
    const { body, session } = await signIn(customer.email, customer.password, {
      wishlist: [child.sku],
      wishlistVariants: [
        {
          sku: child.sku,
          parentSku: family.parentSku,
          options: [{ option_id: String(family.attributeId), option_value: child.valueId }],
        },
      ],
    });
    expect(body).toMatchObject({ signedIn: true, wishlistAdded: 1 });
    expect(parse(await list(session)).items).toMatchObject([{ sku: child.sku, name: family.name }]);
    const data = await magentoGraphql({ baseUrl: backend.url }, CONFIGURED, {
      token: customerToken(session),
      variables: { page: 1, size: 20 },
    });
    expect(data.customer?.wishlists[0]?.items_v2?.items).toEqual([
      { product: { sku: family.parentSku }, configured_variant: { sku: child.sku } },
    ]);
  });

  it('adds what the customer’s list does not hold, once, and says how many', async () => {
    const customer = await backend.newCustomer();
    const [kept, a, b] = take(3) as [string, string, string];
    const first = await signIn(customer.email, customer.password);
    await add(first.session, [kept]);

    const { body, session } = await signIn(customer.email, customer.password, {
      wishlist: [kept, a, b, a],
    });
    expect(body).toMatchObject({ signedIn: true, wishlistAdded: 2 });
    const answer = parse(await list(session));
    expect(skusOf(answer)).toEqual([kept, a, b].sort());
    expect(answer.count).toBe(3);

    const twice = await signIn(customer.email, customer.password, { wishlist: [a, b] });
    expect(twice.body).toMatchObject({ wishlistAdded: 0 });
    expect(parse(await list(twice.session)).count).toBe(3);
  });

  it('signs in all the same when the merge fails, and says nothing was merged', async () => {
    const broken = await startFakeSite(site, {
      siteUrl: SITE,
      routes: [
        createSessionRoutes({
          magento: { baseUrl: backend.url },
          wishlist: { baseUrl: DOWN, attempts: 1 },
          siteUrl: SITE,
          tokenLifetime: 3600,
        }),
      ],
    });
    try {
      const customer = await backend.newCustomer();
      const reply = await signIn(customer.email, customer.password, { wishlist: take(1) }, broken.url);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ signedIn: true, merged: false });
      expect(reply.session).not.toBe('');
    } finally {
      await broken.close();
    }
  });

  it('refuses a guest list that is not a list of skus, as any malformed sign-in', async () => {
    const customer = await backend.newCustomer();
    const reply = await signIn(customer.email, customer.password, { wishlist: Array(101).fill('X-1') });
    expect(reply.status).toBe(400);
  });
});

describe("the GraphQL seam tells Magento's failures apart", () => {
  const failure = async (run: () => Promise<unknown>) => {
    const error = await run().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(MagentoGraphqlError);
    return error as MagentoGraphqlError;
  };
  const variables = { page: 1, size: 20 };

  it('a token Magento does not accept: unauthorized', async () => {
    const error = await failure(() =>
      magentoGraphql({ baseUrl: backend.url }, READ_WISHLIST, { token: 'not-a-token', variables }),
    );
    expect(error.kind).toBe('unauthorized');
    expect(error.magentoMessage).toBe("The current customer isn't authorized.");
  });

  it("a call Magento refuses: refused, with Magento's message", async () => {
    const customer = await backend.newCustomer();
    const operation = {
      query: 'mutation Move { addWishlistItemsToCart(wishlistId: "0") { status } }',
      reads: false,
      data: z.unknown(),
    };
    const error = await failure(() =>
      magentoGraphql({ baseUrl: backend.url }, operation, { token: customer.token }),
    );
    expect(error.kind).toBe('refused');
    expect(error.magentoMessage).toBe('"wishlistId" value should be specified');
  });

  it('a query this Magento does not know, or an answer of another shape: unavailable', async () => {
    const customer = await backend.newCustomer();
    const unknown = {
      query: 'query Named { customer { wishlists { id name } } }',
      reads: true,
      data: z.unknown(),
    };
    expect(
      (await failure(() => magentoGraphql({ baseUrl: backend.url }, unknown, { token: customer.token })))
        .kind,
    ).toBe('unavailable');
    const otherShape = { ...READ_WISHLIST, data: z.object({ customer: z.object({ email: z.string() }) }) };
    expect(
      (
        await failure(() =>
          magentoGraphql({ baseUrl: backend.url }, otherShape, { token: customer.token, variables }),
        )
      ).kind,
    ).toBe('unavailable');
  });

  it('Magento unreachable: unavailable', async () => {
    const error = await failure(() =>
      magentoGraphql({ baseUrl: DOWN, attempts: 1 }, READ_WISHLIST, { token: 'x'.repeat(32), variables }),
    );
    expect(error.kind).toBe('unavailable');
  });
});
