/**
 * A company for the purchase-order route tests, written straight into the embedded back end's company tables
 * (each test its own): an approved company with purchase orders on, its administrator, an approver (role
 * "Approver": may see the company's purchase orders and the rules) and a buyer under them (role "Buyer":
 * Adobe's default user), all in the Trade group, whom Magento offers pay on account.
 */
import { DEFAULT_USER_ROLE } from '@cleaning-shop/embedded-magento/company/index.ts';
import type { TestBackend } from '../support/backend.ts';

const TRADE_GROUP = 5;
const APPROVER_RESOURCES = [
  ...DEFAULT_USER_ROLE.allow,
  'Magento_PurchaseOrder::view_purchase_orders_for_company',
  'Magento_PurchaseOrderRule::view_approval_rules',
];

export interface Member {
  readonly id: number;
  readonly email: string;
  readonly password: string;
  readonly token: string;
}

export interface TestCompany {
  readonly id: number;
  readonly admin: Member;
  readonly approver: Member;
  readonly buyer: Member;
  /** Adobe's uid of the approvers' role, as a rule names it. */
  readonly approverRole: string;
}

const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');
export const uidOf = (id: number | bigint) => Buffer.from(String(id)).toString('base64');

function addRole(backend: TestBackend, companyId: number, name: string, resources: readonly string[]) {
  const roleId = Number(
    backend.db.run('INSERT INTO company_roles (role_name, company_id) VALUES (?, ?)', name, companyId)
      .lastInsertRowid,
  );
  for (const resource of resources)
    backend.db.run(
      "INSERT INTO company_permissions (company_id, role_id, resource_id, permission) VALUES (?, ?, ?, 'allow')",
      companyId,
      roleId,
      resource,
    );
  return roleId;
}

/** Puts the customer in the company's tree under `parent` (the root when none); their node. */
function place(
  backend: TestBackend,
  companyId: number,
  customerId: number,
  parent?: { id: number; path: string },
) {
  const { db } = backend;
  db.run('UPDATE customers SET group_id = ? WHERE id = ?', TRADE_GROUP, customerId);
  db.run(
    'INSERT INTO company_advanced_customer_entity (customer_id, company_id) VALUES (?, ?)',
    customerId,
    companyId,
  );
  const id = Number(
    db.run(
      'INSERT INTO company_structure (company_id, parent_id, entity_id, entity_type) VALUES (?, ?, ?, 0)',
      companyId,
      parent?.id ?? 0,
      customerId,
    ).lastInsertRowid,
  );
  const path = parent ? `${parent.path}/${String(id)}` : String(id);
  db.run('UPDATE company_structure SET path = ? WHERE structure_id = ?', path, id);
  return { id, path };
}

/** A company; `purchaseOrders: false` for one that does not use them (the demo's Harbour Hire). */
export async function makeCompany(backend: TestBackend, purchaseOrders = true): Promise<TestCompany> {
  const { db } = backend;
  const admin = await backend.newCustomer();
  const id = Number(
    db.run(
      `INSERT INTO company (status, company_name, company_email, super_user_id, created_at, updated_at)
       VALUES (1, ?, ?, ?, ?, ?)`,
      `Company of ${admin.email}`,
      `company-${admin.email}`,
      admin.id,
      now(),
      now(),
    ).lastInsertRowid,
  );
  db.run('INSERT INTO purchase_order_company_config VALUES (?, ?)', id, purchaseOrders ? 1 : 0);
  const root = place(backend, id, admin.id);
  const buyerRole = addRole(backend, id, 'Buyer', DEFAULT_USER_ROLE.allow);
  const approverRole = addRole(backend, id, 'Approver', APPROVER_RESOURCES);
  const approver = await backend.newCustomer();
  const approverNode = place(backend, id, approver.id, root);
  db.run('INSERT INTO company_user_roles (role_id, user_id) VALUES (?, ?)', approverRole, approver.id);
  const buyer = await backend.newCustomer();
  place(backend, id, buyer.id, approverNode);
  db.run('INSERT INTO company_user_roles (role_id, user_id) VALUES (?, ?)', buyerRole, buyer.id);
  return { id, admin, approver, buyer, approverRole: uidOf(approverRole) };
}
