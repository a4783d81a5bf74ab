/**
 * Benchmark plumbing: runs a child process and measures it from outside — wall time, each output line
 * with the time it arrived, and memory: the peak resident set of the largest single process (GNU time's
 * `%M` when /usr/bin/time is installed, which covers every descendant it waits for) and the peak of the
 * whole process tree's summed VmRSS, sampled from /proc.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TimedLine {
  /** Milliseconds since the child was spawned. */
  at: number;
  text: string;
}

export interface MeasuredRun {
  code: number;
  ms: number;
  lines: TimedLine[];
  /** Largest VmHWM (peak RSS) seen of any one process of the tree, in KiB. */
  peakProcessKb: number;
  /** Largest sampled sum of VmRSS over the whole tree, in KiB. */
  peakTreeKb: number;
  /** CPU time (user + system) of the child and the descendants it waited for, in ms (GNU time only). */
  cpuMs?: number;
  /** Cores the whole machine kept busy on average while the child ran (from /proc/stat). */
  machineBusyCores: number;
  /** Peak RSS per command (first two words of its command line), in KiB. */
  byCommand: Map<string, number>;
}

const TIME = '/usr/bin/time';

/** Busy CPU time of the whole machine so far, in ms (USER_HZ = 100). */
export function machineBusyMs(): number {
  const [, ...fields] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  const ticks = fields.slice(0, 8).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return (ticks.reduce((sum, value) => sum + value, 0) - idle) * 10;
}

/** Parent pid of every process, from /proc/<pid>/stat. */
function parents(): Map<number, number> {
  const result = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      result.set(Number(name), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  return result;
}

/** The pids of `root` and all its descendants. */
export function descendants(root: number): number[] {
  const byParent = new Map<number, number[]>();
  for (const [pid, ppid] of parents()) byParent.set(ppid, [...(byParent.get(ppid) ?? []), pid]);
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    found.push(pid);
    queue.push(...(byParent.get(pid) ?? []));
  }
  return found;
}

/** VmRSS and VmHWM of a process in KiB, or undefined when it is gone. */
export function memoryOf(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return undefined;
  }
}

/** A process's program and script, short: `node render/warm-worker.ts`. */
export function commandOf(pid: number): string {
  try {
    const words = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const script = words.find((word, index) => index > 0 && !word.startsWith('-'));
    return [words[0]?.split('/').pop(), script?.split('/').slice(-2).join('/')]
      .filter(Boolean)
      .join(' ')
      .slice(0, 60);
  } catch {
    return '?';
  }
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Called with each line of the child's stdout and stderr as it arrives. */
  onLine?: (line: TimedLine) => void;
  /** Resolves early (without waiting for exit) once this returns true for a line. */
  readyWhen?: (line: string) => boolean;
  sampleMs?: number;
  /**
   * Run under GNU time for the exact peak of the largest process (default true). Off for long-running
   * children stopped with SIGTERM: time would die and leave the child running.
   */
  wrapWithTime?: boolean;
}

export interface RunningChild {
  pid: number;
  /** Resolves when `readyWhen` matched (or at exit when it never does). */
  ready: Promise<void>;
  /** Resolves at exit with the measurements. */
  done: Promise<MeasuredRun>;
  stop(): void;
}

export function runMeasured(
  program: string,
  args: readonly string[],
  options: RunOptions = {},
): RunningChild {
  const useTime = options.wrapWithTime !== false && existsSync(TIME);
  const timeFile = join(tmpdir(), `bench-time-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const [command, commandArgs] = useTime
    ? [TIME, ['-f', '%M %U %S', '-o', timeFile, program, ...args]]
    : [program, [...args]];
  const started = performance.now();
  const busyAtStart = machineBusyMs();
  const child = spawn(command, commandArgs, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: TimedLine[] = [];
  let readyResolve: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (readyResolve = resolve));
  const hwm = new Map<number, { kb: number; command: string }>();
  let peakTreeKb = 0;
  const sample = () => {
    if (child.pid === undefined) return;
    let sum = 0;
    for (const pid of descendants(child.pid)) {
      const memory = memoryOf(pid);
      if (!memory) continue;
      sum += memory.rss;
      const known = hwm.get(pid);
      if (!known) hwm.set(pid, { kb: memory.hwm, command: commandOf(pid) });
      else known.kb = Math.max(known.kb, memory.hwm);
    }
    peakTreeKb = Math.max(peakTreeKb, sum);
  };
  const timer = setInterval(sample, options.sampleMs ?? 200);

  const onData = (stream: NodeJS.ReadableStream) => {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      for (const text of parts) {
        const line = { at: performance.now() - started, text };
        lines.push(line);
        options.onLine?.(line);
        if (options.readyWhen?.(text)) readyResolve();
      }
    });
  };
  onData(child.stdout);
  onData(child.stderr);

  const done = new Promise<MeasuredRun>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearInterval(timer);
      readyResolve();
      const ms = performance.now() - started;
      let peakProcessKb = Math.max(0, ...[...hwm.values()].map((entry) => entry.kb));
      let cpuMs: number | undefined;
      if (useTime && existsSync(timeFile)) {
        // The last line is ours ("%M %U %S"); a line before it may say the command was killed.
        const [rss, user, system] = (readFileSync(timeFile, 'utf8').trim().split('\n').pop() ?? '')
          .split(' ')
          .map(Number);
        if (rss !== undefined && Number.isFinite(rss)) peakProcessKb = Math.max(peakProcessKb, rss);
        if (user !== undefined && system !== undefined && Number.isFinite(user + system))
          cpuMs = Math.round((user + system) * 1000);
        rmSync(timeFile, { force: true });
      }
      const byCommand = new Map<string, number>();
      for (const { kb, command: name } of hwm.values())
        if (!name.startsWith('time ')) byCommand.set(name, Math.max(byCommand.get(name) ?? 0, kb));
      resolve({
        code: code ?? (signal ? 128 : 1),
        ms,
        lines,
        peakProcessKb,
        peakTreeKb,
        ...(cpuMs === undefined ? {} : { cpuMs }),
        machineBusyCores: (machineBusyMs() - busyAtStart) / ms,
        byCommand,
      });
    });
  });
  return {
    pid: child.pid ?? -1,
    ready,
    done,
    stop: () => void child.kill('SIGTERM'),
  };
}

/** The JSON a bench child prints on a line starting with `BENCH `. */
export function benchResult<T>(run: MeasuredRun): T {
  const line = run.lines.findLast((entry) => entry.text.startsWith('BENCH '));
  if (!line) throw new Error(`The child printed no result (exit ${run.code}).`);
  return JSON.parse(line.text.slice('BENCH '.length)) as T;
}

/** How busy the machine is: 1-minute load average against the cores, and the busiest other processes. */
export function machineLoad(): string {
  const [one, five] = loadavg();
  const cores = availableParallelism();
  return `load ${one?.toFixed(2)} (1 min) / ${five?.toFixed(2)} (5 min) on ${cores} cores`;
}

/** Processes other than ours using noticeable CPU right now (a 1 s sample of /proc). */
export async function otherBusyProcesses(ours: ReadonlySet<number> = new Set()): Promise<string[]> {
  const ticks = () => {
    const result = new Map<number, number>();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        result.set(Number(name), Number(fields[11]) + Number(fields[12]));
      } catch {
        // gone meanwhile
      }
    }
    return result;
  };
  const before = ticks();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = ticks();
  const busy: string[] = [];
  for (const [pid, total] of after) {
    if (ours.has(pid) || pid === process.pid) continue;
    const used = total - (before.get(pid) ?? total);
    // 100 ticks a second: 20 ticks is 20 % of a core.
    if (used >= 20) busy.push(`${commandOf(pid)} (pid ${pid}, ${used} % CPU)`);
  }
  return busy;
}

/**
 * The machine's load and the other processes keeping it busy (not this one's descendants: our Chromium,
 * a shop started here), with a warning when they may have slowed the timings.
 */
export async function loadLine(): Promise<string> {
  const busy = await otherBusyProcesses(new Set(descendants(process.pid)));
  const [one = 0] = loadavg();
  const warning =
    one > availableParallelism() / 2 || busy.length > 0
      ? '\nWARNING: the machine is busy; times are likely inflated: run again when it is quiet.'
      : '';
  return `${machineLoad()}${busy.length ? `; busy: ${busy.join(', ')}` : ''}${warning}`;
}

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
export const megabytes = (kb: number): string => `${Math.round(kb / 1024)} MB`;
export const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** KB (1024 bytes) with one decimal, without the unit, for a table's cells. */
export const kb = (bytes: number): string => kilobytes(bytes).replace(' KB', '');
/** 'pass' when a figure is within its budget, else 'OVER'. */
export const verdict = (value: number, budget: number): string => (value <= budget ? 'pass' : 'OVER');
export const median = (list: readonly number[]): number => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};

/** A plain text table with right-aligned numbers. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const format = (row: readonly string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join(' | ');
  return [format(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(format)].join(
    '\n',
  );
}
