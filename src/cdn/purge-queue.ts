/**
 * The purges a publish asks for, kept in the shared store until the CDN acknowledged them (docs/cdn.md,
 * "When purges happen"). `enqueue` writes a row, which `startPurgeQueue` sends at once; a failure is
 * retried with growing delays; rows outlive restarts, and any replica drains what another left.
 *
 * Several replicas may drain together: a row is claimed for a lease on the store's clock (`UPDATE … WHERE
 * due`, one winner), so one purge goes out once while its sender lives. If the sender dies mid-purge the
 * lease runs out and another sends it again: a purge is idempotent, so twice is harmless, never lost.
 */
import { randomUUID } from 'node:crypto';
import { errorMessage } from '../http/index.ts';
import { REPLICA_TIMINGS } from '../store/replica-timings.ts';
import { doublingDelay, oneDrainAtATime, startDrainLoop } from '../store/drain-loop.ts';
import type { SharedStore } from '../store/shared-store.ts';
import type { Purger } from './purge.ts';

export const PURGE_QUEUE_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS cdn_purges (
    id TEXT PRIMARY KEY,
    keys TEXT NOT NULL,
    reason TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    due_ms BIGINT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    claim TEXT,
    done_ms BIGINT,
    last_error TEXT
  )`,
  'CREATE INDEX IF NOT EXISTS cdn_purges_due ON cdn_purges (done_ms, due_ms)',
];

type PurgeRow = {
  readonly id: string;
  readonly keys: string;
  readonly reason: string;
  readonly attempts: number;
  readonly claim: string;
};

/** 1 s, 2 s, 4 s … up to a minute (REPLICA_TIMINGS.purgeRetryFirstMs, purgeRetryMaxMs). */
export const defaultRetryDelay = doublingDelay(
  REPLICA_TIMINGS.purgeRetryFirstMs,
  REPLICA_TIMINGS.purgeRetryMaxMs,
);

export interface PurgeQueueOptions {
  readonly store: SharedStore;
  readonly purger: Purger;
  readonly log?: (message: string) => void;
  /**
   * How long a claimed row is its sender's (default REPLICA_TIMINGS.purgeLeaseMs, 60 s): longer than a
   * purge takes, batches included.
   */
  readonly leaseMs?: number;
  /** Delay before the next try after `attempts` failures (default `defaultRetryDelay`). */
  readonly retryDelayMs?: (attempts: number) => number;
}

export interface PurgeQueue {
  /** Keeps a purge of `keys` for `reason` (the log's words); resolves once it is stored, sends nothing. */
  enqueue(keys: readonly string[], reason: string): Promise<void>;
  /** Sends every purge that is due, one after another, until none is; resolves when done. */
  drain(): Promise<void>;
  /** Milliseconds until the next purge is due (0: now), or undefined when none is waiting. */
  nextDue(): Promise<number | undefined>;
}

/** The queue's settings and its one drain under way in this process. */
interface QueueState {
  readonly store: SharedStore;
  readonly purger: Purger;
  readonly log: (message: string) => void;
  readonly leaseMs: number;
  readonly retryDelay: (attempts: number) => number;
}

/** The oldest due row, now this drainer's for the lease; undefined when none is due. */
async function claim(state: QueueState): Promise<PurgeRow | undefined> {
  const { store } = state;
  // The due condition is checked again on the row itself: of two drainers picking the same row, the one
  // that updates second finds it no longer due and claims nothing.
  const [row] = await store.query<PurgeRow>(
    `UPDATE cdn_purges SET claim = ?, due_ms = ${store.clock} + ?, attempts = attempts + 1
     WHERE id = (SELECT id FROM cdn_purges WHERE done_ms IS NULL AND due_ms <= ${store.clock}
                 ORDER BY created_ms, id LIMIT 1)
       AND done_ms IS NULL AND due_ms <= ${store.clock}
     RETURNING id, keys, reason, attempts, claim`,
    [randomUUID(), state.leaseMs],
  );
  return row;
}

/** Sends a claimed purge: done when the CDN took it, else due again after the retry delay. */
async function send(state: QueueState, row: PurgeRow): Promise<void> {
  const { store } = state;
  try {
    await state.purger.purge(row.keys.split(' '));
  } catch (error) {
    const delay = state.retryDelay(row.attempts);
    state.log(
      `CDN purge (${row.reason}) failed, try ${row.attempts}, again in ${Math.ceil(delay / 1000)} s: ${errorMessage(error)}`,
    );
    await store.run(
      `UPDATE cdn_purges SET due_ms = ${store.clock} + ?, claim = NULL, last_error = ?
       WHERE id = ? AND claim = ?`,
      [delay, errorMessage(error).slice(0, 1000), row.id, row.claim],
    );
    return;
  }
  await store.run(`UPDATE cdn_purges SET done_ms = ${store.clock}, claim = NULL WHERE id = ?`, [row.id]);
}

async function drainOnce(state: QueueState): Promise<void> {
  for (let row = await claim(state); row; row = await claim(state)) await send(state, row);
  // Done purges are kept a while, for whoever asks what was purged.
  await state.store.run(`DELETE FROM cdn_purges WHERE done_ms < ${state.store.clock} - ?`, [
    REPLICA_TIMINGS.purgeKeepDoneMs,
  ]);
}

async function enqueue(store: SharedStore, keys: readonly string[], reason: string): Promise<void> {
  const unique = [...new Set(keys)];
  const bad = unique.find((key) => key === '' || /[\s,]/.test(key));
  if (bad !== undefined)
    throw new Error(
      `"${bad}" is no surrogate key: keys hold no space or comma (src/cdn/keys.ts makes them).`,
    );
  if (unique.length === 0) return;
  await store.run(
    `INSERT INTO cdn_purges (id, keys, reason, created_ms, due_ms) VALUES (?, ?, ?, ${store.clock}, ${store.clock})`,
    [randomUUID(), unique.join(' '), reason],
  );
}

async function nextDue(store: SharedStore): Promise<number | undefined> {
  const [row] = await store.query<{ wait: number | null }>(
    `SELECT MIN(due_ms) - ${store.clock} AS wait FROM cdn_purges WHERE done_ms IS NULL`,
  );
  return row?.wait === null || row?.wait === undefined ? undefined : Math.max(0, Number(row.wait));
}

/** The queue's parts, without a timer: `startPurgeQueue` runs them, tests call them one by one. */
export function createPurgeQueue(options: PurgeQueueOptions): PurgeQueue {
  const state: QueueState = {
    ...{ store: options.store, purger: options.purger },
    log: options.log ?? ((message: string) => console.warn(message)),
    leaseMs: options.leaseMs ?? REPLICA_TIMINGS.purgeLeaseMs,
    retryDelay: options.retryDelayMs ?? defaultRetryDelay,
  };
  return {
    enqueue: (keys, reason) => enqueue(state.store, keys, reason),
    drain: oneDrainAtATime(() => drainOnce(state)),
    nextDue: () => nextDue(state.store),
  };
}

export interface RunningPurgeQueue {
  /** Keeps the purge (resolves once stored) and sends it at once, in the background. */
  enqueue(keys: readonly string[], reason: string): Promise<void>;
  /** Sends what is due now; resolves when nothing is due. */
  drain(): Promise<void>;
  /** Stops looking and waits for a purge being sent. */
  close(): Promise<void>;
}

export interface StartPurgeQueueOptions extends PurgeQueueOptions {
  /**
   * How often the queue looks for purges another replica left (default REPLICA_TIMINGS.purgePollMs, 5 s;
   * a retry due sooner, sooner).
   */
  readonly pollMs?: number;
}

/**
 * Creates the table and drains the queue: at once after each `enqueue`, when a retry is due, and every
 * `pollMs` for what another replica left. Every replica may run one; the publisher calls `enqueue` once
 * every replica serves the new build.
 */
export async function startPurgeQueue(options: StartPurgeQueueOptions): Promise<RunningPurgeQueue> {
  const log = options.log ?? ((message: string) => console.warn(message));
  const pollMs = options.pollMs ?? REPLICA_TIMINGS.purgePollMs;
  await options.store.ensure(PURGE_QUEUE_SCHEMA);
  const queue = createPurgeQueue(options);
  const loop = startDrainLoop({
    drain: () => queue.drain(),
    nextDue: () => queue.nextDue(),
    pollMs,
    onError: (error) => log(`CDN purge: the queue could not be read: ${errorMessage(error)}`),
  });

  return {
    async enqueue(keys, reason) {
      await queue.enqueue(keys, reason);
      loop.wake();
    },
    drain: () => queue.drain(),
    close: () => loop.close(),
  };
}
