/**
 * The shopper routes of the storefront server (search form, session, REST proxy, wish list, my machines, orders,
 * returns, the customer's data and privacy, writing a review, payments, and what else follows the sale:
 * guarantee registration, service booking and the service team's day list), from the validated environment.
 */
import type { Hono } from 'hono';
import type {
  EmbeddedSettings,
  MagentoSettings,
  PaymentSettings,
  ShopSettings,
  StoreSettings,
} from '../../config/env.ts';
import { magentoClientConfig } from '../../config/magento.ts';
import { invoiceSeller } from '../../config/shop.ts';
import { lineLog, trustedProxies, type TrustedProxies } from '../../http/index.ts';
import { createPaymentRoutesFromEnv } from '../../payments/config.ts';
import { paymentHome, type PaymentHome } from '../../payments/home.ts';
import { processLock, type TryLock } from '../../store/locks.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import { tradeGroups } from '../../features/trade/index.server.ts';
import { createMagentoCheckout } from '../../payments/magento-checkout.ts';
import { startShopMail, type ShopMail } from '../../mail/shop-mail.ts';
import { shopClock } from '@cleaning-shop/kit/clock.ts';
import {
  type CollectDeps,
  collectMagento,
  collectAtPayment,
  orderCollections,
} from '../../features/collect/index.server.ts';
import type { OrderCollections } from '../../features/orders/index.server.ts';
import { collectSettings } from '../../features/collect/index.ts';
import { createAfterSaleRoutes, afterSaleRecords } from './after-sale.ts';
import { createAlertRoutes } from './alerts.ts';
import { createQuoteRoutes } from './quotes.ts';
import { createQuoteAdminRoutes } from './quote-admin.ts';
import { createRequisitionListRoutes } from './requisition-lists.ts';
import { parentsFromBuild } from '../collect-parents.ts';
import { createCollectRoutes } from './collect.ts';
import { createCompanyRoutes } from './company.ts';
import { createMyMachinesRoutes } from './my-machines.ts';
import { createOnAccountRoutes } from './on-account.ts';
import { createOrdersRoutes } from './orders.ts';
import { createPurchaseOrderRoutes, purchaseOrderCheckout } from './purchase-orders.ts';
import { purchaseOrdersAtPayment } from '../../features/purchase-orders/index.server.ts';
import { createRestProxy, createSearchFormRoutes } from './proxy.ts';
import { createPrivacyRoutes } from './privacy.ts';
import { createReturnsRoutes } from './returns.ts';
import { createReviewRoutes } from './reviews.ts';
import { createSessionRoutes, signInThrottleFor } from './session.ts';
import { createTradeAccountRoutes } from './trade-account.ts';
import { createWishlistRoutes } from './wishlist.ts';

/**
 * What the shopper routes read: the shop, Magento as the integration (or the embedded back end, whose
 * customer token lifetime the session uses), the payment bridge's settings, and the sign-in keys.
 */
export type ShopperRouteSettings = ShopSettings &
  MagentoSettings &
  EmbeddedSettings &
  PaymentSettings &
  Pick<StoreSettings, 'SIGN_IN_KEY' | 'SIGN_IN_KEY_PREVIOUS'>;

/**
 * `store`: the shared store, where throttles (and the known-browser key) are kept for every replica,
 * payments when it is PostgreSQL, and the e-mail outbox. Aborting `signal` stops the payment routes'
 * recovery and the e-mail sender. `clientDir`: the built site, whose product data names a configurable
 * child's parent (click & collect's "Collect today"). `shared`: the payments' home, when the caller keeps
 * it too (the replica counts the payments for the operator's figures).
 */
export function createShopperRoutes(
  env: ShopperRouteSettings,
  given?: (message: string) => void,
  store?: SharedStore,
  signal?: AbortSignal,
  clientDir?: string,
  shared?: PaymentHome,
): Hono[] {
  // Each route logs one line per message, whatever its request carried; without a log, each its default.
  const log = given && lineLog(given);
  const magento = magentoClientConfig(env);
  const { baseUrl } = magento;
  const proxies = trustedProxies(env.TRUSTED_PROXIES);
  // One throttle for sign-in and the account's deletion, which checks the password again.
  const throttle = signInThrottleFor({
    siteUrl: env.SITE_URL,
    store,
    signInKey: env.SIGN_IN_KEY,
    signInKeyPrevious: env.SIGN_IN_KEY_PREVIOUS,
    ...(log ? { log } : {}),
  });
  // One lock for every replica (or this process): placing on account, changing a customer's machines.
  const lock = store ? (name: string) => store.tryLock(name) : processLock();
  // The payments' home, shared by the payment routes and a customer's data export and deletion (and the
  // replica's figures, when it hands it over).
  const payments = shared ?? paymentHome(env, store, log ?? ((message: string) => console.warn(message)));
  // The shop's e-mail: queued in the shared store, sent by this replica's sender until `signal` stops it.
  const mail = startShopMail(env, store, signal, log ?? ((message: string) => console.warn(message)));
  const logged = log ? { log } : {};
  const collect = collectDeps(env, store, lock, log, mail);
  return [
    createSearchFormRoutes(),
    createSessionRoutes({
      magento: { baseUrl },
      siteUrl: env.SITE_URL,
      tokenLifetime: env.CUSTOMER_TOKEN_LIFETIME,
      trustedProxies: proxies,
      throttle,
      lock,
      ...(log ? { log } : {}),
    }),
    createRestProxy({ magentoBaseUrl: baseUrl, siteUrl: env.SITE_URL, ...(log ? { log } : {}) }),
    ...customerGraphqlRoutes(env, { magento, lock, mail, store, proxies }, logged),
    createMyMachinesRoutes({ magento, siteUrl: env.SITE_URL, lock, ...(log ? { log } : {}) }),
    ...orderRoutes(
      env,
      { magento, proxies, lock, store, payments, logged },
      orderCollections(collect ?? collectPoints(env, log)),
    ),
    createPrivacyRoutes({
      magento,
      graphql: { baseUrl },
      records: { payments: payments.customers, ...afterSaleRecords(store) },
      siteUrl: env.SITE_URL,
      trustedProxies: proxies,
      throttle,
      mail,
      ...(log ? { log } : {}),
    }),
    createReviewRoutes({
      magento: { baseUrl },
      siteUrl: env.SITE_URL,
      trustedProxies: proxies,
      store,
      ...logged,
    }),
    createTradeAccountRoutes({
      magento,
      groups: () => tradeGroups(magento),
      siteUrl: env.SITE_URL,
      trustedProxies: proxies,
      store,
      mail,
      ...(log ? { log } : {}),
    }),
    ...checkoutRoutes(env, { magento, lock, store, signal, payments, collect, clientDir, proxies, log }),
    ...createAfterSaleRoutes(env, { magento, store, mail, lock, proxies, log }),
  ];
}

interface CustomerGraphqlDeps {
  magento: ReturnType<typeof magentoClientConfig>;
  lock: TryLock;
  mail: ShopMail;
  store: SharedStore | undefined;
  proxies: TrustedProxies;
}

/** The customer's own things Magento keeps behind GraphQL: the wish list, alerts, requisition lists, their company. */
const customerGraphqlRoutes = (
  env: ShopperRouteSettings,
  { magento, lock, mail, store, proxies }: CustomerGraphqlDeps,
  logged: { log?: (message: string) => void },
): Hono[] => {
  const { baseUrl } = magento;
  return [
    createWishlistRoutes({ magento: { baseUrl }, siteUrl: env.SITE_URL, ...logged }),
    createAlertRoutes({ magento: { baseUrl }, siteUrl: env.SITE_URL, ...logged }),
    createQuoteRoutes({ magento: { baseUrl }, siteUrl: env.SITE_URL, ...logged }),
    createRequisitionListRoutes({ magento: { baseUrl }, siteUrl: env.SITE_URL, ...logged }),
    // A company's purchase orders and approval rules (issue 68): an order placed for one once, by the lock.
    createPurchaseOrderRoutes({ magento: { baseUrl }, siteUrl: env.SITE_URL, lock, ...logged }),
    // The demo merchant's answers to negotiable quotes, as the shop's integration, guarded as the service bookings' list.
    createQuoteAdminRoutes({ magento, ...logged }),
    // Company accounts (issue 68): invitations signed with the sign-in key, e-mailed through the outbox, used once.
    createCompanyRoutes({
      ...{ magento, siteUrl: env.SITE_URL, mail, store, trustedProxies: proxies, ...logged },
      ...{ signInKey: env.SIGN_IN_KEY, signInKeyPrevious: env.SIGN_IN_KEY_PREVIOUS },
    }),
  ];
};

/**
 * Paying and collecting: on account (a Trade customer), by card or PayPal (the payment bridge), and click &
 * collect's routes where it is offered (a shared store keeps its reservations), which both ways to pay
 * check before any money is taken.
 */
function checkoutRoutes(
  env: ShopperRouteSettings,
  deps: {
    magento: ReturnType<typeof magentoClientConfig>;
    lock: TryLock;
    store: SharedStore | undefined;
    signal: AbortSignal | undefined;
    payments: PaymentHome;
    collect: CollectDeps | undefined;
    clientDir: string | undefined;
    proxies: TrustedProxies;
    log: ((message: string) => void) | undefined;
  },
): Hono[] {
  const { magento, lock, store, signal, payments, collect, clientDir, proxies, log } = deps;
  const checkout = createMagentoCheckout(magento);
  // The features' checks before payment (payments/checks.ts): click & collect's, where it is offered.
  const checks = collect ? [collectAtPayment(collect)] : [];
  return [
    createOnAccountRoutes({
      magento,
      checkout,
      lock,
      siteUrl: env.SITE_URL,
      checks,
      // A company that approves its orders gets a purchase order in their place (issue 68).
      purchaseOrders: purchaseOrderCheckout({ baseUrl: magento.baseUrl }),
      ...(log ? { log } : {}),
    }),
    // Card and PayPal also refuse a company that approves its orders: they would skip the approval.
    createPaymentRoutesFromEnv(env, log, store, signal, payments, [
      ...checks,
      purchaseOrdersAtPayment(magento),
    ]),
    ...(collect
      ? [
          createCollectRoutes({
            deps: collect,
            checkout,
            siteUrl: env.SITE_URL,
            shop: { name: env.SHOP_NAME, phone: env.SHOP_PHONE },
            parents: clientDir === undefined ? undefined : parentsFromBuild(clientDir),
            trustedProxies: proxies,
            signal,
          }),
        ]
      : []),
  ];
}

/** Click & collect's dependencies: its reservations live in the shared store, so without one it is not offered. */
function collectDeps(
  env: ShopperRouteSettings,
  store: SharedStore | undefined,
  lock: TryLock,
  log: ((message: string) => void) | undefined,
  mail: ShopMail,
): CollectDeps | undefined {
  if (!store) return undefined;
  const settings = collectSettings();
  return {
    magento: collectMagento(magentoClientConfig(env), settings.website),
    store,
    lock,
    clock: shopClock(env.SHOP_CLOCK_FILE),
    settings,
    log: log ?? ((message: string) => console.warn(message)),
    mail: { ...mail, siteUrl: env.SITE_URL },
  };
}

/**
 * What the order pages read of the collection points without a shared store (no collect routes then):
 * a collection order placed before still shows its point.
 */
function collectPoints(env: ShopperRouteSettings, log: ((message: string) => void) | undefined) {
  const settings = collectSettings();
  return {
    magento: collectMagento(magentoClientConfig(env), settings.website),
    settings,
    log: log ?? ((message: string) => console.warn(message)),
  };
}

/** A customer's and a guest's orders with their VAT invoices, and the returns of them (issue 54). */
function orderRoutes(
  env: ShopperRouteSettings,
  deps: {
    magento: ReturnType<typeof magentoClientConfig>;
    proxies: TrustedProxies;
    lock: TryLock;
    store: SharedStore | undefined;
    payments: PaymentHome;
    logged: { log?: (message: string) => void };
  },
  collections: OrderCollections,
): Hono[] {
  const { magento, proxies, lock, store, payments, logged } = deps;
  return [
    createOrdersRoutes({
      magento,
      seller: invoiceSeller(env),
      payments: payments.orders,
      collections,
      siteUrl: env.SITE_URL,
      trustedProxies: proxies,
      store,
      ...logged,
    }),
    createReturnsRoutes({ magento, siteUrl: env.SITE_URL, trustedProxies: proxies, lock, store, ...logged }),
  ];
}
