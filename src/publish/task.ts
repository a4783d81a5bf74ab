/**
 * One rebuild run: an incremental catalogue sync (retried with backoff while Magento is down or failing),
 * nothing more when the catalogue and the sources are as the live build has them, else a build that is
 * checked and published atomically (src/publish/build.ts). Whatever fails, the live site keeps serving the
 * last good build, and the summary says what failed in words an editor can act on.
 */
import { CatalogueLoadError } from '../catalogue/load.ts';
import { snapshotPath } from '../catalogue/snapshot.ts';
import { syncCatalogue, type SyncResult } from '../catalogue/sync.ts';
import type { Env } from '../config/env.ts';
import { MagentoApiError } from '../magento/client.ts';
import { configHash, sourceHash, whyStale } from './build-info.ts';
import { buildSite, defaultSources, ReuseError, type BuildSiteOptions } from './build.ts';
import type { RebuildTask, RunContext, RunSummary } from './rebuilder.ts';

export interface RebuildTaskOptions {
  readonly env: Env;
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
  /** Environment of the build process (default: this process's); it must agree with `env`. */
  readonly buildEnv?: NodeJS.ProcessEnv;
  /** Files whose change since the live build calls for a full build (default: the site's sources). */
  readonly sources?: readonly string[];
  /** Stand-in for `astro build` (tests). */
  readonly command?: BuildSiteOptions['command'];
  readonly log?: (message: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Worth another try: Magento unreachable, overloaded or failing, not a refused token or bad data. */
function isTransient(error: unknown): boolean {
  const cause = error instanceof CatalogueLoadError ? error.cause : error;
  return (
    cause instanceof MagentoApiError && (cause.status === 0 || cause.status === 429 || cause.status >= 500)
  );
}

type Outcome = Awaited<ReturnType<RebuildTask>>;

export function createRebuildTask(options: RebuildTaskOptions): RebuildTask {
  const log = options.log ?? (() => undefined);
  const attempts = options.attempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 2000;
  const snapshotFile = snapshotPath(options.env.CATALOGUE_SNAPSHOT);
  const config = configHash(options.env);

  async function sync(
    context: RunContext,
  ): Promise<{ result: SyncResult; attempts: number } | { error: string }> {
    for (let attempt = 1; ; attempt++) {
      context.report('syncing', attempt > 1 ? { message: `attempt ${attempt} of ${attempts}` } : undefined);
      try {
        return {
          result: await syncCatalogue(options.env, log, { incremental: !context.full }),
          attempts: attempt,
        };
      } catch (error) {
        if (!isTransient(error) || attempt >= attempts)
          return {
            error: `The catalogue could not be read from Magento${attempt > 1 ? ` (${attempt} attempts)` : ''}: ${messageOf(error)} The live site keeps serving the last good build.`,
          };
        const wait = retryDelayMs * 2 ** (attempt - 1);
        context.report('retrying', {
          message: `${messageOf(error)} Trying again in ${(wait / 1000).toFixed(1)} s (attempt ${attempt + 1} of ${attempts}).`,
        });
        log(`Catalogue sync failed (${messageOf(error)}); retrying in ${wait} ms`);
        await sleep(wait);
      }
    }
  }

  async function build(context: RunContext, full: boolean): Promise<NonNullable<RunSummary['build']>> {
    const info = await buildSite({
      root: options.root,
      distDir: options.distDir,
      snapshotFile,
      configHash: config,
      env: options.buildEnv ?? process.env,
      ...(options.sources ? { sources: options.sources } : {}),
      mode: full ? 'full' : 'auto',
      log,
      ...(options.protect ? { protect: options.protect } : {}),
      ...(options.command ? { command: options.command } : {}),
      onProgress: (progress) => context.report('building', { build: progress }),
    });
    return {
      id: info.id ?? '',
      mode: info.mode ?? 'full',
      pages: info.pages,
      rendered: info.rendered ?? info.pages,
      ms: info.durationMs,
      ...(info.fullBecause ? { fullBecause: info.fullBecause } : {}),
    };
  }

  return async (context): Promise<Outcome> => {
    const syncStarted = performance.now();
    const synced = await sync(context);
    if ('error' in synced) return { outcome: 'failed', error: synced.error };
    const { result } = synced;
    const syncSummary = {
      mode: result.mode,
      products: result.products,
      updated: result.updated.length,
      removed: result.removed.length,
      ms: Math.round(performance.now() - syncStarted),
      attempts: synced.attempts,
    };
    const sources = options.sources ?? defaultSources(options.root);
    const stale = whyStale({
      distDir: options.distDir,
      snapshotFile,
      configHash: config,
      sources,
      sourceHash: sourceHash(sources),
    });
    if (!stale && !context.full) return { outcome: 'unchanged', sync: syncSummary };

    context.report('building');
    try {
      return { outcome: 'published', sync: syncSummary, build: await build(context, context.full) };
    } catch (error) {
      if (error instanceof ReuseError) {
        log(`${error.message} Building every page.`);
        try {
          return { outcome: 'published', sync: syncSummary, build: await build(context, true) };
        } catch (again) {
          return { outcome: 'failed', sync: syncSummary, error: messageOf(again) };
        }
      }
      return { outcome: 'failed', sync: syncSummary, error: messageOf(error) };
    }
  };
}
