/** Order services (admin or integration token): read one order, save an order's status. */
import type { CartSettings } from '../carts/carts.ts';
import type { Database } from '../db.ts';
import { intParam } from '../http/params.ts';
import { withBody, type Route } from '../http/route.ts';
import { m, orderDto } from '../input.ts';
import { getOrder, saveOrder } from './orders.ts';

export function orderRoutes(db: Database, settings: CartSettings): Route[] {
  return [
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
