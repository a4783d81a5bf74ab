/**
 * One replica of the storefront server: the built site, the shopper routes, and the rebuild hook and status
 * page, with what it keeps in the shared store (src/store/). `npm start` runs one beside the embedded back
 * ends; `npm run serve` runs one on its own, as many times as needed behind a load balancer (README,
 * "Running several replicas"). Whichever replica holds the store's builder lock builds: it runs the queued
 * rebuilds, the scheduled price changes and the nightly price check, publishes to the shared `dist`,
 * waits until every replica serves the new build, then has the CDN purged.
 */
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { BUILD_KEY, purgeKeysFor } from './cdn/keys.ts';
import { purgerFor } from './cdn/purge.ts';
import { startPurgeQueue, type RunningPurgeQueue } from './cdn/purge-queue.ts';
import type { Clock } from './config/clock.ts';
import type { Config } from './config/env.ts';
import { trustedProxies } from './http/index.ts';
import { startPublishSchedule } from './publish/rebuild/publish-schedule.ts';
import { readBuildInfo } from './publish/releases/build-info.ts';
import { adoptLegacyDist, buildLayout } from './publish/releases/builds.ts';
import { changedFiles } from './publish/releases/changes.ts';
import { announcePublish, awaitReplicas, startReplicaReports } from './publish/releases/replicas.ts';
import { rebuildSecret, statusPassword } from './config/publishing.ts';
import { createRebuilder, type RunSummary } from './publish/rebuild/rebuilder.ts';
import { storeReplayList } from './publish/rebuild/replay-list.ts';
import { createRebuildRoutes } from './publish/rebuild/routes.ts';
import { createSharedRebuilder, type BuilderRole } from './publish/rebuild/shared-rebuilder.ts';
import { createRebuildTask } from './publish/rebuild/task.ts';
import { builtSiteIn, magentoMediaBaseUrl, storefrontServerConfig } from './server/config.ts';
import { liveBuildId } from './server/build-id.ts';
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

/** Tries `step` a few times (1 s, 2 s, 4 s apart): a store that blinks must not cost a purge. */
async function withRetries<T>(step: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** (attempt - 1)));
    }
  }
}

/**
 * What the builder does after every run that published (the hook's, the schedule's, polling's): announce the
 * new build, wait for every replica to serve it, then queue the CDN purge of what changed. Purged earlier,
 * the CDN could fetch the old page again from a replica still on the old build and keep it.
 */
function afterPublish(options: {
  readonly store: SharedStore;
  readonly distDir: string;
  readonly report: () => Promise<void>;
  readonly purges: RunningPurgeQueue;
  readonly log: ReplicaLog;
}): (summary: RunSummary) => Promise<void> {
  const { buildsDir } = buildLayout(options.distDir);
  /** The build live before the run: at first, the shared `dist` when this replica became the builder. */
  let previous: string | undefined = realpathSync(options.distDir);
  return async (summary) => {
    const id = summary.outcome === 'published' ? summary.build?.id : undefined;
    if (!id) return;
    const next = join(buildsDir, id);
    const changed = changedFiles(previous, next);
    previous = next;
    const started = performance.now();
    try {
      await options.report();
      await withRetries(() => announcePublish(options.store, id));
      const behind = await awaitReplicas(options.store, id);
      const waited = Math.round(performance.now() - started);
      if (behind.length > 0)
        options.log.warn(
          `Publish ${id}: ${behind.map((replica) => `${replica.replica} (on ${replica.buildId ?? 'no build'})`).join(', ')} still serve another build after ${waited} ms; purging anyway`,
        );
      else
        options.log.info(
          `Publish ${id}: every replica serves it (${waited} ms); ${changed === 'all' ? 'every file' : `${changed.length} file(s)`} changed`,
        );
    } catch (error) {
      options.log.warn(
        `Publish ${id}: the replicas could not be asked which build they serve (${String(error)}); purging anyway`,
      );
    }
    const keys = changed === 'all' ? [BUILD_KEY] : purgeKeysFor(changed);
    if (keys.length > 0) await withRetries(() => options.purges.enqueue(keys, `publish ${id}`));
  };
}

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

/** Starts a replica on the built site in `distDir`; on a failure, stops whatever had started and throws. */
export async function startReplica(options: ReplicaOptions): Promise<RunningReplica> {
  const { root, distDir, config, variables, clock, log } = options;
  const closers: Closer[] = [];
  let draining = false;
  /** How long requests under way may take once the server stops listening. */
  let graceMs = 0;
  const close = async (drainMs = 0) => {
    if (drainMs > 0 && !draining) {
      draining = true;
      graceMs = 10_000;
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    for (const closer of closers.splice(0).reverse()) await closer();
  };
  try {
    builtSiteIn(distDir);
    const warning = topologyWarning({ ...config.store, ...config.shop });
    if (warning) log.warn(`\nWARNING: ${warning}\n`);
    // The one timing a setting moves: the ratio it must keep is checked with the rest.
    const timings = { ...REPLICA_TIMINGS, notifyWaitMs: config.payments.PAYMENT_NOTIFY_WAIT_MS };
    for (const problem of timingProblems(timings))
      log.warn(`\nWARNING: ${problem} Set PAYMENT_NOTIFY_WAIT_MS lower.\n`);
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
    const liveBuild = () => readBuildInfo(distDir);
    const becomeBuilder = (history: readonly RunSummary[]): BuilderRole => {
      const rebuilder = createRebuilder({
        history,
        // Made now, so what a publish changed is worked out from the build live when this turn began.
        onRun: afterPublish({ store, distDir, report: () => reports.report(), purges, log }),
        task: createRebuildTask({
          env: { ...config.shop, ...config.magento, ...config.embedded },
          root,
          distDir,
          buildEnv: variables,
          protect: [loaded],
          warm: true,
          clock,
          log: (line) => log.info(line),
          warn: (line) => log.warn(line),
        }),
        debounceMs: config.publishing.REBUILD_DEBOUNCE_MS,
        log: (line) => log.info(line),
      });
      const schedule = startPublishSchedule({
        clock,
        liveBuild,
        trigger: (reason, triggerOptions) => rebuilder.trigger(reason, triggerOptions),
        reconcileAt: config.publishing.PRICE_RECONCILE_AT,
        reviewsEveryMs: config.publishing.REVIEWS_CHECK_MINUTES * 60_000,
        log: (line) => log.info(line),
      });
      return { rebuilder, stop: () => Promise.resolve(schedule.stop()) };
    };
    const rebuilder = createSharedRebuilder({ store, replica, becomeBuilder, log: (line) => log.info(line) });
    closers.push(() => rebuilder.close());
    rebuilder.startPolling(config.publishing.REBUILD_POLL_MINUTES);
    const secret = rebuildSecret({ ...config.publishing, ...config.magento });
    const password = statusPassword({ ...config.publishing, ...config.magento });
    const warn = (line: string) => log.warn(line);
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
        extraRoutes: [
          healthRoutes(replica, buildId, () => draining),
          createRebuildRoutes({
            rebuilder,
            secret,
            statusPassword: password,
            siteUrl: config.shop.SITE_URL,
            replayList: storeReplayList(store),
            store,
            trustedProxies: trustedProxies(config.shop.TRUSTED_PROXIES),
            liveBuild,
            log: warn,
          }),
        ],
        log: warn,
      },
    );
    const shop = await startStorefrontServer(server, { host: config.shop.HOST, port: config.shop.PORT });
    closers.push(() => shop.close(graceMs));
    log.info(
      `\nShop: ${shop.url}/ (replica ${replica}, store: ${config.store.DATABASE_URL ? 'PostgreSQL' : config.store.STORE_FILE})`,
    );
    log.info(
      `  pictures: ${shop.url}/img/… from ${magentoMediaBaseUrl({ ...config.magento, ...config.embedded })}, cached in ${server.imageCacheDir}`,
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
    return { url: shop.url, replica, store, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
