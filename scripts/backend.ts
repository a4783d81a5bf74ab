/**
 * `npm run backend`: the embedded Magento-compatible back end on its own (seeded on first run).
 */
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { embeddedMagentoConfig } from '../src/standins/settings.ts';
import { startEmbeddedMagento } from '@cleaning-shop/embedded-magento';

try {
  const config = loadConfig();
  const magento = await startEmbeddedMagento(
    embeddedMagentoConfig({ ...config.embedded, ...config.magento, ...config.shop }, (message) =>
      console.info(message),
    ),
  );
  console.info(
    `Embedded Magento REST back end: ${magento.url}/rest/V1 (admin "${config.embedded.EMBEDDED_ADMIN_USERNAME}")`,
  );
  const stop = () => void magento.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
