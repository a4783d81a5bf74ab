/**
 * `createCompanyRole`, `updateCompanyRole` and `deleteCompanyRole`, for a user whose role allows "Manage
 * roles and permissions". Permissions are resource ids of the company tree (`acl.ts`); each is set on its
 * own, as Adobe's web APIs do (the store's role editor ticks children for you, the API does not). A user
 * who is not the administrator neither writes nor removes a role allowing more than their own (`grants.ts`).
 */
import { z } from 'zod';
import type { GraphQlContext } from '../graphql/context.ts';
import { isAclResource } from './acl.ts';
import { roleNameTaken } from './company-mutations.ts';
import { companyErrors } from './errors.ts';
import { checkGrant, checkRoleGrant } from './grants.ts';
import { memberWith } from './guard.ts';
import { roleUsers } from './membership.ts';
import { roleIdIn, roleObject } from './nodes.ts';
import { createRole, saveRolePermissions } from './records.ts';

const ROLES_EDIT = 'Magento_Company::roles_edit';

function checkedPermissions(permissions: readonly string[]): string[] {
  for (const id of permissions) if (!isAclResource(id)) throw companyErrors.unknownResource(id);
  return [...new Set(permissions)];
}

function checkedName(context: GraphQlContext, companyId: number, name: string, except = 0): string {
  const trimmed = name.trim();
  if (trimmed === '') throw companyErrors.required('name');
  if (roleNameTaken(context.db, companyId, trimmed, except)) throw companyErrors.roleNameTaken();
  return trimmed;
}

const createArgs = z.object({ input: z.object({ name: z.string(), permissions: z.array(z.string()) }) });

export function createCompanyRole(args: unknown, context: GraphQlContext) {
  const user = memberWith(context, ROLES_EDIT);
  const { input } = createArgs.parse(args);
  const name = checkedName(context, user.companyId, input.name);
  const permissions = checkedPermissions(input.permissions);
  checkGrant(user, permissions);
  const id = context.db.transaction(() => createRole(context.db, user.companyId, name, permissions));
  return { role: roleObject(context.db, id) };
}

const updateArgs = z.object({
  input: z.object({ id: z.string(), name: z.string().nullish(), permissions: z.array(z.string()).nullish() }),
});

export function updateCompanyRole(args: unknown, context: GraphQlContext) {
  const user = memberWith(context, ROLES_EDIT);
  const { input } = updateArgs.parse(args);
  const { db } = context;
  const id = roleIdIn(db, user.companyId, input.id);
  checkRoleGrant(db, user, id);
  const name = input.name == null ? undefined : checkedName(context, user.companyId, input.name, id);
  const permissions = input.permissions == null ? undefined : checkedPermissions(input.permissions);
  if (permissions !== undefined) checkGrant(user, permissions);
  db.transaction(() => {
    if (name !== undefined) db.run('UPDATE company_roles SET role_name = ? WHERE role_id = ?', name, id);
    if (permissions !== undefined) saveRolePermissions(db, user.companyId, id, permissions);
  });
  return { role: roleObject(db, id) };
}

/** A role with users is kept (Adobe's refusal); the last role too, so new users always have one. */
export function deleteCompanyRole(args: unknown, context: GraphQlContext) {
  const user = memberWith(context, ROLES_EDIT);
  const { db } = context;
  const id = roleIdIn(db, user.companyId, z.object({ id: z.string() }).parse(args).id);
  checkRoleGrant(db, user, id);
  if (roleUsers(db, id) > 0) throw companyErrors.roleInUse();
  db.run('DELETE FROM company_roles WHERE role_id = ?', id);
  return { success: true };
}
