/** The payment bridge and its routes from the validated environment (README: Payments). */
import { resolve } from 'node:path';
import type { Env } from '../config/env.ts';
import { magentoClientConfig } from '../config/magento.ts';
import type { Hono } from 'hono';
import { createPaymentBridge, type PaymentBridge } from './bridge.ts';
import { createMagentoCheckout } from './magento-checkout.ts';
import { createOpayoServerProvider } from './opayo-server.ts';
import { createPaymentRoutes, NOTIFY_PATH } from './routes.ts';
import { openPaymentStore } from './store.ts';

/** OPAYO_REGISTRATION_URL, else the embedded sandbox's registration URL. */
export const opayoRegistrationUrl = (env: Env): string =>
  env.OPAYO_REGISTRATION_URL ??
  `http://${env.PAYMENT_SANDBOX_HOST}:${env.PAYMENT_SANDBOX_PORT}/gateway/service/vspserver-register.vsp`;

/** `{PAYMENT_NOTIFICATION_BASE_URL or SITE_URL}/payments/opayo/notify`. */
export const notificationUrl = (env: Env): string =>
  `${env.PAYMENT_NOTIFICATION_BASE_URL ?? env.SITE_URL}${NOTIFY_PATH}`;

export function paymentBridgeFromEnv(env: Env, log?: (message: string) => void): PaymentBridge {
  return createPaymentBridge({
    provider: createOpayoServerProvider({
      vendor: env.OPAYO_VENDOR,
      registrationUrl: opayoRegistrationUrl(env),
    }),
    // The integration token stays inside the bridge: only it reads orders back and sets them complete.
    magento: createMagentoCheckout(magentoClientConfig(env)),
    // Opened on the first payment, so serving the site never touches the payments file.
    store: () => openPaymentStore(resolve(env.PAYMENTS_DB)),
    siteUrl: env.SITE_URL,
    notificationUrl: notificationUrl(env),
    shopName: env.SHOP_NAME,
    ...(log ? { log } : {}),
  });
}

export function createPaymentRoutesFromEnv(env: Env, log?: (message: string) => void): Hono {
  return createPaymentRoutes({
    bridge: paymentBridgeFromEnv(env, log),
    siteUrl: env.SITE_URL,
    ...(log ? { log } : {}),
  });
}
