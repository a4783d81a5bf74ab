/**
 * The embedded stand-ins' settings, taken from the shop's validated environment (config/env.ts): the
 * Magento back end, the Opayo and PayPal sandboxes and the mail catcher are packages of their own
 * (npm workspaces under packages/), which know nothing of the shop's environment, its demo content or its
 * PayPal app; whoever starts them (src/start.ts, the scripts) builds their settings here. The Magento
 * back end's save notifier (`onSaved`, the storefront's rebuild hook) is not built here: whoever starts
 * the back end passes it in, so the back end never depends on the storefront's publishing.
 */
import { resolve } from 'node:path';
import { shopClock } from '@cleaning-shop/kit/clock.ts';
import { DEFAULT_STORE_CONTACT } from '@cleaning-shop/embedded-magento';
import type { EmbeddedMagentoConfig } from '@cleaning-shop/embedded-magento';
import type { MailCatcherConfig } from '@cleaning-shop/mail-catcher';
import type { PaymentSandboxConfig } from '@cleaning-shop/opayo-sandbox';
import type { PayPalSandboxConfig } from '@cleaning-shop/paypal-sandbox';
import { EMBEDDED_PAYPAL_APP, payPalWebhookUrl } from '../payments/providers/paypal/settings.ts';
import { shopDemoBlocks } from '../content/demo-cms-blocks.ts';
import type { EmbeddedSettings, MagentoSettings, PaymentSettings, ShopSettings } from '../config/env.ts';
import { embeddedIntegrationOAuth } from '../config/magento.ts';

export function embeddedMagentoConfig(
  env: EmbeddedSettings &
    MagentoSettings &
    Pick<ShopSettings, 'SHOP_CLOCK_FILE'> &
    Partial<Pick<ShopSettings, 'SHOP_NAME' | 'SHOP_EMAIL' | 'SITE_URL'>>,
  log?: (message: string) => void,
): EmbeddedMagentoConfig {
  const integrationOAuth = embeddedIntegrationOAuth(env);
  return {
    host: env.EMBEDDED_MAGENTO_HOST,
    port: env.EMBEDDED_MAGENTO_PORT,
    dbFile: resolve(env.EMBEDDED_MAGENTO_DB),
    mediaDir: resolve(env.EMBEDDED_MAGENTO_MEDIA),
    admin: { username: env.EMBEDDED_ADMIN_USERNAME, password: env.EMBEDDED_ADMIN_PASSWORD },
    integrationToken: env.EMBEDDED_INTEGRATION_TOKEN,
    ...(integrationOAuth ? { integrationOAuth } : {}),
    integrationAsBearer: env.EMBEDDED_INTEGRATION_AS_BEARER,
    tokenLifetimes: { customer: env.CUSTOMER_TOKEN_LIFETIME, admin: env.ADMIN_TOKEN_LIFETIME },
    catalogue: { seed: env.DEMO_SEED, productCount: env.DEMO_PRODUCT_COUNT, brand: env.DEMO_BRAND },
    demoBlocks: shopDemoBlocks(),
    clock: shopClock(env.SHOP_CLOCK_FILE),
    // The store's name and general contact, as Magento's e-mails name the store and send from it.
    store: {
      name: env.SHOP_NAME ?? DEFAULT_STORE_CONTACT.name,
      email: env.SHOP_EMAIL ?? DEFAULT_STORE_CONTACT.email,
    },
    ...(env.EMBEDDED_MAGENTO_SMTP_URL ? { smtpUrl: env.EMBEDDED_MAGENTO_SMTP_URL } : {}),
    // Magento's base URL is the storefront's: its e-mails (the product alerts') link to the shop's pages.
    ...(env.SITE_URL ? { storeUrl: env.SITE_URL } : {}),
    ...(log ? { log } : {}),
  };
}

/** The embedded sandbox runs only when no real provider is configured. */
export const usesPaymentSandbox = (env: Pick<PaymentSettings, 'OPAYO_REGISTRATION_URL'>): boolean =>
  env.OPAYO_REGISTRATION_URL === undefined;

export function paymentSandboxConfig(
  env: EmbeddedSettings & Pick<PaymentSettings, 'OPAYO_VENDOR'>,
  log?: (message: string) => void,
): PaymentSandboxConfig {
  return {
    host: env.PAYMENT_SANDBOX_HOST,
    port: env.PAYMENT_SANDBOX_PORT,
    dbFile: resolve(env.PAYMENT_SANDBOX_DB),
    vendors: { [env.OPAYO_VENDOR]: true },
    currencies: ['GBP'],
    transactionTimeoutMs: env.PAYMENT_SANDBOX_TIMEOUT * 1000,
    sendNotificationsTwice: env.PAYMENT_SANDBOX_NOTIFY_TWICE,
    dropFirstReply: env.PAYMENT_SANDBOX_DROP_FIRST_REPLY,
    inspection: true,
    ...(log ? { log } : {}),
  };
}

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
    // The shop's demo PayPal app, registered with the sandbox as an app is in PayPal's dashboard.
    ...EMBEDDED_PAYPAL_APP,
    webhookUrl: payPalWebhookUrl(env),
    currencies: ['GBP'],
    ...(log ? { log } : {}),
  };
}

type CatcherSettings = Pick<
  EmbeddedSettings,
  'MAIL_CATCHER_HOST' | 'MAIL_CATCHER_SMTP_PORT' | 'MAIL_CATCHER_PORT' | 'MAIL_CATCHER_DB'
>;

/** The embedded mail catcher runs only when no SMTP server is configured. */
export const usesMailCatcher = (env: Pick<ShopSettings, 'SMTP_URL'>): boolean => env.SMTP_URL === undefined;

export function mailCatcherConfig(env: CatcherSettings, log?: (message: string) => void): MailCatcherConfig {
  return {
    host: env.MAIL_CATCHER_HOST,
    smtpPort: env.MAIL_CATCHER_SMTP_PORT,
    port: env.MAIL_CATCHER_PORT,
    dbFile: resolve(env.MAIL_CATCHER_DB),
    ...(log ? { log } : {}),
  };
}
