/**
 * The child process of `syncInChild` (sync-child.ts): one sync, configured from the environment it
 * inherited, its rows written before it answers; then it exits, and what the read held goes with it.
 */
import { loadConfig } from '../config/env.ts';
import { MagentoApiError } from '../magento/client.ts';
import { CatalogueLoadError } from './load.ts';
import { syncedOf } from './catalogue-owner.ts';
import { syncCatalogue } from './sync.ts';
import type { SyncChildMessage, SyncFailure } from './sync-child.ts';
import { syncOptionsSchema } from './sync-messages.ts';

const send = (message: SyncChildMessage): Promise<void> =>
  new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });

function failureOf(error: unknown): SyncFailure {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof CatalogueLoadError ? error.cause : undefined;
  return {
    message,
    loadError: error instanceof CatalogueLoadError,
    ...(cause instanceof MagentoApiError ? { status: cause.status, url: cause.url } : {}),
  };
}

process.once('message', (message: unknown) => {
  void (async () => {
    try {
      const options = syncOptionsSchema.parse(message);
      const config = loadConfig();
      const settings = { ...config.magento, ...config.embedded, ...config.shop };
      const log = (line: string) => void send({ type: 'log', line });
      const result = await syncCatalogue(settings, log, options);
      await send({ type: 'synced', synced: syncedOf(result) });
    } catch (error) {
      await send({ type: 'failed', failure: failureOf(error) });
    }
    // Its answer is out: nothing it read is worth the process's time (idle keep-alive sockets included).
    process.exit(0);
  })();
});
