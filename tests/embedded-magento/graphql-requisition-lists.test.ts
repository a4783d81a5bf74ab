/**
 * The requisition lists of the embedded back end against B2B for Adobe Commerce's documented calls
 * (developer.adobe.com/commerce/webapi/graphql/schema/b2b/requisition-list/): the answers' shapes as the
 * pages' examples show them (uids base64 of the id), and the refusals: a guest, another customer's list
 * (not found, as a uid nobody has), an unknown sku; and the lines going to the customer's cart, whole or
 * chosen, the list left as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeProduct } from './checkout-helpers.ts';
import { expectData, gql } from './graphql-helpers.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const LIST = `uid name description items_count updated_at
  items { items { __typename uid sku quantity product { sku name } } page_info { current_page page_size total_pages } total_pages }`;
const CREATE = `mutation ($name: String!, $description: String) {
  createRequisitionList(input: { name: $name, description: $description }) { requisition_list { ${LIST} } } }`;
const ADD = `mutation ($uid: ID!, $items: [RequisitionListItemsInput!]!) {
  addProductsToRequisitionList(requisitionListUid: $uid, requisitionListItems: $items) { requisition_list { ${LIST} } } }`;
const LISTS = `query ($filter: RequisitionListFilterInput) { customer { requisition_lists(filter: $filter) {
  total_count page_info { current_page page_size total_pages } items { uid name items_count } } } }`;
const TO_CART = `mutation ($uid: ID!, $items: [ID!]) {
  addRequisitionListItemsToCart(requisitionListUid: $uid, requisitionListItemUids: $items) {
    status add_requisition_list_items_to_cart_user_errors { type message }
    cart { total_quantity items { __typename quantity product { sku } } } } }`;

const uidOf = (id: number) => Buffer.from(String(id)).toString('base64');

async function createList(token: string, name = 'Fortnightly detergent') {
  const data = expectData(await gql(backend, CREATE, { token, variables: { name, description: 'Site A' } }));
  return data.createRequisitionList.requisition_list as { uid: string; name: string };
}

async function addItems(token: string, uid: string, items: { sku: string; quantity: number }[]) {
  const data = expectData(await gql(backend, ADD, { token, variables: { uid, items } }));
  return data.addProductsToRequisitionList.requisition_list;
}

const firstError = (reply: {
  body: { errors?: { message: string; extensions?: { category?: string } }[] };
}) => {
  const error = reply.body.errors?.[0];
  return { message: error?.message, category: error?.extensions?.category };
};

describe("Adobe's answers", () => {
  it('says the feature is on', async () => {
    const data = expectData(await gql(backend, '{ storeConfig { is_requisition_list_active } }'));
    expect(data.storeConfig.is_requisition_list_active).toBe('1');
  });

  it('creates a list with a base64 uid, adds lines, and lists the customer’s lists', async () => {
    const { token } = await backend.newCustomer();
    const list = await createList(token);
    expect(Buffer.from(list.uid, 'base64').toString()).toMatch(/^\d+$/);
    expect(list).toMatchObject({ name: 'Fortnightly detergent', description: 'Site A', items_count: 0 });
    const skuA = await makeProduct(backend, 12, 1);
    const skuB = await makeProduct(backend, 30, 1);
    const added = await addItems(token, list.uid, [
      { sku: skuA, quantity: 4 },
      { sku: skuB, quantity: 1 },
    ]);
    expect(added.items_count).toBe(2);
    expect(
      added.items.items.map((item: { __typename: string; sku: string; quantity: number }) => [
        item.__typename,
        item.sku,
        item.quantity,
      ]),
    ).toEqual([
      ['SimpleRequisitionListItem', skuA, 4],
      ['SimpleRequisitionListItem', skuB, 1],
    ]);
    expect(added.items.page_info).toEqual({ current_page: 1, page_size: 20, total_pages: 1 });
    // The same product again is more of its line.
    const again = await addItems(token, list.uid, [{ sku: skuA, quantity: 2 }]);
    expect(again.items.items[0].quantity).toBe(6);
    const lists = expectData(await gql(backend, LISTS, { token })).customer.requisition_lists;
    expect(lists).toEqual({
      total_count: 1,
      page_info: { current_page: 1, page_size: 20, total_pages: 1 },
      items: [{ uid: list.uid, name: 'Fortnightly detergent', items_count: 2 }],
    });
  });

  it('gives a second list of the same name " 1", filters by name and uid', async () => {
    const { token } = await backend.newCustomer();
    const first = await createList(token, 'Vans');
    const second = await createList(token, 'Vans');
    expect(second.name).toBe('Vans 1');
    const byName = expectData(
      await gql(backend, LISTS, { token, variables: { filter: { name: { match: 'van' } } } }),
    ).customer.requisition_lists;
    expect(byName.total_count).toBe(2);
    const byUid = expectData(
      await gql(backend, LISTS, { token, variables: { filter: { uids: { eq: first.uid } } } }),
    ).customer.requisition_lists;
    expect(byUid.items).toEqual([{ uid: first.uid, name: 'Vans', items_count: 0 }]);
  });

  it('renames, changes a quantity, removes a line and deletes a list', async () => {
    const { token } = await backend.newCustomer();
    const list = await createList(token);
    const sku = await makeProduct(backend, 12, 1);
    const added = await addItems(token, list.uid, [{ sku, quantity: 2 }]);
    const itemUid = added.items.items[0].uid;
    const renamed = expectData(
      await gql(
        backend,
        `mutation ($uid: ID!) { updateRequisitionList(requisitionListUid: $uid, input: { name: "Monthly" }) {
          requisition_list { uid name description } } }`,
        { token, variables: { uid: list.uid } },
      ),
    ).updateRequisitionList.requisition_list;
    expect(renamed).toEqual({ uid: list.uid, name: 'Monthly', description: null });
    const updated = expectData(
      await gql(
        backend,
        `mutation ($uid: ID!, $item: ID!) { updateRequisitionListItems(requisitionListUid: $uid,
          requisitionListItems: [{ item_id: $item, quantity: 7 }]) { requisition_list { items { items { uid quantity } } } } }`,
        { token, variables: { uid: list.uid, item: itemUid } },
      ),
    ).updateRequisitionListItems.requisition_list;
    expect(updated.items.items).toEqual([{ uid: itemUid, quantity: 7 }]);
    const removed = expectData(
      await gql(
        backend,
        `mutation ($uid: ID!, $item: ID!) { deleteRequisitionListItems(requisitionListUid: $uid,
          requisitionListItemUids: [$item]) { requisition_list { uid items_count } } }`,
        { token, variables: { uid: list.uid, item: itemUid } },
      ),
    ).deleteRequisitionListItems.requisition_list;
    expect(removed).toEqual({ uid: list.uid, items_count: 0 });
    const deleted = expectData(
      await gql(
        backend,
        `mutation ($uid: ID!) { deleteRequisitionList(requisitionListUid: $uid) {
          status requisition_lists { total_count items { uid } } } }`,
        { token, variables: { uid: list.uid } },
      ),
    ).deleteRequisitionList;
    expect(deleted).toEqual({ status: true, requisition_lists: { total_count: 0, items: [] } });
  });

  it('copies and moves lines between lists', async () => {
    const { token } = await backend.newCustomer();
    const source = await createList(token, 'Source');
    const target = await createList(token, 'Target');
    const sku = await makeProduct(backend, 12, 1);
    const added = await addItems(token, source.uid, [{ sku, quantity: 3 }]);
    const item = added.items.items[0].uid;
    const copied = expectData(
      await gql(
        backend,
        `mutation ($s: ID!, $d: ID, $i: ID) { copyItemsBetweenRequisitionLists(sourceRequisitionListUid: $s,
          destinationRequisitionListUid: $d, requisitionListItem: { requisitionListItemUids: [$i] }) {
          requisition_list { uid items_count } } }`,
        { token, variables: { s: source.uid, d: target.uid, i: item } },
      ),
    ).copyItemsBetweenRequisitionLists.requisition_list;
    expect(copied).toEqual({ uid: target.uid, items_count: 1 });
    const moved = expectData(
      await gql(
        backend,
        `mutation ($s: ID!, $d: ID, $i: ID) { moveItemsBetweenRequisitionLists(sourceRequisitionListUid: $s,
          destinationRequisitionListUid: $d, requisitionListItem: { requisitionListItemUids: [$i] }) {
          source_requisition_list { uid items_count } destination_requisition_list { uid items_count
            items { items { quantity } } } } }`,
        { token, variables: { s: source.uid, d: target.uid, i: item } },
      ),
    ).moveItemsBetweenRequisitionLists;
    expect(moved.source_requisition_list).toEqual({ uid: source.uid, items_count: 0 });
    expect(moved.destination_requisition_list.items.items).toEqual([{ quantity: 6 }]);
  });
});

describe('to the cart', () => {
  it('adds chosen lines, then all of them, to the customer’s cart, and the list stays', async () => {
    const { token } = await backend.newCustomer();
    const list = await createList(token);
    const skuA = await makeProduct(backend, 12, 1);
    const skuB = await makeProduct(backend, 30, 1);
    const added = await addItems(token, list.uid, [
      { sku: skuA, quantity: 2 },
      { sku: skuB, quantity: 1 },
    ]);
    const chosen = expectData(
      await gql(backend, TO_CART, { token, variables: { uid: list.uid, items: [added.items.items[1].uid] } }),
    ).addRequisitionListItemsToCart;
    expect(chosen).toEqual({
      status: true,
      add_requisition_list_items_to_cart_user_errors: [],
      cart: {
        total_quantity: 1,
        items: [{ __typename: 'SimpleCartItem', quantity: 1, product: { sku: skuB } }],
      },
    });
    const all = expectData(
      await gql(backend, TO_CART, { token, variables: { uid: list.uid } }),
    ).addRequisitionListItemsToCart;
    expect(all.status).toBe(true);
    expect(all.cart.total_quantity).toBe(4);
    const rest = await backend.call('GET', '/rest/V1/carts/mine/items', { token });
    expect(rest.body.map((line: { sku: string; qty: number }) => [line.sku, line.qty]).sort()).toEqual(
      [
        [skuA, 2],
        [skuB, 2],
      ].sort(),
    );
    const lists = expectData(await gql(backend, LISTS, { token })).customer.requisition_lists;
    expect(lists.items[0].items_count).toBe(2);
    const cartId = expectData(await gql(backend, '{ customerCart { id } }', { token })).customerCart.id;
    const cleared = expectData(
      await gql(
        backend,
        'mutation ($id: String!) { clearCustomerCart(cartUid: $id) { status cart { id total_quantity } } }',
        {
          token,
          variables: { id: cartId },
        },
      ),
    ).clearCustomerCart;
    expect(cleared).toEqual({ status: true, cart: { id: cartId, total_quantity: 0 } });
  });

  it('reports a line the cart refuses (more than the 500 in stock) in Adobe’s types', async () => {
    const { token } = await backend.newCustomer();
    const list = await createList(token);
    const sku = await makeProduct(backend, 12, 1);
    await addItems(token, list.uid, [{ sku, quantity: 600 }]);
    const answer = expectData(
      await gql(backend, TO_CART, { token, variables: { uid: list.uid } }),
    ).addRequisitionListItemsToCart;
    expect(answer.status).toBe(false);
    expect(answer.add_requisition_list_items_to_cart_user_errors).toHaveLength(1);
    expect(answer.add_requisition_list_items_to_cart_user_errors[0].type).toBe('LOW_QUANTITY');
  });
});

describe('refusals', () => {
  it('refuses a guest', async () => {
    const reply = await gql(backend, CREATE, { variables: { name: 'Mine' } });
    expect(firstError(reply)).toEqual({
      message: 'The current user cannot perform operations on requisition list',
      category: 'graphql-authorization',
    });
    const lists = await gql(backend, LISTS);
    expect(firstError(lists)).toEqual({
      message: "The current customer isn't authorized.",
      category: 'graphql-authorization',
    });
  });

  it('refuses another customer’s list as Adobe does, and finds no list with an unknown uid', async () => {
    const owner = await backend.newCustomer();
    const stranger = await backend.newCustomer();
    const list = await createList(owner.token);
    const sku = await makeProduct(backend, 12, 1);
    const theirs = await gql(backend, ADD, {
      token: stranger.token,
      variables: { uid: list.uid, items: [{ sku, quantity: 1 }] },
    });
    const notYours = {
      message: 'The current user cannot perform operations on requisition list',
      category: 'graphql-authorization',
    };
    expect(firstError(theirs)).toEqual(notYours);
    const toCart = await gql(backend, TO_CART, { token: stranger.token, variables: { uid: list.uid } });
    expect(firstError(toCart)).toEqual(notYours);
    const unknown = await gql(backend, ADD, {
      token: owner.token,
      variables: { uid: uidOf(999999), items: [{ sku, quantity: 1 }] },
    });
    expect(firstError(unknown)).toEqual({
      message: 'No such entity with id = 999999',
      category: 'graphql-no-such-entity',
    });
    const lists = expectData(await gql(backend, LISTS, { token: stranger.token })).customer.requisition_lists;
    expect(lists.total_count).toBe(0);
  });

  it('refuses an unknown sku and leaves the list as it was', async () => {
    const { token } = await backend.newCustomer();
    const list = await createList(token);
    const sku = await makeProduct(backend, 12, 1);
    const reply = await gql(backend, ADD, {
      token,
      variables: {
        uid: list.uid,
        items: [
          { sku, quantity: 1 },
          { sku: 'NO-SUCH-SKU', quantity: 1 },
        ],
      },
    });
    expect(firstError(reply)).toEqual({ message: 'The SKU was not found.', category: 'graphql-input' });
    const lists = expectData(await gql(backend, LISTS, { token })).customer.requisition_lists;
    expect(lists.items[0].items_count).toBe(0);
  });

  it('refuses a line of another list', async () => {
    const { token } = await backend.newCustomer();
    const one = await createList(token, 'One');
    const two = await createList(token, 'Two');
    const sku = await makeProduct(backend, 12, 1);
    const added = await addItems(token, one.uid, [{ sku, quantity: 1 }]);
    const reply = await gql(backend, TO_CART, {
      token,
      variables: { uid: two.uid, items: [added.items.items[0].uid] },
    });
    expect(firstError(reply).category).toBe('graphql-no-such-entity');
  });
});
