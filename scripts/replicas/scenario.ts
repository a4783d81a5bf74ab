/**
 * What a scenario is and what it reports: checks (each passes or fails, with its figures in the sentence)
 * and plain figures. A scenario passes when it ran to its end and every check passed; one that throws or
 * outlives its time limit fails with the reason.
 */
import type { Topology } from './topology.ts';

export interface RunOptions {
  /** T1's guest checkouts, split in thirds: plain, DROP_FIRST_REPLY, NOTIFY_TWICE. */
  readonly checkouts: number;
  /** Concurrent shoppers of T7. */
  readonly shoppers: number;
}

export interface ScenarioContext {
  readonly topology: Topology;
  readonly options: RunOptions;
  /** Aborted when the scenario's time is up: loops stop. */
  readonly signal: AbortSignal;
  readonly log: (line: string) => void;
}

export class Findings {
  readonly lines: { readonly kind: 'pass' | 'fail' | 'figure'; readonly text: string }[] = [];

  /** Records a check; returns `ok` so a scenario can stop early on a failed precondition. */
  check(ok: boolean, text: string): boolean {
    this.lines.push({ kind: ok ? 'pass' : 'fail', text });
    return ok;
  }

  figure(text: string): void {
    this.lines.push({ kind: 'figure', text });
  }

  get failed(): number {
    return this.lines.filter((line) => line.kind === 'fail').length;
  }

  get checks(): number {
    return this.lines.filter((line) => line.kind !== 'figure').length;
  }
}

export interface Scenario {
  /** `smoke`, `t1` … `t7`: what `--only` takes. */
  readonly id: string;
  readonly title: string;
  /** A scenario still running after this long fails (and its loops are aborted). */
  readonly timeoutMs: number;
  run(context: ScenarioContext, findings: Findings): Promise<void>;
}

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
