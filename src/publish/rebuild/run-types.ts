/**
 * The rebuild queue's types (rebuilder.ts): what a run is asked and reports, the summary it leaves, the
 * status editors see, and the `Rebuilder` every queue (one process's, or the replicas' shared one) is.
 */
import type { BuildProgress } from '../render/build.ts';
import type { ReconcileSummary } from './reconcile.ts';
import type { RunTotals } from './run-totals.ts';

export type RunPhase = 'syncing' | 'retrying' | 'building';

export interface RunSummary {
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly durationMs: number;
  /** How long its first trigger waited before the run started (behind the run before it). */
  readonly queuedMs?: number;
  /** Why it ran: each trigger it covers (e.g. `product HG-PW-00012 saved`, `poll`). */
  readonly reasons: readonly string[];
  /** `published`: a new build is live; `unchanged`: nothing to build; `failed`: the live site was kept. */
  readonly outcome: 'published' | 'unchanged' | 'failed';
  readonly sync?: {
    readonly mode: 'full' | 'incremental';
    readonly products: number;
    /** Products new or changed, and removed, since the previous snapshot. */
    readonly updated: number;
    readonly removed: number;
    readonly ms: number;
    readonly attempts: number;
    /**
     * When the run asked Magento for its reviews (a full read, or a check for ratings that moved: Magento
     * sends no event when a review is approved), and how many products' reviews changed.
     */
    readonly reviews?: { readonly at: string; readonly changed: number };
  };
  readonly build?: {
    readonly id: string;
    readonly mode: 'full' | 'partial' | 'warm';
    readonly pages: number;
    readonly rendered: number;
    /** A warm build's paths planned (build-info.ts, `planned`). */
    readonly planned?: number;
    readonly ms: number;
    readonly fullBecause?: string;
    /** Where the build's time went, in ms (plan, render, sitePass, swap; astro… for `astro build`). */
    readonly timings?: Readonly<Record<string, number>>;
  };
  /** The check of the published prices against Magento's, when the run made one (reconcile.ts). */
  readonly reconcile?: ReconcileSummary;
  /** What went wrong, for editors: what failed and that the live site was kept. */
  readonly error?: string;
}

export interface RunContext {
  readonly reasons: readonly string[];
  /** A full build was asked for (CLI `--full`, hook body `{"full": true}`). */
  readonly full: boolean;
  /** Published prices are to be checked against Magento's first (the nightly job, the status page). */
  readonly reconcile: boolean;
  /** Magento's ratings are to be checked for approved (or withdrawn) reviews (the schedule, the status page). */
  readonly reviews: boolean;
  /** Products the triggers say changed: the sync reads them again whatever their updated_at says. */
  readonly skus: readonly string[];
  /**
   * Every trigger that asks for a read named the products it changed (saves through the hook): the sync
   * may read just those, with no sweep of the whole catalogue.
   */
  readonly targeted: boolean;
  /**
   * Magento is read before the build: false when only scheduled price changes asked for the run, whose
   * dates the snapshot already holds (a second less between the instant and the page).
   */
  readonly read: boolean;
  /** Reports progress to the status. */
  report(phase: RunPhase, detail?: { message?: string; build?: BuildProgress }): void;
}

/**
 * How the next run renders: `warm` (the warm renderer is ready: the changed pages in about a second),
 * `starting` (it is being made; until then `astro build`), `cold` (`astro build`).
 */
export type RendererState = 'warm' | 'starting' | 'cold';

export type RebuildTask = ((
  context: RunContext,
) => Promise<Omit<RunSummary, 'startedAt' | 'finishedAt' | 'durationMs' | 'reasons'>>) & {
  readonly renderer?: () => RendererState;
  /** The warm renderer's process id while it runs (its memory is read from it: figures.ts). */
  readonly rendererPid?: () => number | undefined;
};

/** The run under way. */
export interface CurrentRun {
  startedAt: string;
  reasons: readonly string[];
  phase: RunPhase;
  message?: string;
  build?: BuildProgress;
}

export interface RebuildStatus {
  /** `waiting`: triggers are queued (debounce, or behind the running run); `running`: a run is under way. */
  readonly state: 'idle' | 'waiting' | 'running';
  readonly current: Readonly<CurrentRun> | null;
  readonly queued: readonly string[];
  readonly last: RunSummary | null;
  readonly lastPublished: RunSummary | null;
  /** The latest runs, newest first. */
  readonly history: readonly RunSummary[];
  readonly pollMinutes: number;
  readonly renderer: RendererState;
  /** The replica that builds, when several share the queue (shared-rebuilder.ts). */
  readonly builder?: string;
  /** Every run counted since the first (run-totals.ts); absent from a status an older release wrote. */
  readonly totals?: RunTotals;
}

export interface RebuilderOptions {
  readonly task: RebuildTask;
  /** Quiet time after the last trigger before a run starts (REBUILD_DEBOUNCE_MS). */
  readonly debounceMs: number;
  /** A steady stream of triggers still starts a run after this long (default 10 × debounce, at least 10 s). */
  readonly maxWaitMs?: number;
  /** Runs before this rebuilder's, newest first: a new builder carries on the history its predecessor kept. */
  readonly history?: readonly RunSummary[];
  /** The totals its predecessor counted, carried on likewise. */
  readonly totals?: RunTotals;
  /**
   * Called after every run, whatever triggered it (the hook, the schedule, polling), before the triggers it
   * covers learn its summary: what follows a publish (every replica switching, the CDN purge) goes here.
   */
  readonly onRun?: (summary: RunSummary) => Promise<void>;
  readonly log?: (message: string) => void;
}

export interface TriggerOptions {
  readonly full?: boolean;
  /** Check every published price against the price Magento charges now, and republish those that differ. */
  readonly reconcile?: boolean;
  /** Check every product's rating in Magento, and republish those whose reviews changed. */
  readonly reviews?: boolean;
  /** Start without the debounce's quiet time (a price change due now: every second shows a wrong price). */
  readonly urgent?: boolean;
  /** Products the sender knows changed (the hook's `skus`). */
  readonly skus?: readonly string[];
  /** A scheduled price change, which needs no read of Magento (unless another trigger joins the run). */
  readonly scheduled?: boolean;
}

export interface Rebuilder {
  /** Queues a run; resolves with the summary of the run that covers this trigger. */
  trigger(reason: string, options?: TriggerOptions): Promise<RunSummary>;
  /**
   * Queues a run without waiting for it; resolves once the trigger is kept (in the shared store, for a
   * queue shared by replicas), and fails when it could not be, so the sender can be told to try again.
   */
  queue(reason: string, options?: TriggerOptions): Promise<void>;
  status(): RebuildStatus;
  /** The warm renderer's process id, when it runs in this process's care (on the builder). */
  rendererPid?(): number | undefined;
  /** Syncs every `minutes` (0: off). */
  startPolling(minutes: number): void;
  /** Stops polling and pending triggers, and waits for the running run. */
  close(): Promise<void>;
}

/** What the builder does while it holds the lock: its own rebuilder, and whatever runs beside it. */
export interface BuilderRole {
  readonly rebuilder: Rebuilder;
  /** Stops what the role started (the schedule, the renderer) once its rebuilder is closed. */
  stop(): Promise<void>;
}

/** The queue shared by every replica (shared-rebuilder.ts). */
export interface SharedRebuilder extends Rebuilder {
  /** True while this replica is the builder. */
  isBuilder(): boolean;
  /** Resolves once the queue's tables exist (the first tick). */
  ready(): Promise<void>;
}
