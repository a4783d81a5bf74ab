/**
 * The rebuild queue: triggers (the hook, polling, the CLI) are debounced, one run goes at a time, and
 * triggers that arrive during a run are coalesced into one follow-up run. Each run is a `RebuildTask`
 * (sync → build → checks → publish, src/publish/rebuild/task.ts); the queue keeps the status editors see: what
 * runs now and how far it got, what is queued, and how the last runs went.
 */
import type {
  CurrentRun,
  RebuildStatus,
  Rebuilder,
  RebuilderOptions,
  RebuildTask,
  RendererState,
  RunSummary,
  TriggerOptions,
} from './run-types.ts';
import { NO_TOTALS, tally, type RunTotals } from './run-totals.ts';

export type {
  CurrentRun,
  RebuildStatus,
  Rebuilder,
  RebuilderOptions,
  RebuildTask,
  RendererState,
  RunContext,
  RunPhase,
  RunSummary,
  TriggerOptions,
} from './run-types.ts';

const HISTORY = 10;

interface Waiter {
  resolve(summary: RunSummary): void;
}

/** Runs the task once, reporting into `current`; a task that throws makes a failed run. */
async function runOnce(
  task: RebuildTask,
  current: CurrentRun,
  asked: {
    full: boolean;
    reconcile: boolean;
    reviews: boolean;
    skus: readonly string[];
    read: boolean;
    targeted: boolean;
  },
  log: (message: string) => void,
): Promise<RunSummary> {
  log(`Rebuild started (${current.reasons.join('; ')})`);
  let result: Awaited<ReturnType<RebuildTask>>;
  try {
    result = await task({
      reasons: current.reasons,
      ...asked,
      report(phase, detail) {
        current.phase = phase;
        if (detail?.message === undefined) delete current.message;
        else current.message = detail.message;
        if (detail?.build === undefined) delete current.build;
        else current.build = detail.build;
      },
    });
  } catch (error) {
    result = {
      outcome: 'failed',
      error: `The rebuild failed unexpectedly: ${error instanceof Error ? error.message : String(error)}. The live site was kept.`,
    };
  }
  const finished = new Date();
  const durationMs = finished.getTime() - Date.parse(current.startedAt);
  const seconds = `${(durationMs / 1000).toFixed(1)} s`;
  log(
    result.outcome === 'failed'
      ? `Rebuild failed after ${seconds}: ${result.error ?? ''}`
      : `Rebuild ${result.outcome} in ${seconds}`,
  );
  const { startedAt, reasons } = current;
  return { ...result, startedAt, finishedAt: finished.toISOString(), durationMs, reasons };
}

function statusOf(state: {
  current: CurrentRun | null;
  queued: readonly string[];
  history: readonly RunSummary[];
  lastPublished: RunSummary | null;
  totals: RunTotals;
  pollMinutes: number;
  renderer: RendererState;
}): RebuildStatus {
  const { current, queued, history } = state;
  return {
    state: current ? 'running' : queued.length > 0 ? 'waiting' : 'idle',
    current: current ? { ...current } : null,
    queued: [...queued],
    last: history[0] ?? null,
    lastPublished: state.lastPublished,
    history: [...history],
    pollMinutes: state.pollMinutes,
    renderer: state.renderer,
    totals: state.totals,
  };
}

/** The triggers waiting for the next run, coalesced: what they ask of it, and who waits for it. */
interface Queued {
  reasons: string[];
  full: boolean;
  reconcile: boolean;
  reviews: boolean;
  read: boolean;
  urgent: boolean;
  /** Every trigger that asks for a read named its products (`targeted`). */
  named: boolean;
  skus: Set<string>;
  waiters: Waiter[];
  firstQueuedAt: number | undefined;
}

const nothingQueued = (): Queued => ({
  ...{ reasons: [], full: false, reconcile: false, reviews: false, read: false, urgent: false },
  ...{ named: true, skus: new Set(), waiters: [], firstQueuedAt: undefined },
});

/** The queue: one value the steps below read and change. */
interface RebuilderState {
  readonly options: RebuilderOptions;
  readonly log: (message: string) => void;
  readonly maxWaitMs: number;
  queued: Queued;
  timer: NodeJS.Timeout | undefined;
  running: Promise<void> | undefined;
  current: CurrentRun | null;
  history: RunSummary[];
  lastPublished: RunSummary | null;
  /** Every run counted, carried on from the history's builder (run-totals.ts). */
  totals: RunTotals;
  pollMinutes: number;
  poll: NodeJS.Timeout | undefined;
  closed: boolean;
}

function rebuilderState(options: RebuilderOptions): RebuilderState {
  const history = [...(options.history ?? [])].slice(0, HISTORY);
  return {
    options,
    log: options.log ?? (() => undefined),
    maxWaitMs: options.maxWaitMs ?? Math.max(10_000, options.debounceMs * 10),
    ...{ queued: nothingQueued(), timer: undefined, running: undefined, current: null, history },
    lastPublished: history.find((run) => run.outcome === 'published') ?? null,
    totals: options.totals ?? NO_TOTALS,
    ...{ pollMinutes: 0, poll: undefined, closed: false },
  };
}

/** Runs what is queued, as one run; its summary goes to the history and to every trigger it covers. */
async function runQueued(state: RebuilderState): Promise<void> {
  const { reasons, full, reconcile, reviews, read, skus, named, waiters, firstQueuedAt } = state.queued;
  const covered = {
    ...{ reasons, full, reconcile, reviews, skus: [...skus], read, waiters },
    targeted: named && skus.size > 0,
    queuedMs: Date.now() - (firstQueuedAt ?? Date.now()),
  };
  state.queued = nothingQueued();
  const current: CurrentRun = {
    startedAt: new Date().toISOString(),
    reasons: covered.reasons,
    phase: 'syncing',
  };
  state.current = current;
  const run = await runOnce(state.options.task, current, covered, state.log);
  const summary = { ...run, queuedMs: covered.queuedMs };
  state.current = null;
  state.history = [summary, ...state.history].slice(0, HISTORY);
  state.totals = tally(state.totals, summary);
  if (summary.outcome === 'published') state.lastPublished = summary;
  await state.options
    .onRun?.(summary)
    .catch((error: unknown) => state.log(`After the run: ${String(error)}`));
  for (const waiter of covered.waiters) waiter.resolve(summary);
}

/** Starts the next run after the quiet time (none when urgent; never past `maxWaitMs` of waiting). */
function schedule(state: RebuilderState): void {
  if (state.closed || state.running || state.queued.reasons.length === 0) return;
  clearTimeout(state.timer);
  const { urgent, firstQueuedAt } = state.queued;
  const waited = Date.now() - (firstQueuedAt ?? Date.now());
  const quiet = urgent ? 0 : Math.min(state.options.debounceMs, state.maxWaitMs - waited);
  state.timer = setTimeout(() => start(state), Math.max(0, quiet));
}

function start(state: RebuilderState): void {
  state.timer = undefined;
  if (state.closed || state.running || state.queued.reasons.length === 0) return;
  state.running = runQueued(state).finally(() => ((state.running = undefined), schedule(state)));
}

function trigger(
  state: RebuilderState,
  reason: string,
  triggerOptions: TriggerOptions = {},
): Promise<RunSummary> {
  if (state.closed) return Promise.reject(new Error('The rebuilder is closed.'));
  return new Promise<RunSummary>((resolve) => {
    const queued = state.queued;
    if (!queued.reasons.includes(reason)) queued.reasons.push(reason);
    queued.full ||= triggerOptions.full === true;
    queued.reconcile ||= triggerOptions.reconcile === true;
    queued.reviews ||= triggerOptions.reviews === true;
    queued.read ||= triggerOptions.scheduled !== true;
    queued.urgent ||= triggerOptions.urgent === true;
    for (const sku of triggerOptions.skus ?? []) queued.skus.add(sku);
    if (triggerOptions.scheduled !== true && !triggerOptions.skus?.length) queued.named = false;
    queued.waiters.push({ resolve });
    queued.firstQueuedAt ??= Date.now();
    schedule(state);
  });
}

function startPolling(state: RebuilderState, minutes: number): void {
  clearInterval(state.poll);
  state.pollMinutes = minutes;
  if (minutes <= 0) return;
  state.poll = setInterval(() => trigger(state, 'poll').catch(() => undefined), minutes * 60_000);
  state.poll.unref();
}

export function createRebuilder(options: RebuilderOptions): Rebuilder {
  const state = rebuilderState(options);
  return {
    trigger: (reason, triggerOptions) => trigger(state, reason, triggerOptions),
    queue(reason, triggerOptions) {
      if (state.closed) return Promise.reject(new Error('The rebuilder is closed.'));
      trigger(state, reason, triggerOptions).catch(() => undefined);
      return Promise.resolve();
    },
    status: () =>
      statusOf({
        ...{ current: state.current, queued: state.queued.reasons, history: state.history },
        ...{ lastPublished: state.lastPublished, totals: state.totals, pollMinutes: state.pollMinutes },
        renderer: options.task.renderer?.() ?? 'cold',
      }),
    rendererPid: () => options.task.rendererPid?.(),
    startPolling: (minutes) => startPolling(state, minutes),
    async close() {
      state.closed = true;
      clearTimeout(state.timer);
      clearInterval(state.poll);
      await state.running;
    },
  };
}
