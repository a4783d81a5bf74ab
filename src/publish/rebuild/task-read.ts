/**
 * A rebuild run's reads of Magento (task.ts): the check of every published price, when the run asks for
 * one, and the catalogue sync, retried with backoff while Magento is down or failing.
 */
import { isTransientLoadFailure } from '../../catalogue/load.ts';
import type { Synced } from '../../catalogue/sync-messages.ts';
import type { SyncOptions } from '../../catalogue/sync.ts';
import { magentoClientConfig } from '../../config/magento.ts';
import { messageOf } from '../render/errors.ts';
import { WarmRendererError } from '../render/warm-client.ts';
import { checkPrices, type PriceCheck } from './reconcile.ts';
import type { RunContext, RunSummary } from './rebuilder.ts';
import type { Settings } from './task-settings.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Worth another try: Magento unreachable, overloaded or failing (here, or in the warm renderer's sync). */
const isTransient = (error: unknown): boolean =>
  error instanceof WarmRendererError ? error.transient : isTransientLoadFailure(error);

/** The sync, retried with backoff while Magento is down or failing. */
async function sync(
  settings: Settings,
  context: RunContext,
  extra: Pick<SyncOptions, 'recheck' | 'finalPrices' | 'at' | 'checkReviews'> = {},
): Promise<{ result: Synced; attempts: number } | { error: string }> {
  const { attempts, log } = settings;
  // A sync the renderer lost (it stopped before writing it) is made good by sweeping every product.
  const targeted = context.targeted && !settings.owner.lostSync;
  const syncOptions = { incremental: !context.full, targeted, ...extra };
  for (let attempt = 1; ; attempt++) {
    context.report('syncing', attempt > 1 ? { message: `attempt ${attempt} of ${attempts}` } : undefined);
    try {
      // In the warm renderer's process when there is one: it keeps the catalogue in memory.
      return { result: await settings.owner.sync(syncOptions), attempts: attempt };
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

/** The check of every published price against Magento's, when the run asks for one. */
export async function checkFirst(
  settings: Settings,
  context: RunContext,
): Promise<{ check: PriceCheck | undefined } | { error: string }> {
  if (!context.reconcile) return { check: undefined };
  context.report('syncing', { message: 'checking every published price against Magento' });
  try {
    await settings.owner.flush();
    const config = magentoClientConfig(settings.options.env);
    return { check: await checkPrices(config, settings.snapshotFile, settings.clock.now()) };
  } catch (error) {
    return {
      error: `The published prices could not be checked against Magento: ${messageOf(error)} The live site keeps serving the last good build.`,
    };
  }
}

/** The run's read of Magento, when it needs one, as its summary says it; an error when it failed. */
export async function syncStep(
  settings: Settings,
  context: RunContext,
  check: PriceCheck | undefined,
  /** When the run began (its price check included): the sync's time is counted from it. */
  syncStarted: number,
): Promise<{ summary?: RunSummary['sync']; hash?: string | undefined } | { error: string }> {
  // A run only scheduled price changes asked for builds from the snapshot, which holds their dates.
  if (!(context.read || context.full || check)) return {};
  const recheck = [...new Set([...context.skus, ...(check?.recheck ?? [])])];
  const synced = await sync(settings, context, {
    recheck,
    // The nightly reconciliation looks at the reviews too: a light read beside every price.
    ...(context.reviews || check ? { checkReviews: true } : {}),
    ...(check ? { finalPrices: check.finals, at: settings.clock.now() } : {}),
  });
  if ('error' in synced) return { error: synced.error };
  const { result } = synced;
  const summary = {
    mode: result.mode,
    products: result.products,
    updated: result.updated.length,
    removed: result.removed.length,
    ms: Math.round(performance.now() - syncStarted),
    attempts: synced.attempts,
    ...(result.reviews ? { reviews: { at: result.reviews.at, changed: result.reviews.changed.length } } : {}),
  };
  return { summary, hash: result.hash };
}
