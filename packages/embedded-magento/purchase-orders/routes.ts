/**
 * The purchase orders' REST routes: none. Adobe's admin REST reference has no purchase-order resource (the
 * merchant sees purchase orders in the admin only); its customer REST has `purchase-order-carts/{cartId}/…`
 * (totals, payment information) for paying an approved purchase order's cart online, which this back end does
 * not serve: the storefront pays through its own payment bridge and places the order with GraphQL's
 * `placeOrderForPurchaseOrder`.
 */
import type { CheckoutSettings } from '../checkout/settings.ts';
import type { Database } from '../db.ts';
import type { Route } from '../http/route.ts';
import type { ReturnsRuntime } from '../returns/runtime.ts';

export const purchaseOrdersRoutes: (
  db: Database,
  checkout: CheckoutSettings,
  runtime: ReturnsRuntime,
) => Route[] = () => [];
