/**
 * The rebuild queue shared by every replica. Any replica takes triggers (the hook, the status page's
 * buttons) and records them in the shared store; exactly one replica, the builder (whoever holds the store's
 * `builder` lock), runs them through its own `Rebuilder` (debounce, coalescing, the warm renderer) and
 * writes its status and history back, so the status page answers alike from every replica. When the builder
 * dies its lock is freed, another replica takes it within seconds and runs what was left undone; a request
 * is done only once the run covering it has finished.
 *
 * What follows a publish (every replica switching to it, the CDN purge) is the builder's rebuilder's
 * `onRun` (src/replica.ts), so runs the builder starts itself (scheduled prices, polling) get it too.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { REPLICA_TIMINGS } from '../../store/replica-timings.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import type { RebuildStatus, Rebuilder, RunSummary, TriggerOptions } from './rebuilder.ts';

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS rebuild_requests (
    id TEXT PRIMARY KEY,
    reason TEXT NOT NULL,
    options TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    taken_by TEXT,
    done_ms BIGINT,
    summary TEXT
  )`,
  'CREATE INDEX IF NOT EXISTS rebuild_requests_open ON rebuild_requests (done_ms, created_ms)',
  `CREATE TABLE IF NOT EXISTS rebuild_status (
    id INTEGER PRIMARY KEY,
    builder TEXT NOT NULL,
    status TEXT NOT NULL,
    updated_ms BIGINT NOT NULL
  )`,
];

/** What the builder does while it holds the lock: its own rebuilder, and whatever runs beside it. */
export interface BuilderRole {
  readonly rebuilder: Rebuilder;
  /** Stops what the role started (the schedule, the renderer) once its rebuilder is closed. */
  stop(): Promise<void>;
}

export interface SharedRebuilderOptions {
  readonly store: SharedStore;
  /** This replica's name (status page). */
  readonly replica: string;
  /**
   * Makes the builder's role when this replica takes the lock, given the runs the builders before it
   * recorded (newest first), so the history carries on.
   */
  readonly becomeBuilder: (history: readonly RunSummary[]) => BuilderRole;
  /**
   * How often the queue and status are read when no notification comes (default
   * REPLICA_TIMINGS.rebuildTickMs, 500 ms).
   */
  readonly tickMs?: number;
  /**
   * How often a replica that is not the builder tries the lock (default REPLICA_TIMINGS.builderLockRetryMs,
   * 2 s).
   */
  readonly lockRetryMs?: number;
  readonly log?: (message: string) => void;
}

export interface SharedRebuilder extends Rebuilder {
  /** True while this replica is the builder. */
  isBuilder(): boolean;
  /** Resolves once the queue's tables exist (the first tick). */
  ready(): Promise<void>;
}

const optionsSchema = z.object({
  full: z.boolean().optional(),
  reconcile: z.boolean().optional(),
  reviews: z.boolean().optional(),
  urgent: z.boolean().optional(),
  skus: z.array(z.string()).optional(),
  scheduled: z.boolean().optional(),
});

/** A summary or status written by another replica's code of the same shape: parsed loosely, never cast. */
const jsonRecord = z.record(z.string(), z.unknown());

const EMPTY_STATUS: RebuildStatus = {
  state: 'idle',
  current: null,
  queued: [],
  last: null,
  lastPublished: null,
  history: [],
  pollMinutes: 0,
  renderer: 'cold',
};

export function createSharedRebuilder(options: SharedRebuilderOptions): SharedRebuilder {
  const { store } = options;
  const log = options.log ?? (() => undefined);
  const tickMs = options.tickMs ?? REPLICA_TIMINGS.rebuildTickMs;
  const lockRetryMs = options.lockRetryMs ?? REPLICA_TIMINGS.builderLockRetryMs;
  /** This turn as builder (new at each taking of the lock): the next builder retakes what it left undone. */
  let session = '';
  let closed = false;
  let role: BuilderRole | undefined;
  /** A role being wound down after its lock was lost: no new one until it has stopped. */
  let retiring: Promise<void> | undefined;
  let releaseLock: (() => Promise<void>) | undefined;
  let lastLockTry = 0;
  let cached: RebuildStatus = EMPTY_STATUS;
  let writtenStatus = '';
  let pollMinutes = 0;
  const waiting = new Map<string, (summary: RunSummary) => void>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let again = false;
  let stopListening: (() => Promise<void>) | undefined;
  let lastSweep = 0;
  let failing = false;

  /** The queue's tables (made once; a store down at start is asked again at the next tick). */
  const tables = () => store.ensure(SCHEMA);

  async function tryToBuild(): Promise<void> {
    if (role || retiring || Date.now() - lastLockTry < lockRetryMs) return;
    lastLockTry = Date.now();
    const lock = await store.tryLock('builder');
    if (!lock) return;
    if (closed) return lock.release();
    log(`Rebuilds: ${options.replica} is the builder`);
    session = `${options.replica}/${randomUUID()}`;
    await readStatus().catch(() => undefined);
    const held = options.becomeBuilder(cached.history);
    role = held;
    held.rebuilder.startPolling(pollMinutes);
    releaseLock = () => lock.release();
    const turn = session;
    void lock.lost.then(() => {
      if (role !== held) return;
      log(
        `Rebuilds: ${options.replica} lost the builder lock (the store connection broke); it stops building`,
      );
      role = undefined;
      releaseLock = undefined;
      retiring = (async () => {
        await lock.release();
        await held.rebuilder.close();
        await held.stop();
        // What this turn took and did not finish goes back to the queue, for whoever builds next.
        await store
          .run('UPDATE rebuild_requests SET taken_by = NULL WHERE taken_by = ? AND done_ms IS NULL', [turn])
          .catch(() => undefined);
      })().finally(() => (retiring = undefined));
    });
  }

  /** The builder takes requests no live builder has taken, and hands them to its rebuilder. */
  async function takeRequests(held: BuilderRole): Promise<void> {
    const rows = await store.query<{ id: string; reason: string; options: string }>(
      `UPDATE rebuild_requests SET taken_by = ? WHERE done_ms IS NULL AND (taken_by IS NULL OR taken_by <> ?)
       RETURNING id, reason, options`,
      [session, session],
    );
    const turn = session;
    for (const row of rows) {
      const parsed = optionsSchema.safeParse(JSON.parse(row.options));
      const asked: TriggerOptions = parsed.success ? stripUndefined(parsed.data) : {};
      void held.rebuilder
        .trigger(row.reason, asked)
        .then(async (summary) => {
          await store.run(
            `UPDATE rebuild_requests SET done_ms = ${store.clock}, summary = ? WHERE id = ? AND taken_by = ? AND done_ms IS NULL`,
            [JSON.stringify(summary), row.id, turn],
          );
          kick();
        })
        .catch((error: unknown) => log(`Rebuilds: request ${row.id} was not finished: ${String(error)}`));
    }
  }

  /** The builder's status, written for the other replicas when it changed. */
  async function writeStatus(held: BuilderRole): Promise<void> {
    const status = { ...held.rebuilder.status(), builder: options.replica };
    cached = status;
    const text = JSON.stringify(status);
    if (text === writtenStatus) return;
    await store.run(
      `INSERT INTO rebuild_status (id, builder, status, updated_ms) VALUES (1, ?, ?, ${store.clock})
       ON CONFLICT (id) DO UPDATE SET builder = excluded.builder, status = excluded.status, updated_ms = excluded.updated_ms`,
      [options.replica, text],
    );
    writtenStatus = text;
  }

  async function readStatus(): Promise<void> {
    const [row] = await store.query<{ status: string }>('SELECT status FROM rebuild_status WHERE id = 1');
    if (!row) return;
    const parsed = jsonRecord.safeParse(JSON.parse(row.status));
    // Written by this same code on the builder: the shape is ours.
    if (parsed.success) cached = parsed.data as unknown as RebuildStatus;
  }

  /** Requests some caller of `trigger` here waits for, once done. */
  async function answerWaiting(): Promise<void> {
    if (waiting.size === 0) return;
    const ids = [...waiting.keys()];
    const rows = await store.query<{ id: string; summary: string }>(
      `SELECT id, summary FROM rebuild_requests WHERE done_ms IS NOT NULL AND id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    for (const row of rows) {
      const resolve = waiting.get(row.id);
      waiting.delete(row.id);
      resolve?.(JSON.parse(row.summary) as RunSummary);
    }
  }

  async function tick(): Promise<void> {
    await tables();
    await tryToBuild();
    const held = role;
    if (held) {
      await takeRequests(held);
      await writeStatus(held);
    } else {
      await readStatus();
    }
    await answerWaiting();
    // Done requests are kept a while: their summaries answer `trigger` callers who poll for them.
    if (held && Date.now() - lastSweep > REPLICA_TIMINGS.rebuildSweepMs) {
      lastSweep = Date.now();
      await store.run(`DELETE FROM rebuild_requests WHERE done_ms < ${store.clock} - ?`, [
        REPLICA_TIMINGS.rebuildKeepDoneMs,
      ]);
    }
  }

  /** One tick at a time; a kick during a tick runs another right after it. */
  function kick(): void {
    if (closed) return;
    if (ticking) {
      again = true;
      return;
    }
    clearTimeout(timer);
    ticking = tick()
      .then(
        () => {
          failing = false;
        },
        (error: unknown) => {
          // Said once per outage, not at every tick.
          if (!failing) log(`Rebuilds: the shared queue could not be read: ${String(error)}`);
          failing = true;
        },
      )
      .finally(() => {
        ticking = undefined;
        if (closed) return;
        if (again) {
          again = false;
          kick();
        } else {
          timer = setTimeout(kick, tickMs);
          timer.unref();
        }
      });
  }

  void store
    .listen('rebuild', () => kick())
    .then((stop) => {
      if (closed) void stop();
      else stopListening = stop;
    })
    .catch((error: unknown) =>
      log(`Rebuilds: not listening for triggers (polling instead): ${String(error)}`),
    );
  kick();

  /** Keeps a request in the store and tells the builder; its id. */
  async function enqueue(reason: string, triggerOptions: TriggerOptions): Promise<string> {
    if (closed) throw new Error('The rebuilder is closed.');
    await tables();
    const id = randomUUID();
    await store.run(
      `INSERT INTO rebuild_requests (id, reason, options, created_ms) VALUES (?, ?, ?, ${store.clock})`,
      [id, reason, JSON.stringify(triggerOptions)],
    );
    await store.notify('rebuild', id).catch(() => undefined);
    kick();
    return id;
  }

  return {
    async trigger(reason, triggerOptions = {}) {
      const id = await enqueue(reason, triggerOptions);
      return new Promise<RunSummary>((resolve) => waiting.set(id, resolve));
    },
    async queue(reason, triggerOptions = {}) {
      await enqueue(reason, triggerOptions);
    },
    status() {
      const held = role;
      if (held) return { ...held.rebuilder.status(), builder: options.replica };
      return cached;
    },
    startPolling(minutes) {
      pollMinutes = minutes;
      role?.rebuilder.startPolling(minutes);
    },
    isBuilder: () => role !== undefined,
    ready: tables,
    async close() {
      closed = true;
      clearTimeout(timer);
      await ticking;
      await retiring;
      await stopListening?.();
      const held = role;
      role = undefined;
      if (held) {
        await held.rebuilder.close();
        await held.stop();
      }
      await releaseLock?.();
    },
  };
}

/** zod's optional fields as TriggerOptions (exactOptionalPropertyTypes: no `undefined` values). */
function stripUndefined(options: z.infer<typeof optionsSchema>): TriggerOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
