/**
 * Customer groups for the admin and the integration (Customer/etc/webapi.xml: every route behind
 * `Magento_Customer::group`). On PUT the id in the path is the one saved, as `ParamsOverrider` copies it
 * into the body's `group` (a value that is no number is then refused as the body's `id`).
 */
import type { Database } from '../db.ts';
import { intParam, optionalInt, queryValue, searchCriteriaParam } from '../http/params.ts';
import { withBody, type Route, type RouteRequest } from '../http/route.ts';
import { bindBody, m } from '../input.ts';
import { isRecord } from '../json.ts';
import { parseSearchCriteria } from '../search-criteria.ts';
import {
  defaultGroup,
  deleteGroup,
  getGroup,
  isReadonly,
  saveGroup,
  searchGroups,
  setDefaultGroup,
} from './groups.ts';

const resource = 'Magento_Customer::group';

/** `GroupInterface` as a request names it. */
export const groupDto = m.dto({
  id: m.int(),
  code: m.string(),
  tax_class_id: m.int(),
  tax_class_name: m.string(),
  extension_attributes: m.mixed(),
});
const groupBody = m.params({ group: groupDto });

/** The body with the path's id laid into `group`, as Magento's REST layer does before binding it. */
const withPathId = (request: RouteRequest): unknown => {
  const body = isRecord(request.body) ? request.body : {};
  const group = body['group'];
  return isRecord(group) ? { ...body, group: { ...group, id: request.params['id'] } } : body;
};

export function groupRoutes(db: Database): Route[] {
  const id = (request: RouteRequest) => intParam(request.params['id'], 'id');
  return [
    {
      method: 'GET',
      path: '/V1/customerGroups/search',
      resource,
      handle: (request) => searchGroups(db, parseSearchCriteria(searchCriteriaParam(request))),
    },
    {
      method: 'GET',
      path: '/V1/customerGroups/default',
      resource,
      // No store id: the request's store view (`StoreManager::getStore()`).
      handle: (request) =>
        defaultGroup(db, optionalInt(queryValue(request, 'storeId'), 'storeId') ?? request.scope.storeId),
    },
    {
      method: 'GET',
      path: '/V1/customerGroups/default/:storeId',
      resource,
      handle: (request) => defaultGroup(db, intParam(request.params['storeId'], 'storeId')),
    },
    {
      method: 'PUT',
      path: '/V1/customerGroups/default/:id',
      resource,
      handle: (request) => setDefaultGroup(db, id(request)),
    },
    {
      method: 'GET',
      path: '/V1/customerGroups/:id/permissions',
      resource,
      handle: (request) => isReadonly(db, id(request)),
    },
    {
      method: 'GET',
      path: '/V1/customerGroups/:id',
      resource,
      handle: (request) => getGroup(db, id(request)),
    },
    {
      method: 'POST',
      path: '/V1/customerGroups',
      resource,
      ...withBody(groupBody, (_, { group }) => saveGroup(db, group)),
    },
    {
      method: 'PUT',
      path: '/V1/customerGroups/:id',
      resource,
      body: groupBody,
      handle: (request) => saveGroup(db, bindBody(groupBody, withPathId(request)).group),
    },
    {
      method: 'DELETE',
      path: '/V1/customerGroups/:id',
      resource,
      handle: (request) => deleteGroup(db, id(request)),
    },
  ];
}
