/** The embedded back end's settings, taken from the validated environment. */
import { resolve } from 'node:path';
import type { Env } from '../../config/env.ts';
import { rebuildHookUrl, rebuildSecret } from '../../publish/config.ts';
import { productSaveNotifier } from '../../publish/hook-client.ts';
import type { EmbeddedMagentoConfig } from './server.ts';

export function embeddedMagentoConfig(env: Env, log?: (message: string) => void): EmbeddedMagentoConfig {
  // After an admin product save, the storefront's signed rebuild hook is called (src/publish/).
  const secret = rebuildSecret(env);
  return {
    host: env.EMBEDDED_MAGENTO_HOST,
    port: env.EMBEDDED_MAGENTO_PORT,
    dbFile: resolve(env.EMBEDDED_MAGENTO_DB),
    mediaDir: resolve(env.EMBEDDED_MAGENTO_MEDIA),
    admin: { username: env.EMBEDDED_ADMIN_USERNAME, password: env.EMBEDDED_ADMIN_PASSWORD },
    integrationToken: env.EMBEDDED_INTEGRATION_TOKEN,
    tokenLifetimes: { customer: env.CUSTOMER_TOKEN_LIFETIME, admin: env.ADMIN_TOKEN_LIFETIME },
    catalogue: { seed: env.DEMO_SEED, productCount: env.DEMO_PRODUCT_COUNT, brand: env.DEMO_BRAND },
    flatRatePerItem: env.FLAT_RATE_PER_ITEM,
    ...(secret ? { onProductSaved: productSaveNotifier({ url: rebuildHookUrl(env), secret }, log) } : {}),
    ...(log ? { log } : {}),
  };
}
