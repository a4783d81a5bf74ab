/**
 * Recovery all the time, on one replica (topology S2, P3): the replica holding the recovery lock finishes
 * claims whose lease ran out every `everyMs`, not only when a process starts; the others try to take the
 * lock every `retryMs`, so when the leader dies (its lock is freed with its connection, or its lease runs
 * out) another takes over. One replica is enough, and the claim's compare-and-set keeps two from placing
 * the same order anyway.
 */
import type { HeldLock } from '../store/shared-store.ts';
import { describe } from './bridge/deps.ts';

export interface RecoveryLeaderOptions {
  /** Finishes abandoned claims; how many (`PaymentBridge.recover`). */
  readonly recover: () => Promise<number>;
  /** Work the leader does once each time it takes the lead, before recovering (older records' owners). */
  readonly onLead?: () => Promise<void>;
  /** The recovery lock, or null when another replica holds it. */
  readonly lead: () => Promise<HeldLock | null>;
  /**
   * How often the leader recovers (REPLICA_TIMINGS.recoveryEveryMs, half a lease: an abandoned claim
   * waits at most 1.5 leases).
   */
  readonly everyMs: number;
  /** How often a replica that does not lead tries to (REPLICA_TIMINGS.recoveryLeadRetryMs). */
  readonly retryMs: number;
  readonly log: (message: string) => void;
}

/** Starts at once (a leader recovers on start); returns a stop function that also releases the lock. */
export function startRecoveryLeader(options: RecoveryLeaderOptions): () => Promise<void> {
  const { log } = options;
  let lock: HeldLock | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const takeLead = async () => {
    const held = await options.lead().catch((error: unknown) => {
      log(`Payments: the recovery lock could not be asked for: ${describe(error)}`);
      return null;
    });
    if (!held) return;
    lock = held;
    log('Payments: this replica now leads recovery');
    void held.lost.then(() => {
      if (lock !== held) return;
      lock = null;
      log('Payments: recovery lock lost (the store connection broke); trying to take it again');
    });
    await options.onLead?.().catch((error: unknown) => log(`Payments: ${describe(error)}`));
  };

  const turn = async () => {
    if (!lock) await takeLead();
    if (!lock || stopped) return;
    try {
      const taken = await options.recover();
      if (taken > 0) log(`Payments: ${taken} transaction(s) left placing by a replica that died finished`);
    } catch (error) {
      log(`Payments: recovery failed: ${describe(error)}`);
    }
  };

  // Turns never overlap: the next is scheduled when one ends.
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => (running = turn().finally(next)), lock ? options.everyMs : options.retryMs);
    timer.unref();
  };
  let running = turn().finally(next);

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    await lock?.release();
    lock = null;
  };
}
