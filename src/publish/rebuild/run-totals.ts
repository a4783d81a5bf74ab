/**
 * The runs' totals since the first one: runs by outcome and build mode, pages rendered, and each phase's
 * seconds in histogram buckets. The history keeps the last ten runs; these keep counting. They are added
 * to in one place, where the rebuilder records a run's summary (rebuilder.ts), travel in its status (with
 * replicas, through the shared store, so every replica reads the same and the next builder carries them
 * on), and are read by the operator's figures (figures.ts: /metrics and the status page).
 */
import { z } from 'zod';
import type { RunSummary } from './run-types.ts';
import { runPhases } from './status-page.ts';

export const RUN_OUTCOMES = ['published', 'unchanged', 'failed'] as const;
/** A build's mode; `none` for a run that built nothing (nothing changed, or it failed before). */
export const BUILD_MODES = ['warm', 'partial', 'full', 'none'] as const;
/** The phases timed (status-page.ts, `runPhases`): the sync, then the build's plan, render, site pass and swap. */
export const TIMED_PHASES = ['sync', 'plan', 'render', 'site pass', 'swap'] as const;
/** The buckets' upper bounds in seconds, from a warm run's swap to a full build's render; +Inf follows. */
export const PHASE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800] as const;

const count = z.number().int().nonnegative();
/** One value per bucket, +Inf's last. */
const perBucket = z.array(z.number().nonnegative()).length(PHASE_BUCKETS.length + 1);

export const runTotalsSchema = z.object({
  runs: z.array(z.object({ outcome: z.enum(RUN_OUTCOMES), mode: z.enum(BUILD_MODES), count })),
  pagesRendered: count,
  /**
   * Each phase's runs and seconds by bucket (not cumulative): a bucket's seconds over its runs is a value
   * inside it, so a histogram can be made again from them exactly (metrics.ts).
   */
  phases: z.array(z.object({ phase: z.enum(TIMED_PHASES), counts: perBucket, seconds: perBucket })),
});

export type RunTotals = z.infer<typeof runTotalsSchema>;
export type PhaseTotals = RunTotals['phases'][number];
export type TimedPhase = (typeof TIMED_PHASES)[number];

export const NO_TOTALS: RunTotals = { runs: [], pagesRendered: 0, phases: [] };

/** Totals another replica wrote (they crossed the store); undefined when there are none or they do not parse. */
export function runTotalsOf(value: unknown): RunTotals | undefined {
  const parsed = runTotalsSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

const isTimed = (phase: string): phase is TimedPhase => TIMED_PHASES.some((timed) => timed === phase);

/** The bucket `seconds` falls in: the first whose bound it does not pass, else +Inf's. */
export function bucketOf(seconds: number): number {
  const bucket = PHASE_BUCKETS.findIndex((bound) => seconds <= bound);
  return bucket === -1 ? PHASE_BUCKETS.length : bucket;
}

function addRun(runs: RunTotals['runs'], run: RunSummary): RunTotals['runs'] {
  const mode = run.build?.mode ?? 'none';
  const known = runs.some((entry) => entry.outcome === run.outcome && entry.mode === mode);
  if (!known) return [...runs, { outcome: run.outcome, mode, count: 1 }];
  return runs.map((entry) =>
    entry.outcome === run.outcome && entry.mode === mode ? { ...entry, count: entry.count + 1 } : entry,
  );
}

function addPhase(phases: RunTotals['phases'], phase: TimedPhase, seconds: number): RunTotals['phases'] {
  const empty = (): number[] => PHASE_BUCKETS.map(() => 0).concat(0);
  const before = phases.find((entry) => entry.phase === phase) ?? {
    phase,
    counts: empty(),
    seconds: empty(),
  };
  const bucket = bucketOf(seconds);
  const after = {
    phase,
    counts: before.counts.map((runs, index) => (index === bucket ? runs + 1 : runs)),
    seconds: before.seconds.map((sum, index) => (index === bucket ? sum + seconds : sum)),
  };
  return [...phases.filter((entry) => entry.phase !== phase), after];
}

/** `totals` with `run` counted. */
export function tally(totals: RunTotals, run: RunSummary): RunTotals {
  const timed = runPhases(run).filter((entry): entry is [TimedPhase, number] => isTimed(entry[0]));
  return {
    runs: addRun(totals.runs, run),
    pagesRendered: totals.pagesRendered + (run.build?.rendered ?? 0),
    phases: timed.reduce((phases, [phase, ms]) => addPhase(phases, phase, ms / 1000), totals.phases),
  };
}
