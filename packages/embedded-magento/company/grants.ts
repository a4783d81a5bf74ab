/**
 * What a company user may hand out, beyond the resource their call needs: the administrator anything; anyone
 * else no more than their own role allows, and nothing to a user who may do more than they may. Without
 * this, "Edit Company Users" would let a buyer give themself approvals, or rewrite the administrator's
 * sign-in e-mail, through the GraphQL calls the storefront does not offer but anyone with a token may make.
 * The administrator's own fields are theirs and the merchant's (the admin REST) alone.
 */
import type { Database } from '../db.ts';
import { companyErrors } from './errors.ts';
import { companyUser, roleAllows, type CompanyUser } from './membership.ts';

function within(user: CompanyUser, resources: Iterable<string>): boolean {
  for (const resource of resources) if (!user.allowed.has(resource)) return false;
  return true;
}

/** Refuses unless the user may grant every one of `resources`. */
export function checkGrant(user: CompanyUser, resources: Iterable<string>): void {
  if (!user.isAdmin && !within(user, resources)) throw companyErrors.notAllowed();
}

/** Refuses unless the user may hand out the role (or change it: what it allows now counts too). */
export const checkRoleGrant = (db: Database, user: CompanyUser, roleId: number): void =>
  checkGrant(user, roleAllows(db, roleId));

/**
 * Refuses unless the user may change the company user `targetId`: the administrator anyone; anyone else
 * neither the administrator nor a user whose role allows more than their own.
 */
export function checkUserChange(db: Database, user: CompanyUser, targetId: number): void {
  if (user.isAdmin) return;
  const target = companyUser(db, targetId);
  if (!target || target.isAdmin || !within(user, target.allowed)) throw companyErrors.notAllowed();
}
