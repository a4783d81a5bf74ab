/**
 * One catalogue sync: read Magento, write the snapshot atomically, say whether anything changed. A
 * failure explains which URL failed and what to check, and leaves the previous snapshot untouched.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Env } from '../config/env.ts';
import { magentoClientConfig } from '../config/magento.ts';
import { MagentoApiError } from '../magento/client.ts';
import { CatalogueLoadError, loadCatalogue, type LoadProblem } from './load.ts';
import { snapshotPath, writeSnapshot } from './snapshot.ts';

export interface SyncResult {
  file: string;
  products: number;
  problems: LoadProblem[];
  /** false when the catalogue read is identical to the snapshot already there. */
  changed: boolean;
}

/** Hash of the catalogue's content, ignoring when it was read. */
const contentHash = (text: string): string =>
  createHash('sha256')
    .update(text.replace(/^\{"readAt":"[^"]*",/, '{'))
    .digest('hex');

export async function syncCatalogue(
  env: Env,
  log: (message: string) => void = () => undefined,
): Promise<SyncResult> {
  const config = magentoClientConfig(env);
  const file = snapshotPath(env.CATALOGUE_SNAPSHOT);
  try {
    const { catalogue, problems } = await loadCatalogue(config, { strict: env.CATALOGUE_STRICT, log });
    const before = existsSync(file) ? contentHash(readFileSync(file, 'utf8')) : undefined;
    const after = contentHash(JSON.stringify(catalogue));
    if (before !== after) writeSnapshot(file, catalogue);
    return { file, products: catalogue.products.length, problems, changed: before !== after };
  } catch (error) {
    if (error instanceof MagentoApiError) {
      const hint =
        error.status === 401 || error.status === 403
          ? 'Magento refused the token: check MAGENTO_TOKEN is an integration access token with Catalog access.'
          : error.status === 0
            ? `Check that Magento is running at ${config.baseUrl} (npm start starts the embedded one) or set MAGENTO_URL.`
            : 'Check the Magento logs for this request.';
      throw new CatalogueLoadError(
        `Could not read the catalogue from ${error.url}: ${error.message}. ${hint} The previous catalogue snapshot was kept.`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}
