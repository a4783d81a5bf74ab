/**
 * The company's rows as Magento_Company writes them: a company with its administrator, "Default User" role,
 * credit line (at 0) and tree root; users, roles, teams and their places in the tree. The GraphQL calls, the
 * admin routes and the seed all write through these, so a company is whole however it was made.
 */
import { z } from 'zod';
import { revokeCustomerTokens } from '../auth/auth.ts';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { ACL_RESOURCE_IDS, DEFAULT_USER_ROLE } from './acl.ts';
import { joinCompanyGroup, leaveCompanyGroup } from './groups.ts';
import { closeInvitations } from './invitation-rows.ts';
import { COMPANY_STATUS } from './membership.ts';

/** Structure rows' entity types. */
export const ENTITY = { customer: 0, team: 1 } as const;

export interface CompanyFields {
  readonly name: string;
  readonly email: string;
  readonly legalName?: string | null | undefined;
  readonly vatTaxId?: string | null | undefined;
  readonly resellerId?: string | null | undefined;
  readonly street: readonly string[];
  readonly city: string;
  readonly countryId: string;
  readonly region?: string | null | undefined;
  readonly regionId?: number | null | undefined;
  readonly postcode: string;
  readonly telephone: string;
}

const nodeRow = z.object({
  structure_id: sqlNumber,
  path: z.string(),
  level: sqlNumber,
  company_id: sqlNumber,
});

export const structureNode = (db: Database, structureId: number) =>
  db.get(
    nodeRow,
    'SELECT structure_id, path, level, company_id FROM company_structure WHERE structure_id = ?',
    structureId,
  );

export const nodeOfEntity = (db: Database, type: number, entityId: number) =>
  db.get(
    nodeRow,
    'SELECT structure_id, path, level, company_id FROM company_structure WHERE entity_type = ? AND entity_id = ?',
    type,
    entityId,
  );

/** Puts an entity in the tree under `parentId` (0: the root itself); answers its structure id. */
export function placeInTree(
  db: Database,
  companyId: number,
  type: number,
  entityId: number,
  parentId: number,
): number {
  const parent = parentId === 0 ? undefined : structureNode(db, parentId);
  const id = db.run(
    'INSERT INTO company_structure (company_id, parent_id, entity_id, entity_type, level) VALUES (?, ?, ?, ?, ?)',
    companyId,
    parentId,
    entityId,
    type,
    parent ? parent.level + 1 : 0,
  ).lastInsertRowid;
  db.run(
    'UPDATE company_structure SET path = ? WHERE structure_id = ?',
    parent ? `${parent.path}/${id}` : String(id),
    id,
  );
  return id;
}

/** Moves a node (with everything under it) under another node of the same company. */
export function moveInTree(db: Database, structureId: number, parentId: number): void {
  const node = structureNode(db, structureId);
  const parent = structureNode(db, parentId);
  if (!node || !parent) return;
  const path = `${parent.path}/${structureId}`;
  const shift = parent.level + 1 - node.level;
  db.run(
    `UPDATE company_structure SET path = ? || substr(path, ?), level = level + ?
      WHERE structure_id = ? OR path LIKE ?`,
    path,
    node.path.length + 1,
    shift,
    structureId,
    `${node.path}/%`,
  );
  db.run('UPDATE company_structure SET parent_id = ? WHERE structure_id = ?', parentId, structureId);
}

/** A role with exactly the `allow`ed resources allowed and every other one denied, as Magento stores them. */
export function saveRolePermissions(
  db: Database,
  companyId: number,
  roleId: number,
  allow: readonly string[],
): void {
  db.run('DELETE FROM company_permissions WHERE role_id = ?', roleId);
  const allowed = new Set(allow);
  for (const resource of ACL_RESOURCE_IDS)
    db.run(
      'INSERT INTO company_permissions (company_id, role_id, resource_id, permission) VALUES (?, ?, ?, ?)',
      companyId,
      roleId,
      resource,
      allowed.has(resource) ? 'allow' : 'deny',
    );
}

export function createRole(db: Database, companyId: number, name: string, allow: readonly string[]): number {
  const id = db.run(
    'INSERT INTO company_roles (role_name, company_id) VALUES (?, ?)',
    name,
    companyId,
  ).lastInsertRowid;
  saveRolePermissions(db, companyId, id, allow);
  return id;
}

export function assignRole(db: Database, customerId: number, roleId: number): void {
  db.run(
    `INSERT INTO company_user_roles (role_id, user_id) VALUES (?, ?)
     ON CONFLICT (user_id) DO UPDATE SET role_id = excluded.role_id`,
    roleId,
    customerId,
  );
}

export function createTeam(
  db: Database,
  companyId: number,
  name: string,
  description: string | null,
  parentId: number,
): number {
  const id = db.run(
    'INSERT INTO company_team (company_id, name, description) VALUES (?, ?, ?)',
    companyId,
    name,
    description,
  ).lastInsertRowid;
  placeInTree(db, companyId, ENTITY.team, id, parentId);
  return id;
}

export interface UserFields {
  readonly jobTitle?: string | null | undefined;
  readonly telephone?: string | null | undefined;
  readonly active: boolean;
}

/**
 * Makes a customer a user of the company, in its customer group, with a role, under a node of the tree (the
 * root when 0).
 */
export function addUser(
  db: Database,
  companyId: number,
  customerId: number,
  fields: UserFields & { readonly roleId: number; readonly parentId: number },
): void {
  db.run(
    'INSERT INTO company_advanced_customer_entity (customer_id, company_id, job_title, status, telephone) VALUES (?, ?, ?, ?, ?)',
    customerId,
    companyId,
    fields.jobTitle ?? null,
    fields.active ? 1 : 0,
    fields.telephone ?? null,
  );
  assignRole(db, customerId, fields.roleId);
  placeInTree(db, companyId, ENTITY.customer, customerId, fields.parentId || rootOf(db, companyId));
  joinCompanyGroup(db, companyId, customerId);
}

const rootRow = z.object({ structure_id: sqlNumber });
const parentRow = z.object({ parent_id: sqlNumber });

/** The company's root node: its administrator's. */
export function rootOf(db: Database, companyId: number): number {
  return (
    db.get(
      rootRow,
      'SELECT structure_id FROM company_structure WHERE company_id = ? AND parent_id = 0',
      companyId,
    )?.structure_id ?? 0
  );
}

/**
 * Takes a customer out of their company: their place in the tree (those under them move up to their
 * parent), their role and membership, the company's customer group, and every token they hold, so a session
 * they have ends at once.
 */
export function removeUser(db: Database, customerId: number): void {
  const companyId = db.get(
    z.object({ company_id: sqlNumber }),
    'SELECT company_id FROM company_advanced_customer_entity WHERE customer_id = ?',
    customerId,
  )?.company_id;
  if (companyId !== undefined) leaveCompanyGroup(db, companyId, customerId);
  const node = nodeOfEntity(db, ENTITY.customer, customerId);
  if (node) {
    const parent =
      db.get(parentRow, 'SELECT parent_id FROM company_structure WHERE structure_id = ?', node.structure_id)
        ?.parent_id ?? 0;
    const children = db.all(
      rootRow,
      'SELECT structure_id FROM company_structure WHERE parent_id = ?',
      node.structure_id,
    );
    for (const child of children) moveInTree(db, child.structure_id, parent);
    db.run('DELETE FROM company_structure WHERE structure_id = ?', node.structure_id);
  }
  db.run('DELETE FROM company_user_roles WHERE user_id = ?', customerId);
  db.run('DELETE FROM company_advanced_customer_entity WHERE customer_id = ?', customerId);
  closeInvitations(db, customerId);
  revokeCustomerTokens(db, customerId);
}

/** Sets a user inactive (or active again); an inactive user's tokens are revoked. */
export function setUserActive(db: Database, customerId: number, active: boolean): void {
  db.run(
    'UPDATE company_advanced_customer_entity SET status = ? WHERE customer_id = ?',
    active ? 1 : 0,
    customerId,
  );
  if (!active) revokeCustomerTokens(db, customerId);
}

/**
 * A new company (pending approval unless `status` says otherwise) of an existing customer as administrator,
 * who joins its customer group (General unless `customerGroupId` says otherwise): with its "Default User"
 * role, its credit line at 0, its tree's root and purchase orders off.
 */
export function insertCompany(
  db: Database,
  fields: CompanyFields,
  adminId: number,
  admin: { readonly jobTitle?: string | null | undefined; readonly telephone?: string | null | undefined },
  status: number = COMPANY_STATUS.pending,
  customerGroupId = 1,
  now: string = magentoDate(),
): number {
  const id = db.run(
    `INSERT INTO company (status, company_name, legal_name, company_email, vat_tax_id, reseller_id, street, city,
        country_id, region, region_id, postcode, telephone, super_user_id, customer_group_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    status,
    fields.name,
    fields.legalName ?? null,
    fields.email,
    fields.vatTaxId ?? null,
    fields.resellerId ?? null,
    JSON.stringify(fields.street),
    fields.city,
    fields.countryId,
    fields.region ?? null,
    fields.regionId ?? null,
    fields.postcode,
    fields.telephone,
    adminId,
    customerGroupId,
    now,
    now,
  ).lastInsertRowid;
  createRole(db, id, DEFAULT_USER_ROLE.name, DEFAULT_USER_ROLE.allow);
  db.run('INSERT INTO company_credit (company_id, credit_limit, balance) VALUES (?, 0, 0)', id);
  db.run(
    'INSERT INTO purchase_order_company_config (company_entity_id, is_purchase_order_enabled) VALUES (?, 0)',
    id,
  );
  db.run(
    'INSERT INTO company_advanced_customer_entity (customer_id, company_id, job_title, status, telephone) VALUES (?, ?, ?, 1, ?)',
    adminId,
    id,
    admin.jobTitle ?? null,
    admin.telephone ?? null,
  );
  placeInTree(db, id, ENTITY.customer, adminId, 0);
  joinCompanyGroup(db, id, adminId);
  return id;
}
