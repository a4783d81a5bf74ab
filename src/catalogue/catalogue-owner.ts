/**
 * The one owner of a running shop's catalogue: the only catalogue kept in memory, its syncs, and the only
 * writer of the snapshot file. It lives in the publisher's process (src/publish/render/warm-worker.ts); the
 * renderers take what it holds as a value for each run, and a build by `astro build` is handed the file it
 * wrote, by name, in the build's render plan (src/publish/plan/plan-files.ts).
 *
 * Every sync goes through one seam, `CatalogueSync`: this owner in the caller's process (`ownerSync`:
 * `npm start`'s first sync, a one-off `npm run rebuild`) or in the publisher's process (its client,
 * src/publish/render/warm-client.ts). The callers (src/start.ts, src/publish/rebuild/task-read.ts) call
 * `sync` and `flush`, whichever it is.
 *
 * A sync's snapshot is written at `flush`, not on the way to the page: the publisher's process flushes
 * right after the run that follows it (warm-worker.ts), and before anything that reads the rows. Syncs in
 * between start from the one held, with its sync state, and the last one's write (the products all of them
 * changed) stands for all of them. A first sync with nothing held (no rows yet) may run elsewhere and
 * write the rows itself (`SyncElsewhere`: the renderer's process runs it in a child, sync-child.ts); the
 * owner then reads the rows it wrote. The rows are read only when this owner has nothing newer: at its
 * first use, and when another writer (`npm run sync`, a CLI rebuild) changed them since this owner last
 * read or wrote them.
 */
import { rowsHash } from './rows.ts';
import type { CrossingSyncOptions, Synced } from './sync-messages.ts';
import { fromStored, readWrittenSnapshot, snapshotPath } from './snapshot.ts';
import {
  syncCatalogue,
  type CatalogueInMemory,
  type SyncOptions,
  type SyncResult,
  type SyncSettings,
} from './sync.ts';
import type { Catalogue } from './types.ts';

/** The options a run's sync takes: those of `syncCatalogue` but what the owner gives itself. */
export type OwnerSyncOptions = Omit<SyncOptions, 'previous' | 'deferWrite'>;

/**
 * The one way a run syncs the catalogue: `catalogueOwner` in this process (`ownerSync`), or the publisher's
 * renderer process holding it (src/publish/render/warm-client.ts), its answers parsed there.
 */
export interface CatalogueSync {
  /** An incremental or full sync against the catalogue held; its snapshot is written at the next `flush`. */
  sync(options: OwnerSyncOptions): Promise<Synced>;
  /** Writes the last sync's snapshot, for what reads the file (`astro build`, a price check). */
  flush(): Promise<void>;
  /** The holder stopped before writing a sync it read: the next sync must sweep every product again. */
  readonly lostSync: boolean;
}

export interface CatalogueOwner {
  /** The snapshot file this owner writes. */
  readonly file: string;
  /** The catalogue as the pages read it (`fromStored`); throws when there is none yet (no sync, no file). */
  current(): Catalogue;
  /** An incremental or full sync against the catalogue held; its snapshot is written on the next `flush`. */
  sync(options: OwnerSyncOptions): Promise<SyncResult>;
  /** Writes the last sync's snapshot, when it has not been written yet. */
  flush(): void;
}

/**
 * A sync run elsewhere, which writes the rows itself (sync-child.ts): what the owner's first sync is, when
 * it holds nothing, so its process never holds what a read of every product leaves behind.
 */
export type SyncElsewhere = (options: CrossingSyncOptions, log: (line: string) => void) => Promise<Synced>;

export function catalogueOwner(
  settings: SyncSettings,
  log: (line: string) => void,
  firstSyncElsewhere?: SyncElsewhere,
): CatalogueOwner {
  const file = snapshotPath(settings.CATALOGUE_SNAPSHOT);
  let held: CatalogueInMemory | undefined;
  /** Writes the snapshot the last sync read, when it has not been written yet. */
  let persist: (() => void) | undefined;

  /** What is held, unless another writer changed the rows since (their hash is no longer the one held). */
  const inMemory = (): CatalogueInMemory => {
    if (held && (persist || rowsHash(file) === held.hash)) return held;
    held = readWrittenSnapshot(file);
    return held;
  };

  const flush = (): void => {
    const write = persist;
    persist = undefined;
    if (!write) return;
    write();
    // Written: the next sync starts from the file's state again, and writes only what it changes.
    if (held) held = { catalogue: held.catalogue, hash: held.hash };
  };

  return {
    file,
    current: () => fromStored(inMemory().catalogue),
    flush,
    async sync(options) {
      // A sync not yet written is carried in memory with its state: the new sync's write supersedes it.
      let previous: CatalogueInMemory | undefined;
      try {
        previous = inMemory();
      } catch {
        previous = undefined; // no snapshot yet: the sync reads everything
      }
      if (!previous && firstSyncElsewhere) {
        const synced = await firstSyncElsewhere(options, log);
        held = readWrittenSnapshot(file);
        persist = undefined;
        return { ...synced, snapshot: held, persist: () => undefined };
      }
      const result = await syncCatalogue(settings, log, {
        ...options,
        ...(previous ? { previous } : {}),
        deferWrite: true,
      });
      held = result.snapshot;
      persist = result.persist;
      return result;
    },
  };
}

/** A sync's answer as a run reads it, wherever the sync ran. */
export function syncedOf(result: SyncResult): Synced {
  const { file, products, problems, changed, mode, fullBecause, updated, removed, reviews } = result;
  return {
    ...{ file, products, problems, changed, mode, updated, removed, hash: result.snapshot.hash },
    ...(fullBecause === undefined ? {} : { fullBecause }),
    ...(reviews ? { reviews } : {}),
  };
}

/** The owner in this process as a run's `CatalogueSync` (a one-off rebuild, `npm start`'s first sync). */
export function ownerSync(owner: CatalogueOwner): CatalogueSync {
  return {
    sync: async (options) => syncedOf(await owner.sync(options)),
    flush: async () => owner.flush(),
    lostSync: false,
  };
}
