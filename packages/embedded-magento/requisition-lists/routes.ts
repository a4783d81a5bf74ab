/**
 * The requisition lists' admin REST routes: none yet. Adobe's REST has `POST /V1/requisition_lists` (save a
 * list for a customer), which this back end does not serve: the ACL resource it needs is not documented in
 * the pages we have, and the storefront makes and fills lists through GraphQL (docs/magento.md,
 * "Requisition lists").
 */
import type { CheckoutSettings } from '../checkout/settings.ts';
import type { Database } from '../db.ts';
import type { Route } from '../http/route.ts';
import type { ReturnsRuntime } from '../returns/runtime.ts';

export const requisitionListsRoutes: (
  db: Database,
  checkout: CheckoutSettings,
  runtime: ReturnsRuntime,
) => Route[] = () => [];
