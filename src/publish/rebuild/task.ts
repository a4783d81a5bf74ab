/**
 * One rebuild run: an incremental catalogue sync (retried with backoff while Magento is down or failing),
 * nothing more when the catalogue and the sources are as the live build has them, else a build that is
 * checked and published atomically (src/publish/render/build.ts). Whatever fails, the live site keeps serving the
 * last good build, and the summary says what failed in words an editor can act on.
 */
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isTransientLoadFailure } from '../../catalogue/load.ts';
import { snapshotPath } from '../../catalogue/snapshot.ts';
import { syncCatalogue, type SyncOptions, type SyncResult } from '../../catalogue/sync.ts';
import { systemClock, type Clock } from '../../config/clock.ts';
import type { EmbeddedSettings, MagentoSettings, ShopSettings } from '../../config/env.ts';
import { magentoClientConfig } from '../../config/magento.ts';
import { shopInfo } from '../../config/shop.ts';
import { configHash, readBuildInfo, sourceHash, whyStale } from '../releases/build-info.ts';
import { buildSite, defaultSources, ReuseError, type BuildSiteOptions } from '../render/build.ts';
import { messageOf } from '../render/errors.ts';
import { levelsOf } from '../render/warm-build.ts';
import { WarmRendererError, warmRendererClient, type WarmRendererClient } from '../render/warm-client.ts';
import { checkPrices, driftWarning, reconcileSummary, type PriceCheck } from './reconcile.ts';
import type { RebuildTask, RendererState, RunContext, RunSummary } from './rebuilder.ts';

export interface RebuildTaskOptions {
  /** The shop's settings (the pages' configuration hash, the snapshot) and Magento's, for the sync. */
  readonly env: ShopSettings & MagentoSettings & EmbeddedSettings;
  /** The project (where astro.config.mjs is). */
  readonly root: string;
  /** The served path (`dist`). */
  readonly distDir: string;
  /** Sync attempts while Magento is unreachable or answers 5xx/429 (default 3). */
  readonly attempts?: number;
  /** Wait before the second attempt; it doubles for each further one (default 2 s). */
  readonly retryDelayMs?: number;
  /** Build folders never pruned (the one whose server entry the running server loaded). */
  readonly protect?: readonly string[];
  /** Environment of the build process (`processEnvironment()`: this process's); it must agree with `env`. */
  readonly buildEnv: NodeJS.ProcessEnv;
  /** Files whose change since the live build calls for a full build (default: the site's sources). */
  readonly sources?: readonly string[];
  /** Stand-in for `astro build` (tests). */
  readonly command?: BuildSiteOptions['command'];
  /** The shop's clock: the instant the pages are priced at, and whether a scheduled price change is due. */
  readonly clock?: Clock;
  /**
   * Keep a warm renderer (src/publish/render/warm-client.ts) beside the live build, so a rebuild renders only what
   * changed, in about a second, instead of running `astro build` (the server's rebuilder; not one-off runs).
   */
  readonly warm?: boolean;
  readonly log?: (message: string) => void;
  /** Warnings for the operator (price drift found by a reconciliation). Default: `log`. */
  readonly warn?: (message: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Worth another try: Magento unreachable, overloaded or failing (here, or in the warm renderer's sync). */
const isTransient = (error: unknown): boolean =>
  error instanceof WarmRendererError ? error.transient : isTransientLoadFailure(error);

type Outcome = Awaited<ReturnType<RebuildTask>>;

/** The task's settings with their defaults applied. */
interface Settings {
  readonly options: RebuildTaskOptions;
  readonly log: (message: string) => void;
  readonly attempts: number;
  readonly retryDelayMs: number;
  readonly snapshotFile: string;
  readonly configHash: string;
  readonly sources: readonly string[];
  readonly clock: Clock;
  readonly warm: WarmRendererClient | undefined;
}

/** The sync, retried with backoff while Magento is down or failing. */
/** What a run needs of a sync, wherever it ran. */
type Synced = Pick<SyncResult, 'mode' | 'products' | 'updated' | 'removed' | 'reviews'> & {
  readonly hash?: string;
};

async function sync(
  settings: Settings,
  context: RunContext,
  extra: Pick<SyncOptions, 'recheck' | 'finalPrices' | 'at' | 'checkReviews'> = {},
): Promise<{ result: Synced; attempts: number } | { error: string }> {
  const { attempts, log } = settings;
  // A sync the renderer lost (it stopped before writing it) is made good by sweeping every product.
  const targeted = context.targeted && settings.warm?.lostSync !== true;
  const syncOptions = { incremental: !context.full, targeted, ...extra };
  for (let attempt = 1; ; attempt++) {
    context.report('syncing', attempt > 1 ? { message: `attempt ${attempt} of ${attempts}` } : undefined);
    try {
      return {
        // In the warm renderer's process when there is one: it keeps the catalogue in memory.
        result: settings.warm
          ? await settings.warm.sync(syncOptions)
          : await syncCatalogue(settings.options.env, log, syncOptions),
        attempts: attempt,
      };
    } catch (error) {
      if (!isTransient(error) || attempt >= attempts)
        return {
          error: `The catalogue could not be read from Magento${attempt > 1 ? ` (${attempt} attempts)` : ''}: ${messageOf(error)} The live site keeps serving the last good build.`,
        };
      const wait = settings.retryDelayMs * 2 ** (attempt - 1);
      context.report('retrying', {
        message: `${messageOf(error)} Trying again in ${(wait / 1000).toFixed(1)} s (attempt ${attempt + 1} of ${attempts}).`,
      });
      log(`Catalogue sync failed (${messageOf(error)}); retrying in ${wait} ms`);
      await sleep(wait);
    }
  }
}

async function build(
  settings: Settings,
  context: RunContext,
  full: boolean,
  hashes: { readonly snapshot: string | undefined; readonly sources: string },
): Promise<NonNullable<RunSummary['build']>> {
  const { options } = settings;
  const info = await buildSite({
    pricedAt: settings.clock.now(),
    root: options.root,
    distDir: options.distDir,
    snapshotFile: settings.snapshotFile,
    ...(hashes.snapshot ? { snapshotHash: hashes.snapshot } : {}),
    sourceHash: hashes.sources,
    configHash: settings.configHash,
    env: options.buildEnv,
    ...(options.sources ? { sources: options.sources } : {}),
    mode: full ? 'full' : 'auto',
    log: settings.log,
    ...(options.protect ? { protect: options.protect } : {}),
    ...(options.command ? { command: options.command } : {}),
    ...(settings.warm ? { warm: settings.warm } : {}),
    onProgress: (progress) => context.report('building', { build: progress }),
  });
  warmUp(settings, info.sourceHash);
  return {
    id: info.id ?? '',
    mode: info.mode ?? 'full',
    pages: info.pages,
    rendered: info.rendered ?? info.pages,
    ...(info.planned === undefined ? {} : { planned: info.planned }),
    ms: info.durationMs,
    ...(info.timings ? { timings: info.timings } : {}),
    ...(info.fullBecause ? { fullBecause: info.fullBecause } : {}),
  };
}

/** A build, and a full one when a partial build could not take a page from the live build. */
async function buildWithFallback(
  settings: Settings,
  context: RunContext,
  hashes: { readonly snapshot: string | undefined; readonly sources: string },
): Promise<NonNullable<RunSummary['build']> | string> {
  try {
    return await build(settings, context, context.full, hashes);
  } catch (error) {
    if (!(error instanceof ReuseError)) return messageOf(error);
    settings.log(`${error.message} Building every page.`);
    try {
      return await build(settings, context, true, hashes);
    } catch (again) {
      return messageOf(again);
    }
  }
}

/**
 * Starts a warm renderer for the sources of the live build (in the background, at a lower priority), and
 * replaces one made from other sources: until it is ready, rebuilds run `astro build`.
 */
function warmUp(settings: Settings, liveSourceHash: string | undefined): void {
  const { warm } = settings;
  // Already made from the live build's sources: nothing to hash again after every warm run.
  if (!warm || !liveSourceHash || warm.sourceHash === liveSourceHash) return;
  const now = sourceHash(settings.sources);
  if (now !== liveSourceHash) return;
  if (warm.sourceHash !== undefined && warm.sourceHash !== now) warm.close();
  void warm.start({
    sourceHash: now,
    pricedAt: settings.clock.now(),
    shop: shopInfo(settings.options.env),
    live: realpathSync(resolve(settings.options.root, settings.options.distDir)),
    scratch: join(
      `${resolve(settings.options.root, settings.options.distDir)}.builds`,
      `.warm-${process.pid}`,
    ),
  });
}

export function createRebuildTask(options: RebuildTaskOptions): RebuildTask {
  const settings: Settings = {
    options,
    log: options.log ?? (() => undefined),
    attempts: options.attempts ?? 3,
    retryDelayMs: options.retryDelayMs ?? 2000,
    snapshotFile: snapshotPath(options.env.CATALOGUE_SNAPSHOT),
    configHash: configHash(options.env),
    sources: options.sources ?? defaultSources(options.root),
    clock: options.clock ?? systemClock,
    warm: options.warm
      ? warmRendererClient({
          root: options.root,
          env: options.buildEnv,
          ...(options.log ? { log: options.log } : {}),
        })
      : undefined,
  };
  const live = resolve(options.root, options.distDir);
  const liveInfo = readBuildInfo(live);
  warmUp(settings, liveInfo?.sourceHash);
  // A build published without its compressed siblings (npm start's first): the renderer writes them.
  if (liveInfo && !liveInfo.base)
    settings.warm?.compressLater(realpathSync(live), levelsOf(liveInfo.compression.brotliQuality));
  const warn = options.warn ?? settings.log;
  const run = async (context: RunContext): Promise<Outcome> => {
    const syncStarted = performance.now();
    let check: PriceCheck | undefined;
    if (context.reconcile) {
      context.report('syncing', { message: 'checking every published price against Magento' });
      try {
        await settings.warm?.flush();
        check = await checkPrices(
          magentoClientConfig(options.env),
          settings.snapshotFile,
          settings.clock.now(),
        );
      } catch (error) {
        return {
          outcome: 'failed',
          error: `The published prices could not be checked against Magento: ${messageOf(error)} The live site keeps serving the last good build.`,
        };
      }
    }
    let syncSummary: RunSummary['sync'];
    let snapshotHash: string | undefined;
    // A run only scheduled price changes asked for builds from the snapshot, which holds their dates.
    if (context.read || context.full || check) {
      const recheck = [...new Set([...context.skus, ...(check?.recheck ?? [])])];
      const synced = await sync(settings, context, {
        recheck,
        // The nightly reconciliation looks at the reviews too: a light read beside every price.
        ...(context.reviews || check ? { checkReviews: true } : {}),
        ...(check ? { finalPrices: check.finals, at: settings.clock.now() } : {}),
      });
      if ('error' in synced) return { outcome: 'failed', error: synced.error };
      const { result } = synced;
      snapshotHash = result.hash;
      syncSummary = {
        mode: result.mode,
        products: result.products,
        updated: result.updated.length,
        removed: result.removed.length,
        ms: Math.round(performance.now() - syncStarted),
        attempts: synced.attempts,
        ...(result.reviews
          ? { reviews: { at: result.reviews.at, changed: result.reviews.changed.length } }
          : {}),
      };
    }
    if (check) await settings.warm?.flush();
    const reconcile = check && reconcileSummary(check, settings.snapshotFile, settings.clock.now());
    const drift = reconcile && driftWarning(reconcile);
    if (drift) warn(`WARNING: price reconciliation: ${drift}`);
    // Worked out once per run: the staleness check and the build both compare it with the live build's.
    const sources = sourceHash(settings.sources);
    const stale = whyStale({
      distDir: options.distDir,
      snapshotFile: settings.snapshotFile,
      ...(snapshotHash ? { snapshotHash } : {}),
      configHash: settings.configHash,
      sources: settings.sources,
      sourceHash: sources,
      now: settings.clock.now(),
    });
    const checked = { ...(reconcile ? { reconcile } : {}), ...(syncSummary ? { sync: syncSummary } : {}) };
    if (!stale && !context.full) {
      await settings.warm?.flush();
      return { outcome: 'unchanged', ...checked };
    }
    context.report('building');
    const built = await buildWithFallback(settings, context, { snapshot: snapshotHash, sources });
    if (typeof built === 'string') {
      await settings.warm?.flush();
      return { outcome: 'failed', error: built, ...checked };
    }
    return { outcome: 'published', build: built, ...checked };
  };
  const { warm } = settings;
  return Object.assign(run, {
    renderer: (): RendererState => (warm?.sourceHash ? 'warm' : warm?.starting ? 'starting' : 'cold'),
  });
}
