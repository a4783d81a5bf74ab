/**
 * One rebuild run: an incremental catalogue sync (retried with backoff while Magento is down or failing),
 * nothing more when the catalogue and the sources are as the live build has them, else a build that is
 * checked and published atomically (src/publish/render/build.ts). Whatever fails, the live site keeps serving the
 * last good build, and the summary says what failed in words an editor can act on.
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { shopInfo } from '../../config/shop.ts';
import { readBuildInfo, sourceHash, whyStale } from '../releases/build-info.ts';
import { buildSite, ReuseError } from '../render/build.ts';
import { messageOf } from '../render/errors.ts';
import { levelsOf } from '../render/warm-build.ts';
import { rendererScratch } from '../render/warm-client.ts';
import { driftWarning, reconcileSummary } from './reconcile.ts';
import type { RebuildTask, RendererState, RunContext, RunSummary } from './rebuilder.ts';
import { checkFirst, syncStep } from './task-read.ts';
import { taskSettings, type RebuildTaskOptions, type Settings } from './task-settings.ts';

export type { RebuildTaskOptions } from './task-settings.ts';

type Outcome = Awaited<ReturnType<RebuildTask>>;

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
    owner: settings.owner,
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
    scratch: rendererScratch(`${resolve(settings.options.root, settings.options.distDir)}.builds`),
  });
}

/** One run: the price check, the sync, then a build when the live build is stale (or a full one was asked). */
async function runTask(settings: Settings, context: RunContext): Promise<Outcome> {
  const syncStarted = performance.now();
  const checking = await checkFirst(settings, context);
  if ('error' in checking) return { outcome: 'failed', error: checking.error };
  const { check } = checking;
  const synced = await syncStep(settings, context, check, syncStarted);
  if ('error' in synced) return { outcome: 'failed', error: synced.error };
  const { summary: syncSummary, hash: snapshotHash } = synced;
  if (check) await settings.owner.flush();
  const reconcile = check && reconcileSummary(check, settings.snapshotFile, settings.clock.now());
  const drift = reconcile && driftWarning(reconcile);
  if (drift) settings.warn(`WARNING: price reconciliation: ${drift}`);
  // Worked out once per run: the staleness check and the build both compare it with the live build's.
  const sources = sourceHash(settings.sources);
  const stale = whyStale({
    distDir: settings.options.distDir,
    snapshotFile: settings.snapshotFile,
    ...(snapshotHash ? { snapshotHash } : {}),
    configHash: settings.configHash,
    sources: settings.sources,
    sourceHash: sources,
    now: settings.clock.now(),
  });
  const checked = { ...(reconcile ? { reconcile } : {}), ...(syncSummary ? { sync: syncSummary } : {}) };
  if (!stale && !context.full) {
    await settings.owner.flush();
    return { outcome: 'unchanged', ...checked };
  }
  context.report('building');
  const built = await buildWithFallback(settings, context, { snapshot: snapshotHash, sources });
  if (typeof built === 'string') {
    await settings.owner.flush();
    return { outcome: 'failed', error: built, ...checked };
  }
  return { outcome: 'published', build: built, ...checked };
}

export function createRebuildTask(options: RebuildTaskOptions): RebuildTask {
  const settings = taskSettings(options);
  const live = resolve(options.root, options.distDir);
  const liveInfo = readBuildInfo(live);
  warmUp(settings, liveInfo?.sourceHash);
  // A build published without its compressed siblings (npm start's first): the renderer writes them.
  if (liveInfo && !liveInfo.base)
    settings.warm?.compressLater(realpathSync(live), levelsOf(liveInfo.compression.brotliQuality));
  const { warm } = settings;
  return Object.assign((context: RunContext) => runTask(settings, context), {
    renderer: (): RendererState => (warm?.sourceHash ? 'warm' : warm?.starting ? 'starting' : 'cold'),
    rendererPid: () => warm?.pid,
  });
}
