/**
 * B2B for Adobe Commerce's purchase orders and approval rules on the embedded back end, against Adobe's
 * documented calls (developer.adobe.com/commerce/webapi/graphql/schema/b2b/purchase-order/ and
 * purchase-order-rule/): a cart placed as a purchase order, approved at once or held by a rule for its
 * approvers, approved into exactly one order (also when many approvals arrive at once), rejected with a
 * comment, and the refusals: a guest, a buyer with no say, another company's purchase order, an order placed
 * twice. Each test builds its own company in the database (the company module's tables).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_USER_ROLE } from '@cleaning-shop/embedded-magento/company/index.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { customerCart, makeProduct, ship } from './checkout-helpers.ts';
import { expectData, gql } from './graphql-helpers.ts';
import { startMailCatcher, type MailCatcher } from './returns-helpers.ts';

let backend: TestBackend;
let mail: MailCatcher;
let sku: string;

beforeAll(async () => {
  mail = await startMailCatcher();
  backend = await startTestBackend({ smtpUrl: mail.url, storeUrl: 'https://shop.example.com' });
  sku = await makeProduct(backend, 100, 1);
});
afterAll(async () => {
  await backend.stop();
  await mail.close();
});

const TRADE_GROUP = 5;
const APPROVER_RESOURCES = [
  ...DEFAULT_USER_ROLE.allow,
  'Magento_PurchaseOrder::view_purchase_orders_for_company',
  'Magento_PurchaseOrderRule::view_approval_rules',
];

interface Member {
  readonly id: number;
  readonly token: string;
  readonly email: string;
}

interface TestCompany {
  readonly admin: Member;
  readonly buyer: Member;
  readonly approver: Member;
  readonly buyerRole: number;
  readonly approverRole: number;
}

const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

function addRole(companyId: number, name: string, resources: readonly string[]): number {
  const { db } = backend;
  const roleId = db.run(
    'INSERT INTO company_roles (role_name, company_id) VALUES (?, ?)',
    name,
    companyId,
  ).lastInsertRowid;
  for (const resource of resources)
    db.run(
      "INSERT INTO company_permissions (company_id, role_id, resource_id, permission) VALUES (?, ?, ?, 'allow')",
      companyId,
      roleId,
      resource,
    );
  return roleId;
}

/** A customer of the Trade group (pay on account is theirs) placed in the company's tree under `parent`. */
async function addMember(
  companyId: number,
  parent: { id: number; path: string } | undefined,
  roleId?: number,
) {
  const customer = await backend.newCustomer();
  const { db } = backend;
  db.run('UPDATE customers SET group_id = ? WHERE id = ?', TRADE_GROUP, customer.id);
  db.run(
    'INSERT INTO company_advanced_customer_entity (customer_id, company_id) VALUES (?, ?)',
    customer.id,
    companyId,
  );
  const structureId = db.run(
    'INSERT INTO company_structure (company_id, parent_id, entity_id, entity_type) VALUES (?, ?, ?, 0)',
    companyId,
    parent?.id ?? 0,
    customer.id,
  ).lastInsertRowid;
  const path = parent ? `${parent.path}/${String(structureId)}` : String(structureId);
  db.run('UPDATE company_structure SET path = ? WHERE structure_id = ?', path, structureId);
  if (roleId !== undefined)
    db.run('INSERT INTO company_user_roles (role_id, user_id) VALUES (?, ?)', roleId, customer.id);
  return {
    member: { id: customer.id, token: customer.token, email: customer.email },
    node: { id: structureId, path },
  };
}

/** An approved company with purchase orders on: its administrator, a buyer under an approver, two roles. */
async function makeCompany(): Promise<TestCompany> {
  const { db } = backend;
  const first = await backend.newCustomer();
  const companyId = db.run(
    `INSERT INTO company (status, company_name, company_email, super_user_id, created_at, updated_at)
     VALUES (1, ?, ?, ?, ?, ?)`,
    `Company of ${first.email}`,
    `company-${first.email}`,
    first.id,
    now(),
    now(),
  ).lastInsertRowid;
  db.run('INSERT INTO purchase_order_company_config VALUES (?, 1)', companyId);
  db.run('UPDATE customers SET group_id = ? WHERE id = ?', TRADE_GROUP, first.id);
  db.run(
    'INSERT INTO company_advanced_customer_entity (customer_id, company_id) VALUES (?, ?)',
    first.id,
    companyId,
  );
  const rootId = db.run(
    'INSERT INTO company_structure (company_id, parent_id, entity_id, entity_type) VALUES (?, 0, ?, 0)',
    companyId,
    first.id,
  ).lastInsertRowid;
  db.run('UPDATE company_structure SET path = ? WHERE structure_id = ?', String(rootId), rootId);
  const buyerRole = addRole(companyId, 'Default User', DEFAULT_USER_ROLE.allow);
  const approverRole = addRole(companyId, 'Finance', APPROVER_RESOURCES);
  const approver = await addMember(companyId, { id: rootId, path: String(rootId) }, approverRole);
  const buyer = await addMember(companyId, approver.node, buyerRole);
  return {
    admin: { id: first.id, token: first.token, email: first.email },
    buyer: buyer.member,
    approver: approver.member,
    buyerRole,
    approverRole,
  };
}

const uid = (id: number) => Buffer.from(String(id)).toString('base64');

/** The member's cart of `qty` × the product at £100, delivered by flat rate, paid as `method`. */
async function readyCart(member: Member, qty: number, method = 'purchaseorder'): Promise<string> {
  const cart = await customerCart(backend, member.token, [[sku, qty]]);
  expect((await ship(cart, 'flatrate', 'flatrate')).status).toBe(200);
  const paid = await cart.call('PUT', '/selected-payment-method', {
    method: { method, ...(method === 'purchaseorder' ? { po_number: 'PO-1' } : {}) },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return String(cart.quoteId);
}

const PO_FIELDS = `uid number status created_by { firstname email } order { number }
  quote { items { quantity product { sku } prices { row_total { value } } } prices { grand_total { value currency } } }
  approval_flow { rule_name events { role status message } } history_log { activity message }
  comments { text author { email } }`;

const PLACE = `mutation ($cart: String!) { placePurchaseOrder(input: { cart_id: $cart }) { purchase_order { ${PO_FIELDS} } } }`;
const ACTION = (name: string) => `mutation ($uids: [ID]!) {
  ${name}(input: { purchase_order_uids: $uids }) { purchase_orders { uid status order { number } } errors { message type } } }`;
const CREATE_RULE = `mutation ($input: PurchaseOrderApprovalRuleInput!) {
  createPurchaseOrderApprovalRule(input: $input) { uid name status approver_roles { name }
    condition { attribute operator ... on PurchaseOrderApprovalRuleConditionAmount { amount { value currency } } } } }`;
const ONE = `query ($uid: ID!) { customer { purchase_order(uid: $uid) { ${PO_FIELDS} available_actions } } }`;

async function overLimitRule(company: TestCompany, value = 250) {
  const data = expectData(
    await gql(backend, CREATE_RULE, {
      token: company.admin.token,
      variables: {
        input: {
          name: `Over £${String(value)}`,
          applies_to: [],
          approvers: [uid(company.approverRole)],
          status: 'ENABLED',
          condition: { attribute: 'GRAND_TOTAL', operator: 'MORE_THAN', amount: { value, currency: 'GBP' } },
        },
      },
    }),
  );
  return data.createPurchaseOrderApprovalRule;
}

async function placeFrom(member: Member, qty: number, method?: string) {
  const cart = await readyCart(member, qty, method);
  const po = expectData(await gql(backend, PLACE, { token: member.token, variables: { cart } }))
    .placePurchaseOrder.purchase_order;
  return { po, cart };
}

const placePo = async (member: Member, qty: number, method?: string) =>
  (await placeFrom(member, qty, method)).po;

const poRow = z.object({ company_id: z.number(), order_id: z.number().nullable() });
const rowOf = (number: string) => {
  const row = backend.db.get(
    poRow,
    'SELECT company_id, order_id FROM purchase_order WHERE increment_id = ?',
    number,
  );
  if (!row) throw new Error(`No purchase order ${number}`);
  return row;
};
const ordersOfCompany = (companyId: number) =>
  backend.db.all(
    z.object({ order_id: z.number() }),
    'SELECT order_id FROM company_order_entity WHERE company_id = ?',
    companyId,
  );

describe('placing a purchase order', () => {
  it('approves one no rule holds and places its order on account at once', async () => {
    const company = await makeCompany();
    const { po, cart } = await placeFrom(company.buyer, 1);
    expect(po.status).toBe('ORDER_PLACED');
    expect(po.number).toMatch(/^\d{9}$/);
    expect(po.order.number).toMatch(/^\d+$/);
    expect(po.created_by.email).toBe(company.buyer.email);
    expect(po.quote.items).toEqual([
      { quantity: 1, product: { sku }, prices: { row_total: { value: expect.any(Number) } } },
    ]);
    expect(po.history_log.map((line: { activity: string }) => line.activity)).toEqual([
      'submit',
      'auto_approve',
      'place_order',
    ]);
    // The cart is closed: the buyer's next basket is a new cart.
    const again = await gql(backend, PLACE, { token: company.buyer.token, variables: { cart } });
    expect(again.body.errors[0].message).toBe(`Could not find a cart with ID "${cart}"`);
    expect(ordersOfCompany(rowOf(po.number).company_id)).toHaveLength(1);
  });

  it('holds one over a rule for the rule’s approvers, who are e-mailed with a link to it', async () => {
    const company = await makeCompany();
    const rule = await overLimitRule(company);
    expect(rule).toMatchObject({
      name: 'Over £250',
      status: 'ENABLED',
      approver_roles: [{ name: 'Finance' }],
      condition: { attribute: 'GRAND_TOTAL', operator: 'MORE_THAN', amount: { value: 250, currency: 'GBP' } },
    });
    const po = await placePo(company.buyer, 3);
    expect(po.status).toBe('APPROVAL_REQUIRED');
    expect(po.order).toBeNull();
    expect(po.approval_flow).toEqual([
      {
        rule_name: 'Over £250',
        events: [{ role: 'Finance', status: 'PENDING', message: 'Pending Approval from Finance' }],
      },
    ]);
    await expect.poll(() => mail.to(company.approver.email).length).toBe(1);
    const [sent] = mail.to(company.approver.email);
    expect(sent?.subject).toBe(`Purchase Order #${String(po.number)} requires your approval`);
    expect(sent?.text).toContain(
      `https://shop.example.com/company/purchase-orders/${encodeURIComponent(po.uid)}`,
    );
    const waiting = expectData(
      await gql(
        backend,
        '{ customer { purchase_orders(filter: { require_my_approval: true }) { total_count items { uid } } } }',
        {
          token: company.approver.token,
        },
      ),
    );
    expect(waiting.customer.purchase_orders).toEqual({ total_count: 1, items: [{ uid: po.uid }] });
  });

  it('refuses a guest in Adobe’s words', async () => {
    const reply = await gql(backend, PLACE, { variables: { cart: '1' } });
    expect(reply.body.errors[0].message).toBe("The current customer isn't authorized.");
    expect(reply.body.errors[0].extensions.category).toBe('graphql-authorization');
  });
});

describe('approving', () => {
  it('places exactly one order on the last approval, and e-mails the buyer', async () => {
    const company = await makeCompany();
    await overLimitRule(company);
    const po = await placePo(company.buyer, 3);
    const approved = expectData(
      await gql(backend, ACTION('approvePurchaseOrders'), {
        token: company.approver.token,
        variables: { uids: [po.uid] },
      }),
    ).approvePurchaseOrders;
    expect(approved.errors).toEqual([]);
    expect(approved.purchase_orders).toEqual([
      { uid: po.uid, status: 'ORDER_PLACED', order: { number: expect.any(String) } },
    ]);
    const read = expectData(
      await gql(backend, ONE, { token: company.buyer.token, variables: { uid: po.uid } }),
    );
    expect(read.customer.purchase_order.approval_flow[0].events[0].status).toBe('APPROVED');
    await expect
      .poll(() => mail.to(company.buyer.email).map((sent) => sent.subject))
      .toEqual([
        `Purchase Order #${String(po.number)} has been approved`,
        `An order has been placed for Purchase Order #${String(po.number)}`,
      ]);
    const again = expectData(
      await gql(backend, ACTION('approvePurchaseOrders'), {
        token: company.approver.token,
        variables: { uids: [po.uid] },
      }),
    ).approvePurchaseOrders;
    expect(again.errors).toEqual([
      {
        message: `Purchase order ${String(po.number)} cannot be approved.`,
        type: 'OPERATION_NOT_APPLICABLE',
      },
    ]);
  });

  it('gives one order when many approvals arrive at once', async () => {
    const company = await makeCompany();
    await overLimitRule(company);
    const po = await placePo(company.buyer, 3);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        gql(backend, ACTION('approvePurchaseOrders'), {
          token: index % 2 ? company.approver.token : company.admin.token,
          variables: { uids: [po.uid] },
        }),
      ),
    );
    const outputs = replies.map((reply) => expectData(reply).approvePurchaseOrders);
    expect(outputs.filter((out) => out.errors.length === 0)).toHaveLength(1);
    const row = rowOf(po.number);
    expect(row.order_id).not.toBeNull();
    expect(ordersOfCompany(row.company_id)).toEqual([{ order_id: row.order_id }]);
  });

  it('refuses a buyer with no say in Adobe’s errors[] and keeps another company’s purchase order not found', async () => {
    const company = await makeCompany();
    await overLimitRule(company);
    const po = await placePo(company.buyer, 3);
    const peer = await addMember(rowOf(po.number).company_id, undefined, company.buyerRole);
    const own = expectData(
      await gql(backend, ACTION('approvePurchaseOrders'), {
        token: company.buyer.token,
        variables: { uids: [po.uid] },
      }),
    ).approvePurchaseOrders;
    expect(own).toEqual({
      purchase_orders: [],
      errors: [
        {
          message: `You are not authorized to approve purchase order ${String(po.number)}.`,
          type: 'OPERATION_NOT_APPLICABLE',
        },
      ],
    });
    // A fellow buyer who may see only their own purchase orders: not found to them.
    const hidden = expectData(
      await gql(backend, ACTION('approvePurchaseOrders'), {
        token: peer.member.token,
        variables: { uids: [po.uid] },
      }),
    ).approvePurchaseOrders;
    expect(hidden.errors).toEqual([
      { message: `Purchase order with ID "${String(po.uid)}" does not exist.`, type: 'NOT_FOUND' },
    ]);
    const other = await makeCompany();
    const foreign = expectData(
      await gql(backend, ACTION('approvePurchaseOrders'), {
        token: other.admin.token,
        variables: { uids: [po.uid] },
      }),
    ).approvePurchaseOrders;
    expect(foreign.errors[0].type).toBe('NOT_FOUND');
    const read = await gql(backend, ONE, { token: other.admin.token, variables: { uid: po.uid } });
    expect(read.body.errors[0]).toMatchObject({
      message: `Purchase order with ID "${String(po.uid)}" does not exist.`,
      extensions: { category: 'graphql-no-such-entity' },
    });
  });
});

describe('rejecting', () => {
  it('rejects with the approver’s comment, shown on the purchase order and e-mailed to the buyer', async () => {
    const company = await makeCompany();
    await overLimitRule(company);
    const po = await placePo(company.buyer, 3);
    const comment = expectData(
      await gql(
        backend,
        `mutation ($uid: ID!) { addPurchaseOrderComment(input: { purchase_order_uid: $uid, comment: "Too many this month" }) {
          comment { text author { email } } } }`,
        { token: company.approver.token, variables: { uid: po.uid } },
      ),
    );
    expect(comment.addPurchaseOrderComment.comment).toEqual({
      text: 'Too many this month',
      author: { email: company.approver.email },
    });
    const rejected = expectData(
      await gql(backend, ACTION('rejectPurchaseOrders'), {
        token: company.approver.token,
        variables: { uids: [po.uid] },
      }),
    ).rejectPurchaseOrders;
    expect(rejected).toEqual({
      purchase_orders: [{ uid: po.uid, status: 'REJECTED', order: null }],
      errors: [],
    });
    await expect.poll(() => mail.to(company.buyer.email).length).toBe(1);
    expect(mail.to(company.buyer.email)[0]?.text).toContain('Comment: Too many this month');
    const read = expectData(
      await gql(backend, ONE, { token: company.buyer.token, variables: { uid: po.uid } }),
    );
    expect(read.customer.purchase_order.comments).toEqual([
      { text: 'Too many this month', author: { email: company.approver.email } },
    ]);
    expect(read.customer.purchase_order.available_actions).toEqual([]);
  });
});

describe('an order paid online', () => {
  it('waits for payment once approved, and is placed by the buyer once', async () => {
    const company = await makeCompany();
    await overLimitRule(company);
    const po = await placePo(company.buyer, 3, 'checkmo');
    const approved = expectData(
      await gql(backend, ACTION('approvePurchaseOrders'), {
        token: company.approver.token,
        variables: { uids: [po.uid] },
      }),
    ).approvePurchaseOrders;
    expect(approved.purchase_orders[0]).toMatchObject({ status: 'APPROVED_PENDING_PAYMENT', order: null });
    const PLACE_ORDER = `mutation ($uid: ID!) { placeOrderForPurchaseOrder(input: { purchase_order_uid: $uid }) { order { number } } }`;
    const placed = expectData(
      await gql(backend, PLACE_ORDER, { token: company.buyer.token, variables: { uid: po.uid } }),
    );
    expect(placed.placeOrderForPurchaseOrder.order.number).toMatch(/^\d+$/);
    const twice = await gql(backend, PLACE_ORDER, { token: company.buyer.token, variables: { uid: po.uid } });
    expect(twice.body.errors[0]).toMatchObject({
      message: `Order cannot be placed with purchase order #${String(po.number)}.`,
      extensions: { category: 'graphql-input' },
    });
  });
});

describe('approval rules', () => {
  const RULES = `{ customer { purchase_order_approval_rules { total_count items { uid name status }
    page_info { current_page page_size total_pages } } } }`;
  const METADATA = `{ customer { purchase_order_approval_rule_metadata {
    available_applies_to { name } available_condition_currencies { code symbol } available_requires_approval_from { name } } } }`;

  it('lists, updates and deletes the company’s rules, and gives the form’s metadata', async () => {
    const company = await makeCompany();
    const rule = await overLimitRule(company);
    const token = company.admin.token;
    expect(expectData(await gql(backend, RULES, { token })).customer.purchase_order_approval_rules).toEqual({
      total_count: 1,
      items: [{ uid: rule.uid, name: 'Over £250', status: 'ENABLED' }],
      page_info: { current_page: 1, page_size: 20, total_pages: 1 },
    });
    const updated = expectData(
      await gql(
        backend,
        `mutation ($uid: ID!) { updatePurchaseOrderApprovalRule(input: { uid: $uid, name: "Renamed", status: DISABLED }) {
          uid name status condition { attribute } } }`,
        { token, variables: { uid: rule.uid } },
      ),
    ).updatePurchaseOrderApprovalRule;
    expect(updated).toEqual({
      uid: rule.uid,
      name: 'Renamed',
      status: 'DISABLED',
      condition: { attribute: 'GRAND_TOTAL' },
    });
    // A disabled rule holds nothing.
    expect((await placePo(company.buyer, 3)).status).toBe('ORDER_PLACED');
    expect(
      expectData(await gql(backend, METADATA, { token })).customer.purchase_order_approval_rule_metadata,
    ).toEqual({
      available_applies_to: [{ name: 'Default User' }, { name: 'Finance' }],
      available_condition_currencies: [{ code: 'GBP', symbol: '£' }],
      available_requires_approval_from: [
        { name: 'Company Administrator' },
        { name: "Purchaser's Manager" },
        { name: 'Default User' },
        { name: 'Finance' },
      ],
    });
    const DELETE = `mutation ($uids: [ID]!) { deletePurchaseOrderApprovalRule(input: { approval_rule_uids: $uids }) { errors { message type } } }`;
    expect(expectData(await gql(backend, DELETE, { token, variables: { uids: [rule.uid] } }))).toEqual({
      deletePurchaseOrderApprovalRule: { errors: [] },
    });
    expect(expectData(await gql(backend, DELETE, { token, variables: { uids: [rule.uid] } }))).toEqual({
      deletePurchaseOrderApprovalRule: {
        errors: [{ message: `Rule with ID "${String(rule.uid)}" does not exist.`, type: 'NOT_FOUND' }],
      },
    });
  });

  it('refuses a buyer who may not manage rules, and holds one for the buyer’s manager', async () => {
    const company = await makeCompany();
    const refused = await gql(backend, CREATE_RULE, {
      token: company.buyer.token,
      variables: {
        input: {
          name: 'Mine',
          applies_to: [],
          approvers: [],
          status: 'ENABLED',
          condition: { attribute: 'NUMBER_OF_SKUS', operator: 'MORE_THAN', quantity: 0 },
        },
      },
    });
    expect(refused.body.errors[0]).toMatchObject({
      message: 'You do not have authorization to perform this action.',
      extensions: { category: 'graphql-authorization' },
    });
    const managerUid = Buffer.from('manager').toString('base64');
    expectData(
      await gql(backend, CREATE_RULE, {
        token: company.admin.token,
        variables: {
          input: {
            name: 'Any order',
            applies_to: [uid(company.buyerRole)],
            approvers: [managerUid],
            status: 'ENABLED',
            condition: { attribute: 'NUMBER_OF_SKUS', operator: 'MORE_THAN_OR_EQUAL_TO', quantity: 1 },
          },
        },
      }),
    );
    const po = await placePo(company.buyer, 1);
    expect(po.approval_flow).toEqual([
      {
        rule_name: 'Any order',
        events: [
          {
            role: "Purchaser's Manager",
            status: 'PENDING',
            message: "Pending Approval from Purchaser's Manager",
          },
        ],
      },
    ]);
    // The buyer's manager in the company's tree is the approver (above the buyer).
    const approved = expectData(
      await gql(backend, ACTION('approvePurchaseOrders'), {
        token: company.approver.token,
        variables: { uids: [po.uid] },
      }),
    ).approvePurchaseOrders;
    expect(approved.purchase_orders[0].status).toBe('ORDER_PLACED');
  });

  it('lets the buyer cancel a purchase order waiting for approval, once', async () => {
    const company = await makeCompany();
    await overLimitRule(company);
    const po = await placePo(company.buyer, 3);
    const canceled = expectData(
      await gql(backend, ACTION('cancelPurchaseOrders'), {
        token: company.buyer.token,
        variables: { uids: [po.uid] },
      }),
    ).cancelPurchaseOrders;
    expect(canceled).toEqual({
      purchase_orders: [{ uid: po.uid, status: 'CANCELED', order: null }],
      errors: [],
    });
    const again = expectData(
      await gql(backend, ACTION('cancelPurchaseOrders'), {
        token: company.buyer.token,
        variables: { uids: [po.uid] },
      }),
    ).cancelPurchaseOrders;
    expect(again.errors).toEqual([
      {
        message: `Purchase order ${String(po.number)} cannot be canceled.`,
        type: 'OPERATION_NOT_APPLICABLE',
      },
    ]);
  });
});
