/**
 * The routes of what happens after the sale that keep their records in the shared store (issue 54):
 * guarantee registration, and service booking with the service team's day list. Without a shared store
 * (tests of other routes) they are not offered. Returns live in Magento (`returns.ts`).
 */
import type { Hono } from 'hono';
import { shopClock } from '@cleaning-shop/kit/clock.ts';
import type { ShopSettings } from '../../config/env.ts';
import type { magentoClientConfig } from '../../config/magento.ts';
import { guaranteeRecords } from '../../features/guarantee/index.server.ts';
import { modelKey, guaranteeSettings } from '../../features/guarantee/index.ts';
import { customerBookings } from '../../features/service-booking/index.server.ts';
import { serviceSettings } from '../../features/service-booking/index.ts';
import type { TrustedProxies } from '../../http/index.ts';
import type { ShopMail } from '../../mail/shop-mail.ts';
import type { TryLock } from '../../store/locks.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import { createGuaranteeRoutes } from './guarantee.ts';
import { createServiceBookingAdminRoutes } from './service-booking-admin.ts';
import { createServiceBookingRoutes } from './service-booking.ts';

export interface AfterSaleDeps {
  readonly magento: ReturnType<typeof magentoClientConfig>;
  readonly store: SharedStore | undefined;
  readonly mail: ShopMail;
  readonly lock: TryLock;
  readonly proxies: TrustedProxies;
  readonly log: ((message: string) => void) | undefined;
}

/** A customer's registrations and bookings, for their data export and their account's deletion. */
export const afterSaleRecords = (store: SharedStore | undefined) =>
  store ? { guarantees: guaranteeRecords(store, modelKey), serviceBookings: customerBookings(store) } : {};

export function createAfterSaleRoutes(
  env: Pick<ShopSettings, 'SHOP_CLOCK_FILE' | 'SITE_URL'>,
  { magento, store, mail, lock, proxies, log }: AfterSaleDeps,
): Hono[] {
  if (!store) return [];
  const clock = shopClock(env.SHOP_CLOCK_FILE);
  const logged = log ? { log } : {};
  return [
    createGuaranteeRoutes({
      magento,
      records: guaranteeRecords(store, modelKey),
      settings: guaranteeSettings,
      clock,
      shop: mail.sender,
      outbox: mail.outbox,
      siteUrl: env.SITE_URL,
      lock,
      ...logged,
    }),
    createServiceBookingRoutes({
      magento,
      store,
      clock,
      settings: serviceSettings(),
      outbox: mail.outbox,
      sender: mail.sender,
      siteUrl: env.SITE_URL,
      trustedProxies: proxies,
      ...logged,
    }),
    createServiceBookingAdminRoutes({ magento, store, ...logged }),
  ];
}
