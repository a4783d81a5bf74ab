/**
 * The product alerts as a part of the embedded GraphQL schema (`../graphql/schema.ts`): Adobe's
 * subscribe, unsubscribe and "is subscribed" calls, and `Customer.product_alerts` on the `Customer` the
 * wish-list part's `customer` query answers.
 */
import type { GraphQlContext } from '../graphql/context.ts';
import type { SchemaPart } from '../graphql/schema-part.ts';
import { productAlerts } from './nodes.ts';
import { PRODUCT_ALERTS_SDL } from './sdl.ts';
import { isSubscribed, subscribe, unsubscribe, unsubscribeAll } from './subscriptions.ts';

export const productAlertsPart: SchemaPart = {
  sdl: PRODUCT_ALERTS_SDL,
  root: {
    isSubscribedProductAlertStock: isSubscribed('stock'),
    isSubscribedProductAlertPrice: isSubscribed('price'),
    subscribeProductAlertStock: subscribe('stock'),
    subscribeProductAlertPrice: subscribe('price'),
    unsubscribeProductAlertStock: unsubscribe('stock'),
    unsubscribeProductAlertPrice: unsubscribe('price'),
    unsubscribeProductAlertStockAll: unsubscribeAll('stock'),
    unsubscribeProductAlertPriceAll: unsubscribeAll('price'),
  },
  // `catalog/productalert/allow_stock` and `allow_price`: on in this store (off in a fresh Magento).
  storeConfig: () => ({ product_alert_allow_stock: true, product_alert_allow_price: true }),
  fields: {
    Customer: {
      product_alerts: (_source: unknown, _args: unknown, context: GraphQlContext) => productAlerts(context),
    },
  },
};
