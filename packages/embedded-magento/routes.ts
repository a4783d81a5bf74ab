/**
 * The route table: every REST call the storefront makes (COVERAGE.md) plus the admin calls an editor's
 * change and the payment bridge need, each with Magento's ACL resource (CONTRACT.md §2.3), and the back
 * end's own review moderation under `/V1/embedded/` (`reviews/routes.ts`), and Mage-OS's returns module's
 * `/V1/rma…` (`returns/routes.ts`), and MSI's sources, source items and in-store pickup
 * (`inventory/routes.ts`). Each resource folder declares
 * its own routes; this only gathers them, and hands the cart routes' locators to the checkout's.
 */
import { tokenRoutes } from './auth/routes.ts';
import type { TokenLifetimes } from './auth/auth.ts';
import {
  adminCartRoutes,
  customerCart,
  customerCartRoutes,
  guestCart,
  guestCartRoutes,
} from './carts/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { cmsRoutes } from './cms/routes.ts';
import { companyRoutes } from './company/routes.ts';
import { adminCheckoutRoutes, checkoutCartHooks, checkoutRoutes } from './checkout/routes.ts';
import type { CheckoutSettings } from './checkout/settings.ts';
import { groupRoutes } from './customers/group-routes.ts';
import { customerRoutes } from './customers/routes.ts';
import type { Database } from './db.ts';
import { directoryRoutes } from './directory/routes.ts';
import type { Route } from './http/route.ts';
import { inventoryRoutes } from './inventory/routes.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { negotiableQuotesRoutes } from './negotiable-quotes/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { purchaseOrdersRoutes } from './purchase-orders/routes.ts';
import { requisitionListsRoutes } from './requisition-lists/routes.ts';
import type { OnSaved } from '@cleaning-shop/contracts/rebuild-hook.ts';
import { returnRoutes } from './returns/routes.ts';
import type { ReturnsRuntime } from './returns/runtime.ts';
import { reviewRoutes } from './reviews/routes.ts';
import { salesRuleRoutes } from './sales-rules/routes.ts';

export interface RouteContext {
  readonly db: Database;
  readonly checkout: CheckoutSettings;
  readonly tokens: TokenLifetimes;
  /** Told of admin saves that routes report themselves (the others are read from the path, `app.ts`). */
  readonly onSaved: OnSaved;
  /** Mage-OS's returns module (`returns/`): its settings, clock and mailer. */
  readonly returns: ReturnsRuntime;
}

export function createRoutes({ db, checkout, tokens, onSaved, returns }: RouteContext): Route[] {
  const hooks = checkoutCartHooks(db, checkout);
  return [
    ...directoryRoutes(),
    ...tokenRoutes(db, tokens),
    ...catalogRoutes(db, checkout),
    ...guestCartRoutes(db, checkout, hooks),
    ...checkoutRoutes(db, checkout, guestCart(db)),
    ...customerCartRoutes(db, checkout, hooks),
    ...checkoutRoutes(db, checkout, customerCart(db)),
    ...adminCartRoutes(db, checkout),
    ...adminCheckoutRoutes(db, checkout),
    ...customerRoutes(db),
    ...groupRoutes(db),
    ...orderRoutes(db, checkout),
    ...invoiceRoutes(db, checkout),
    ...salesRuleRoutes(db),
    ...cmsRoutes(db, onSaved),
    ...reviewRoutes(db),
    ...returnRoutes(db, returns),
    ...inventoryRoutes(db, returns, onSaved),
    ...companyRoutes(db, checkout, returns),
    ...purchaseOrdersRoutes(db, checkout, returns),
    ...negotiableQuotesRoutes(db, checkout, returns),
    ...requisitionListsRoutes(db, checkout, returns),
  ];
}
