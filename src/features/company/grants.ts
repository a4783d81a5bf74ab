/**
 * What a company user may hand out (issue 86), the rule the back end keeps too: the administrator anything;
 * anyone else no role allowing more than their own, and no change to the administrator or to a user whose
 * role allows more than theirs. The storefront checks it before asking Magento, whose refusal would read as
 * a session ended (Adobe's "not authorized" shares its category with "not signed in"), and the company
 * page offers only what passes. Pure and browser-safe.
 */
import type { CompanyAccess } from './access.ts';
import type { CompanyRoleRow, CompanyUserRow } from './answer.ts';

type Granting = Pick<CompanyAccess, 'isAdmin' | 'allowed'>;

/** Whether `access` may grant everything `allowed` lists (unknown: only the administrator). */
export const mayGrant = (access: Granting, allowed: readonly string[] | undefined): boolean =>
  access.isAdmin || (allowed !== undefined && allowed.every((resource) => access.allowed.has(resource)));

/** Whether `access` may change the user (role, team, status) or remove them. */
export function mayChangeUser(
  access: Granting,
  user: CompanyUserRow,
  roles: readonly CompanyRoleRow[],
): boolean {
  if (access.isAdmin) return true;
  if (user.isAdmin) return false;
  return mayGrant(access, roles.find((role) => role.uid === user.roleUid)?.allowed);
}

/** The roles `access` may hand out. */
export const grantableRoles = (access: Granting, roles: readonly CompanyRoleRow[]): CompanyRoleRow[] =>
  roles.filter((role) => mayGrant(access, role.allowed));
