/**
 * What the replica holding the builder lock does (src/replica.ts, shared-rebuilder.ts): its own rebuilder
 * with the rebuild task, the publish schedule beside it, and after every run that published, every
 * replica switching to the new build before the CDN purge of what changed.
 */
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_KEY, purgeKeysFor } from '../../cdn/keys.ts';
import type { RunningPurgeQueue } from '../../cdn/purge-queue.ts';
import type { Clock } from '@cleaning-shop/kit/clock.ts';
import type { Config } from '../../config/env.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import { readBuildInfo } from '../releases/build-info.ts';
import { buildLayout } from '../releases/builds.ts';
import { changedFiles } from '../releases/changes.ts';
import { announcePublish, awaitReplicas } from '../releases/replicas.ts';
import { startPublishSchedule } from './publish-schedule.ts';
import { createRebuilder, type RunSummary } from './rebuilder.ts';
import type { BuilderRole } from './run-types.ts';
import type { RunTotals } from './run-totals.ts';
import { createRebuildTask } from './task.ts';
import type { WarmRendererClient } from '../render/warm-client.ts';

/** Where the builder says what it did: progress as info, trouble as warnings. */
interface PublishLog {
  info(message: string): void;
  warn(message: string): void;
}

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
  readonly log: PublishLog;
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

/** What a replica hands its builder role. */
interface BuilderSetting {
  readonly store: SharedStore;
  readonly root: string;
  readonly distDir: string;
  readonly config: Config;
  /** The variables builds inherit. */
  readonly variables: Readonly<Record<string, string | undefined>>;
  readonly clock: Clock;
  readonly log: PublishLog;
  /** The build the server loaded at start: never pruned while it runs. */
  readonly loaded: string;
  /** The warm renderer `npm start` made its first build with (src/start.ts); else the role starts one. */
  readonly renderer?: WarmRendererClient | undefined;
  readonly report: () => Promise<void>;
  readonly purges: RunningPurgeQueue;
}

/** Makes the builder's role each time this replica takes the lock, carrying on the runs' history. */
export function builderRole(
  setting: BuilderSetting,
): (history: readonly RunSummary[], totals?: RunTotals) => BuilderRole {
  const { store, root, distDir, config, clock, log } = setting;
  const liveBuild = () => readBuildInfo(distDir);
  return (history, totals) => {
    const rebuilder = createRebuilder({
      history,
      ...(totals ? { totals } : {}),
      // Made now, so what a publish changed is worked out from the build live when this turn began.
      onRun: afterPublish({ store, distDir, report: setting.report, purges: setting.purges, log }),
      task: createRebuildTask({
        env: { ...config.shop, ...config.magento, ...config.embedded },
        root,
        distDir,
        buildEnv: setting.variables,
        protect: [setting.loaded],
        warm: setting.renderer ?? true,
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
}
