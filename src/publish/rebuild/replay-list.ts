/**
 * The rebuild hook's replay list, in the shared store: each signature accepted within the replay window,
 * kept until it expires. The first replica to record a signature wins and queues the run; the same signed
 * request delivered to another replica (a hook fanned out to every replica, a retry through the balancer)
 * or replayed later finds it recorded, and queues nothing. The store keeps it across restarts.
 */
import type { SharedStore } from '../../store/shared-store.ts';

const SCHEMA = [
  'CREATE TABLE IF NOT EXISTS hook_signatures (signature TEXT PRIMARY KEY, expires_ms BIGINT NOT NULL)',
];

export interface ReplayList {
  /** True when this call is the first to record `signature` (kept until `expiresMs`); false when seen before. */
  first(signature: string, expiresMs: number): Promise<boolean>;
  /** Drops a signature whose request could not be acted on, so the sender may send it again. */
  forget(signature: string): Promise<void>;
}

export function storeReplayList(store: SharedStore): ReplayList {
  let lastSweep = 0;
  return {
    async first(signature, expiresMs) {
      await store.ensure(SCHEMA);
      if (Date.now() - lastSweep > 60_000) {
        lastSweep = Date.now();
        await store.run(`DELETE FROM hook_signatures WHERE expires_ms < ${store.clock}`);
      }
      const recorded = await store.query(
        'INSERT INTO hook_signatures (signature, expires_ms) VALUES (?, ?) ON CONFLICT (signature) DO NOTHING RETURNING signature',
        [signature, expiresMs],
      );
      return recorded.length === 1;
    },
    async forget(signature) {
      await store.run('DELETE FROM hook_signatures WHERE signature = ?', [signature]);
    },
  };
}

/** The list in this process's memory, for a hook with no shared store (tests, one-off tools). */
export function memoryReplayList(): ReplayList {
  const seen = new Map<string, number>();
  return {
    first(signature, expiresMs) {
      const now = Date.now();
      for (const [key, until] of seen) if (until <= now) seen.delete(key);
      if (seen.has(signature)) return Promise.resolve(false);
      seen.set(signature, expiresMs);
      return Promise.resolve(true);
    },
    forget(signature) {
      seen.delete(signature);
      return Promise.resolve();
    },
  };
}
