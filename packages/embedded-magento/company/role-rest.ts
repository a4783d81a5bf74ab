/**
 * `companyRoleRepositoryV1` (`RoleRepositoryInterface`): a company's roles read, searched, created,
 * updated and deleted by the merchant, as `RoleInterface` (id, name, every resource's permission, company
 * id), with `Role\Validator`'s and `RoleRepository`'s refusals. A role saved names its company (a new one
 * must); a name is unique within its company; a role with users, or a company's only role, stays.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import { m } from '../input.ts';
import { searchPage, type SearchCriteria } from '../search-criteria.ts';
import { roleNameTaken } from './company-mutations.ts';
import { findCompany } from './company-row.ts';
import { roleUsers } from './membership.ts';
import { findRole, roleRow } from './nodes.ts';
import { createRole, saveRolePermissions } from './records.ts';
import { allowedResources, permissionsOf } from './role-permissions.ts';
import { noSuchEntity, problems, refused, restErrors } from './rest-errors.ts';

const permissionDto = m.dto({
  id: m.int(),
  role_id: m.int(),
  resource_id: m.string(),
  permission: m.string(),
});

export const roleDto = m.dto({
  id: m.int(),
  role_name: m.string(),
  permissions: m.array(permissionDto),
  company_id: m.int(),
  extension_attributes: m.mixed(),
});
export type RoleInput = NonNullable<z.output<typeof roleDto>>;

type RoleRow = z.output<typeof roleRow>;

/** `RoleInterface` as the web API writes it (its empty extension attributes left out). */
const roleOut = (db: Database, row: RoleRow) => ({
  id: row.role_id,
  role_name: row.role_name,
  permissions: permissionsOf(db, row.role_id),
  company_id: row.company_id,
});

function loadRole(db: Database, roleId: number): RoleRow {
  const row = findRole(db, roleId);
  if (!row) throw noSuchEntity('roleId', roleId);
  return row;
}

export const getRole = (db: Database, roleId: number) => roleOut(db, loadRole(db, roleId));

/** `Role\Validator::retrieveRole`: the role sent merged onto the stored one, its name and company checked. */
function retrieveRole(db: Database, input: RoleInput) {
  let role = { id: input.id ?? undefined, name: input.role_name, companyId: input.company_id };
  if (input.id) {
    const stored = loadRole(db, input.id);
    // mergeDataObjects hands the role's left-out permissions (null, which it may not be) to a setter that
    // takes an array: PHP's TypeError, a 500.
    if (input.permissions === undefined || input.permissions === null) throw errors.internal();
    role = { id: input.id, name: input.role_name ?? stored.role_name, companyId: stored.company_id };
    if (input.company_id && input.company_id !== stored.company_id)
      throw refused(problems.invalidValue('company_id', input.company_id));
  }
  if (!role.name || role.name === '0') throw refused(problems.required('role_name'));
  if (!role.id && !role.companyId) throw refused(problems.required('company_id'));
  if (!findCompany(db, Number(role.companyId))) throw noSuchEntity('company_id', role.companyId);
  return { id: role.id, name: role.name, companyId: Number(role.companyId) };
}

/** `POST /V1/company/role/` and `PUT /V1/company/role/:id`. */
export function saveRole(db: Database, input: RoleInput) {
  const role = retrieveRole(db, input);
  // PermissionManagement::retrieveAllowedResources takes an array: a role sent without any is a TypeError.
  if (input.permissions === undefined || input.permissions === null) throw errors.internal();
  const allowed = allowedResources(input.permissions);
  if (roleNameTaken(db, role.companyId, role.name, role.id ?? 0)) throw restErrors.roleNameTaken();
  const id = db.transaction(() => {
    if (role.id === undefined) return createRole(db, role.companyId, role.name, allowed);
    db.run('UPDATE company_roles SET role_name = ? WHERE role_id = ?', role.name, role.id);
    saveRolePermissions(db, role.companyId, role.id, allowed);
    return role.id;
  });
  return roleOut(db, loadRole(db, id));
}

const countOf = (db: Database, sql: string, id: number) =>
  db.get(z.object({ n: sqlNumber }), sql, id)?.n ?? 0;

/** `DELETE /V1/company/role/:roleId` (`Role\Validator::validateRoleBeforeDelete`). */
export function deleteRole(db: Database, roleId: number): boolean {
  const role = loadRole(db, roleId);
  if (roleUsers(db, roleId) > 0) throw restErrors.roleInUse();
  if (countOf(db, 'SELECT COUNT(*) AS n FROM company_roles WHERE company_id = ?', role.company_id) <= 1)
    throw restErrors.onlyRole();
  db.run('DELETE FROM company_roles WHERE role_id = ?', roleId);
  return true;
}

const FIELDS: Record<string, string> = { id: 'r.role_id', role_id: 'r.role_id' };

/** `GET /V1/company/role/`: the role collection filtered by its columns. */
export function searchRoles(db: Database, criteria: SearchCriteria) {
  const { rows, total } = searchPage(
    db,
    {
      table: 'company_roles',
      alias: 'r',
      mapping: { expression: (field) => FIELDS[field] ?? `r.${field.replace(/[^a-z_]/g, '')}` },
      tieBreak: 'r.role_id ASC',
      row: roleRow,
    },
    criteria,
  );
  return { items: rows.map((row) => roleOut(db, row)), search_criteria: criteria, total_count: total };
}
