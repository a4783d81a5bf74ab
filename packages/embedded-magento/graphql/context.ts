/**
 * What every resolver of one GraphQL request sees: the database, the customer behind the bearer token,
 * what a product's fields need of the store, the store's review settings, and the request's loaders (each
 * request gets its own, so nothing read for one request is served to another).
 */
import { z } from 'zod';
import { resolveCaller } from '../auth/auth.ts';
import { sqlNumber, type Database } from '../db.ts';
import type { ReturnsRuntime } from '../returns/runtime.ts';
import type { ReviewLoaders } from '../reviews/loaders.ts';
import type { ReviewSettings } from '../reviews/settings.ts';
import type { CheckoutSettings } from '../checkout/settings.ts';
import type { StoreSettings } from '../store-view.ts';
import type { ProductScope } from './product.ts';

export interface GraphQlContext {
  readonly db: Database;
  /**
   * The signed-in customer, or undefined for a guest. A missing, unknown, expired or revoked token, and an
   * admin's or integration's, all leave the request a guest's: GraphQL's user context gives up quietly, as
   * REST's does (WISHLIST.md §5), and no wish list or review belongs to an admin.
   */
  readonly customerId: number | undefined;
  readonly product: ProductScope;
  /** The store the cart prices for (its clock decides whether a special price applies). */
  readonly store: StoreSettings;
  /** The store's checkout settings (carriers, payment methods): what placing an order from GraphQL needs. */
  readonly checkout: CheckoutSettings;
  /** `catalog/review/*` of the store view. */
  readonly reviews: ReviewSettings;
  /** The review fields of many products and reviews, read a batch at a time. */
  readonly reviewLoaders: ReviewLoaders;
  /** The returns module's settings, clock, store contact and mailer (`../returns/runtime.ts`). */
  readonly returns: ReturnsRuntime;
}

const customerIdRow = z.object({ id: sqlNumber });

/** The customer a request acts for, from its `Authorization` header (the REST side's token code). */
export function requestCustomer(db: Database, authorization: string | undefined): number | undefined {
  const caller = resolveCaller(db, authorization);
  if (caller.kind !== 'customer') return undefined;
  // A token outliving its customer names nobody (Magento's oauth_token rows go with the customer).
  return db.get(customerIdRow, 'SELECT id FROM customers WHERE id = ?', caller.customerId)?.id;
}
