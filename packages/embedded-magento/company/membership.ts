/**
 * Who a customer is in a company, as every B2B module asks it (Magento\Company\Api\CompanyManagement,
 * Magento\Company\Model\Authorization): the company, whether they are its administrator, their role and what
 * it allows, and their place in the company's tree (a buyer's manager is the customer above them; a team is
 * no manager). Purchase orders, negotiable quotes and the company views read it through `index.ts`.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { ACL_RESOURCE_IDS } from './acl.ts';

/** Company statuses (CompanyInterface::STATUS_*). */
export const COMPANY_STATUS = { pending: 0, approved: 1, rejected: 2, blocked: 3 } as const;

export interface CompanyUser {
  readonly customerId: number;
  readonly companyId: number;
  readonly companyName: string;
  /** The company's status: only an approved company's users act for it. */
  readonly companyStatus: number;
  /** The user's own status: an inactive user may not sign in to act for the company. */
  readonly active: boolean;
  readonly isAdmin: boolean;
  readonly roleId: number | undefined;
  /** The resources the user is allowed: every one for the administrator. */
  readonly allowed: ReadonlySet<string>;
}

const memberRow = z.object({
  company_id: sqlNumber,
  company_name: z.string(),
  company_status: sqlNumber,
  user_status: sqlNumber,
  super_user_id: sqlNumber,
  role_id: sqlNumber.nullable(),
});

const resourceRow = z.object({ resource_id: z.string() });

/** The resources a role allows. */
export const roleAllows = (db: Database, roleId: number): Set<string> =>
  new Set(
    db
      .all(
        resourceRow,
        `SELECT resource_id FROM company_permissions WHERE role_id = ? AND permission = 'allow'`,
        roleId,
      )
      .map((each) => each.resource_id),
  );

/** The company the customer is a user of, if any (the membership alone, without their role's resources). */
export const companyOf = (db: Database, customerId: number): number | undefined =>
  db.get(
    z.object({ company_id: sqlNumber }),
    'SELECT company_id FROM company_advanced_customer_entity WHERE customer_id = ?',
    customerId,
  )?.company_id;

/** How many users have the role. */
export const roleUsers = (db: Database, roleId: number): number =>
  db.get(z.object({ n: sqlNumber }), 'SELECT COUNT(*) AS n FROM company_user_roles WHERE role_id = ?', roleId)
    ?.n ?? 0;

/** The customer's place in a company, or undefined for a customer of none. */
export function companyUser(db: Database, customerId: number): CompanyUser | undefined {
  const row = db.get(
    memberRow,
    `SELECT c.entity_id AS company_id, c.company_name, c.status AS company_status,
            a.status AS user_status, c.super_user_id, r.role_id
       FROM company_advanced_customer_entity a
       JOIN company c ON c.entity_id = a.company_id
       LEFT JOIN company_user_roles r ON r.user_id = a.customer_id
      WHERE a.customer_id = ?`,
    customerId,
  );
  if (!row) return undefined;
  const isAdmin = row.super_user_id === customerId;
  const allowed = isAdmin
    ? new Set(ACL_RESOURCE_IDS)
    : row.role_id === null
      ? new Set<string>()
      : roleAllows(db, row.role_id);
  return {
    customerId,
    companyId: row.company_id,
    companyName: row.company_name,
    companyStatus: row.company_status,
    active: row.user_status === 1,
    isAdmin,
    roleId: row.role_id ?? undefined,
    allowed,
  };
}

/** Whether the user may use a resource: the administrator always, anyone else by their role. */
export const allows = (user: CompanyUser, resource: string): boolean =>
  user.isAdmin || user.allowed.has(resource);

/** Whether the user acts for an approved company as an active user. */
export const actsForCompany = (user: CompanyUser | undefined): user is CompanyUser =>
  user !== undefined && user.active && user.companyStatus === COMPANY_STATUS.approved;

const structureRow = z.object({ structure_id: sqlNumber, parent_id: sqlNumber, path: z.string() });
const customerRow = z.object({ entity_id: sqlNumber });

/** The customer's structure row (their node in the company's tree). */
const nodeOf = (db: Database, customerId: number) =>
  db.get(
    structureRow,
    'SELECT structure_id, parent_id, path FROM company_structure WHERE entity_type = 0 AND entity_id = ?',
    customerId,
  );

/** The buyer's manager: the nearest customer above them in the tree (teams skipped), if any. */
export function managerOf(db: Database, customerId: number): number | undefined {
  const node = nodeOf(db, customerId);
  if (!node) return undefined;
  const above = node.path.split('/').filter(Boolean).map(Number).slice(0, -1).reverse();
  for (const structureId of above) {
    const row = db.get(
      customerRow,
      'SELECT entity_id FROM company_structure WHERE structure_id = ? AND entity_type = 0',
      structureId,
    );
    if (row) return row.entity_id;
  }
  return undefined;
}

/** The customers below the user in the tree (their subordinates, through teams too). */
export function subordinatesOf(db: Database, customerId: number): number[] {
  const node = nodeOf(db, customerId);
  if (!node) return [];
  return db
    .all(
      customerRow,
      `SELECT entity_id FROM company_structure WHERE entity_type = 0 AND path LIKE ? AND structure_id <> ?`,
      `${node.path}/%`,
      node.structure_id,
    )
    .map((row) => row.entity_id);
}

/** Every customer of the company. */
export const companyCustomers = (db: Database, companyId: number): number[] =>
  db
    .all(
      z.object({ customer_id: sqlNumber }),
      'SELECT customer_id FROM company_advanced_customer_entity WHERE company_id = ?',
      companyId,
    )
    .map((row) => row.customer_id);

/** Whether purchase orders are on for the company (`purchase_order_company_config`). */
export function purchaseOrdersEnabled(db: Database, companyId: number): boolean {
  const row = db.get(
    z.object({ on: sqlNumber }),
    'SELECT is_purchase_order_enabled AS "on" FROM purchase_order_company_config WHERE company_entity_id = ?',
    companyId,
  );
  return row?.on === 1;
}
