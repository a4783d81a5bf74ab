/**
 * The company's rows as Magento_Company writes them: users, roles, teams and their places in the tree (a new
 * company itself: `insert-company.ts`). The GraphQL calls, the admin routes and the seed all write through
 * these, so a company is whole however it was made.
 */
import { z } from 'zod';
import { revokeCustomerTokens } from '../auth/auth.ts';
import { sqlNumber, type Database } from '../db.ts';
import { ACL_RESOURCE_IDS } from './acl.ts';
import { joinCompanyGroup, leaveCompanyGroup } from './groups.ts';
import { closeInvitations } from './invitation-rows.ts';
import { companyOf } from './membership.ts';

/** Structure rows' entity types. */
export const ENTITY = { customer: 0, team: 1 } as const;

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
const rolesRow = z.object({ role_id: sqlNumber });

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

/** Those under the customer's node move up to the customer's parent (`moveStructureChildrenToParent`). */
export function moveChildrenUp(db: Database, customerId: number): void {
  const node = nodeOfEntity(db, ENTITY.customer, customerId);
  const parent = node?.path.split('/').slice(-2, -1)[0];
  if (!node || parent === undefined) return;
  const children = db.all(
    rootRow,
    'SELECT structure_id FROM company_structure WHERE parent_id = ?',
    node.structure_id,
  );
  for (const child of children) moveInTree(db, child.structure_id, Number(parent));
}

/** The customer's node goes from the tree (`removeCustomerNode`). */
export function removeCustomerNode(db: Database, customerId: number): void {
  db.run(
    'DELETE FROM company_structure WHERE entity_type = ? AND entity_id = ?',
    ENTITY.customer,
    customerId,
  );
}

/** The company's first role (`RoleManagement::getCompanyDefaultRole`), which a user it gains takes. */
export const defaultRoleOf = (db: Database, companyId: number): number | undefined =>
  db.get(
    rolesRow,
    'SELECT role_id FROM company_roles WHERE company_id = ? ORDER BY role_id LIMIT 1',
    companyId,
  )?.role_id;

/**
 * Deletes a team with nothing under it (its node and itself); false, and nothing deleted, when users or teams
 * are aligned to it (`Team\Delete`'s refusal, worded by each caller).
 */
export function deleteEmptyTeam(db: Database, teamId: number): boolean {
  const node = nodeOfEntity(db, ENTITY.team, teamId);
  if (
    node &&
    db.get(rootRow, 'SELECT structure_id FROM company_structure WHERE parent_id = ?', node.structure_id)
  )
    return false;
  db.transaction(() => {
    if (node) db.run('DELETE FROM company_structure WHERE structure_id = ?', node.structure_id);
    db.run('DELETE FROM company_team WHERE entity_id = ?', teamId);
  });
  return true;
}

/**
 * Takes a customer out of their company: their place in the tree (those under them move up to their
 * parent), their role and membership, the company's customer group, and every token they hold, so a session
 * they have ends at once.
 */
export function removeUser(db: Database, customerId: number): void {
  const companyId = companyOf(db, customerId);
  if (companyId !== undefined) leaveCompanyGroup(db, companyId, customerId);
  moveChildrenUp(db, customerId);
  removeCustomerNode(db, customerId);
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
