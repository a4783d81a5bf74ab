/**
 * `npm start`: the whole shop on this machine, on its embedded defaults. Starts the embedded
 * Magento-compatible back end (seeded on first run) unless MAGENTO_URL points at a real Magento, and the
 * payment sandbox unless OPAYO_REGISTRATION_URL points at a real Opayo, syncs
 * the catalogue, builds the site when it is stale, serves it, and prints every URL it starts. The
 * server's rebuilder then keeps the site in step with the catalogue: the signed hook the back end calls
 * after an admin save (`POST /rebuild`), polling every REBUILD_POLL_MINUTES, and `/rebuild/status`.
 * `--dist <dir>` builds and serves another folder than `dist`.
 */
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CatalogueLoadError } from '../src/catalogue/load.ts';
import { snapshotPath } from '../src/catalogue/snapshot.ts';
import { syncCatalogue } from '../src/catalogue/sync.ts';
import { ConfigError, loadEnv } from '../src/config/env.ts';
import { embeddedMagentoConfig } from '../src/embedded/magento/config.ts';
import { startEmbeddedMagento, type RunningMagento } from '../src/embedded/magento/server.ts';
import { paymentSandboxConfig, usesPaymentSandbox } from '../src/embedded/payment/config.ts';
import { startPaymentSandbox, type RunningPaymentSandbox } from '../src/embedded/payment/server.ts';
import { adoptLegacyDist, buildLayout } from '../src/publish/builds.ts';
import { rebuildSecret } from '../src/publish/config.ts';
import { createRebuilder, type Rebuilder } from '../src/publish/rebuilder.ts';
import { createRebuildRoutes } from '../src/publish/routes.ts';
import { createRebuildTask } from '../src/publish/task.ts';
import { configHash, readBuildInfo, whyStale } from '../src/publish/build-info.ts';
import { BuildError, buildSite } from '../src/publish/build.ts';
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
let paymentSandbox: RunningPaymentSandbox | undefined;
let shop: RunningStorefront | undefined;
let rebuilder: Rebuilder | undefined;
const stop = (code: number) =>
  void Promise.all([rebuilder?.close(), shop?.close(), paymentSandbox?.close(), magento?.close()]).finally(
    () => process.exit(code),
  );
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
  if (usesPaymentSandbox(env)) {
    paymentSandbox = await startPaymentSandbox(paymentSandboxConfig(env, (line) => console.info(line)));
    console.info(`Payment sandbox (Opayo Server 4.00): ${paymentSandbox.registrationUrl}`);
  } else {
    console.info(`Using Opayo at ${env.OPAYO_REGISTRATION_URL}`);
  }

  const hasBuild = () => readBuildInfo(distDir) !== undefined;
  let synced = true;
  try {
    const sync = await syncCatalogue(env, (line) => console.info(line), { incremental: true });
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

  // The server loads this build's on-demand entry: it is never pruned while the server runs.
  await adoptLegacyDist(buildLayout(distDir));
  rebuilder = createRebuilder({
    task: createRebuildTask({
      env,
      root,
      distDir,
      protect: [realpathSync(distDir)],
      log: (line) => console.info(line),
    }),
    debounceMs: env.REBUILD_DEBOUNCE_MS,
    log: (line) => console.info(line),
  });
  const secret = rebuildSecret(env);
  const config = await storefrontServerConfig(env, {
    distDir,
    extraRoutes: [
      createRebuildRoutes({
        rebuilder,
        secret,
        liveBuild: () => readBuildInfo(distDir),
        log: (line) => console.warn(line),
      }),
    ],
    log: (line) => console.warn(line),
  });
  shop = await startStorefrontServer(config, { host: env.HOST, port: env.PORT });
  console.info(`\nShop: ${shop.url}/`);
  console.info(
    `  pictures: ${shop.url}/img/… from ${magentoMediaBaseUrl(env)}, cached in ${config.imageCacheDir}`,
  );
  if (secret) {
    console.info(`  rebuilds: POST ${shop.url}/rebuild (signed), status ${shop.url}/rebuild/status`);
    if (secret !== env.REBUILD_SECRET)
      console.info('            (demo secret: see README, "Demo credentials")');
  } else {
    console.info('  rebuilds: hook off (set REBUILD_SECRET to turn it on)');
  }
  rebuilder.startPolling(env.REBUILD_POLL_MINUTES);
  if (env.REBUILD_POLL_MINUTES > 0) console.info(`  polling:  every ${env.REBUILD_POLL_MINUTES} min`);
} catch (error) {
  console.error(message(error));
  stop(1);
}
