/** The PayPal sandbox's settings, taken from the validated environment. */
import { resolve } from 'node:path';
import type { EmbeddedSettings, PaymentSettings, ShopSettings } from '../../config/env.ts';
import { payPalWebhookUrl } from '../../payments/providers/paypal/settings.ts';
import type { PayPalSandboxConfig } from './server.ts';

export function payPalSandboxConfig(
  env: Pick<EmbeddedSettings, 'PAYPAL_SANDBOX_HOST' | 'PAYPAL_SANDBOX_PORT' | 'PAYPAL_SANDBOX_DB'> &
    Pick<PaymentSettings, 'PAYMENT_NOTIFICATION_BASE_URL'> &
    Pick<ShopSettings, 'SITE_URL'>,
  log?: (message: string) => void,
): PayPalSandboxConfig {
  return {
    host: env.PAYPAL_SANDBOX_HOST,
    port: env.PAYPAL_SANDBOX_PORT,
    dbFile: resolve(env.PAYPAL_SANDBOX_DB),
    webhookUrl: payPalWebhookUrl(env),
    currencies: ['GBP'],
    ...(log ? { log } : {}),
  };
}
