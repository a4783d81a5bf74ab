/**
 * `/V1/rma…` for returns (etc/webapi.xml), all behind `MageOS_RMA::rma_manage`: a return by id or by
 * number, searched, saved (POST new, PUT by id: `admin-save.ts`) and deleted; its items and comments
 * (`RmaItemManagement`, `RmaCommentManagement`: the return must exist, searches are scoped to it).
 */
import type { Database } from '../db.ts';
import { intParam } from '../http/params.ts';
import { withBody, type Route, type RouteRequest } from '../http/route.ts';
import { m } from '../input.ts';
import { saveRma } from './admin-save.ts';
import { findRmaByNumber } from './rmas.ts';
import { restErrors } from './rest-errors.ts';
import type { ReturnsRuntime } from './runtime.ts';
import { lineRoutes } from './line-routes.ts';
import { loadRma, RMA_RESOURCE, search } from './rma-search.ts';
import { rmaDto, rmaOut } from './wire.ts';

const resource = RMA_RESOURCE;

const rmaBody = m.params({ rma: rmaDto });

export function rmaRoutes(db: Database, runtime: ReturnsRuntime): Route[] {
  const id = (request: RouteRequest) => intParam(request.params['entityId'], 'entityId');
  return [
    {
      method: 'GET',
      path: '/V1/rma/:entityId',
      resource,
      handle: (request) => rmaOut(loadRma(db, id(request))),
    },
    {
      method: 'GET',
      path: '/V1/rma/increment-id/:incrementId',
      resource,
      handle: ({ params }) => {
        const number = params['incrementId'] ?? '';
        const rma = findRmaByNumber(db, number);
        if (!rma) throw restErrors.rmaNumberNotFound(number);
        return rmaOut(rma);
      },
    },
    {
      method: 'POST',
      path: '/V1/rma',
      resource,
      ...withBody(rmaBody, async (_request, { rma }) => rmaOut(await saveRma(db, runtime, rma))),
    },
    {
      method: 'PUT',
      path: '/V1/rma/:entityId',
      resource,
      ...withBody(rmaBody, async (request, { rma }) => rmaOut(await saveRma(db, runtime, rma, id(request)))),
    },
    {
      method: 'DELETE',
      path: '/V1/rma/:entityId',
      resource,
      handle: (request) => {
        loadRma(db, id(request));
        db.run('DELETE FROM rma_entity WHERE entity_id = ?', id(request));
        return true;
      },
    },
    {
      method: 'GET',
      path: '/V1/rma/search',
      resource,
      handle: (request) => search(db, 'rma_entity', request, rmaOut),
    },
    ...lineRoutes(db, runtime),
  ];
}
