/** The payment bridge and its routes from the validated environment (docs/payments.md). */
import type { Hono } from 'hono';
import type { PaymentCheck } from './checks.ts';
import type { EmbeddedSettings, MagentoSettings, PaymentSettings, ShopSettings } from '../config/env.ts';
import { magentoClientConfig } from '../config/magento.ts';
import { lineLog, warnLog } from '../http/index.ts';
import { REPLICA_TIMINGS } from '../store/replica-timings.ts';
import type { SharedStore } from '../store/shared-store.ts';
import { createPaymentBridge, type PaymentBridge } from './bridge.ts';
import { paymentHome, type PaymentHome } from './home.ts';
import { createMagentoCheckout } from './magento-checkout.ts';
import { providersFromEnv } from './providers/index.ts';
import { ownersInMagento } from './record-owners.ts';
import { startRecoveryLeader } from './recovery-leader.ts';
import { createPaymentRoutes } from './routes.ts';
import type { PaymentStore } from './payment-records.ts';

/** What the bridge reads: Opayo's settings, Magento as the integration (or the embedded back end), the shop. */
type PaymentBridgeSettings = PaymentSettings &
  MagentoSettings &
  EmbeddedSettings &
  Pick<ShopSettings, 'SITE_URL' | 'SHOP_NAME'>;

export function paymentBridgeFromEnv(
  env: PaymentBridgeSettings,
  store: PaymentStore,
  log?: (message: string) => void,
  checks?: readonly PaymentCheck[],
): PaymentBridge {
  return createPaymentBridge({
    providers: providersFromEnv(env),
    // The integration token stays inside the bridge: only it reads orders back and sets them complete.
    magento: createMagentoCheckout(magentoClientConfig(env)),
    store,
    siteUrl: env.SITE_URL,
    shopName: env.SHOP_NAME,
    waitMs: env.PAYMENT_NOTIFY_WAIT_MS,
    checks,
    ...(log ? { log } : {}),
  });
}

/**
 * The payment routes, with their transactions in `store` when it is PostgreSQL (else PAYMENTS_DB) and
 * recovery running on whichever replica leads it. Aborting `signal` stops recovery, releases its lock and
 * closes the payments file; without one, recovery's timer does not keep the process alive. `home`: the
 * payments' home when the caller shares it (the privacy routes read a customer's transactions in it).
 */
export function createPaymentRoutesFromEnv(
  env: PaymentBridgeSettings,
  log?: (message: string) => void,
  store?: SharedStore,
  signal?: AbortSignal,
  home: PaymentHome = paymentHome(env, store, log ?? ((message: string) => console.warn(message))),
  checks?: readonly PaymentCheck[],
): Hono {
  const say = log ? lineLog(log) : warnLog;
  const bridge = paymentBridgeFromEnv(env, home.store, say, checks);
  const owners = ownersInMagento(magentoClientConfig(env));
  const stopRecovery = startRecoveryLeader({
    recover: () => bridge.recover(),
    onLead: async () => {
      const { assigned, anonymised } = await home.assignOwners(owners);
      if (assigned + anonymised > 0)
        say(
          `Payments: ${assigned} older transaction(s) linked to their account, ${anonymised} to none (deleted)`,
        );
    },
    lead: () => home.lead(),
    everyMs: REPLICA_TIMINGS.recoveryEveryMs,
    retryMs: REPLICA_TIMINGS.recoveryLeadRetryMs,
    log: say,
  });
  signal?.addEventListener('abort', () => void stopRecovery().then(() => home.close()), { once: true });
  return createPaymentRoutes({
    bridge,
    siteUrl: env.SITE_URL,
    log: say,
  });
}
