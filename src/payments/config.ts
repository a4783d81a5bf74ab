/** The payment bridge and its routes from the validated environment (README: Payments). */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Env } from '../config/env.ts';
import { magentoClientConfig } from '../config/magento.ts';
import type { Hono } from 'hono';
import { createPaymentBridge, DEFAULT_LEASE_MS, type PaymentBridge } from './bridge.ts';
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

/**
 * On start, finishes what a crash of the previous process left PLACING: at once for claims whose lease
 * already ran out, and once more when every claim made before the start has run out (a claim may belong
 * to another process sharing the file, so a live one is never taken). Only when the payments file exists:
 * a shop that never took a payment starts without creating it.
 */
export function recoverOnStart(bridge: PaymentBridge, file: string, log: (message: string) => void): void {
  if (!existsSync(file)) return;
  const run = () =>
    void bridge
      .recover()
      .then((taken) => {
        if (taken > 0) log(`Payments: ${taken} transaction(s) left placing by a crash finished`);
      })
      .catch((error: unknown) => log(`Payments: recovery failed: ${String(error)}`));
  run();
  setTimeout(run, DEFAULT_LEASE_MS + 1_000).unref();
}

export function createPaymentRoutesFromEnv(env: Env, log?: (message: string) => void): Hono {
  const bridge = paymentBridgeFromEnv(env, log);
  recoverOnStart(bridge, resolve(env.PAYMENTS_DB), log ?? ((message) => console.warn(message)));
  return createPaymentRoutes({
    bridge,
    siteUrl: env.SITE_URL,
    ...(log ? { log } : {}),
  });
}
