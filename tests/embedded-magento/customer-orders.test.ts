/**
 * The three order searches the storefront server makes with its integration token (COVERAGE.md §A): a
 * customer's orders newest first a page at a time, one order by number only when it is that customer's,
 * and a guest's order by number alone. Two customers' orders and a guest order share the back end; each
 * answer is checked against Magento's schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCustomerOrders } from '@cleaning-shop/embedded-magento/seed/orders.ts';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateResponse } from '../support/openapi.ts';
import { ORDER_ADDRESS, placeTestOrder } from '../support/orders.ts';
import { expectError } from './helpers.ts';

interface WireOrder {
  entity_id: number;
  increment_id: string;
  created_at: string;
  customer_id?: number;
  customer_email: string;
  customer_is_guest: number;
  grand_total: number;
  items: { sku: string; qty_ordered: number }[];
}

let backend: TestBackend;
let alice: { id: number; email: string; token: string };
let bob: { id: number; email: string };
let guestOrder: WireOrder;
/** Alice's two orders placed in the same second, in the order they were written. */
let sameSecond: number[];

const DAY = 86_400_000;
const filter = (group: number, field: string, value: string | number, condition = 'eq') =>
  `&searchCriteria[filterGroups][${group}][filters][0][field]=${field}` +
  `&searchCriteria[filterGroups][${group}][filters][0][value]=${encodeURIComponent(String(value))}` +
  `&searchCriteria[filterGroups][${group}][filters][0][conditionType]=${condition}`;

/** "My orders": the customer's orders, created_at then entity_id descending, ten a page. */
const myOrdersQuery = (customerId: number, page: number) =>
  `/rest/default/V1/orders?${filter(0, 'customer_id', customerId).slice(1)}` +
  '&searchCriteria[sortOrders][0][field]=created_at&searchCriteria[sortOrders][0][direction]=DESC' +
  '&searchCriteria[sortOrders][1][field]=entity_id&searchCriteria[sortOrders][1][direction]=DESC' +
  `&searchCriteria[pageSize]=10&searchCriteria[currentPage]=${page}`;

async function search(path: string, token: string | undefined = INTEGRATION_TOKEN) {
  const reply = await backend.call('GET', path, { token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const result = validateResponse('GET', '/V1/orders', 200, reply.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
  return reply.body as { items: WireOrder[]; total_count: number; search_criteria: unknown };
}

const numbers = (orders: { items: WireOrder[] }) => orders.items.map((order) => order.increment_id);

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await backend.newCustomer();
  bob = await backend.newCustomer();
  const now = Date.now();
  // Written out of date order, so a list in entity order would come out wrong.
  seedCustomerOrders(backend.db, alice.id, 6, { newest: new Date(now - DAY), days: 20 });
  seedCustomerOrders(backend.db, alice.id, 4, { newest: new Date(now - 60 * DAY), days: 20 });
  const tie = new Date(now - 10 * DAY);
  sameSecond = [
    ...seedCustomerOrders(backend.db, alice.id, 1, { newest: tie }),
    ...seedCustomerOrders(backend.db, alice.id, 1, { newest: tie }),
  ].map((order) => order.orderId);
  const line = { sku: (await pickProduct(backend)).sku, qty: 1 };
  await placeTestOrder(backend, { token: alice.token, lines: [line] });
  seedCustomerOrders(backend.db, bob.id, 3);
  // A guest who gives Alice's e-mail address: the order is still nobody's account's.
  const guest = await placeTestOrder(backend, {
    lines: [line],
    address: { ...ORDER_ADDRESS, email: alice.email.toUpperCase() },
  });
  guestOrder = (await backend.call('GET', `/rest/V1/orders/${guest.id}`, { token: INTEGRATION_TOKEN }))
    .body as WireOrder;
});
afterAll(() => backend.stop());

describe("a customer's orders", () => {
  it('lists only that customer’s, newest first (same second: higher entity first), ten a page', async () => {
    const all = await search(`/rest/V1/orders?${filter(0, 'customer_id', alice.id).slice(1)}`);
    expect(all.total_count).toBe(13);
    const expected = all.items
      .toSorted((a, b) => b.created_at.localeCompare(a.created_at) || b.entity_id - a.entity_id)
      .map((order) => order.increment_id);

    const first = await search(myOrdersQuery(alice.id, 1));
    const second = await search(myOrdersQuery(alice.id, 2));
    expect([first.total_count, second.total_count]).toEqual([13, 13]);
    expect(first.items).toHaveLength(10);
    expect([...numbers(first), ...numbers(second)]).toEqual(expected);
    for (const order of [...first.items, ...second.items]) {
      expect(order.customer_id).toBe(alice.id);
      expect(order.customer_is_guest).toBe(0);
    }
    // The checkout order is the newest; entity order is not date order here.
    expect(first.items[0]?.created_at).toBe(
      all.items
        .map((o) => o.created_at)
        .sort()
        .at(-1),
    );
    const ids = [...first.items, ...second.items].map((order) => order.entity_id);
    expect(ids.indexOf(sameSecond[1] ?? 0)).toBe(ids.indexOf(sameSecond[0] ?? 0) - 1);
    expect(ids).not.toEqual(ids.toSorted((a, b) => b - a));

    // The criteria come back as sent: values as strings, both sort orders, the page asked for.
    expect(first.search_criteria).toEqual({
      filter_groups: [{ filters: [{ field: 'customer_id', value: String(alice.id), condition_type: 'eq' }] }],
      sort_orders: [
        { field: 'created_at', direction: 'DESC' },
        { field: 'entity_id', direction: 'DESC' },
      ],
      page_size: 10,
      current_page: 1,
    });

    const other = await search(myOrdersQuery(bob.id, 1));
    expect(other.total_count).toBe(3);
    expect(other.items.every((order) => order.customer_id === bob.id)).toBe(true);
  });

  it('answers a page past the last with the last page, and a page below 1 with the first', async () => {
    const second = await search(myOrdersQuery(alice.id, 2));
    const beyond = await search(myOrdersQuery(alice.id, 7));
    expect(beyond.total_count).toBe(13);
    expect(numbers(beyond)).toEqual(numbers(second));
    expect(beyond.search_criteria).toMatchObject({ current_page: 7 });
    const zero = await search(myOrdersQuery(alice.id, 0));
    expect(numbers(zero)).toEqual(numbers(await search(myOrdersQuery(alice.id, 1))));
  });

  it('trims a page to the fields asked for (`fields=`), items and their lines alike', async () => {
    const fields = 'items[increment_id,created_at,grand_total,items[sku,qty_ordered]],total_count';
    const reply = await backend.call(
      'GET',
      `${myOrdersQuery(alice.id, 1)}&fields=${encodeURIComponent(fields)}`,
      {
        token: INTEGRATION_TOKEN,
      },
    );
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body)).toEqual(['items', 'total_count']);
    expect(reply.body.total_count).toBe(13);
    const full = await search(myOrdersQuery(alice.id, 1));
    expect(reply.body.items).toEqual(
      full.items.map((order) => ({
        increment_id: order.increment_id,
        created_at: order.created_at,
        grand_total: order.grand_total,
        items: order.items.map(({ sku, qty_ordered }) => ({ sku, qty_ordered })),
      })),
    );
  });

  it('finds nothing for a customer without orders, or for an id that is no customer', async () => {
    const { id } = await backend.newCustomer();
    for (const customerId of [id, 999999]) {
      const none = await search(myOrdersQuery(customerId, 1));
      expect(none).toMatchObject({ items: [], total_count: 0 });
    }
  });
});

describe('one order by number', () => {
  const byNumberOf = (incrementId: string, customerId?: number) =>
    `/rest/V1/orders?${filter(0, 'increment_id', incrementId).slice(1)}` +
    (customerId === undefined ? '' : filter(1, 'customer_id', customerId));

  it('finds a customer’s order with its number and customer id together, and not with another’s id', async () => {
    const [newest] = (await search(myOrdersQuery(alice.id, 1))).items;
    if (!newest) throw new Error('Alice has no orders');
    const mine = await search(byNumberOf(newest.increment_id, alice.id));
    expect(mine.total_count).toBe(1);
    const single = await backend.call('GET', `/rest/V1/orders/${newest.entity_id}`, {
      token: INTEGRATION_TOKEN,
    });
    expect(mine.items[0]).toEqual(single.body);

    expect(await search(byNumberOf(newest.increment_id, bob.id))).toMatchObject({
      items: [],
      total_count: 0,
    });
    // The number is a string: without its leading zeros it is another value.
    expect((await search(byNumberOf(String(Number(newest.increment_id)), alice.id))).total_count).toBe(0);
    expect((await search(byNumberOf('999999999', alice.id))).total_count).toBe(0);
  });

  it('finds a guest’s order by number alone, never by a customer id, even the one its e-mail belongs to', async () => {
    expect(guestOrder).toMatchObject({ customer_is_guest: 1, customer_email: alice.email.toUpperCase() });
    expect(guestOrder).not.toHaveProperty('customer_id');
    const found = await search(byNumberOf(guestOrder.increment_id));
    expect(found.items.map((order) => order.entity_id)).toEqual([guestOrder.entity_id]);
    expect((await search(byNumberOf(guestOrder.increment_id, alice.id))).total_count).toBe(0);
    const alices = [
      ...(await search(myOrdersQuery(alice.id, 1))).items,
      ...(await search(myOrdersQuery(alice.id, 2))).items,
    ];
    expect(alices.map((order) => order.entity_id)).not.toContain(guestOrder.entity_id);
  });

  it('finds by e-mail, in any case, the customer’s orders and the guest order given that e-mail', async () => {
    const byEmail = await search(
      `/rest/V1/orders?${filter(0, 'customer_email', alice.email.toUpperCase()).slice(1)}&searchCriteria[pageSize]=0`,
    );
    expect(byEmail.total_count).toBe(14);
    expect(byEmail.items.map((order) => order.entity_id)).toContain(guestOrder.entity_id);
  });
});

describe('who may search orders', () => {
  // acl.test.ts and admin-checkout.test.ts refuse both tokens on GET /V1/orders/:id and a bare search.
  it('refuses the customer’s own token and no token the "My orders" search of the customer’s own orders', async () => {
    for (const token of [alice.token, undefined]) {
      expectError(
        await backend.call('GET', myOrdersQuery(alice.id, 1), { token }),
        401,
        "The consumer isn't authorized to access %resources.",
        { resources: 'Magento_Sales::actions_view' },
      );
    }
  });
});
