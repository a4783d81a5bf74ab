/**
 * Mage-OS's returns module over GraphQL: a customer returns part of a paid order, lists, reads and
 * comments on the return; a guest returns the seeded detergent by order number and e-mail; each refusal
 * carries the module's message and category; another customer's order and return are not found; and the
 * e-mails the module sends on a new return reach the customer and the store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GUEST_ORDER } from '@cleaning-shop/embedded-magento/returns/demo-orders.ts';
import { DEMO_CUSTOMER } from '@cleaning-shop/embedded-magento/seed/seed-database.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { expectData, gql } from './graphql-helpers.ts';
import {
  CREATE_CUSTOMER_RETURN,
  CREATE_GUEST_RETURN,
  expectRefusal,
  LOOKUP,
  paidOrder,
  RETURN_FIELDS,
  startMailCatcher,
  type MailCatcher,
  type PaidOrder,
} from './returns-helpers.ts';

let backend: TestBackend;
let mail: MailCatcher;
let owner: { token: string; email: string };
let stranger: { token: string };
/** An order the tests only try to return (and are refused): never returned, so it stays returnable. */
let kept: PaidOrder;

const STORE_EMAIL = 'returns-desk@example.com';

beforeAll(async () => {
  mail = await startMailCatcher();
  backend = await startTestBackend({
    smtpUrl: mail.url,
    store: { name: 'Clearwater Test', email: STORE_EMAIL },
  });
  owner = await backend.newCustomer();
  stranger = await backend.newCustomer();
  kept = await paidOrder(backend, { token: owner.token, qty: 3 });
});
afterAll(async () => {
  await backend.stop();
  await mail.close();
});

const returnInput = (target: PaidOrder, qty: number, extra: Record<string, unknown> = {}) => ({
  order_id: target.id,
  reason_id: LOOKUP.noLongerNeeded,
  resolution_type_id: LOOKUP.returnResolution,
  items: [{ order_item_id: target.itemId, qty_requested: qty, condition_id: LOOKUP.unopened }],
  ...extra,
});

const create = (token: string | undefined, input: unknown) =>
  gql(backend, CREATE_CUSTOMER_RETURN, { token, variables: { input } });

describe("a customer's return", () => {
  it('is created New Request for a paid order not yet dispatched, then listed, read and commented', async () => {
    const order = await paidOrder(backend, { token: owner.token, qty: 2 });
    const created = expectData(await create(owner.token, returnInput(order, 1))).createCustomerReturn.return;
    expect(created).toMatchObject({
      increment_id: `RMA-${String(created.rma_id).padStart(9, '0')}`,
      order_number: order.number,
      status: { code: 'new_request', label: 'New Request' },
      reason: { id: LOOKUP.noLongerNeeded, code: 'no_longer_needed', label: 'No Longer Needed/Wanted' },
      resolution_type: { code: 'return', label: 'Return' },
      items: [
        {
          order_item_id: order.itemId,
          product_sku: order.sku,
          product_name: order.name,
          qty_requested: 1,
          qty_approved: null,
          qty_returned: null,
          condition: { code: 'unopened', label: 'Unopened' },
        },
      ],
      comments: [],
    });
    const list = expectData(
      await gql(
        backend,
        `{ customerReturns { total_count page_info { page_size current_page total_pages } items { rma_id increment_id } } }`,
        { token: owner.token },
      ),
    ).customerReturns;
    expect(list).toMatchObject({ page_info: { page_size: 20, current_page: 1, total_pages: 1 } });
    expect(list.items).toContainEqual({ rma_id: created.rma_id, increment_id: created.increment_id });
    const added = expectData(
      await gql(
        backend,
        `mutation { addReturnComment(input: { rma_id: ${String(created.rma_id)}, comment: "  Still sealed in its box.  " }) { comment_id author_type author_name comment created_at } }`,
        { token: owner.token },
      ),
    ).addReturnComment;
    expect(added).toMatchObject({
      author_type: 'customer',
      author_name: 'Robin Hale',
      comment: 'Still sealed in its box.',
    });
    const read = expectData(
      await gql(backend, `{ customerReturn(rma_id: ${String(created.rma_id)}) { ${RETURN_FIELDS} } }`, {
        token: owner.token,
      }),
    ).customerReturn;
    expect(read.comments).toEqual([added]);
    const comments = expectData(
      await gql(
        backend,
        `{ returnComments(rma_id: ${String(created.rma_id)}) { total_count items { comment } page_info { page_size } } }`,
        {
          token: owner.token,
        },
      ),
    ).returnComments;
    expect(comments).toEqual({
      total_count: 1,
      items: [{ comment: 'Still sealed in its box.' }],
      page_info: { page_size: 50 },
    });
  });

  it('e-mails the customer and the store when it is made', async () => {
    const order = await paidOrder(backend, { token: owner.token, qty: 1 });
    const created = expectData(await create(owner.token, returnInput(order, 1))).createCustomerReturn.return;
    const number = created.increment_id as string;
    const toCustomer = mail.to(owner.email).find((m) => m.subject.includes(number));
    expect(toCustomer?.subject).toBe(`Your RMA Request #${number} from Clearwater Test`);
    expect(toCustomer?.from).toContain(STORE_EMAIL);
    expect(toCustomer?.text).toContain(
      `We have received your return request #${number} for order #${order.number}.`,
    );
    expect(toCustomer?.html).toContain(`<strong>#${number}</strong>`);
    expect(toCustomer?.text).toContain(order.name);
    const toStore = mail.to(STORE_EMAIL).find((m) => m.subject === `New RMA Request #${number}`);
    expect(toStore?.text).toContain(`A new return request #${number} has been submitted.`);
  });
});

describe('quantities', () => {
  it('refuses more than was ordered, and more than earlier returns of the line leave', async () => {
    const own = await paidOrder(backend, { token: owner.token, qty: 3 });
    expectRefusal(
      await create(owner.token, returnInput(own, 4)),
      `You cannot return more of "${own.name}" than the 3 ordered.`,
      'graphql-input',
    );
    expectData(await create(owner.token, returnInput(own, 2)));
    expectRefusal(
      await create(owner.token, returnInput(own, 2)),
      `Only 1 of "${own.name}" can still be returned: 2 already in a return.`,
      'graphql-input',
    );
    expectData(await create(owner.token, returnInput(own, 1)));
    expectRefusal(
      await create(owner.token, returnInput(own, 1)),
      'This order is not eligible for a return.',
      'graphql-input',
    );
  });

  it('refuses a quantity below 1 and a line that is not the order’s', async () => {
    expectRefusal(
      await create(owner.token, returnInput(kept, 0)),
      `The quantity to return of "${kept.name}" must be at least 1.`,
      'graphql-input',
    );
    const input = returnInput(kept, 1, { items: [{ order_item_id: kept.itemId + 1000, qty_requested: 1 }] });
    expectRefusal(
      await create(owner.token, input),
      `Order item with ID "${String(kept.itemId + 1000)}" is not a returnable item of this order.`,
      'graphql-input',
    );
  });
});

describe('refusals', () => {
  it('refuses a guest, and required fields PHP calls empty', async () => {
    expectRefusal(
      await create(undefined, returnInput(kept, 1)),
      "The current customer isn't authorized.",
      'graphql-authorization',
    );
    expectRefusal(
      await gql(backend, '{ customerReturns { total_count } }'),
      "The current customer isn't authorized.",
      'graphql-authorization',
    );
    expectRefusal(
      await create(owner.token, returnInput(kept, 1, { order_id: 0 })),
      'Order ID is required.',
      'graphql-input',
    );
    expectRefusal(
      await create(owner.token, returnInput(kept, 1, { reason_id: 0 })),
      'Reason ID is required.',
      'graphql-input',
    );
    expectRefusal(
      await create(owner.token, returnInput(kept, 1, { items: [] })),
      'Items is required.',
      'graphql-input',
    );
  });

  it('refuses an unknown reason, resolution or condition', async () => {
    expectRefusal(
      await create(owner.token, returnInput(kept, 1, { reason_id: 99 })),
      'Reason with ID "99" does not exist.',
      'graphql-input',
    );
    expectRefusal(
      await create(owner.token, returnInput(kept, 1, { resolution_type_id: 99 })),
      'Resolution type with ID "99" does not exist.',
      'graphql-input',
    );
    const input = returnInput(kept, 1, {
      items: [{ order_item_id: kept.itemId, qty_requested: 1, condition_id: 99 }],
    });
    expectRefusal(
      await create(owner.token, input),
      'Item condition with ID "99" does not exist.',
      'graphql-input',
    );
  });

  it('refuses an order not yet paid, and one past the 30-day return period', async () => {
    const pending = await paidOrder(backend, { token: owner.token, qty: 1, invoice: false });
    expectRefusal(
      await create(owner.token, returnInput(pending, 1)),
      'This order is not eligible for a return.',
      'graphql-input',
    );
    const signIn = await backend.call('POST', '/rest/V1/integration/customer/token', {
      body: { username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
    });
    const orders = await backend.call(
      'GET',
      `/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=customer_email&searchCriteria[filterGroups][0][filters][0][value]=${DEMO_CUSTOMER.email}&searchCriteria[filterGroups][1][filters][0][field]=status&searchCriteria[filterGroups][1][filters][0][value]=complete`,
      { token: INTEGRATION_TOKEN },
    );
    const old = (orders.body.items as { entity_id: number; items: { item_id: number }[] }[])[0];
    expect(old).toBeDefined();
    const input = {
      order_id: old?.entity_id,
      reason_id: LOOKUP.noLongerNeeded,
      resolution_type_id: LOOKUP.returnResolution,
      items: [{ order_item_id: old?.items[0]?.item_id, qty_requested: 1 }],
    };
    expectRefusal(
      await create(signIn.body as string, input),
      'This order is not eligible for a return.',
      'graphql-input',
    );
  });

  it("refuses another customer's order and return as the module does", async () => {
    const order = await paidOrder(backend, { token: owner.token, qty: 1 });
    expectRefusal(
      await create(stranger.token, returnInput(order, 1)),
      'You are not authorized to create a return for this order.',
      'graphql-authorization',
    );
    const mine = expectData(await create(owner.token, returnInput(order, 1))).createCustomerReturn.return;
    const id = String(mine.rma_id);
    expectRefusal(
      await gql(backend, `{ customerReturn(rma_id: ${id}) { rma_id } }`, { token: stranger.token }),
      'You are not authorized to view this return.',
      'graphql-authorization',
    );
    expectRefusal(
      await gql(backend, `{ returnComments(rma_id: ${id}) { total_count } }`, { token: stranger.token }),
      'You are not authorized to view this return.',
      'graphql-authorization',
    );
    expectRefusal(
      await gql(
        backend,
        `mutation { addReturnComment(input: { rma_id: ${id}, comment: "mine now" }) { comment_id } }`,
        { token: stranger.token },
      ),
      'You are not authorized to comment on this return.',
      'graphql-authorization',
    );
    const list = expectData(
      await gql(backend, '{ customerReturns { total_count items { rma_id } } }', { token: stranger.token }),
    );
    expect(list.customerReturns).toEqual({ total_count: 0, items: [] });
  });
});

describe('the demo data', () => {
  it('lets the demo customer return a detergent from their order being processed', async () => {
    const signIn = await backend.call('POST', '/rest/V1/integration/customer/token', {
      body: { username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
    });
    const orders = await backend.call(
      'GET',
      `/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=customer_email&searchCriteria[filterGroups][0][filters][0][value]=${DEMO_CUSTOMER.email}&searchCriteria[filterGroups][1][filters][0][field]=status&searchCriteria[filterGroups][1][filters][0][value]=processing`,
      { token: INTEGRATION_TOKEN },
    );
    const latest = (
      orders.body.items as {
        entity_id: number;
        increment_id: string;
        items: { item_id: number; qty_ordered: number }[];
      }[]
    )[0];
    expect(latest?.increment_id).toBe('000000004');
    const line = latest?.items[0];
    expect(line?.qty_ordered).toBe(3);
    const input = {
      order_id: latest?.entity_id,
      reason_id: LOOKUP.noLongerNeeded,
      resolution_type_id: LOOKUP.returnResolution,
      items: [{ order_item_id: line?.item_id, qty_requested: 3, condition_id: LOOKUP.unopened }],
    };
    const created = expectData(await create(signIn.body as string, input)).createCustomerReturn.return;
    expect(created).toMatchObject({ order_number: '000000004', items: [{ qty_requested: 3 }] });
  });
});

describe("a guest's return, by order number and e-mail", () => {
  const guestNumber = () => backend.db.meta('demo_guest_order') ?? '';

  it('returns an unopened detergent from the seeded guest order, and reads it back', async () => {
    const lines = await backend.call(
      'GET',
      `/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=increment_id&searchCriteria[filterGroups][0][filters][0][value]=${guestNumber()}`,
      {
        token: INTEGRATION_TOKEN,
      },
    );
    const detergent = (
      lines.body.items[0].items as { item_id: number; qty_ordered: number; name: string }[]
    )[0];
    expect(detergent?.qty_ordered).toBe(2);
    const input = {
      order_number: guestNumber(),
      email: DEMO_GUEST_ORDER.email.toUpperCase(),
      reason_id: LOOKUP.noLongerNeeded,
      resolution_type_id: LOOKUP.returnResolution,
      items: [{ order_item_id: detergent?.item_id, qty_requested: 1, condition_id: LOOKUP.unopened }],
    };
    const created = expectData(await gql(backend, CREATE_GUEST_RETURN, { variables: { input } }))
      .createGuestReturn.return;
    expect(created).toMatchObject({
      order_number: guestNumber(),
      items: [{ qty_requested: 1, product_name: detergent?.name }],
    });
    const read = expectData(
      await gql(
        backend,
        `query($n: String!, $e: String!, $id: Int!) { guestReturn(order_number: $n, email: $e, rma_id: $id) { rma_id status { code } } }`,
        {
          variables: { n: guestNumber(), e: DEMO_GUEST_ORDER.email, id: created.rma_id },
        },
      ),
    );
    expect(read.guestReturn).toEqual({ rma_id: created.rma_id, status: { code: 'new_request' } });
    expect(mail.to(DEMO_GUEST_ORDER.email).map((m) => m.subject)).toContain(
      `Your RMA Request #${String(created.increment_id)} from Clearwater Test`,
    );
  });

  it('refuses a wrong e-mail, an unknown order, and another order’s return', async () => {
    const query = `query($n: String!, $e: String!, $id: Int!) { guestReturn(order_number: $n, email: $e, rma_id: $id) { rma_id } }`;
    expectRefusal(
      await gql(backend, query, { variables: { n: guestNumber(), e: 'someone@example.com', id: 1 } }),
      'Order email does not match.',
      'graphql-authorization',
    );
    expectRefusal(
      await gql(backend, query, { variables: { n: '999999999', e: DEMO_GUEST_ORDER.email, id: 1 } }),
      'Order "999999999" not found.',
      'graphql-no-such-entity',
    );
    const order = await paidOrder(backend, { token: owner.token, qty: 1 });
    const mine = expectData(await create(owner.token, returnInput(order, 1))).createCustomerReturn.return;
    expectRefusal(
      await gql(backend, query, {
        variables: { n: guestNumber(), e: DEMO_GUEST_ORDER.email, id: mine.rma_id },
      }),
      'You are not authorized to view this return.',
      'graphql-authorization',
    );
    expectRefusal(
      await gql(backend, query, { variables: { n: guestNumber(), e: DEMO_GUEST_ORDER.email, id: 999999 } }),
      'RMA with ID "999999" does not exist.',
      'graphql-no-such-entity',
    );
  });
});
