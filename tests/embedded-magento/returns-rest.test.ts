/**
 * Mage-OS's returns module over REST (`/V1/rma…`, etc/webapi.xml) with an admin token: a return read by id
 * and number, searched, its items and comments, its status changed (which e-mails the customer), and
 * the lookups kept; a token without the module's ACL resource is refused as Magento refuses it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { expectData, gql } from './graphql-helpers.ts';
import { expectError } from './helpers.ts';
import {
  CREATE_CUSTOMER_RETURN,
  LOOKUP,
  paidOrder,
  startMailCatcher,
  type MailCatcher,
} from './returns-helpers.ts';

let backend: TestBackend;
let mail: MailCatcher;
let admin: string;
let customer: { token: string; email: string };

beforeAll(async () => {
  mail = await startMailCatcher();
  backend = await startTestBackend({ smtpUrl: mail.url });
  admin = (await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN })).body as string;
  customer = await backend.newCustomer();
});
afterAll(async () => {
  await backend.stop();
  await mail.close();
});

/** A return of one of two bought, made by the customer through GraphQL. */
async function customerReturn() {
  const order = await paidOrder(backend, { token: customer.token, qty: 2 });
  const input = {
    order_id: order.id,
    reason_id: LOOKUP.noLongerNeeded,
    resolution_type_id: LOOKUP.returnResolution,
    items: [{ order_item_id: order.itemId, qty_requested: 1, condition_id: LOOKUP.unopened }],
  };
  const created = expectData(
    await gql(backend, CREATE_CUSTOMER_RETURN, { token: customer.token, variables: { input } }),
  );
  return {
    order,
    rma: created.createCustomerReturn.return as {
      rma_id: number;
      increment_id: string;
      items: { item_id: number }[];
    },
  };
}

const rest = (method: string, path: string, body?: unknown, token: string | undefined = admin) =>
  backend.call(method, `/rest/V1${path}`, { token, ...(body === undefined ? {} : { body }) });

describe('returns', () => {
  it('are read by id and by number, and searched', async () => {
    const { order, rma } = await customerReturn();
    const byId = await rest('GET', `/rma/${String(rma.rma_id)}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      entity_id: rma.rma_id,
      increment_id: rma.increment_id,
      order_id: order.id,
      customer_email: customer.email,
      customer_name: 'Robin Hale',
      status_id: LOOKUP.newRequest,
      reason_id: LOOKUP.noLongerNeeded,
      resolution_type_id: LOOKUP.returnResolution,
    });
    expect((await rest('GET', `/rma/increment-id/${rma.increment_id}`)).body).toEqual(byId.body);
    const found = await rest(
      'GET',
      `/rma/search?searchCriteria[filterGroups][0][filters][0][field]=increment_id&searchCriteria[filterGroups][0][filters][0][value]=${rma.increment_id}`,
    );
    expect(found.body).toMatchObject({ total_count: 1, items: [byId.body] });
    const items = await rest('GET', `/rma/${String(rma.rma_id)}/items?searchCriteria[pageSize]=10`);
    expect(items.body).toMatchObject({
      total_count: 1,
      items: [
        { rma_id: rma.rma_id, order_item_id: order.itemId, qty_requested: 1, condition_id: LOOKUP.unopened },
      ],
    });
    expectError(await rest('GET', '/rma/999999'), 404, 'The RMA with id "%1" does not exist.', ['999999']);
  });

  it('are made by an admin for an order, e-mailing its customer, and refused without what MySQL needs', async () => {
    const order = await paidOrder(backend, { token: customer.token, qty: 1 });
    const rma = {
      order_id: order.id,
      customer_email: customer.email,
      customer_name: 'Robin Hale',
      status_id: LOOKUP.newRequest,
      reason_id: LOOKUP.noLongerNeeded,
      resolution_type_id: LOOKUP.returnResolution,
    };
    const created = await rest('POST', '/rma', { rma });
    expect(created.body).toMatchObject({
      ...rma,
      increment_id: `RMA-${String(created.body.entity_id).padStart(9, '0')}`,
    });
    expect(mail.to(customer.email).map((m) => m.subject)).toContain(
      `Your RMA Request #${String(created.body.increment_id)} from Clearwater Cleaning`,
    );
    expectError(
      await rest('POST', '/rma', { rma: { order_id: order.id } }),
      400,
      'Could not save the RMA: %1',
      ['customer_email must be set'],
    );
  });

  it('takes comments the customer sees or not, as each says', async () => {
    const { rma } = await customerReturn();
    const id = String(rma.rma_id);
    const note = {
      author_type: 'admin',
      author_name: 'Returns desk',
      comment: 'Checked the seal.',
      is_visible_to_customer: false,
    };
    expect((await rest('POST', `/rma/${id}/comments`, { comment: note })).body).toMatchObject({
      ...note,
      rma_id: rma.rma_id,
    });
    const reply = {
      author_type: 'admin',
      author_name: 'Returns desk',
      comment: 'Please post it back to us.',
    };
    expect((await rest('POST', `/rma/${id}/comments`, { comment: reply })).body).toMatchObject({
      is_visible_to_customer: true,
    });
    expect((await rest('GET', `/rma/${id}/comments?searchCriteria[pageSize]=0`)).body.total_count).toBe(2);
    const seen = expectData(
      await gql(backend, `{ returnComments(rma_id: ${id}) { items { author_type comment } } }`, {
        token: customer.token,
      }),
    );
    expect(seen.returnComments.items).toEqual([
      { author_type: 'admin', comment: 'Please post it back to us.' },
    ]);
  });

  it('e-mails the customer when a PUT changes the status, and not otherwise', async () => {
    const { order, rma } = await customerReturn();
    const subject = `Update to your RMA Request #${rma.increment_id} from Clearwater Cleaning`;
    const same = await rest('PUT', `/rma/${String(rma.rma_id)}`, { rma: { status_id: LOOKUP.newRequest } });
    expect(same.status).toBe(200);
    expect(mail.to(customer.email).filter((m) => m.subject === subject)).toHaveLength(0);
    const approved = await rest('PUT', `/rma/${String(rma.rma_id)}`, { rma: { status_id: LOOKUP.approved } });
    expect(approved.body).toMatchObject({
      entity_id: rma.rma_id,
      status_id: LOOKUP.approved,
      order_id: order.id,
    });
    const sent = mail.to(customer.email).filter((m) => m.subject === subject);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(`has been updated with a status of Approved.`);
    const read = expectData(
      await gql(backend, `{ customerReturn(rma_id: ${String(rma.rma_id)}) { status { code label } } }`, {
        token: customer.token,
      }),
    );
    expect(read.customerReturn.status).toEqual({ code: 'approved', label: 'Approved' });
  });

  it('deletes an item only from its own return, and the return itself', async () => {
    const first = await customerReturn();
    const second = await customerReturn();
    const item = first.rma.items[0]?.item_id ?? 0;
    expectError(
      await rest('DELETE', `/rma/${String(second.rma.rma_id)}/items/${String(item)}`),
      400,
      'Item does not belong to this RMA.',
    );
    expect((await rest('DELETE', `/rma/${String(first.rma.rma_id)}/items/${String(item)}`)).body).toBe(true);
    expect((await rest('DELETE', `/rma/${String(second.rma.rma_id)}`)).body).toBe(true);
    expect((await rest('GET', `/rma/${String(second.rma.rma_id)}`)).status).toBe(404);
  });
});

describe('the lookups', () => {
  it('lists the module’s defaults, and saves, changes and deletes a reason', async () => {
    const reasons = await rest('GET', '/rma/reason/search?searchCriteria[pageSize]=0');
    expect(reasons.body.total_count).toBe(8);
    expect(reasons.body.items[0]).toEqual({
      entity_id: 1,
      code: 'wrong_product_description',
      label: 'Wrong Product Description',
      is_active: 1,
      sort_order: 10,
      store_labels: [],
    });
    const statuses = await rest('GET', '/rma/status/search?searchCriteria[sortOrders][0][field]=sort_order');
    expect(statuses.body.items.map((s: { code: string }) => s.code)).toEqual([
      'new_request',
      'need_details',
      'approved',
      'rejected',
      'shipped_by_customer',
      'received_by_admin',
      'canceled_by_customer',
      'resolved',
    ]);
    const created = await rest('POST', '/rma/reason', {
      reason: { code: 'too_heavy', label: 'Too heavy to handle', sort_order: 90 },
    });
    expect(created.body).toMatchObject({
      code: 'too_heavy',
      label: 'Too heavy to handle',
      is_active: 1,
      sort_order: 90,
    });
    const id = String(created.body.entity_id);
    expect((await rest('PUT', `/rma/reason/${id}`, { reason: { label: 'Too heavy' } })).body).toMatchObject({
      code: 'too_heavy',
      label: 'Too heavy',
    });
    expect((await rest('DELETE', `/rma/reason/${id}`)).body).toBe(true);
    expectError(await rest('GET', `/rma/reason/${id}`), 404, 'The %1 with id "%2" does not exist.', [
      'RMA Reason',
      id,
    ]);
  });

  it('keeps a reason a return still names', async () => {
    await customerReturn();
    const refused = await rest('DELETE', `/rma/reason/${String(LOOKUP.noLongerNeeded)}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Could not delete the %1: %2');
  });
});

describe('the ACL resources', () => {
  it('refuses a customer token and no token, naming the module’s resource', async () => {
    const unauthorized = "The consumer isn't authorized to access %resources.";
    expectError(
      await rest('GET', '/rma/search?searchCriteria[pageSize]=1', undefined, customer.token),
      401,
      unauthorized,
      {
        resources: 'MageOS_RMA::rma_manage',
      },
    );
    expectError(await rest('PUT', '/rma/1', { rma: { status_id: 3 } }, customer.token), 401, unauthorized, {
      resources: 'MageOS_RMA::rma_manage',
    });
    expectError(await rest('GET', '/rma/status/1', undefined, ''), 401, unauthorized, {
      resources: 'MageOS_RMA::rma_status',
    });
    expectError(await rest('GET', '/rma/reason/1', undefined, customer.token), 401, unauthorized, {
      resources: 'MageOS_RMA::rma_reason',
    });
    expectError(
      await rest(
        'POST',
        '/rma/resolution-type',
        { resolutionType: { code: 'x', label: 'X' } },
        customer.token,
      ),
      401,
      unauthorized,
      {
        resources: 'MageOS_RMA::rma_resolution_type',
      },
    );
    expectError(await rest('DELETE', '/rma/item-condition/1', undefined, customer.token), 401, unauthorized, {
      resources: 'MageOS_RMA::rma_item_condition',
    });
  });
});
