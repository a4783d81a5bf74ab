/**
 * `npm run serve`: the storefront server for the built site in `dist` (run `npm run build` first), with
 * pictures from the configured Magento (or the embedded back end, which must be running: `npm run backend`).
 * `--dist <dir>` serves another build.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadEnv } from '../src/config/env.ts';
import { DIST_DIR, magentoMediaBaseUrl, storefrontServerConfig } from '../src/server/config.ts';
import { startStorefrontServer } from '../src/server/server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

try {
  const { values } = parseArgs({ options: { dist: { type: 'string', default: DIST_DIR } } });
  const env = loadEnv();
  const config = await storefrontServerConfig(env, { distDir: resolve(root, values.dist) });
  const shop = await startStorefrontServer(config, { host: env.HOST, port: env.PORT });
  console.info(`Shop: ${shop.url}/`);
  console.info(`  pictures from ${magentoMediaBaseUrl(env)}, cached in ${config.imageCacheDir}`);
  const stop = () => void shop.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
