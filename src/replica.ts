/**
 * One replica of the storefront server: the built site, the shopper routes, and the rebuild hook and status
 * page, with what it keeps in the shared store (src/store/). `npm start` runs one beside the embedded back
 * ends; `npm run serve` runs one on its own, as many times as needed behind a load balancer (docs/running.md,
 * "Running several replicas"). Whichever replica holds the store's builder lock builds: it runs the queued
 * rebuilds, the scheduled price changes and the nightly price check, publishes to the shared `dist`,
 * waits until every replica serves the new build, then has the CDN purged.
 */
import { realpathSync } from 'node:fs';
import { Hono } from 'hono';
import { purgerFor } from './cdn/purge.ts';
import { startPurgeQueue } from './cdn/purge-queue.ts';
import type { Clock } from '@cleaning-shop/kit/clock.ts';
import type { Config } from './config/env.ts';
import { lineLog, trustedProxies } from './http/index.ts';
import { readBuildInfo } from './publish/releases/build-info.ts';
import { adoptLegacyDist, buildLayout } from './publish/releases/builds.ts';
import { startReplicaReports } from './publish/releases/replicas.ts';
import { rebuildSecret, statusPassword } from './config/publishing.ts';
import { builderRole } from './publish/rebuild/builder-role.ts';
import { storeReplayList } from './publish/rebuild/replay-list.ts';
import { createRebuildRoutes } from './publish/rebuild/routes.ts';
import { createSharedRebuilder } from './publish/rebuild/shared-rebuilder.ts';
import type { WarmRendererClient } from './publish/render/warm-client.ts';
import { builtSiteIn, magentoMediaBaseUrl, storefrontServerConfig } from './server/config.ts';
import { liveBuildId } from './server/build-id.ts';
import { shopCounts } from './server/shop-counts.ts';
import { paymentHome } from './payments/home.ts';
import { startStorefrontServer } from './server/server.ts';
import { openSharedStore, replicaId, topologyWarning } from './store/open.ts';
import { REPLICA_TIMINGS, timingProblems } from './store/replica-timings.ts';
import type { SharedStore } from './store/shared-store.ts';

export interface ReplicaLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface ReplicaOptions {
  /** The project (astro.config.mjs, node_modules): builds run from it. */
  readonly root: string;
  /** The served `dist` link, shared by every replica of this host (or a shared volume). */
  readonly distDir: string;
  /**
   * Every section: a replica runs every part of the server (the site, the shopper routes and payments, the
   * rebuilds, the shared store, the CDN purge, the embedded back end's address) and hands each its own.
   */
  readonly config: Config;
  /** The variables builds inherit. */
  readonly variables: Readonly<Record<string, string | undefined>>;
  readonly clock: Clock;
  readonly log: ReplicaLog;
  /** The warm renderer `npm start` made the first build with: the builder's from then on (src/start.ts). */
  readonly renderer?: WarmRendererClient | undefined;
}

export interface RunningReplica {
  readonly url: string;
  readonly replica: string;
  readonly store: SharedStore;
  /**
   * Stops the replica. With `drainMs`, it first answers `/healthz` 503 for that long, so the balancer stops
   * sending it requests, and then lets requests under way finish (up to 10 s): a rolling restart loses none.
   */
  close(drainMs?: number): Promise<void>;
}

/** Closes what has started, newest first. */
type Closer = () => Promise<void> | undefined;

/**
 * `GET /healthz` for the load balancer: this replica answers, and which build it serves. It does not ask the
 * shared store: pages are served without it, so a store outage must not take every replica out.
 */
function healthRoutes(replica: string, buildId: () => string | undefined, draining: () => boolean): Hono {
  return new Hono().get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(
      { replica, build: buildId() ?? null, ...(draining() ? { draining: true } : {}) },
      draining() ? 503 : 200,
    );
  });
}

/** What a starting replica has opened (closed newest first), and whether it is draining. */
interface ReplicaLife {
  readonly closers: Closer[];
  draining: boolean;
  /** How long requests under way may take once the server stops listening. */
  graceMs: number;
}

async function closeReplica(life: ReplicaLife, drainMs = 0): Promise<void> {
  if (drainMs > 0 && !life.draining) {
    life.draining = true;
    life.graceMs = 10_000;
    await new Promise((resolve) => setTimeout(resolve, drainMs));
  }
  for (const closer of life.closers.splice(0).reverse()) await closer();
}

/** Settings that work but would not hold up (the topology, the timings' ratios), said at start. */
function warnOfSettings(config: Config, log: ReplicaLog): void {
  const warning = topologyWarning({ ...config.store, ...config.shop });
  if (warning) log.warn(`\nWARNING: ${warning}\n`);
  // The one timing a setting moves: the ratio it must keep is checked with the rest.
  const timings = { ...REPLICA_TIMINGS, notifyWaitMs: config.payments.PAYMENT_NOTIFY_WAIT_MS };
  for (const problem of timingProblems(timings))
    log.warn(`\nWARNING: ${problem} Set PAYMENT_NOTIFY_WAIT_MS lower.\n`);
}

/** Where the replica's shop is, and what of the rebuilds and prices is on, for whoever started it. */
function announce(
  shop: { url: string },
  replica: { id: string; imageCacheDir: string; secret: string | undefined; password: string | undefined },
  config: Config,
  log: ReplicaLog,
): void {
  const { secret, password } = replica;
  log.info(
    `\nShop: ${shop.url}/ (replica ${replica.id}, store: ${config.store.DATABASE_URL ? 'PostgreSQL' : config.store.STORE_FILE})`,
  );
  log.info(
    `  pictures: ${shop.url}/img/… from ${magentoMediaBaseUrl({ ...config.magento, ...config.embedded })}, cached in ${replica.imageCacheDir}`,
  );
  log.info(
    secret
      ? `  rebuilds: POST ${shop.url}/rebuild (signed)${secret === config.publishing.REBUILD_SECRET ? '' : ' (demo secret: README, "Demo credentials")'}`
      : '  rebuilds: hook off (set REBUILD_SECRET to turn it on)',
  );
  log.info(
    password
      ? `  status:   ${shop.url}/rebuild/status${config.publishing.REBUILD_STATUS_PASSWORD ? '' : ' (demo password: README, "Demo credentials")'}`
      : '  status:   page off (set REBUILD_STATUS_PASSWORD to turn it on)',
  );
  log.info(
    `  prices:   scheduled changes republished at their instant; checked against Magento ${config.publishing.PRICE_RECONCILE_AT === 'off' ? 'on demand' : `nightly at ${config.publishing.PRICE_RECONCILE_AT} (shop time)`}, by the builder replica`,
  );
  if (config.publishing.REBUILD_POLL_MINUTES > 0)
    log.info(`  polling:  every ${config.publishing.REBUILD_POLL_MINUTES} min`);
}

/** Starts a replica on the built site in `distDir`; on a failure, stops whatever had started and throws. */
export async function startReplica(options: ReplicaOptions): Promise<RunningReplica> {
  const life: ReplicaLife = { closers: [], draining: false, graceMs: 0 };
  try {
    return await startIn(life, options);
  } catch (error) {
    await closeReplica(life).catch(() => undefined);
    throw error;
  }
}

/** The replica's parts, each pushed on `life.closers` as it starts. */
async function startIn(life: ReplicaLife, options: ReplicaOptions): Promise<RunningReplica> {
  const { root, distDir, config, log } = options;
  const { closers } = life;
  builtSiteIn(distDir);
  warnOfSettings(config, log);
  const store = openSharedStore(config.store, root, (line) => log.warn(line));
  closers.push(() => store.close());
  // Stops what keeps running on the store (payment recovery) before the store closes.
  const stopping = new AbortController();
  closers.push(() => void stopping.abort());
  const replica = replicaId({ ...config.store, ...config.shop });
  // The server loads this build's on-demand entry: it is never pruned while the server runs.
  await adoptLegacyDist(buildLayout(distDir));
  const loaded = realpathSync(distDir);
  const buildId = liveBuildId(distDir);
  const reports = await startReplicaReports({ store, replica, buildId, log: (line) => log.warn(line) });
  closers.push(() => reports.close());
  const purges = await startPurgeQueue({
    store,
    purger: purgerFor(config.cdn),
    log: (line) => log.warn(line),
  });
  closers.push(() => purges.close());
  const becomeBuilder = builderRole({
    ...{ store, root, distDir, config, variables: options.variables, clock: options.clock, log },
    ...{ loaded, report: () => reports.report(), purges, renderer: options.renderer },
  });
  const rebuilder = createSharedRebuilder({ store, replica, becomeBuilder, log: (line) => log.info(line) });
  closers.push(() => rebuilder.close());
  rebuilder.startPolling(config.publishing.REBUILD_POLL_MINUTES);
  const secret = rebuildSecret({ ...config.publishing, ...config.magento });
  const password = statusPassword({ ...config.publishing, ...config.magento });
  // What requests lead to (the server's, the rebuild hook's) is logged one line per message.
  const warn = lineLog((line) => log.warn(line));
  // One payments home: the shopper routes keep the payments in it, the figures (/metrics) count them there.
  const payments = paymentHome(config.payments, store, warn);
  closers.push(() => payments.close());
  const server = await storefrontServerConfig(
    {
      ...config.shop,
      ...config.magento,
      ...config.embedded,
      ...config.payments,
      ...config.store,
      ...config.cdn,
    },
    {
      distDir,
      store,
      signal: stopping.signal,
      payments,
      extraRoutes: [
        healthRoutes(replica, buildId, () => life.draining),
        createRebuildRoutes({
          rebuilder,
          secret,
          statusPassword: password,
          siteUrl: config.shop.SITE_URL,
          replayList: storeReplayList(store),
          store,
          trustedProxies: trustedProxies(config.shop.TRUSTED_PROXIES),
          liveBuild: () => readBuildInfo(distDir),
          shopCounts: shopCounts(payments, store),
          log: warn,
        }),
      ],
      log: warn,
    },
  );
  const shop = await startStorefrontServer(server, { host: config.shop.HOST, port: config.shop.PORT });
  closers.push(() => shop.close(life.graceMs));
  announce(shop, { id: replica, imageCacheDir: server.imageCacheDir, secret, password }, config, log);
  return { url: shop.url, replica, store, close: (drainMs) => closeReplica(life, drainMs) };
}
