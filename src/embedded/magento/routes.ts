/**
 * The route table: every REST call the storefront makes (COVERAGE.md) plus the admin calls an editor's
 * change and the payment bridge need, each with Magento's ACL resource (CONTRACT.md §2.3). Each resource
 * folder declares its own routes; this only gathers them.
 */
import { tokenRoutes } from './auth/routes.ts';
import type { TokenLifetimes } from './auth/auth.ts';
import type { CartSettings } from './carts/carts.ts';
import { adminCartRoutes, customerCartRoutes, guestCartRoutes } from './carts/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { customerRoutes } from './customers/routes.ts';
import type { Database } from './db.ts';
import { directoryRoutes } from './directory/routes.ts';
import type { Route } from './http/route.ts';
import { orderRoutes } from './orders/routes.ts';

export interface RouteContext {
  readonly db: Database;
  readonly cart: CartSettings;
  readonly tokens: TokenLifetimes;
}

export function createRoutes({ db, cart, tokens }: RouteContext): Route[] {
  return [
    ...directoryRoutes(),
    ...tokenRoutes(db, tokens),
    ...catalogRoutes(db),
    ...guestCartRoutes(db, cart),
    ...customerCartRoutes(db, cart),
    ...adminCartRoutes(db, cart),
    ...customerRoutes(db),
    ...orderRoutes(db, cart),
  ];
}
