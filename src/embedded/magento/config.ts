/**
 * The embedded back end's settings, taken from the validated environment. The save notifier (`onSaved`,
 * the storefront's rebuild hook) is not built here: whoever starts the back end passes it in, so the back
 * end never depends on the storefront's publishing.
 */
import { resolve } from 'node:path';
import { shopClock } from '../../config/clock.ts';
import type { EmbeddedSettings, MagentoSettings, ShopSettings } from '../../config/env.ts';
import { embeddedIntegrationOAuth } from '../../config/magento.ts';
import { DEFAULT_STORE_CONTACT } from './returns/runtime.ts';
import type { EmbeddedMagentoConfig } from './server.ts';

export function embeddedMagentoConfig(
  env: EmbeddedSettings &
    MagentoSettings &
    Pick<ShopSettings, 'SHOP_CLOCK_FILE'> &
    Partial<Pick<ShopSettings, 'SHOP_NAME' | 'SHOP_EMAIL'>>,
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
    clock: shopClock(env.SHOP_CLOCK_FILE),
    // The store's name and general contact, as Magento's e-mails name the store and send from it.
    store: {
      name: env.SHOP_NAME ?? DEFAULT_STORE_CONTACT.name,
      email: env.SHOP_EMAIL ?? DEFAULT_STORE_CONTACT.email,
    },
    ...(env.EMBEDDED_MAGENTO_SMTP_URL ? { smtpUrl: env.EMBEDDED_MAGENTO_SMTP_URL } : {}),
    ...(log ? { log } : {}),
  };
}
