/**
 * A role's permissions as `RoleRepository::save` takes them (`PermissionManagement`, `Role\Validator`): the
 * resources sent with `"permission": "allow"` are allowed, every other resource of the tree denied (one
 * left out is denied, each must be sent, as Adobe's reference says). Allowing anything allows the root too.
 * An allowed resource whose parents are not all allowed is refused; so, then, is an unknown one allowed.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import { ACL_ROOT, ACL_TREE, isAclResource, type AclResource } from './acl.ts';
import { problems, refused, restErrors } from './rest-errors.ts';

/** Each resource of the tree with itself and its ancestors (`getFlatResources`' required permissions). */
function lineage(resource: AclResource, above: readonly string[], into: Map<string, readonly string[]>) {
  const line = [...above, resource.id];
  into.set(resource.id, line);
  for (const child of resource.children) lineage(child, line, into);
  return into;
}

const LINEAGE = lineage(ACL_TREE, [], new Map());

export interface PermissionInput {
  readonly resource_id?: string | null | undefined;
  readonly permission?: string | null | undefined;
}

/** The resource ids a role allows once saved (the tree's order), or Magento's refusal. */
export function allowedResources(sent: readonly (PermissionInput | null)[]): string[] {
  const allowed = sent
    .filter((permission) => permission?.permission === 'allow')
    .map((permission) => permission?.resource_id ?? '');
  const populated = allowed.length > 0 ? new Set([...allowed, ACL_ROOT]) : new Set<string>();
  for (const [resource, line] of LINEAGE)
    if (populated.has(resource) && line.some((id) => !populated.has(id))) throw restErrors.parentDenied();
  const unknown = allowed.filter((id) => !isAclResource(id));
  // Validator::validatePermissions reports `$invalidResources[0]`, which exists only when the first resource
  // allowed is the unknown one; otherwise PHP's warning for the missing key is a 500.
  if (unknown.length > 0) {
    if (allowed[0] !== unknown[0]) throw errors.internal();
    throw refused(problems.invalidValue('resource_id', unknown[0]));
  }
  return [...LINEAGE.keys()].filter((id) => populated.has(id));
}

const permissionRow = z.object({
  permission_id: sqlNumber,
  role_id: sqlNumber,
  resource_id: z.string(),
  permission: z.string(),
});

/** `PermissionInterface[]` of a role as stored: id, role id, resource id, permission. */
export const permissionsOf = (db: Database, roleId: number) =>
  db
    .all(
      permissionRow,
      'SELECT permission_id, role_id, resource_id, permission FROM company_permissions WHERE role_id = ? ORDER BY permission_id',
      roleId,
    )
    .map(({ permission_id: id, ...rest }) => ({ id, ...rest }));
