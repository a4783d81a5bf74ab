/**
 * The figures an operator reads, gathered by one function so that /metrics (metrics.ts) and the editors'
 * status page (its "Figures") cannot disagree: the runs' totals, the recent runs' median phases, the queue,
 * the live build, this server's memory and its warm renderer's, and the shop's payment records and e-mail
 * outbox. The rebuild figures come from the rebuilder's status (with replicas, the shared store's, so every
 * replica answers alike); the memory is this process's, and its renderer's on the replica that builds.
 */
import { readFileSync } from 'node:fs';
import type { BuildInfo } from '../releases/build-info.ts';
import type { RebuildStatus, Rebuilder } from './run-types.ts';
import { NO_TOTALS, TIMED_PHASES, type RunTotals, type TimedPhase } from './run-totals.ts';
import { runPhases } from './status-page.ts';

/** The shop's records, counted when asked (src/server/shop-counts.ts). */
export interface ShopCounts {
  /** Payment records by state (REGISTERED, PLACING, PAID, FAILED). */
  readonly payments: Readonly<Record<string, number>>;
  /** Payments owed back to the shopper (OWED) or given back (DONE). */
  readonly givesBack: Readonly<Record<string, number>>;
  /** The e-mail outbox's messages by state (queued, sent, failed). */
  readonly outbox: Readonly<Record<string, number>>;
}

export interface Figures {
  readonly totals: RunTotals;
  /** Each phase's median seconds over the recent runs (the status's history) that had it. */
  readonly medians: Readonly<Partial<Record<TimedPhase, number>>>;
  /** Triggers waiting for the next run (they are coalesced into one). */
  readonly queued: number;
  readonly running: boolean;
  readonly live: { readonly pages: number; readonly ageSeconds: number } | undefined;
  /** Resident memory in bytes; the renderer's only where it runs (the builder), while it runs. */
  readonly memory: { readonly server: number; readonly renderer: number | undefined };
  /** Undefined when this server has no records to count, or they could not be counted just now. */
  readonly shop: ShopCounts | undefined;
}

export interface FigureSources {
  readonly rebuilder: Pick<Rebuilder, 'status' | 'rendererPid'>;
  readonly liveBuild: () => BuildInfo | undefined;
  readonly shopCounts?: (() => Promise<ShopCounts>) | undefined;
  readonly log?: ((message: string) => void) | undefined;
}

/**
 * A process's resident memory in bytes, from /proc (Linux): read from outside, it answers while the
 * renderer is busy rendering, when a message to it would wait behind the render. Undefined elsewhere, or
 * once the process has gone.
 */
export function residentBytes(pid: number): number | undefined {
  try {
    const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kilobytes === undefined ? undefined : Number(kilobytes) * 1024;
  } catch {
    return undefined;
  }
}

const median = (values: readonly number[]): number | undefined => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return undefined;
  return sorted.length % 2 === 1 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function mediansOf(status: RebuildStatus): Figures['medians'] {
  const runs = status.history.map((run) => new Map(runPhases(run)));
  const medians: Partial<Record<TimedPhase, number>> = {};
  for (const phase of TIMED_PHASES) {
    const value = median(runs.flatMap((timed) => timed.get(phase) ?? []));
    if (value !== undefined) medians[phase] = value / 1000;
  }
  return medians;
}

async function shopCountsOf(sources: FigureSources): Promise<ShopCounts | undefined> {
  try {
    return await sources.shopCounts?.();
  } catch (error) {
    sources.log?.(`Figures: the payments and the outbox could not be counted: ${String(error)}`);
    return undefined;
  }
}

/** The figures as they stand now. */
export async function readFigures(sources: FigureSources, now = Date.now()): Promise<Figures> {
  const status = sources.rebuilder.status();
  const live = sources.liveBuild();
  const rendererPid = sources.rebuilder.rendererPid?.();
  return {
    totals: status.totals ?? NO_TOTALS,
    medians: mediansOf(status),
    queued: status.queued.length,
    running: status.state === 'running',
    live: live && { pages: live.pages, ageSeconds: Math.max(0, (now - Date.parse(live.builtAt)) / 1000) },
    memory: {
      server: process.memoryUsage.rss(),
      renderer: rendererPid === undefined ? undefined : residentBytes(rendererPid),
    },
    shop: await shopCountsOf(sources),
  };
}
