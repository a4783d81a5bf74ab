/**
 * What the `company` query answers (the fields B2B adds to `Customer` are `customer-fields.ts`): plain
 * objects whose function fields graphql-js calls with their arguments, each read when selected. Every read
 * is scoped to the asking user's company: an id of another company's user, role or team is "no such entity".
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { CustomerNode } from '../wishlist/nodes.ts';
import { ACL_TREE, type AclResource } from './acl.ts';
import { companyErrors } from './errors.ts';
import { memberWith } from './guard.ts';
import { companyUser, roleAllows, roleUsers, type CompanyUser } from './membership.ts';
import { findCompany } from './company-row.ts';
import { ENTITY } from './records.ts';
import { idOf, uidOf } from './uid.ts';
import { creditHistory, creditOf } from './credit.ts';

const R = {
  users: 'Magento_Company::users_view',
  roles: 'Magento_Company::roles_view',
  address: 'Magento_Company::view_address',
  account: 'Magento_Company::view_account',
};

/** A customer as the schema's `Customer` (the wish-list part's node, so its fields answer too). */
export const customerObject = (context: GraphQlContext, customerId: number) =>
  Object.assign(new CustomerNode(context, customerId), { __typename: 'Customer' });

const streetOf = (text: string): string[] => z.array(z.string()).catch([]).parse(JSON.parse(text));

/** The company of the asking user, as `Company`. */
export function companyObject(context: GraphQlContext, companyId: number, guarded = true) {
  const row = findCompany(context.db, companyId);
  if (!row) throw companyErrors.notAllowed();
  return {
    id: uidOf(row.entity_id),
    name: row.company_name,
    email: row.company_email,
    legal_name: row.legal_name,
    vat_tax_id: row.vat_tax_id,
    reseller_id: row.reseller_id,
    legal_address: () => {
      if (guarded) memberWith(context, R.address);
      return {
        street: streetOf(row.street),
        city: row.city,
        region: { region_code: row.region, region: row.region, region_id: row.region_id },
        country_code: row.country_id,
        postcode: row.postcode,
        telephone: row.telephone,
      };
    },
    company_admin: () => customerObject(context, row.super_user_id),
    sales_representative: null,
    payment_methods: [],
    users: (args: unknown) => usersOf(context, memberWith(context, R.users), args),
    user: (args: unknown) => userOf(context, memberWith(context, R.users), idArgs.parse(args).id),
    roles: (args: unknown) => rolesOf(context, memberWith(context, R.roles), args),
    role: (args: unknown) => roleOf(context, memberWith(context, R.roles), idArgs.parse(args).id),
    acl_resources: () => {
      memberWith(context, R.roles);
      return [ACL_TREE];
    },
    structure: (args: unknown) => structureOf(context, memberWith(context, R.users), args),
    team: (args: unknown) => teamOf(context, memberWith(context, R.users), idArgs.parse(args).id),
    credit: () => creditOf(context.db, memberWith(context, 'Magento_Company::credit').companyId),
    credit_history: (args: unknown) =>
      creditHistory(context.db, memberWith(context, 'Magento_Company::credit_history').companyId, args),
  };
}

const idArgs = z.object({ id: z.string() });
const pageArgs = z.object({
  pageSize: z.number().int().default(20),
  currentPage: z.number().int().default(1),
});
const usersArgs = pageArgs.extend({
  filter: z.object({ status: z.enum(['ACTIVE', 'INACTIVE']).nullish() }).nullish(),
});

const pageInfo = (pageSize: number, currentPage: number, total: number) => ({
  page_size: pageSize,
  current_page: currentPage,
  total_pages: Math.max(1, Math.ceil(total / Math.max(pageSize, 1))),
});

const idRow = z.object({ id: sqlNumber });

function usersOf(context: GraphQlContext, user: CompanyUser, args: unknown) {
  const { pageSize, currentPage, filter } = usersArgs.parse(args);
  const status = filter?.status === 'ACTIVE' ? 1 : filter?.status === 'INACTIVE' ? 0 : undefined;
  const rows = context.db.all(
    idRow,
    `SELECT customer_id AS id FROM company_advanced_customer_entity
      WHERE company_id = ? AND (? IS NULL OR status = ?) ORDER BY customer_id`,
    user.companyId,
    status ?? null,
    status ?? null,
  );
  const page = rows.slice((currentPage - 1) * pageSize, currentPage * pageSize);
  return {
    items: page.map((row) => customerObject(context, row.id)),
    total_count: rows.length,
    page_info: pageInfo(pageSize, currentPage, rows.length),
  };
}

/** A user of the asking user's company by uid; another company's is no such entity. */
export function userIdIn(context: GraphQlContext, user: CompanyUser, uid: string): number {
  const id = idOf(uid);
  const other = id === undefined ? undefined : companyUser(context.db, id);
  if (id === undefined || other?.companyId !== user.companyId) throw companyErrors.noSuchEntity('id', uid);
  return id;
}

const userOf = (context: GraphQlContext, user: CompanyUser, uid: string) =>
  customerObject(context, userIdIn(context, user, uid));

export const roleRow = z.object({ role_id: sqlNumber, role_name: z.string(), company_id: sqlNumber });

export const findRole = (db: Database, roleId: number) =>
  db.get(roleRow, 'SELECT role_id, role_name, company_id FROM company_roles WHERE role_id = ?', roleId);

/** A role of the company by uid; another company's is no such entity. */
export function roleIdIn(db: Database, companyId: number, uid: string): number {
  const id = idOf(uid);
  const role = id === undefined ? undefined : findRole(db, id);
  if (!role || role.company_id !== companyId) throw companyErrors.noSuchEntity('roleId', uid);
  return role.role_id;
}

/** The tree cut to what the role allows (a denied resource takes its children with it). */
function allowedTree(resource: AclResource, allowed: ReadonlySet<string>): AclResource[] {
  if (!allowed.has(resource.id)) return [];
  return [{ ...resource, children: resource.children.flatMap((child) => allowedTree(child, allowed)) }];
}

export function roleObject(db: Database, roleId: number) {
  const role = findRole(db, roleId);
  if (!role) return null;
  const allowed = roleAllows(db, roleId);

  return {
    id: uidOf(role.role_id),
    name: role.role_name,
    users_count: roleUsers(db, roleId),
    permissions: allowedTree(ACL_TREE, allowed),
  };
}

/** The administrator's role as Adobe answers it: every resource, under id 0. */
export const ADMIN_ROLE = {
  id: uidOf(0),
  name: 'Company Administrator',
  users_count: 1,
  permissions: [ACL_TREE],
};

function rolesOf(context: GraphQlContext, user: CompanyUser, args: unknown) {
  const { pageSize, currentPage } = pageArgs.parse(args);
  const rows = context.db.all(
    z.object({ role_id: sqlNumber }),
    'SELECT role_id FROM company_roles WHERE company_id = ? ORDER BY sort_order, role_id',
    user.companyId,
  );
  const page = rows.slice((currentPage - 1) * pageSize, currentPage * pageSize);
  return {
    items: page.map((row) => roleObject(context.db, row.role_id)),
    total_count: rows.length,
    page_info: pageInfo(pageSize, currentPage, rows.length),
  };
}

const roleOf = (context: GraphQlContext, user: CompanyUser, uid: string) =>
  roleObject(context.db, roleIdIn(context.db, user.companyId, uid));

const teamRow = z.object({
  entity_id: sqlNumber,
  company_id: sqlNumber,
  name: z.string(),
  description: z.string().nullable(),
  structure_id: sqlNumber,
});

export const findTeam = (db: Database, teamId: number) =>
  db.get(
    teamRow,
    `SELECT t.entity_id, t.company_id, t.name, t.description, s.structure_id
       FROM company_team t JOIN company_structure s ON s.entity_type = 1 AND s.entity_id = t.entity_id
      WHERE t.entity_id = ?`,
    teamId,
  );

export function teamObject(db: Database, teamId: number) {
  const team = findTeam(db, teamId);
  if (!team) return null;
  return {
    __typename: 'CompanyTeam',
    id: uidOf(team.entity_id),
    name: team.name,
    description: team.description,
    structure_id: uidOf(team.structure_id),
  };
}

/** A team of the company by uid; another company's is no such entity. */
export function teamIdIn(db: Database, companyId: number, uid: string): number {
  const id = idOf(uid);
  const team = id === undefined ? undefined : findTeam(db, id);
  if (!team || team.company_id !== companyId) throw companyErrors.noSuchEntity('id', uid);
  return team.entity_id;
}

const teamOf = (context: GraphQlContext, user: CompanyUser, uid: string) =>
  teamObject(context.db, teamIdIn(context.db, user.companyId, uid));

const structureRow = z.object({
  structure_id: sqlNumber,
  parent_id: sqlNumber,
  entity_id: sqlNumber,
  entity_type: sqlNumber,
  path: z.string(),
  level: sqlNumber,
});

function structureOf(context: GraphQlContext, user: CompanyUser, args: unknown) {
  const { rootId, depth } = z
    .object({ rootId: z.string().nullish(), depth: z.number().int().default(10) })
    .parse(args);
  const rows = context.db.all(
    structureRow,
    'SELECT structure_id, parent_id, entity_id, entity_type, path, level FROM company_structure WHERE company_id = ?',
    user.companyId,
  );
  const rootStructure = rootId ? idOf(rootId) : undefined;
  const root = rows.find((row) =>
    rootStructure === undefined ? row.parent_id === 0 : row.structure_id === rootStructure,
  );
  if (!root) throw companyErrors.noSuchEntity('id', rootId ?? '');
  const within = rows
    .filter((row) => row.structure_id === root.structure_id || row.path.startsWith(`${root.path}/`))
    .filter((row) => row.level - root.level <= depth)
    .sort((a, b) => treeOrder(a.path, b.path));
  return {
    items: within.map((row) => ({
      id: uidOf(row.structure_id),
      parent_id: uidOf(row.parent_id),
      entity:
        row.entity_type === ENTITY.team
          ? teamObject(context.db, row.entity_id)
          : customerObject(context, row.entity_id),
    })),
  };
}

/** Depth-first order of paths ("1", "1/2", "1/2/5", "1/3"). */
function treeOrder(a: string, b: string): number {
  const x = a.split('/').map(Number);
  const y = b.split('/').map(Number);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return x.length - y.length;
}
