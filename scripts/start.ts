/**
 * `npm start`: the whole shop on this machine, on its embedded defaults. Starts the embedded
 * Magento-compatible back end (seeded on first run) unless MAGENTO_URL points at a real Magento, syncs
 * the catalogue, builds the site when it is stale, serves it, and prints every URL it starts.
 * `--dist <dir>` builds and serves another folder than `dist`.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CatalogueLoadError } from '../src/catalogue/load.ts';
import { snapshotPath } from '../src/catalogue/snapshot.ts';
import { syncCatalogue } from '../src/catalogue/sync.ts';
import { ConfigError, loadEnv } from '../src/config/env.ts';
import { embeddedMagentoConfig } from '../src/embedded/magento/config.ts';
import { startEmbeddedMagento, type RunningMagento } from '../src/embedded/magento/server.ts';
import { configHash, readBuildInfo, whyStale } from '../src/server/build-info.ts';
import { BuildError, buildSite } from '../src/server/build.ts';
import { DIST_DIR, magentoMediaBaseUrl, storefrontServerConfig } from '../src/server/config.ts';
import { startStorefrontServer, type RunningStorefront } from '../src/server/server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({ options: { dist: { type: 'string', default: DIST_DIR } } });
const distDir = resolve(root, args.dist);
const message = (error: unknown) =>
  error instanceof ConfigError || error instanceof CatalogueLoadError || error instanceof BuildError
    ? error.message
    : error instanceof Error
      ? (error.stack ?? error.message)
      : String(error);

let magento: RunningMagento | undefined;
let shop: RunningStorefront | undefined;
const stop = (code: number) =>
  void Promise.all([shop?.close(), magento?.close()]).finally(() => process.exit(code));
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));

try {
  const env = loadEnv();
  if (env.MAGENTO_URL) {
    console.info(`Using Magento at ${env.MAGENTO_URL}`);
  } else {
    magento = await startEmbeddedMagento(embeddedMagentoConfig(env, (line) => console.info(line)));
    console.info(`Embedded Magento REST back end: ${magento.url}/rest/V1`);
    console.info(
      `  admin token: POST ${magento.url}/rest/V1/integration/admin/token (user "${env.EMBEDDED_ADMIN_USERNAME}")`,
    );
    console.info(`  media:       ${magento.url}/media/catalog/product/...`);
  }

  const hasBuild = () => readBuildInfo(distDir) !== undefined;
  let synced = true;
  try {
    const sync = await syncCatalogue(env, (line) => console.info(line));
    console.info(
      `Catalogue: ${sync.products} products${sync.problems.length ? `, ${sync.problems.length} left out` : ''}; ${sync.changed ? 'snapshot updated' : 'unchanged'}`,
    );
  } catch (error) {
    if (!hasBuild()) throw error;
    synced = false;
    console.warn(
      `\nWARNING: the catalogue sync failed; serving the previous build, which may be out of date.\n  ${message(error)}\n`,
    );
  }

  const stale = synced
    ? whyStale({
        distDir,
        snapshotFile: snapshotPath(env.CATALOGUE_SNAPSHOT),
        configHash: configHash(env),
        sources: ['src', 'public', 'astro.config.mjs'].map((path) => join(root, path)),
      })
    : undefined;
  if (stale) {
    console.info(`Building the site (${stale})…`);
    try {
      const info = await buildSite({
        root,
        distDir,
        snapshotFile: snapshotPath(env.CATALOGUE_SNAPSHOT),
        configHash: configHash(env),
        log: (line) => console.info(line),
      });
      console.info(`Site built: ${info.pages} pages in ${(info.durationMs / 1000).toFixed(1)} s`);
    } catch (error) {
      if (!hasBuild()) throw error;
      console.warn(`\nWARNING: the site build failed; serving the previous build.\n  ${message(error)}\n`);
    }
  } else if (synced) {
    console.info('Site is up to date.');
  }

  const config = await storefrontServerConfig(env, { distDir, log: (line) => console.warn(line) });
  shop = await startStorefrontServer(config, { host: env.HOST, port: env.PORT });
  console.info(`\nShop: ${shop.url}/`);
  console.info(
    `  pictures: ${shop.url}/img/… from ${magentoMediaBaseUrl(env)}, cached in ${config.imageCacheDir}`,
  );
} catch (error) {
  console.error(message(error));
  stop(1);
}
