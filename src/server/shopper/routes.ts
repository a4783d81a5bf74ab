/**
 * The shopper routes of the storefront server (search form, session, REST proxy, wish list, my machines, orders, the
 * customer's data and privacy, writing a review, payments), from the validated environment.
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
import { trustedProxies } from '../../http/index.ts';
import { createPaymentRoutesFromEnv } from '../../payments/config.ts';
import { paymentHome } from '../../payments/home.ts';
import { processLock, type TryLock } from '../../store/locks.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import { tradeGroups } from '../../features/trade/trade-groups.server.ts';
import { createMagentoCheckout } from '../../payments/magento-checkout.ts';
import { createMyMachinesRoutes } from './my-machines.ts';
import { shopClock } from '../../config/clock.ts';
import { guaranteeRecords } from '../../features/guarantee/registrations.server.ts';
import { modelKey } from '../../features/guarantee/rules.ts';
import { guaranteeSettings } from '../../features/guarantee/settings.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { createGuaranteeRoutes } from './guarantee.ts';
import { createOnAccountRoutes } from './on-account.ts';
import { createOrdersRoutes } from './orders.ts';
import { createRestProxy, createSearchFormRoutes } from './proxy.ts';
import { createPrivacyRoutes } from './privacy.ts';
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

const outbox: Outbox = { enqueue: async () => {} }; // merged with branch mail

/** A customer's guarantee registrations, where the shared store keeps them (none without one). */
const guaranteeRecordsIn = (store: SharedStore | undefined) =>
  store ? { guarantees: guaranteeRecords(store, modelKey) } : {};

/**
 * Guarantee registration (issue 54), with the shop's clock, identity and e-mail; the registrations live in
 * the shared store, so without one (tests of other routes) it is not offered.
 */
function guaranteeRoutes(
  env: ShopperRouteSettings,
  store: SharedStore | undefined,
  deps: { outbox: Outbox; lock: TryLock; log: ((message: string) => void) | undefined },
): Hono[] {
  if (!store) return [];
  return [
    createGuaranteeRoutes({
      magento: magentoClientConfig(env),
      records: guaranteeRecords(store, modelKey),
      settings: guaranteeSettings,
      clock: shopClock(env.SHOP_CLOCK_FILE),
      shop: { name: env.SHOP_NAME, address: env.SHOP_ADDRESS, phone: env.SHOP_PHONE, email: env.SHOP_EMAIL },
      outbox: deps.outbox,
      siteUrl: env.SITE_URL,
      lock: deps.lock,
      ...(deps.log ? { log: deps.log } : {}),
    }),
  ];
}

/**
 * `store`: the shared store, where throttles (and the known-browser key) are kept for every replica, and
 * payments when it is PostgreSQL. Aborting `signal` stops the payment routes' recovery.
 */
export function createShopperRoutes(
  env: ShopperRouteSettings,
  log?: (message: string) => void,
  store?: SharedStore,
  signal?: AbortSignal,
): Hono[] {
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
  // The payments' home, shared by the payment routes and a customer's data export and deletion.
  const payments = paymentHome(env, store, log ?? ((message: string) => console.warn(message)));
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
    createWishlistRoutes({ magento: { baseUrl }, siteUrl: env.SITE_URL, ...(log ? { log } : {}) }),
    createMyMachinesRoutes({ magento, siteUrl: env.SITE_URL, lock, ...(log ? { log } : {}) }),
    createOrdersRoutes({
      magento,
      seller: invoiceSeller(env),
      payments: payments.orders,
      siteUrl: env.SITE_URL,
      trustedProxies: proxies,
      store,
      ...(log ? { log } : {}),
    }),
    createPrivacyRoutes({
      magento,
      wishlist: { baseUrl },
      records: { payments: payments.customers, ...guaranteeRecordsIn(store) },
      siteUrl: env.SITE_URL,
      trustedProxies: proxies,
      throttle,
      ...(log ? { log } : {}),
    }),
    createReviewRoutes({
      magento: { baseUrl },
      siteUrl: env.SITE_URL,
      trustedProxies: proxies,
      store,
      ...(log ? { log } : {}),
    }),
    createTradeAccountRoutes({
      magento,
      groups: () => tradeGroups(magento),
      siteUrl: env.SITE_URL,
      trustedProxies: proxies,
      store,
      ...(log ? { log } : {}),
    }),
    createOnAccountRoutes({
      magento,
      checkout: createMagentoCheckout(magento),
      lock,
      siteUrl: env.SITE_URL,
      ...(log ? { log } : {}),
    }),
    ...guaranteeRoutes(env, store, { outbox, lock, log }),
    createPaymentRoutesFromEnv(env, log, store, signal, payments),
  ];
}
