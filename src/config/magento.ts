/** How the storefront reaches Magento: the configured one, or the embedded back end. */
import type { MagentoClientConfig } from '../magento/client.ts';
import type { Env } from './env.ts';

export function magentoClientConfig(env: Env): MagentoClientConfig & { token: string } {
  if (env.MAGENTO_URL && env.MAGENTO_TOKEN) return { baseUrl: env.MAGENTO_URL, token: env.MAGENTO_TOKEN };
  return {
    baseUrl: `http://${env.EMBEDDED_MAGENTO_HOST}:${env.EMBEDDED_MAGENTO_PORT}`,
    token: env.EMBEDDED_INTEGRATION_TOKEN,
  };
}
