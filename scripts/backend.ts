/**
 * `npm run backend`: the embedded Magento-compatible back end on its own (seeded on first run).
 */
import { ConfigError, loadEnv } from '../src/config/env.ts';
import { embeddedMagentoConfig } from '../src/embedded/magento/config.ts';
import { startEmbeddedMagento } from '../src/embedded/magento/server.ts';

try {
  const env = loadEnv();
  const magento = await startEmbeddedMagento(embeddedMagentoConfig(env, (message) => console.info(message)));
  console.info(
    `Embedded Magento REST back end: ${magento.url}/rest/V1 (admin "${env.EMBEDDED_ADMIN_USERNAME}")`,
  );
  const stop = () => void magento.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
