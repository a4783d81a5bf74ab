/**
 * What crosses a process about a sync, as zod schemas: its options and its answer (`Synced`, a sync's result
 * without the catalogue it read). The publisher's renderer process is asked for syncs over these
 * (src/publish/render/warm-messages.ts), and a first sync with nothing held runs in a child of its own that
 * answers with them (sync-child.ts).
 */
import { z } from 'zod';

/** `SyncOptions` (sync.ts) as they cross a process: all but what the owner gives itself. */
export const syncOptionsSchema = z.object({
  incremental: z.boolean().exactOptional(),
  fullEveryMs: z.number().exactOptional(),
  recheck: z.array(z.string()).readonly().exactOptional(),
  /** Magento's final prices by entity id (a price reconciliation's). */
  finalPrices: z.map(z.number(), z.number()).readonly().exactOptional(),
  at: z.number().exactOptional(),
  targeted: z.boolean().exactOptional(),
  checkReviews: z.boolean().exactOptional(),
});
export type CrossingSyncOptions = z.infer<typeof syncOptionsSchema>;

/** What a sync answers a run, wherever it ran: `SyncResult` without the catalogue, with the catalogue's hash. */
export const syncedSchema = z.object({
  file: z.string(),
  products: z.number().int().nonnegative(),
  problems: z.array(z.object({ sku: z.string(), field: z.string(), message: z.string() })),
  changed: z.boolean(),
  mode: z.enum(['full', 'incremental']),
  fullBecause: z.string().exactOptional(),
  updated: z.array(z.string()),
  removed: z.array(z.string()),
  /** `catalogueHash` of the catalogue the sync left. */
  hash: z.string(),
  /** When Magento's reviews were read, and whose changed. */
  reviews: z.object({ at: z.string(), changed: z.array(z.string()).readonly() }).exactOptional(),
});
export type Synced = z.infer<typeof syncedSchema>;
