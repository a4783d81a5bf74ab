/**
 * CMS blocks for the admin and the integration (`Cms/etc/webapi.xml`, all `Magento_Cms::block`;
 * COMMERCE-BASICS.md §6). `blockId` is a string: an id, or an identifier. On PUT the id in the path is the
 * one saved, as `ParamsOverrider` copies it into the body (a value that is no number is then refused as
 * the body's `id`). Each successful save or delete is reported with the block's identifier.
 */
import type { Database } from '../db.ts';
import { searchCriteriaParam } from '../http/params.ts';
import { withBody, type Route, type RouteRequest } from '../http/route.ts';
import { bindBody, m } from '../input.ts';
import { isRecord } from '../json.ts';
import type { OnSaved } from '@cleaning-shop/contracts/rebuild-hook.ts';
import { parseSearchCriteria } from '../search-criteria.ts';
import { blockDto, deleteBlock, getBlock, searchBlocks } from './blocks.ts';
import { saveBlock } from './write.ts';

const resource = 'Magento_Cms::block';
const blockBody = m.params({ block: blockDto });

/** The body with the path's id laid into `block`, as Magento's REST layer does before binding it. */
const withPathId = (request: RouteRequest): unknown => {
  const body = isRecord(request.body) ? request.body : {};
  const block = body['block'];
  return isRecord(block) ? { ...body, block: { ...block, id: request.params['id'] } } : body;
};

export function cmsRoutes(db: Database, onSaved: OnSaved): Route[] {
  const blockId = (request: RouteRequest) => request.params['blockId'] ?? '';
  const saved = (identifier: string, deleted: boolean) =>
    onSaved({ entity: 'cms-block', identifier, deleted });
  /** Saves a block in the request's store and says so (the rebuild hook). */
  const save = (request: RouteRequest, block: Parameters<typeof saveBlock>[1]) => {
    const result = saveBlock(db, block, request.scope.storeId);
    saved(result.identifier, false);
    return result.answer;
  };
  return [
    {
      method: 'GET',
      path: '/V1/cmsBlock/search',
      resource,
      handle: (request) => searchBlocks(db, parseSearchCriteria(searchCriteriaParam(request))),
    },
    { method: 'GET', path: '/V1/cmsBlock/:blockId', resource, handle: (r) => getBlock(db, blockId(r)) },
    {
      method: 'POST',
      path: '/V1/cmsBlock',
      resource,
      ...withBody(blockBody, (request, { block }) => save(request, block)),
    },
    {
      method: 'PUT',
      path: '/V1/cmsBlock/:id',
      resource,
      body: blockBody,
      handle: (request) => save(request, bindBody(blockBody, withPathId(request)).block),
    },
    {
      method: 'DELETE',
      path: '/V1/cmsBlock/:blockId',
      resource,
      handle: (request) => {
        const result = deleteBlock(db, blockId(request));
        saved(result.identifier, true);
        return result.answer;
      },
    },
  ];
}
