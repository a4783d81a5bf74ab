/**
 * Plumbing for the purchase-order contract tests: a company with purchase orders on written straight into the
 * back end's tables (the company module's own calls are another test's), its administrator, a buyer under an
 * approver, their roles; a cart of the test's product made a purchase order; an approval rule; the action
 * mutations. Every member is in the Trade group, whose quotes are offered pay on account (`purchaseorder`).
 */
import { expect } from 'vitest';
import { z } from 'zod';
import { DEFAULT_USER_ROLE } from '@cleaning-shop/embedded-magento/company/index.ts';
import type { TestBackend } from '../support/backend.ts';
import { customerCart, ship } from './checkout-helpers.ts';
import { expectData, gql } from './graphql-helpers.ts';

export const TRADE_GROUP = 5;
export const APPROVER_RESOURCES = [
  ...DEFAULT_USER_ROLE.allow,
  'Magento_PurchaseOrder::view_purchase_orders_for_company',
  'Magento_PurchaseOrderRule::view_approval_rules',
];

export interface Member {
  readonly id: number;
  readonly token: string;
  readonly email: string;
}

export interface TestCompany {
  readonly id: number;
  readonly admin: Member;
  readonly buyer: Member;
  readonly approver: Member;
  readonly buyerRole: number;
  readonly approverRole: number;
  /** The administrator's node in the company's tree. */
  readonly root: { readonly id: number; readonly path: string };
}

const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

export function addRole(backend: TestBackend, companyId: number, name: string, resources: readonly string[]) {
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

/** A customer of the Trade group placed in the company's tree under `parent`, with `roleId` if given. */
export async function addMember(
  backend: TestBackend,
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
export async function makeCompany(backend: TestBackend): Promise<TestCompany> {
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
  const root = { id: rootId, path: String(rootId) };
  db.run('UPDATE company_structure SET path = ? WHERE structure_id = ?', root.path, rootId);
  const buyerRole = addRole(backend, companyId, 'Default User', DEFAULT_USER_ROLE.allow);
  const approverRole = addRole(backend, companyId, 'Finance', APPROVER_RESOURCES);
  const approver = await addMember(backend, companyId, root, approverRole);
  const buyer = await addMember(backend, companyId, approver.node, buyerRole);
  return {
    id: companyId,
    admin: { id: first.id, token: first.token, email: first.email },
    buyer: buyer.member,
    approver: approver.member,
    buyerRole,
    approverRole,
    root,
  };
}

export const uid = (id: number) => Buffer.from(String(id)).toString('base64');

/** The member's cart of `qty` × `sku`, delivered by flat rate, paid as `method`; its quote id. */
export async function readyCart(
  backend: TestBackend,
  member: Member,
  sku: string,
  qty: number,
  method = 'purchaseorder',
): Promise<string> {
  const cart = await customerCart(backend, member.token, [[sku, qty]]);
  expect((await ship(cart, 'flatrate', 'flatrate')).status).toBe(200);
  const paid = await cart.call('PUT', '/selected-payment-method', {
    method: { method, ...(method === 'purchaseorder' ? { po_number: 'PO-1' } : {}) },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return String(cart.quoteId);
}

export const PO_FIELDS = `uid number status created_by { firstname email } order { number }
  quote { items { quantity product { sku } prices { row_total { value } } } prices { grand_total { value currency } } }
  approval_flow { rule_name events { role status message } } history_log { activity message }
  comments { text author { email } }`;

export const PLACE = `mutation ($cart: String!) { placePurchaseOrder(input: { cart_id: $cart }) { purchase_order { ${PO_FIELDS} } } }`;
export const ACTION = (name: string) => `mutation ($uids: [ID]!) {
  ${name}(input: { purchase_order_uids: $uids }) { purchase_orders { uid status order { number } } errors { message type } } }`;
export const CREATE_RULE = `mutation ($input: PurchaseOrderApprovalRuleInput!) {
  createPurchaseOrderApprovalRule(input: $input) { uid name status approver_roles { name }
    condition { attribute operator ... on PurchaseOrderApprovalRuleConditionAmount { amount { value currency } } } } }`;
export const ONE = `query ($uid: ID!) { customer { purchase_order(uid: $uid) { ${PO_FIELDS} available_actions } } }`;
export const PLACE_ORDER = `mutation ($uid: ID!) { placeOrderForPurchaseOrder(input: { purchase_order_uid: $uid }) { order { number } } }`;

/** A rule holding purchase orders over `value` for `approvers` (role uids, or "admin"/"manager" ones). */
export async function overLimitRule(
  backend: TestBackend,
  company: TestCompany,
  value = 250,
  approvers: readonly string[] = [uid(company.approverRole)],
) {
  const data = expectData(
    await gql(backend, CREATE_RULE, {
      token: company.admin.token,
      variables: {
        input: {
          name: `Over £${String(value)}`,
          applies_to: [],
          approvers,
          status: 'ENABLED',
          condition: { attribute: 'GRAND_TOTAL', operator: 'MORE_THAN', amount: { value, currency: 'GBP' } },
        },
      },
    }),
  );
  return data.createPurchaseOrderApprovalRule;
}

/** The member's cart made a purchase order; the purchase order as answered, and the cart's id. */
export async function placeFrom(
  backend: TestBackend,
  member: Member,
  sku: string,
  qty: number,
  method?: string,
) {
  const cart = await readyCart(backend, member, sku, qty, method);
  const po = expectData(await gql(backend, PLACE, { token: member.token, variables: { cart } }))
    .placePurchaseOrder.purchase_order;
  return { po, cart };
}

/** An action mutation's answer (`approvePurchaseOrders`…) by `member` on the uids. */
export async function act(backend: TestBackend, name: string, member: Member, uids: readonly string[]) {
  return expectData(await gql(backend, ACTION(name), { token: member.token, variables: { uids } }))[name];
}

const poRow = z.object({ company_id: z.number(), order_id: z.number().nullable(), status: z.string() });

/** The purchase order's row by its number. */
export function rowOf(backend: TestBackend, number: string) {
  const row = backend.db.get(
    poRow,
    'SELECT company_id, order_id, status FROM purchase_order WHERE increment_id = ?',
    number,
  );
  if (!row) throw new Error(`No purchase order ${number}`);
  return row;
}

/** The orders the company was given. */
export const ordersOfCompany = (backend: TestBackend, companyId: number) =>
  backend.db.all(
    z.object({ order_id: z.number() }),
    'SELECT order_id FROM company_order_entity WHERE company_id = ?',
    companyId,
  );
