/**
 * The company's admin REST routes (Magento_Company's and Magento_CompanyCredit's webapi.xml), behind
 * `Magento_Company::manage` for the merchant's admin or integration token: a company read and searched (its
 * save and deletion, its roles and teams are `merchant-routes.ts`); its credit line read and saved; and a
 * customer put in a company with a role and a place in its tree
 * (`assignCustomer`, `assignRoles`, `hierarchy/move`, after reading the tree with `GET /V1/hierarchy/:id`), as
 * the storefront does when a buyer accepts an invitation.
 */
import { z } from 'zod';
import type { CheckoutSettings } from '../checkout/settings.ts';
import type { Database } from '../db.ts';
import { errors } from '../errors.ts';
import { intParam, searchCriteriaParam } from '../http/params.ts';
import { withBody, type Route, type RouteRequest } from '../http/route.ts';
import { m } from '../input.ts';
import type { ReturnsRuntime } from '../returns/runtime.ts';
import { parseSearchCriteria } from '../search-criteria.ts';
import { companyUser } from './membership.ts';
import { findRole } from './nodes.ts';
import { addUser, assignRole, defaultRoleOf, moveInTree, structureNode } from './records.ts';
import { dropNoCompany, membershipOf } from './stored-attributes.ts';
import { MERCHANT_RESOURCE, merchantRoutes } from './merchant-routes.ts';
import {
  creditInput,
  creditOfCompany,
  getCompany,
  loadCompanyRow,
  saveCredit,
  searchCompanies,
} from './rest.ts';

const resource = MERCHANT_RESOURCE;

const idRow = z.object({ id: z.number() });

/** `CompanyManagementInterface::assignCustomer`: the customer joins the company (root of its tree, Default User). */
function assignCustomer(db: Database, customerId: number, companyId: number): boolean {
  loadCompanyRow(db, companyId);
  if (!db.get(idRow, 'SELECT id FROM customers WHERE id = ?', customerId))
    throw errors.noSuchEntity('customerId', customerId);
  if (companyUser(db, customerId)) return true;
  const role = defaultRoleOf(db, companyId);
  // The customer's company attributes of no company (job title, telephone, status) become the company's.
  const { jobTitle, telephone, status } = membershipOf(db, customerId);
  db.transaction(() => {
    addUser(db, companyId, customerId, {
      jobTitle,
      telephone,
      active: status !== 0,
      roleId: role ?? 0,
      parentId: 0,
    });
    dropNoCompany(db, customerId);
  });
  return true;
}

const rolesBody = m.params({
  userId: m.int(),
  roles: z.array(z.looseObject({ id: z.coerce.number().int() })),
});

/** `AclInterface::assignRoles`: the user's role (one, of their company). */
function assignRoles(db: Database, userId: number, roles: readonly { id: number }[]): boolean {
  const user = companyUser(db, userId);
  const roleId = roles[0]?.id;
  const role = roleId === undefined ? undefined : findRole(db, roleId);
  if (!user || !role || role.company_id !== user.companyId) throw errors.noSuchEntity('roleId', roleId ?? '');
  assignRole(db, userId, role.role_id);
  return true;
}

/** `StructureRepository` move: a node under another of the same company. */
function moveNode(db: Database, id: number, newParentId: number): boolean {
  const node = structureNode(db, id);
  const parent = structureNode(db, newParentId);
  if (!node || !parent || node.company_id !== parent.company_id) throw errors.noSuchEntity('id', id);
  db.transaction(() => moveInTree(db, id, newParentId));
  return true;
}

const hierarchyRow = z.object({
  structure_id: z.number(),
  entity_id: z.number(),
  entity_type: z.number(),
  parent_id: z.number(),
});

/** `CompanyHierarchyInterface::getCompanyHierarchy`: the company's tree, node by node. */
function hierarchyOf(db: Database, companyId: number) {
  loadCompanyRow(db, companyId);
  return db
    .all(
      hierarchyRow,
      'SELECT structure_id, entity_id, entity_type, parent_id FROM company_structure WHERE company_id = ? ORDER BY path',
      companyId,
    )
    .map((row) => ({
      structure_id: row.structure_id,
      entity_id: row.entity_id,
      entity_type: row.entity_type === 1 ? 'team' : 'customer',
      structure_parent_id: row.parent_id,
    }));
}

// Every B2B module is handed the checkout settings and the returns runtime (../routes.ts); these need neither.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export const companyRoutes = (db: Database, ..._unused: [CheckoutSettings, ReturnsRuntime]): Route[] => {
  const companyId = (request: RouteRequest) => intParam(request.params['companyId'], 'companyId');
  return [
    ...merchantRoutes(db),
    {
      method: 'GET',
      path: '/V1/company/',
      resource,
      handle: (request) => searchCompanies(db, parseSearchCriteria(searchCriteriaParam(request))),
    },
    {
      method: 'GET',
      path: '/V1/company/:companyId',
      resource,
      handle: (request) => getCompany(db, companyId(request)),
    },
    {
      method: 'GET',
      path: '/V1/companyCredits/company/:companyId',
      resource,
      handle: (request) => creditOfCompany(db, companyId(request)),
    },
    {
      method: 'PUT',
      path: '/V1/companyCredits/:creditId',
      resource,
      ...withBody(m.params({ creditLimit: creditInput }), (request, { creditLimit }) =>
        saveCredit(db, intParam(request.params['creditId'], 'creditId'), creditLimit),
      ),
    },
    {
      method: 'PUT',
      path: '/V1/customers/:customerId/companies/:companyId',
      resource,
      handle: (request) =>
        assignCustomer(db, intParam(request.params['customerId'], 'customerId'), companyId(request)),
    },
    {
      method: 'PUT',
      path: '/V1/company/assignRoles',
      resource,
      ...withBody(rolesBody, (_request, { userId, roles }) => assignRoles(db, userId ?? 0, roles ?? [])),
    },
    {
      method: 'GET',
      path: '/V1/hierarchy/:id',
      resource,
      handle: (request) => hierarchyOf(db, intParam(request.params['id'], 'id')),
    },
    {
      method: 'PUT',
      path: '/V1/hierarchy/move/:id',
      resource,
      ...withBody(m.params({ newParentId: m.int() }), (request, { newParentId }) =>
        moveNode(db, intParam(request.params['id'], 'id'), newParentId ?? 0),
      ),
    },
  ];
};
