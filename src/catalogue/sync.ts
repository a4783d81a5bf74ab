/**
 * One catalogue sync: read Magento, write the snapshot atomically, say whether anything changed and which
 * products. A failure explains which URL failed and what to check, and leaves the previous snapshot
 * untouched.
 *
 * Incremental syncs (`{ incremental: true }`, used by rebuilds) read only the products changed since the
 * snapshot (`loadCatalogueChanges`). They read everything when there is no snapshot or sync state yet,
 * when the attribute labels changed, and once a day anyway: some Magento changes do not touch a product's
 * updated_at (stock through MSI, category assignments made from the category), and the daily full read
 * brings those in.
 */
import { existsSync } from 'node:fs';
import type { EmbeddedSettings, MagentoSettings, ShopSettings } from '../config/env.ts';
import { magentoClientConfig } from '../config/magento.ts';
import { MagentoApiError, type MagentoClientConfig } from '../magento/client.ts';
import { catalogueHash } from './catalogue-hash.ts';
import { loadCatalogueChanges } from './changes.ts';
import { readContentBlocks } from './content-blocks.ts';
import { rulePricesFrom } from './final-prices.ts';
import { CatalogueLoadError, loadCatalogue, type LoadProblem } from './load.ts';
import { productsWithReviews, type ReviewsOutcome } from './reviews.ts';
import { pricedAt } from './special-prices.ts';
import { snapshotPath, writeSnapshot } from './snapshot.ts';
import {
  readPreviousSnapshot,
  readSyncState,
  syncStatePath,
  writeSyncState,
  type SyncState,
} from './sync-files.ts';
import { diffProducts, productsToWrite, type ProductChange } from './product-change.ts';
import type { Catalogue } from './types.ts';

export { syncStatePath } from './sync-files.ts';

export interface SyncOptions {
  /** Read only what changed since the snapshot (see the file's comment for when it reads everything). */
  readonly incremental?: boolean;
  /** In incremental mode, read everything when the last full read is older than this (default 24 h). */
  readonly fullEveryMs?: number;
  /** Products to read again even when their updated_at did not change (the hook's skus, price drift). */
  readonly recheck?: readonly string[];
  /**
   * Magento's final prices by entity id, read by a price reconciliation (src/publish/rebuild/reconcile.ts): the
   * catalogue's rule prices are worked out afresh from them, for the instant `at`. Without them the previous
   * snapshot's rule prices are kept.
   */
  readonly finalPrices?: ReadonlyMap<number, number>;
  readonly at?: number;
  /**
   * In incremental mode, read only the `recheck` products (the hook named what was saved): no sweep of
   * every product's stamp. The next sweep still starts from the last sweep's time.
   */
  readonly targeted?: boolean;
  /** The snapshot the last sync left, kept in memory by its caller: the file is not read again. */
  readonly previous?: CatalogueInMemory;
  /** Write the snapshot later, with the result's `persist` (the warm renderer writes it once its runs pause). */
  readonly deferWrite?: boolean;
  /**
   * In incremental mode, ask Magento whether any product's rating changed (a review approved: Magento sends
   * no event for it) and read the reviews of those that did. A full read reads every product's reviews.
   */
  readonly checkReviews?: boolean;
}

/** A snapshot held in memory: the catalogue as stored, and its `catalogueHash`. */
export interface CatalogueInMemory {
  readonly catalogue: Catalogue;
  readonly hash: string;
  /**
   * The sync state that goes with this catalogue while neither is written yet (`deferWrite`): the next sync
   * starts from it, not from the file, and writes its snapshot whether or not it changed the catalogue.
   */
  readonly unwritten?: SyncState;
  /**
   * With `unwritten`, the products read anew and dropped since the rows were last written: what the next
   * write writes of the products (every one, when absent).
   */
  readonly unwrittenProducts?: ProductChange;
}

export interface SyncResult {
  file: string;
  products: number;
  problems: LoadProblem[];
  /** false when the catalogue read is identical to the snapshot already there. */
  changed: boolean;
  /** How the catalogue was read: every product, or only those changed since the snapshot. */
  mode: 'full' | 'incremental';
  /** Why an incremental sync read everything. */
  fullBecause?: string;
  /** Skus of products new or changed since the previous snapshot. */
  updated: string[];
  /** Skus of products no longer in the catalogue (deleted, disabled, or left out as invalid). */
  removed: string[];
  /** The snapshot now, for a caller that keeps it in memory. */
  snapshot: CatalogueInMemory;
  /** When Magento's reviews were read or checked, and the skus whose reviews changed; absent when they were not. */
  reviews?: ReviewsOutcome['checked'];
  /** Writes the snapshot and the sync state (done already unless `deferWrite`). */
  persist(): void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The home page's and landings' CMS blocks. Magento failing to give them does not fail the sync: the
 * pages keep the blocks read last time (or the shipped content), and the log says why.
 */
async function contentBlocks(
  config: MagentoClientConfig,
  previous: Catalogue['blocks'],
  log: (message: string) => void,
): Promise<Catalogue['blocks']> {
  try {
    return await readContentBlocks(config);
  } catch (error) {
    if (!(error instanceof MagentoApiError)) throw error;
    const hint =
      error.status === 401 || error.status === 403
        ? ' Give the integration the resource Content → Elements → Blocks (Magento_Cms::block).'
        : '';
    log(
      `WARNING: the home page's CMS blocks could not be read from Magento (${error.message}); ${previous ? 'keeping the ones read before' : 'the pages use the shipped content'}.${hint}`,
    );
    return previous;
  }
}

/** The settings a sync reads: where Magento is, and where the snapshot goes. */
export type SyncSettings = MagentoSettings &
  EmbeddedSettings &
  Pick<ShopSettings, 'CATALOGUE_SNAPSHOT' | 'CATALOGUE_STRICT'>;

export async function syncCatalogue(
  env: SyncSettings,
  log: (message: string) => void = () => undefined,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const config = magentoClientConfig(env);
  try {
    return await syncInto(snapshotPath(env.CATALOGUE_SNAPSHOT), { env, config, log, options });
  } catch (error) {
    throw explained(error, config);
  }
}

interface SyncInput {
  readonly env: SyncSettings;
  readonly config: MagentoClientConfig;
  readonly log: (message: string) => void;
  readonly options: SyncOptions;
}

/** Why an incremental sync reads everything; undefined when it need not (or a full read was asked). */
function whyFull(
  options: SyncOptions,
  previous: Catalogue | undefined,
  state: SyncState | undefined,
): string | undefined {
  if (!options.incremental) return undefined;
  if (!previous) return 'there is no snapshot to start from';
  if (!state) return 'there is no record of the last sync';
  return Date.now() - Date.parse(state.lastFullAt) > (options.fullEveryMs ?? DAY_MS)
    ? 'the last full read is more than a day old'
    : undefined;
}

/** Reads Magento: the changes since `previous` when it and the state allow, else every product. */
async function readMagento(
  input: SyncInput,
  fullBecause: string | undefined,
  previous: Catalogue | undefined,
  state: SyncState | undefined,
) {
  const { config, options } = input;
  const loadOptions = { strict: input.env.CATALOGUE_STRICT, log: input.log };
  return options.incremental && !fullBecause && previous && state
    ? await loadCatalogueChanges(config, previous, state, loadOptions, options.recheck, {
        targeted: options.targeted === true,
      })
    : { ...(await loadCatalogue(config, loadOptions)), mode: 'full' as const };
}

type MagentoRead = Awaited<ReturnType<typeof readMagento>>;

/** The catalogue read, with its rule prices, content blocks and reviews. */
async function completed(input: SyncInput, read: MagentoRead, previous: Catalogue | undefined) {
  const { config, options, log } = input;
  // A price reconciliation works the rule prices out afresh; any other sync keeps the last ones.
  const rulePrices = options.finalPrices
    ? rulePricesFrom(pricedAt(read.catalogue.products, options.at ?? Date.now()), options.finalPrices)
    : (previous?.rulePrices ?? {});
  const blocks = await contentBlocks(config, previous?.blocks, log);
  const reviews = await productsWithReviews(
    { baseUrl: config.baseUrl },
    read.catalogue.products,
    previous,
    read.mode === 'full' ? 'all' : options.checkReviews ? 'check' : 'carry',
    log,
  );
  const catalogue: Catalogue = {
    ...read.catalogue,
    products: reviews.products,
    ...(Object.keys(rulePrices).length > 0 ? { rulePrices } : {}),
    ...(blocks ? { blocks } : {}),
    ...(reviews.settings ? { reviewSettings: reviews.settings } : {}),
  };
  return { catalogue, checked: reviews.checked };
}

/** What the next incremental sync needs to know of this one. */
function stateAfter(
  read: MagentoRead,
  state: SyncState | undefined,
  options: SyncOptions,
  readAt: string,
): SyncState {
  return {
    version: 6,
    labelsHash: read.labelsHash,
    // A targeted read swept nothing: the next sweep starts from the last one's time.
    readAt: read.mode === 'incremental' && options.targeted && state ? state.readAt : readAt,
    lastFullAt: read.mode === 'full' || !state ? new Date().toISOString() : state.lastFullAt,
  };
}

async function syncInto(file: string, input: SyncInput): Promise<SyncResult> {
  const { options } = input;
  const stateFile = syncStatePath(file);
  const previousFile = options.previous ?? (existsSync(file) ? readPreviousSnapshot(file) : undefined);
  const previous = previousFile?.catalogue;
  const state = options.previous?.unwritten ?? readSyncState(stateFile);
  const fullBecause = whyFull(options, previous, state);
  const readAt = new Date().toISOString();
  const read = await readMagento(input, fullBecause, previous, state);
  const { catalogue, checked } = await completed(input, read, previous);
  const before = previousFile?.hash;
  const after = catalogueHash(catalogue);
  const nextState = stateAfter(read, state, options, readAt);
  const diff = diffProducts(previous?.products ?? [], catalogue.products);
  const change = previous ? productsToWrite(options.previous, diff) : undefined;
  let persisted = false;
  const persist = (): void => {
    if (persisted) return;
    persisted = true;
    if (before !== after || options.previous?.unwritten) writeSnapshot(file, catalogue, change, after);
    writeSyncState(stateFile, nextState);
  };
  if (!options.deferWrite) persist();
  const unwritten = options.deferWrite
    ? { unwritten: nextState, ...(change ? { unwrittenProducts: change } : {}) }
    : {};
  return {
    file,
    products: catalogue.products.length,
    problems: read.problems,
    changed: before !== after,
    mode: read.mode,
    ...(fullBecause ? { fullBecause } : {}),
    ...diff,
    snapshot: { catalogue, hash: after, ...unwritten },
    ...(checked ? { reviews: checked } : {}),
    persist,
  };
}

/** Magento refusing or failing, said with what to check; any other error as it was. */
function explained(error: unknown, config: MagentoClientConfig): unknown {
  if (!(error instanceof MagentoApiError)) return error;
  const hint =
    error.status === 401 || error.status === 403
      ? config.oauth
        ? "Magento refused the integration's OAuth signature: check MAGENTO_CONSUMER_KEY, MAGENTO_CONSUMER_SECRET, MAGENTO_ACCESS_TOKEN and MAGENTO_ACCESS_TOKEN_SECRET are the four values of an active integration with Catalog access, and that this machine's clock is right."
        : 'Magento refused the token: check MAGENTO_TOKEN is an integration access token with Catalog access (Magento 2.4.4+ refuses it as a bearer token unless allowed: prefer the four OAuth values).'
      : error.status === 0
        ? `Check that Magento is running at ${config.baseUrl} (npm start starts the embedded one) or set MAGENTO_URL.`
        : 'Check the Magento logs for this request.';
  return new CatalogueLoadError(
    `Could not read the catalogue from ${error.url}: ${error.message}. ${hint} The previous catalogue snapshot was kept.`,
    { cause: error },
  );
}
