/**
 * Who approves a purchase order, and how an approved one paid offline becomes its order, as B2B for Adobe
 * Commerce decides it (Magento_PurchaseOrder's action validators and customer authorizations,
 * Magento_PurchaseOrderRule's approve/reject plugin and same-role approval, the `purchaseorder.toorder`
 * consumer): the creator never approves or rejects their own purchase order, is not asked to, and is told
 * so in Adobe's words; a role's only active user has their say taken when they place one; the company
 * administrator, exempt from approval, answers any; an order that failed is placed again by the
 * administrator, exactly once however many ask at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeProduct } from './checkout-helpers.ts';
import { expectData, gql } from './graphql-helpers.ts';
import { setStock } from './helpers.ts';
import {
  act,
  addMember,
  addRole,
  APPROVER_RESOURCES,
  makeCompany,
  ONE,
  ordersOfCompany,
  overLimitRule,
  PLACE_ORDER,
  placeFrom,
  rowOf,
  uid,
  type Member,
} from './purchase-order-helpers.ts';
import { expectRefusal, startMailCatcher, type MailCatcher } from './returns-helpers.ts';

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

const notAllowed = (action: string, number: string) => ({
  message: `Action '${action}' is not allowed for purchase order ${number}.`,
  type: 'OPERATION_NOT_APPLICABLE',
});

const readAs = async (member: Member, poUid: string) =>
  expectData(await gql(backend, ONE, { token: member.token, variables: { uid: poUid } })).customer
    .purchase_order;

describe('separation of duties', () => {
  it('never lets an approver answer their own purchase order, nor asks them to', async () => {
    const company = await makeCompany(backend);
    const colleague = await addMember(backend, company.id, company.root, company.approverRole);
    await overLimitRule(backend, company);
    const { po } = await placeFrom(backend, company.approver, sku, 3);
    expect(po.status).toBe('APPROVAL_REQUIRED');

    const own = await act(backend, 'approvePurchaseOrders', company.approver, [po.uid]);
    expect(own).toEqual({ purchase_orders: [], errors: [notAllowed('approve', po.number)] });
    const rejected = await act(backend, 'rejectPurchaseOrders', company.approver, [po.uid]);
    expect(rejected).toEqual({ purchase_orders: [], errors: [notAllowed('reject', po.number)] });
    expect((await readAs(company.approver, po.uid)).available_actions).toEqual(['CANCEL']);
    const waiting = expectData(
      await gql(
        backend,
        '{ customer { purchase_orders(filter: { require_my_approval: true }) { total_count } } }',
        {
          token: company.approver.token,
        },
      ),
    );
    expect(waiting.customer.purchase_orders.total_count).toBe(0);
    // Only the colleague is asked to approve it.
    await expect.poll(() => mail.to(colleague.member.email).length).toBe(1);
    expect(mail.to(company.approver.email).map((sent) => sent.subject)).not.toContain(
      `Purchase Order #${String(po.number)} requires your approval`,
    );

    const approved = await act(backend, 'approvePurchaseOrders', colleague.member, [po.uid]);
    expect(approved.purchase_orders).toEqual([
      { uid: po.uid, status: 'ORDER_PLACED', order: { number: expect.any(String) } },
    ]);
    expect(ordersOfCompany(backend, company.id)).toHaveLength(1);
  });

  it('takes the say of a role’s only active user when they place one, as Adobe’s same-role approval does', async () => {
    const company = await makeCompany(backend);
    await overLimitRule(backend, company);
    const { po } = await placeFrom(backend, company.approver, sku, 3);
    expect(po.status).toBe('ORDER_PLACED');
    expect(po.history_log.map((line: { activity: string }) => line.activity)).toEqual([
      'submit',
      'apply_rules',
      'auto_approve',
      'place_order',
    ]);
    expect(po.approval_flow[0].events).toEqual([
      { role: 'Finance', status: 'APPROVED', message: `Approved by ${'Robin Hale'}` },
    ]);
  });

  it('gives a super approver with colleagues in the named role no say in their own purchase order', async () => {
    const company = await makeCompany(backend);
    const leads = addRole(backend, company.id, 'Finance lead', [
      ...APPROVER_RESOURCES,
      'Magento_PurchaseOrderRule::super_approve_purchase_order',
    ]);
    const creator = await addMember(backend, company.id, undefined, leads);
    const colleague = await addMember(backend, company.id, undefined, leads);
    await overLimitRule(backend, company, 250, [uid(leads)]);
    const { po } = await placeFrom(backend, creator.member, sku, 3);
    expect(po.status).toBe('APPROVAL_REQUIRED');
    const own = await act(backend, 'approvePurchaseOrders', creator.member, [po.uid]);
    expect(own.errors).toEqual([notAllowed('approve', po.number)]);
    const approved = await act(backend, 'approvePurchaseOrders', colleague.member, [po.uid]);
    expect(approved.purchase_orders[0]).toMatchObject({ status: 'ORDER_PLACED' });
  });

  it('refuses a super approver the rule does not name, and lets the company administrator answer', async () => {
    const company = await makeCompany(backend);
    const auditorRole = addRole(backend, company.id, 'Auditor', [
      ...APPROVER_RESOURCES,
      'Magento_PurchaseOrderRule::super_approve_purchase_order',
    ]);
    const auditor = await addMember(backend, company.id, undefined, auditorRole);
    await overLimitRule(backend, company);
    const { po } = await placeFrom(backend, company.buyer, sku, 3);
    const refused = await act(backend, 'approvePurchaseOrders', auditor.member, [po.uid]);
    expect(refused.errors).toEqual([notAllowed('approve', po.number)]);

    const approved = await act(backend, 'approvePurchaseOrders', company.admin, [po.uid]);
    expect(approved.purchase_orders[0]).toMatchObject({ status: 'ORDER_PLACED' });
    expect(ordersOfCompany(backend, company.id)).toHaveLength(1);
  });

  it('approves the company administrator’s own purchase order at once, a rule for the administrator or not', async () => {
    const company = await makeCompany(backend);
    await overLimitRule(backend, company, 250, [Buffer.from('admin').toString('base64')]);
    const { po } = await placeFrom(backend, company.admin, sku, 3);
    expect(po.status).toBe('ORDER_PLACED');
    expect(po.approval_flow).toEqual([]);
  });
});

describe('an approved purchase order paid offline', () => {
  it('whose order failed is placed again by the company administrator only, exactly once', async () => {
    const scarce = await makeProduct(backend, 100, 1);
    const company = await makeCompany(backend);
    await overLimitRule(backend, company);
    const { po } = await placeFrom(backend, company.buyer, scarce, 3);
    await setStock(backend, scarce, 0);
    const approved = await act(backend, 'approvePurchaseOrders', company.approver, [po.uid]);
    expect(approved.purchase_orders).toEqual([{ uid: po.uid, status: 'ORDER_FAILED', order: null }]);
    await setStock(backend, scarce, 50);

    const buyer = await gql(backend, PLACE_ORDER, { token: company.buyer.token, variables: { uid: po.uid } });
    expectRefusal(
      buyer,
      `The current customer is not authorized to place the purchase order ${String(po.number)}.`,
      'graphql-authorization',
    );
    expect((await readAs(company.admin, po.uid)).available_actions).toContain('PLACE_ORDER');
    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        gql(backend, PLACE_ORDER, { token: company.admin.token, variables: { uid: po.uid } }),
      ),
    );
    expect(replies.filter((reply) => reply.body.errors === undefined)).toHaveLength(1);
    for (const refused of replies.filter((reply) => reply.body.errors !== undefined))
      expect(refused.body.errors[0].message).toBe(
        'Unable to place order: A server error stopped your order from being placed. Please try to place your order again',
      );
    const row = rowOf(backend, po.number);
    expect(row).toMatchObject({ status: 'order_placed', order_id: expect.any(Number) });
    expect(ordersOfCompany(backend, company.id)).toEqual([{ order_id: row.order_id }]);
  });
});
