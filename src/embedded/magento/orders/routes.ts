/** Order services (admin or integration token): search orders, read one, save an order's status. */
import type { StoreSettings } from '../store-view.ts';
import type { Database } from '../db.ts';
import { intParam, searchCriteriaParam } from '../http/params.ts';
import { withBody, type Route } from '../http/route.ts';
import { m, orderDto } from '../input.ts';
import { parseSearchCriteria } from '../search-criteria.ts';
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
  ];
}
