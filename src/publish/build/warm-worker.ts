/**
 * The publisher's process (started by warm-client.ts with the build's environment, the project as its
 * working folder, at a lower priority than the server). It keeps the catalogue in memory from one sync to
 * the next, so a rebuild neither reads the snapshot again nor waits for it to be written, and it keeps the
 * warm renderer (warm.ts). Messages: `sync` (an incremental sync against the catalogue in memory; the
 * snapshot is written after the run, or on `flush`), `start` (Astro's build, once, beside the syncs), and
 * `run` (a warm build's rendering). Each answer carries the message's id. It exits when its parent goes.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogueHash } from '../../catalogue/catalogue-hash.ts';
import { CatalogueLoadError, isTransientLoadFailure } from '../../catalogue/load.ts';
import { fromStored, snapshotPath } from '../../catalogue/snapshot.ts';
import {
  syncCatalogue,
  type CatalogueInMemory,
  type SyncOptions,
  type SyncResult,
} from '../../catalogue/sync.ts';
import type { Catalogue } from '../../catalogue/types.ts';
import { loadEnv } from '../../config/env.ts';
import { MIN_COMPRESS_BYTES, textFiles } from '../releases/content-types.ts';
import { CODINGS, SUFFIX, type Levels } from '../releases/encoding.ts';
import { compressFile } from './precompress.ts';
import {
  compressWritten,
  startWarmRenderer,
  type WarmJob,
  type WarmOutcome,
  type WarmRenderer,
} from './warm.ts';

/** What a sync in this process answers: the result without the catalogue it keeps. */
export type WarmSyncResult = Omit<SyncResult, 'snapshot' | 'persist'> & { readonly hash: string };

export type WarmMessage =
  | { readonly type: 'start'; readonly root: string; readonly scratch: string; readonly pricedAt: number }
  | {
      readonly type: 'sync';
      readonly options: Omit<SyncOptions, 'previous' | 'deferWrite'>;
    }
  | { readonly type: 'flush' }
  | { readonly type: 'compress'; readonly dir: string; readonly levels: Levels }
  | { readonly type: 'run'; readonly job: WarmJob };

export type WarmRequest = WarmMessage & { readonly id: number };

export type WarmReply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: string; readonly transient: boolean };

const env = loadEnv();
const log = (line: string) => process.stderr.write(`${line}\n`);
let memory: CatalogueInMemory | undefined;
/** Writes the snapshot the last sync read, when it has not been written yet. */
let persist: (() => void) | undefined;
let renderer: Promise<WarmRenderer> | undefined;
/** Syncs and runs under way: a build's background compression waits while there are any. */
let busy = 0;
const quiet = async (): Promise<void> => {
  while (busy > 0) await new Promise((resolve) => setTimeout(resolve, 50));
};

/**
 * Writes the siblings a live build's text files lack (a whole build published with none), one file at a
 * time, pausing whenever a sync or a run is under way: those put a price live, this only saves bytes.
 */
async function compressBuild(dir: string, levels: Levels): Promise<number> {
  const client = join(dir, 'client');
  let compressed = 0;
  for await (const file of textFiles(client)) {
    await quiet();
    const target = join(client, file);
    if (CODINGS.every((coding) => existsSync(target + SUFFIX[coding]))) continue;
    const content = await readFile(target).catch(() => undefined);
    // Gone: the build was pruned meanwhile.
    if (!content) return compressed;
    if (content.length < MIN_COMPRESS_BYTES) continue;
    await compressFile(client, file, content, { bulk: levels });
    compressed += 1;
  }
  return compressed;
}
/** Syncs, flushes and runs go one at a time, in order; the renderer's start goes beside them. */
let queue: Promise<unknown> = Promise.resolve();

const snapshotFile = snapshotPath(env.CATALOGUE_SNAPSHOT);
/** The snapshot file as this process last read or wrote it: another writer (`npm run sync`) changes it. */
let fileIdentity: string | undefined;
const identityOf = (): string | undefined => {
  const stats = statSync(snapshotFile, { throwIfNoEntry: false });
  return stats && `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
};

/**
 * The catalogue in memory: read from the snapshot the first time, and again when something else wrote
 * the file since (unless this process holds a newer sync it has not written).
 */
function catalogue(): CatalogueInMemory {
  if (memory && (persist || identityOf() === fileIdentity)) return memory;
  fileIdentity = identityOf();
  const stored = JSON.parse(readFileSync(snapshotFile, 'utf8')) as Catalogue;
  memory = { catalogue: stored, hash: catalogueHash(stored) };
  return memory;
}

function flush(): void {
  const write = persist;
  persist = undefined;
  if (!write) return;
  write();
  fileIdentity = identityOf();
}

async function sync(options: Omit<SyncOptions, 'previous' | 'deferWrite'>): Promise<WarmSyncResult> {
  flush();
  let previous: CatalogueInMemory | undefined;
  try {
    previous = catalogue();
  } catch {
    previous = undefined; // no snapshot yet: the sync reads everything
  }
  const result = await syncCatalogue(env, log, {
    ...options,
    ...(previous ? { previous } : {}),
    deferWrite: true,
  });
  memory = result.snapshot;
  persist = result.persist;
  return {
    ...{ file: result.file, products: result.products, problems: result.problems },
    ...{ changed: result.changed, mode: result.mode, updated: result.updated, removed: result.removed },
    ...(result.fullBecause ? { fullBecause: result.fullBecause } : {}),
    hash: result.snapshot.hash,
  };
}

async function answer(message: WarmMessage): Promise<unknown> {
  switch (message.type) {
    case 'start':
      renderer ??= startWarmRenderer({
        root: message.root,
        scratch: message.scratch,
        pricedAt: message.pricedAt,
        catalogue: fromStored(catalogue().catalogue),
      });
      await renderer;
      return null;
    case 'sync':
      return sync(message.options);
    case 'flush':
      flush();
      return null;
    case 'compress':
      return compressBuild(message.dir, message.levels);
    case 'run': {
      if (!renderer) throw new Error('The warm renderer has not started.');
      const outcome = (await renderer).run(message.job, fromStored(catalogue().catalogue));
      return outcome;
    }
  }
}

process.on('message', (message: WarmRequest) => {
  const reply = async (): Promise<void> => {
    let value: WarmReply;
    try {
      value = { id: message.id, ok: true, value: await answer(message) };
    } catch (error) {
      if (!(error instanceof CatalogueLoadError)) log(error instanceof Error ? (error.stack ?? '') : '');
      value = {
        id: message.id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
        transient: isTransientLoadFailure(error),
      };
    }
    process.send?.(value);
    // The snapshot of a warm run, and its files' compressed siblings, are written once the answer is out:
    // not on the way to the page.
    if (message.type === 'run') {
      flush();
      if (value.ok) await compressWritten(message.job, (value.value as WarmOutcome).written).catch(log);
    }
  };
  if (message.type === 'start' || message.type === 'compress') void reply();
  else
    queue = queue.then(async () => {
      busy += 1;
      try {
        await reply();
      } finally {
        busy -= 1;
      }
    });
});
process.on('disconnect', () => process.exit(0));
