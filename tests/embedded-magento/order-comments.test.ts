/**
 * An order's comments as Magento 2.4 adds and lists them (`POST` and `GET /V1/orders/:id/comments`,
 * `OrderManagementInterface::addComment()` and `getCommentsList()`): the comment answered `true`, kept
 * on the order's `status_histories` newest first, listed oldest first with the search Magento builds, the
 * status rule of `OrderService::addComment()`, the refusals word for word, and the ACL resources of
 * Sales/etc/webapi.xml. Each answer is checked against Magento Open Source 2.4's own schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse } from '../support/openapi.ts';
import { customerCart, guestCart, makeProduct, placeAndRead, ship } from './checkout-helpers.ts';
import { expectError } from './helpers.ts';

interface WireHistory {
  comment: string | null;
  created_at: string;
  entity_id: number;
  entity_name?: string;
  is_customer_notified: number | null;
  is_visible_on_front: number;
  parent_id: number;
  status: string;
}

interface WireOrder {
  entity_id: number;
  state: string;
  status: string;
  updated_at: string;
  status_histories: WireHistory[];
}

let backend: TestBackend;
let sku: string;

const admin = { token: INTEGRATION_TOKEN };
const TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

async function read<T>(path: string): Promise<T> {
  const reply = await backend.call('GET', `/rest/V1${path}`, admin);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const result = validateOpenSourceResponse('GET', `/V1${path.split('?')[0] ?? path}`, 200, reply.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
  return reply.body as T;
}

const order = (id: number) => read<WireOrder>(`/orders/${id}`);
const comments = (id: number) =>
  read<{ items: WireHistory[]; search_criteria: unknown; total_count: number }>(`/orders/${id}/comments`);

/** `POST /V1/orders/:id/comments` with the integration token, or `as` a customer (`{}`: a guest). */
const addComment = (id: number | string, body: unknown, as: { token?: string } = admin) =>
  backend.call('POST', `/rest/V1/orders/${id}/comments`, { ...as, body });

async function commentOk(id: number, statusHistory: Record<string, unknown>): Promise<void> {
  const reply = await addComment(id, { statusHistory });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(reply.body).toBe(true);
  const result = validateOpenSourceResponse('POST', `/V1/orders/${id}/comments`, 200, reply.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
}

/** A guest's new order of one line, by standard delivery (pending, state new). */
async function placeOrder(): Promise<WireOrder> {
  const cart = await guestCart(backend, [[sku, 1]]);
  expect((await ship(cart, 'flatrate', 'flatrate')).status).toBe(200);
  return (await placeAndRead(backend, cart)) as WireOrder;
}

beforeAll(async () => {
  backend = await startTestBackend();
  sku = await makeProduct(backend, 12.5, 1);
});
afterAll(() => backend.stop());

describe('adding a comment to an order', () => {
  it('answers true and shows it first in status_histories, as sent, with the order’s status', async () => {
    const placed = await placeOrder();
    const [placing] = placed.status_histories;
    await commentOk(placed.entity_id, {
      comment: 'Paid with PayPal: PayPal order 5O190127TN364715T',
      is_customer_notified: 0,
      is_visible_on_front: 0,
      parent_id: placed.entity_id,
    });
    await commentOk(placed.entity_id, { comment: 'Second note', parent_id: 999999, entity_name: 'order' });
    const after = await order(placed.entity_id);
    expect(after.status).toBe('pending');
    expect(after.status_histories).toEqual([
      {
        comment: 'Second note',
        created_at: expect.stringMatching(TIMESTAMP),
        entity_id: expect.any(Number),
        entity_name: 'order',
        // Left unsent: null, as the column holds it (the interface's getter is not nullable).
        is_customer_notified: null,
        is_visible_on_front: 0,
        parent_id: placed.entity_id,
        status: 'pending',
      },
      {
        comment: 'Paid with PayPal: PayPal order 5O190127TN364715T',
        created_at: expect.stringMatching(TIMESTAMP),
        entity_id: expect.any(Number),
        is_customer_notified: 0,
        is_visible_on_front: 0,
        parent_id: placed.entity_id,
        status: 'pending',
      },
      placing,
    ]);
    expect(placing).toMatchObject({ entity_name: 'order', status: 'pending', parent_id: placed.entity_id });
  });

  it('lists the order’s comments oldest first, with the search Magento builds for them', async () => {
    const placed = await placeOrder();
    await commentOk(placed.entity_id, { comment: 'A note', is_customer_notified: 1, is_visible_on_front: 1 });
    const listed = await comments(placed.entity_id);
    const histories = (await order(placed.entity_id)).status_histories;
    expect(listed).toEqual({
      items: [...histories].reverse(),
      search_criteria: {
        filter_groups: [
          { filters: [{ field: 'parent_id', value: String(placed.entity_id), condition_type: 'eq' }] },
        ],
      },
      total_count: 2,
    });
    expect(listed.items.at(-1)).toMatchObject({
      comment: 'A note',
      is_customer_notified: 1,
      is_visible_on_front: 1,
    });
  });

  it('takes a status of the order’s state, and refuses one of another state, leaving the order', async () => {
    const placed = await placeOrder();
    await commentOk(placed.entity_id, { comment: 'Still pending', status: 'pending' });
    expectError(
      await addComment(placed.entity_id, { statusHistory: { comment: 'Done', status: 'complete' } }),
      400,
      'Unable to add comment: The status "%1" is not part of the order status history.',
      ['complete'],
    );
    const after = await order(placed.entity_id);
    expect([after.state, after.status]).toEqual(['new', 'pending']);
    expect(after.status_histories.map((entry) => entry.comment)).toEqual(['Still pending', null]);
  });

  it('is the same order a customer’s order search reads', async () => {
    const customer = await backend.newCustomer();
    const cart = await customerCart(backend, customer.token, [[sku, 2]]);
    expect((await ship(cart, 'flatrate', 'flatrate')).status).toBe(200);
    const placed = (await placeAndRead(backend, cart)) as WireOrder;
    await commentOk(placed.entity_id, { comment: 'Paid by card through Opayo: VPSTxId {ABC}' });
    const found = await read<{ items: WireOrder[] }>(
      `/orders?searchCriteria[filterGroups][0][filters][0][field]=customer_id` +
        `&searchCriteria[filterGroups][0][filters][0][value]=${customer.id}`,
    );
    expect(found.items.map((item) => item.status_histories)).toEqual([
      (await order(placed.entity_id)).status_histories,
    ]);
  });
});

describe('what Magento refuses', () => {
  it('answers Magento’s messages for an unknown order, no id, and a missing or unknown field', async () => {
    const placed = await placeOrder();
    expectError(
      await addComment(999999, { statusHistory: { comment: 'Lost' } }),
      404,
      "The entity that was requested doesn't exist. Verify the entity and try again.",
    );
    expectError(
      await addComment(0, { statusHistory: { comment: 'Lost' } }),
      400,
      'An ID is needed. Set the ID and try again.',
    );
    expectError(
      await addComment(placed.entity_id, {}),
      400,
      '"%fieldName" is required. Enter and try again.',
      { fieldName: 'statusHistory' },
    );
    expectError(
      await addComment(placed.entity_id, { statusHistory: { comment: 'x', colour: 'red' } }),
      400,
      '"%fieldName" is not supported. Correct the field name and try again.',
      { fieldName: 'colour' },
    );
    expect((await order(placed.entity_id)).status_histories).toHaveLength(1);
  });

  it('lists no comments for an order that does not exist, as the search finds none', async () => {
    expect((await comments(999999)).items).toEqual([]);
    expect((await comments(999999)).total_count).toBe(0);
  });
});

describe('who may comment', () => {
  it('refuses guests and customers: Magento_Sales::comment to add, Magento_Sales::actions_view to list', async () => {
    const customer = await backend.newCustomer();
    const placed = await placeOrder();
    const message = "The consumer isn't authorized to access %resources.";
    for (const token of [customer.token, undefined]) {
      const as = token === undefined ? {} : { token };
      expectError(await addComment(placed.entity_id, { statusHistory: { comment: 'x' } }, as), 401, message, {
        resources: 'Magento_Sales::comment',
      });
      expectError(
        await backend.call('GET', `/rest/V1/orders/${placed.entity_id}/comments`, as),
        401,
        message,
        {
          resources: 'Magento_Sales::actions_view',
        },
      );
    }
    expect((await order(placed.entity_id)).status_histories).toHaveLength(1);
  });
});
