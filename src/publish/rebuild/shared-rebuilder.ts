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
import { REPLICA_TIMINGS } from '../../store/replica-timings.ts';
import type { HeldLock, SharedStore } from '../../store/shared-store.ts';
import type { RebuildStatus, RunSummary, TriggerOptions } from './rebuilder.ts';
import type { BuilderRole, SharedRebuilder } from './run-types.ts';
import type { RunTotals } from './run-totals.ts';
import {
  doneSummaries,
  ensureQueue,
  giveBack,
  insertRequest,
  markDone,
  NO_STATUS,
  readStatusRow,
  sweepDone,
  takeOpen,
  writeStatusText,
} from './shared-queue.ts';

export type { BuilderRole, SharedRebuilder } from './run-types.ts';

export interface SharedRebuilderOptions {
  readonly store: SharedStore;
  /** This replica's name (status page). */
  readonly replica: string;
  /**
   * Makes the builder's role when this replica takes the lock, given the runs the builders before it
   * recorded (newest first) and the totals they counted, so the history and the totals carry on.
   */
  readonly becomeBuilder: (history: readonly RunSummary[], totals?: RunTotals) => BuilderRole;
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

/**
 * Everything this replica's queue keeps between ticks: one value, which each step below reads and
 * changes, so what a step may touch is in its signature.
 */
interface QueueState {
  readonly store: SharedStore;
  readonly replica: string;
  readonly becomeBuilder: SharedRebuilderOptions['becomeBuilder'];
  readonly log: (message: string) => void;
  readonly tickMs: number;
  readonly lockRetryMs: number;
  /** This turn as builder (new at each taking of the lock): the next builder retakes what it left undone. */
  session: string;
  closed: boolean;
  role: BuilderRole | undefined;
  /** A role being wound down after its lock was lost: no new one until it has stopped. */
  retiring: Promise<void> | undefined;
  releaseLock: (() => Promise<void>) | undefined;
  lastLockTry: number;
  /** The status as last read (another replica builds) or made (this one does). */
  cached: RebuildStatus;
  /** The status as last written, as JSON: written again only when it changed. */
  writtenStatus: string;
  pollMinutes: number;
  /** Callers of `trigger` here, by request id, waiting for the run that covers it. */
  readonly waiting: Map<string, (summary: RunSummary) => void>;
  timer: NodeJS.Timeout | undefined;
  ticking: Promise<void> | undefined;
  /** A kick came during a tick: another tick runs right after it. */
  again: boolean;
  stopListening: (() => Promise<void>) | undefined;
  lastSweep: number;
  /** The last tick failed: the outage is said once, not at every tick. */
  failing: boolean;
}

function queueState(options: SharedRebuilderOptions): QueueState {
  return {
    store: options.store,
    replica: options.replica,
    becomeBuilder: options.becomeBuilder,
    log: options.log ?? (() => undefined),
    tickMs: options.tickMs ?? REPLICA_TIMINGS.rebuildTickMs,
    lockRetryMs: options.lockRetryMs ?? REPLICA_TIMINGS.builderLockRetryMs,
    ...{ session: '', closed: false, role: undefined, retiring: undefined, releaseLock: undefined },
    ...{ lastLockTry: 0, cached: NO_STATUS, writtenStatus: '', pollMinutes: 0, waiting: new Map() },
    ...{ timer: undefined, ticking: undefined, again: false, stopListening: undefined },
    ...{ lastSweep: 0, failing: false },
  };
}

/** Takes the builder lock when it is free (tried every `lockRetryMs`), and becomes the builder. */
async function tryToBuild(state: QueueState): Promise<void> {
  if (state.role || state.retiring || Date.now() - state.lastLockTry < state.lockRetryMs) return;
  state.lastLockTry = Date.now();
  const lock = await state.store.tryLock('builder');
  if (!lock) return;
  if (state.closed) return lock.release();
  state.log(`Rebuilds: ${state.replica} is the builder`);
  state.session = `${state.replica}/${randomUUID()}`;
  await readStatus(state).catch(() => undefined);
  const held = state.becomeBuilder(state.cached.history, state.cached.totals);
  state.role = held;
  held.rebuilder.startPolling(state.pollMinutes);
  state.releaseLock = () => lock.release();
  const turn = state.session;
  void lock.lost.then(() => retire(state, { held, lock, turn }));
}

/** The lock was lost: this turn's role stops, and what it took goes back to the queue. */
function retire(state: QueueState, lost: { held: BuilderRole; lock: HeldLock; turn: string }): void {
  const { held, lock, turn } = lost;
  if (state.role !== held) return;
  state.log(
    `Rebuilds: ${state.replica} lost the builder lock (the store connection broke); it stops building`,
  );
  state.role = undefined;
  state.releaseLock = undefined;
  state.retiring = (async () => {
    await lock.release();
    await held.rebuilder.close();
    await held.stop();
    // What this turn took and did not finish goes back to the queue, for whoever builds next.
    await giveBack(state.store, turn).catch(() => undefined);
  })().finally(() => (state.retiring = undefined));
}

/** The builder takes requests no live builder has taken, and hands them to its rebuilder. */
async function takeRequests(state: QueueState, held: BuilderRole): Promise<void> {
  const session = state.session;
  for (const request of await takeOpen(state.store, session)) {
    void held.rebuilder
      .trigger(request.reason, request.options)
      .then(async (summary) => {
        await markDone(state.store, { id: request.id, session, summary });
        kick(state);
      })
      .catch((error: unknown) =>
        state.log(`Rebuilds: request ${request.id} was not finished: ${String(error)}`),
      );
  }
}

/** The builder's status, written for the other replicas when it changed. */
async function writeStatus(state: QueueState, held: BuilderRole): Promise<void> {
  const status = { ...held.rebuilder.status(), builder: state.replica };
  state.cached = status;
  const text = JSON.stringify(status);
  if (text === state.writtenStatus) return;
  await writeStatusText(state.store, state.replica, text);
  state.writtenStatus = text;
}

async function readStatus(state: QueueState): Promise<void> {
  const status = await readStatusRow(state.store);
  if (status) state.cached = status;
}

/** Requests some caller of `trigger` here waits for, once done. */
async function answerWaiting(state: QueueState): Promise<void> {
  if (state.waiting.size === 0) return;
  for (const [id, summary] of await doneSummaries(state.store, [...state.waiting.keys()])) {
    const resolve = state.waiting.get(id);
    state.waiting.delete(id);
    resolve?.(summary);
  }
}

async function tick(state: QueueState): Promise<void> {
  await ensureQueue(state.store);
  await tryToBuild(state);
  const held = state.role;
  if (held) {
    await takeRequests(state, held);
    await writeStatus(state, held);
  } else {
    await readStatus(state);
  }
  await answerWaiting(state);
  // Done requests are kept a while: their summaries answer `trigger` callers who poll for them.
  if (held && Date.now() - state.lastSweep > REPLICA_TIMINGS.rebuildSweepMs) {
    state.lastSweep = Date.now();
    await sweepDone(state.store);
  }
}

/** One tick at a time; a kick during a tick runs another right after it. */
function kick(state: QueueState): void {
  if (state.closed) return;
  if (state.ticking) {
    state.again = true;
    return;
  }
  clearTimeout(state.timer);
  state.ticking = tick(state)
    .then(
      () => {
        state.failing = false;
      },
      (error: unknown) => {
        // Said once per outage, not at every tick.
        if (!state.failing) state.log(`Rebuilds: the shared queue could not be read: ${String(error)}`);
        state.failing = true;
      },
    )
    .finally(() => afterTick(state));
}

/** The next tick: at once when a kick came during this one, else after `tickMs`. */
function afterTick(state: QueueState): void {
  state.ticking = undefined;
  if (state.closed) return;
  if (state.again) {
    state.again = false;
    kick(state);
  } else {
    state.timer = setTimeout(() => kick(state), state.tickMs);
    state.timer.unref();
  }
}

/** Ticks at each notification on the store's `rebuild` channel, besides the timer. */
function listen(state: QueueState): void {
  void state.store
    .listen('rebuild', () => kick(state))
    .then((stop) => {
      if (state.closed) void stop();
      else state.stopListening = stop;
    })
    .catch((error: unknown) =>
      state.log(`Rebuilds: not listening for triggers (polling instead): ${String(error)}`),
    );
}

/** Keeps a request in the store and tells the builder; its id. */
async function enqueue(state: QueueState, reason: string, triggerOptions: TriggerOptions): Promise<string> {
  if (state.closed) throw new Error('The rebuilder is closed.');
  await ensureQueue(state.store);
  const id = await insertRequest(state.store, reason, triggerOptions);
  kick(state);
  return id;
}

async function close(state: QueueState): Promise<void> {
  state.closed = true;
  clearTimeout(state.timer);
  await state.ticking;
  await state.retiring;
  await state.stopListening?.();
  const held = state.role;
  state.role = undefined;
  if (held) {
    await held.rebuilder.close();
    await held.stop();
  }
  await state.releaseLock?.();
}

export function createSharedRebuilder(options: SharedRebuilderOptions): SharedRebuilder {
  const state = queueState(options);
  listen(state);
  kick(state);
  return {
    async trigger(reason, triggerOptions = {}) {
      const id = await enqueue(state, reason, triggerOptions);
      return new Promise<RunSummary>((resolve) => state.waiting.set(id, resolve));
    },
    async queue(reason, triggerOptions = {}) {
      await enqueue(state, reason, triggerOptions);
    },
    status() {
      const held = state.role;
      if (held) return { ...held.rebuilder.status(), builder: state.replica };
      return state.cached;
    },
    // Only the builder runs a renderer.
    rendererPid: () => state.role?.rebuilder.rendererPid?.(),
    startPolling(minutes) {
      state.pollMinutes = minutes;
      state.role?.rebuilder.startPolling(minutes);
    },
    isBuilder: () => state.role !== undefined,
    ready: () => ensureQueue(state.store),
    close: () => close(state),
  };
}
