/**
 * Order services (admin or integration token), each under the ACL resource Magento 2.4's
 * Sales/etc/webapi.xml gives it: search orders, read one, save an order's status, add a comment to one
 * and list its comments.
 */
import type { StoreSettings } from '../store-view.ts';
import type { Database } from '../db.ts';
import { intParam, searchCriteriaParam } from '../http/params.ts';
import { withBody, type Route } from '../http/route.ts';
import { m, orderDto } from '../input.ts';
import { parseSearchCriteria } from '../search-criteria.ts';
import { addOrderComment, orderComments, statusHistoryDto } from './history.ts';
import { getOrder, saveOrder, searchOrders } from './orders.ts';

export function orderRoutes(db: Database, settings: StoreSettings): Route[] {
  return [
    {
      method: 'GET',
      path: '/V1/orders',
      resource: 'Magento_Sales::actions_view',
      handle: (request) => searchOrders(db, parseSearchCriteria(searchCriteriaParam(request)), settings),
    },
    {
      method: 'GET',
      path: '/V1/orders/:id',
      resource: 'Magento_Sales::actions_view',
      handle: ({ params }) => getOrder(db, intParam(params['id'], 'id'), settings),
    },
    {
      method: 'POST',
      path: '/V1/orders/',
      resource: 'Magento_Sales::create',
      ...withBody(m.params({ entity: orderDto }), (_, { entity }) => saveOrder(db, entity, settings)),
    },
    {
      method: 'POST',
      path: '/V1/orders/:id/comments',
      resource: 'Magento_Sales::comment',
      ...withBody(m.params({ statusHistory: statusHistoryDto }), ({ params }, { statusHistory }) =>
        addOrderComment(db, intParam(params['id'], 'id'), statusHistory),
      ),
    },
    {
      method: 'GET',
      path: '/V1/orders/:id/comments',
      resource: 'Magento_Sales::actions_view',
      handle: ({ params }) => orderComments(db, intParam(params['id'], 'id')),
    },
  ];
}
