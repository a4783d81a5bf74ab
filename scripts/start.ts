/**
 * `npm start`: the whole shop on this machine, on its embedded defaults. Starts the embedded
 * Magento-compatible back end (seeded on first run) unless MAGENTO_URL points at a real Magento, and
 * prints every URL it starts.
 */
import { ConfigError, loadEnv } from '../src/config/env.ts';
import { embeddedMagentoConfig } from '../src/embedded/magento/config.ts';
import { startEmbeddedMagento, type RunningMagento } from '../src/embedded/magento/server.ts';

try {
  const env = loadEnv();
  let magento: RunningMagento | undefined;
  if (env.MAGENTO_URL) {
    console.info(`Using Magento at ${env.MAGENTO_URL}`);
  } else {
    magento = await startEmbeddedMagento(embeddedMagentoConfig(env, (message) => console.info(message)));
    console.info(`Embedded Magento REST back end: ${magento.url}/rest/V1`);
    console.info(
      `  admin token: POST ${magento.url}/rest/V1/integration/admin/token (user "${env.EMBEDDED_ADMIN_USERNAME}")`,
    );
    console.info(`  media:       ${magento.url}/media/catalog/product/...`);
  }
  const stop = () => void (magento?.close() ?? Promise.resolve()).then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
