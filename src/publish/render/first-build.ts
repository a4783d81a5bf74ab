/**
 * `npm start`'s first build (src/start.ts): the catalogue synced in the warm renderer's process, its one
 * owner from then on, and the site built when it is stale, by that renderer (warm-whole.ts).
 */
import { CatalogueLoadError } from '../../catalogue/load.ts';
import { snapshotPath } from '../../catalogue/snapshot.ts';
import type { Clock } from '@cleaning-shop/kit/clock.ts';
import { ConfigError, type Config } from '../../config/env.ts';
import { shopInfo } from '../../config/shop.ts';
import { configHash, readBuildInfo, sourceHash, whyStale } from '../releases/build-info.ts';
import { BuildError, buildSite, defaultSources } from './build.ts';
import { rendererScratch, type WarmRendererClient } from './warm-client.ts';

/** What to print for a start-up failure: the sentence for errors we explain, the stack for the others. */
export function startupMessage(error: unknown): string {
  if (error instanceof ConfigError || error instanceof CatalogueLoadError || error instanceof BuildError)
    return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export interface FirstBuildSite {
  readonly root: string;
  readonly distDir: string;
  /** Every section: the replica is handed them all, and the sync and build some of the same. */
  readonly config: Config;
  /** The variables the shop is configured from and its builds inherit. */
  readonly variables: Readonly<Record<string, string | undefined>>;
  readonly log: { info(message: string): void; warn(message: string): void };
  /** The shop's clock (SHOP_CLOCK_FILE's in tests and demos): what prices the pages show. */
  readonly clock: Clock;
}

/**
 * Syncs the catalogue in the warm renderer's process, its one owner from then on (the server never holds
 * it), and builds the site when it is stale: by that renderer, once it has made its bundle, every page in
 * slices (src/publish/render/warm-whole.ts); by `astro build` if it could not start. A failure with a
 * previous build only warns.
 */
export async function syncAndBuild(site: FirstBuildSite, renderer: WarmRendererClient): Promise<void> {
  const { root, distDir, config, variables, log, clock } = site;
  const hasBuild = () => readBuildInfo(distDir) !== undefined;
  try {
    const sync = await renderer.sync({ incremental: true });
    await renderer.flush();
    log.info(
      `Catalogue: ${sync.products} products${sync.problems.length ? `, ${sync.problems.length} left out` : ''}; ${sync.changed ? 'snapshot updated' : 'unchanged'}`,
    );
  } catch (error) {
    if (!hasBuild()) throw error;
    log.warn(
      `\nWARNING: the catalogue sync failed; serving the previous build, which may be out of date.\n  ${startupMessage(error)}\n`,
    );
    return;
  }
  const build = {
    distDir,
    snapshotFile: snapshotPath(config.shop.CATALOGUE_SNAPSHOT),
    configHash: configHash(config.shop),
  };
  const sources = defaultSources(root);
  const stale = whyStale({ ...build, sources, now: clock.now() });
  if (!stale) return log.info('Site is up to date.');
  log.info(`Building the site (${stale})…`);
  const pricedAt = clock.now();
  const hash = sourceHash(sources);
  await renderer.start({
    ...{ sourceHash: hash, pricedAt, shop: shopInfo(config.shop) },
    scratch: rendererScratch(`${distDir}.builds`),
  });
  try {
    const info = await buildSite({
      ...build,
      ...{ root, env: variables, pricedAt, sourceHash: hash, warm: renderer, owner: renderer },
      // The renderer compresses it once the shop serves (src/publish/rebuild/task.ts).
      compress: false,
      log: (line) => log.info(line),
    });
    log.info(`Site built: ${info.pages} pages in ${(info.durationMs / 1000).toFixed(1)} s`);
  } catch (error) {
    if (!hasBuild()) throw error;
    log.warn(`\nWARNING: the site build failed; serving the previous build.\n  ${startupMessage(error)}\n`);
  }
}
