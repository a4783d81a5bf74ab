/**
 * B2B for Adobe Commerce's purchase orders and approval rules on the embedded back end, against Adobe's
 * documented calls (developer.adobe.com/commerce/webapi/graphql/schema/b2b/purchase-order/ and
 * purchase-order-rule/): a cart placed as a purchase order, approved at once or held by a rule for its
 * approvers, approved into exactly one order (also when many approvals arrive at once), rejected with a
 * comment, and the refusals: a guest, a buyer with no say, another company's purchase order. Each test builds
 * its own company in the database (the company module's tables, `purchase-order-helpers.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeProduct } from './checkout-helpers.ts';
import { expectData, gql } from './graphql-helpers.ts';
import {
  ACTION,
  addMember as addMemberTo,
  CREATE_RULE,
  makeCompany as makeCompanyIn,
  ONE,
  ordersOfCompany as ordersOf,
  overLimitRule as ruleOver,
  PLACE,
  placeFrom as placeIn,
  rowOf as rowIn,
  uid,
  type Member,
  type TestCompany,
} from './purchase-order-helpers.ts';
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

const makeCompany = () => makeCompanyIn(backend);
const addMember = (companyId: number, parent: { id: number; path: string } | undefined, roleId?: number) =>
  addMemberTo(backend, companyId, parent, roleId);
const overLimitRule = (company: TestCompany, value = 250) => ruleOver(backend, company, value);
const placeFrom = (member: Member, qty: number, method?: string) =>
  placeIn(backend, member, sku, qty, method);
const placePo = async (member: Member, qty: number, method?: string) =>
  (await placeFrom(member, qty, method)).po;
const rowOf = (number: string) => rowIn(backend, number);
const ordersOfCompany = (companyId: number) => ordersOf(backend, companyId);

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
        message: `Action 'approve' is not allowed for purchase order ${String(po.number)}.`,
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

  it('refuses a buyer with no say in Adobe’s errors[], and another company’s purchase order as not found', async () => {
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
          message: `Action 'approve' is not allowed for purchase order ${String(po.number)}.`,
          type: 'OPERATION_NOT_APPLICABLE',
        },
      ],
    });
    // A fellow buyer with no say: the company's purchase order, not theirs to approve.
    const hidden = expectData(
      await gql(backend, ACTION('approvePurchaseOrders'), {
        token: peer.member.token,
        variables: { uids: [po.uid] },
      }),
    ).approvePurchaseOrders;
    expect(hidden.errors).toEqual([
      {
        message: `Action 'approve' is not allowed for purchase order ${String(po.number)}.`,
        type: 'OPERATION_NOT_APPLICABLE',
      },
    ]);
    const other = await makeCompany();
    const foreign = expectData(
      await gql(backend, ACTION('approvePurchaseOrders'), {
        token: other.admin.token,
        variables: { uids: [po.uid] },
      }),
    ).approvePurchaseOrders;
    expect(foreign.errors).toEqual([
      {
        message: `Action 'approve' - purchase order with requested ID=${String(po.uid)} not found`,
        type: 'NOT_FOUND',
      },
    ]);
    const read = await gql(backend, ONE, { token: other.admin.token, variables: { uid: po.uid } });
    expect(read.body.errors[0]).toMatchObject({
      message: `The current customer is not authorized to retrieve the purchase order ${String(po.number)}.`,
      extensions: { category: 'graphql-authorization' },
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
        errors: [
          {
            message: `Rule with id "${Buffer.from(String(rule.uid), 'base64').toString()}" does not exist.`,
            type: 'NOT_FOUND',
          },
        ],
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
    // CompanyGraphQl's ResolverAccess raises a role's refusal as an input error.
    expect(refused.body.errors[0]).toMatchObject({
      message: 'You do not have authorization to perform this action.',
      extensions: { category: 'graphql-input' },
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
        message: `Action 'cancel' is not allowed for purchase order ${String(po.number)}.`,
        type: 'OPERATION_NOT_APPLICABLE',
      },
    ]);
  });
});
