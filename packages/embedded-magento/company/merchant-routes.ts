/**
 * The merchant's company, role and team routes of Magento_Company's webapi.xml (`companyCompanyRepositoryV1`,
 * `companyRoleRepositoryV1`, `companyTeamRepositoryV1`), behind the same ACL resource as the module's other
 * admin routes (`routes.ts`). Where a path's id is not a parameter of the service method, Magento puts it
 * in the body's object only when that object has a field of the name: a role's `id` does; a company's
 * `companyId` and a team's `teamId` do not, so those saves take the body's id.
 */
import type { Database } from '../db.ts';
import { intParam, searchCriteriaParam } from '../http/params.ts';
import { withBody, type Route, type RouteRequest } from '../http/route.ts';
import { bindBody, m } from '../input.ts';
import { isRecord } from '../json.ts';
import { parseSearchCriteria } from '../search-criteria.ts';
import { deleteCompany } from './company-delete.ts';
import { companyBody } from './company-input.ts';
import { saveCompany } from './company-save.ts';
import { deleteRole, getRole, roleDto, saveRole, searchRoles } from './role-rest.ts';
import { createCompanyTeam, deleteTeam, getTeam, searchTeams, teamDto, updateTeam } from './team-rest.ts';

/** The ACL resource every company admin route needs. */
export const MERCHANT_RESOURCE = 'Magento_Company::manage';
const resource = MERCHANT_RESOURCE;

const roleBody = m.params({ role: roleDto });
const teamBody = m.params({ team: teamDto });

/** `ParamsOverrider::overrideRequestBodyIdWithPathParam` for a body whose one object has an `id`. */
function withPathId(body: unknown, id: string | undefined): unknown {
  if (!isRecord(body)) return body;
  const entries = Object.entries(body);
  const [only] = entries;
  if (entries.length === 1 && only && isRecord(only[1])) return { [only[0]]: { ...only[1], id } };
  return { ...body, id };
}

const criteria = (request: RouteRequest) => parseSearchCriteria(searchCriteriaParam(request));
const param = (request: RouteRequest, name: string) => intParam(request.params[name], name);

const companyRoutes = (db: Database): Route[] => [
  {
    method: 'POST',
    path: '/V1/company/',
    resource,
    ...withBody(companyBody, (_request, { company }) => saveCompany(db, company ?? {})),
  },
  {
    method: 'PUT',
    path: '/V1/company/:companyId',
    resource,
    ...withBody(companyBody, (_request, { company }) => saveCompany(db, company ?? {})),
  },
  {
    method: 'DELETE',
    path: '/V1/company/:companyId',
    resource,
    handle: (request) => deleteCompany(db, param(request, 'companyId')),
  },
];

const roleRoutes = (db: Database): Route[] => [
  {
    method: 'GET',
    path: '/V1/company/role/',
    resource,
    handle: (request) => searchRoles(db, criteria(request)),
  },
  {
    method: 'GET',
    path: '/V1/company/role/:roleId',
    resource,
    handle: (request) => getRole(db, param(request, 'roleId')),
  },
  {
    method: 'POST',
    path: '/V1/company/role/',
    resource,
    ...withBody(roleBody, (_request, { role }) => saveRole(db, role ?? {})),
  },
  {
    method: 'PUT',
    path: '/V1/company/role/:id',
    resource,
    body: roleBody,
    handle: (request) => {
      const { role } = bindBody(roleBody, withPathId(request.body, request.params['id']));
      return saveRole(db, role ?? {});
    },
  },
  {
    method: 'DELETE',
    path: '/V1/company/role/:roleId',
    resource,
    handle: (request) => deleteRole(db, param(request, 'roleId')),
  },
];

const teamRoutes = (db: Database): Route[] => [
  { method: 'GET', path: '/V1/team/', resource, handle: (request) => searchTeams(db, criteria(request)) },
  {
    method: 'GET',
    path: '/V1/team/:teamId',
    resource,
    handle: (request) => getTeam(db, param(request, 'teamId')),
  },
  {
    method: 'POST',
    path: '/V1/team/:companyId',
    resource,
    ...withBody(teamBody, (request, { team }) =>
      createCompanyTeam(db, team ?? {}, param(request, 'companyId')),
    ),
  },
  {
    method: 'PUT',
    path: '/V1/team/:teamId',
    resource,
    ...withBody(teamBody, (_request, { team }) => updateTeam(db, team ?? {})),
  },
  {
    method: 'DELETE',
    path: '/V1/team/:teamId',
    resource,
    handle: (request) => deleteTeam(db, param(request, 'teamId')),
  },
];

export const merchantRoutes = (db: Database): Route[] => [
  ...companyRoutes(db),
  ...roleRoutes(db),
  ...teamRoutes(db),
];
