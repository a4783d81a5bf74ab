/**
 * Mage-OS's returns module's REST routes, every one of its etc/webapi.xml with its ACL resource
 * (etc/acl.xml): returns, their items and comments under `MageOS_RMA::rma_manage` (`rma-routes.ts`,
 * `line-routes.ts`), each lookup under its own (`lookup-routes.ts`). An admin or integration token
 * passes; anyone else is refused naming the resource, as for every admin route here.
 */
import type { Database } from '../db.ts';
import type { Route } from '../http/route.ts';
import { lookupRoutes } from './lookup-routes.ts';
import { rmaRoutes } from './rma-routes.ts';
import type { ReturnsRuntime } from './runtime.ts';

export const returnRoutes = (db: Database, runtime: ReturnsRuntime): Route[] => [
  ...rmaRoutes(db, runtime),
  ...lookupRoutes(db),
];
