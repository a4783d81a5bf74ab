/**
 * What a sync keeps beside Magento's data (sync.ts): the previous snapshot it starts from, and the sync
 * state, a small file beside the snapshot that says when the last read was and what it was mapped with.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { readStoredSnapshot } from './snapshot.ts';
import type { Catalogue } from './types.ts';

/** What an incremental sync needs to know about the last one, kept beside the snapshot. */
const syncStateSchema = z.object({
  /**
   * 6 since products carry their fits (5: their reviews; 4: special prices and dates; 3: select options' ids, which variants
   * are found by; 2: variants and tier prices): a snapshot from before is read afresh in full.
   */
  version: z.literal(6),
  /** `labelsHash` of the attribute labels the snapshot's products were mapped with. */
  labelsHash: z.string(),
  /** When every product was last read (ISO 8601). */
  lastFullAt: z.iso.datetime(),
  /** When the last sync started reading (ISO 8601, this server's clock). */
  readAt: z.iso.datetime(),
});
export type SyncState = z.infer<typeof syncStateSchema>;

export const syncStatePath = (snapshotFile: string): string =>
  `${snapshotFile.replace(/\.(json|db)$/, '')}.sync.json`;

function readJson<T>(file: string, schema: z.ZodType<T>): T | undefined {
  try {
    return schema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

/**
 * The previous snapshot, checked but kept exactly as read (snapshot.ts, `readStoredSnapshot`), with the
 * hash kept beside its rows; undefined when there is none or the file is not one.
 */
export function readPreviousSnapshot(
  file: string,
): { catalogue: Catalogue | undefined; hash: string } | undefined {
  try {
    return readStoredSnapshot(file);
  } catch {
    return undefined;
  }
}

/** The sync state beside the snapshot; undefined when there is none or it is from another version. */
export const readSyncState = (file: string): SyncState | undefined => readJson(file, syncStateSchema);

export function writeSyncState(file: string, state: SyncState): void {
  writeJsonAtomically(file, state);
}

function writeJsonAtomically(file: string, value: unknown): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(value));
  renameSync(temporary, file);
}
