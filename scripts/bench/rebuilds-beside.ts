/**
 * `bench:backend --beside-rebuilds`: warm rebuilds (scripts/bench/rebuilds.ts, a child process as the
 * storefront server is one) run back to back against the bench's back end while the shoppers shop. The
 * child builds a throwaway site first (cold) in a scratch folder under var/ (inside the project: Astro's
 * prerender must resolve node_modules) and waits for its warm renderer; `go()` starts the saves and runs,
 * `stop()` ends them and returns what ran.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { descendants, median, runMeasured, seconds, type TimedLine } from './proc.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RebuildRun {
  sku: string;
  putMs: number;
  ms: number;
  outcome: 'published' | 'unchanged' | 'failed';
  mode?: 'full' | 'partial' | 'warm';
  rendered?: number;
  pages?: number;
  syncMs?: number;
  buildMs?: number;
  timings?: Record<string, number>;
  error?: string;
}

export interface RebuildsBeside {
  /** Starts the price saves and rebuild runs. */
  go(): void;
  /** Runs finished so far since `go`. */
  readonly runs: readonly RebuildRun[];
  /** Why the child ended early, if it did. */
  readonly failure: string | undefined;
  /** Ends the runs (one in flight is abandoned) and the child; resolves with what ran. */
  stop(): Promise<{ runs: RebuildRun[]; inFlight: boolean; failure: string | undefined }>;
  /** Removes the scratch folder. */
  remove(): void;
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

const cmdline = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

/**
 * Starts the child and resolves once its first (cold) build is live and its warm renderer is ready;
 * rejects, with its last lines, when it fails before.
 */
export async function startRebuildsBeside(magento: { url: string; token: string }): Promise<RebuildsBeside> {
  mkdirSync(resolve(root, 'var/bench-backend'), { recursive: true });
  const dir = mkdtempSync(resolve(root, 'var/bench-backend/rebuilds-'));
  // The bench's back end, folders and site; none of the developer's Magento or rebuild settings.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(MAGENTO_|REBUILD_|CATALOGUE_|IMAGE_CACHE_DIR$|SITE_URL$|SHOP_CLOCK_FILE$)/.test(name),
    ),
  );
  const lines: string[] = [];
  const runs: RebuildRun[] = [];
  let inFlight = false;
  let ready: { firstBuildMs: number; warmMs: number; pages?: number; mode?: string } | undefined;
  const child = runMeasured(process.execPath, ['scripts/bench/rebuilds.ts', '--dist', join(dir, 'dist')], {
    cwd: root,
    env: {
      ...inherited,
      MAGENTO_URL: magento.url,
      MAGENTO_TOKEN: magento.token,
      CATALOGUE_SNAPSHOT: join(dir, 'catalogue.db'),
      IMAGE_CACHE_DIR: join(dir, 'image-cache'),
      BENCH_ASTRO_CACHE_DIR: join(dir, 'astro-cache'),
      SITE_URL: 'http://127.0.0.1:4321',
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    wrapWithTime: false,
    readyWhen: (line) => line.startsWith('READY '),
    onLine: ({ text }: TimedLine) => {
      lines.push(text);
      if (lines.length > 60) lines.shift();
      if (text.startsWith('READY ')) ready = JSON.parse(text.slice(6)) as NonNullable<typeof ready>;
      else if (text.startsWith('RUN ')) runs.push(JSON.parse(text.slice(4)) as RebuildRun);
      else if (text.startsWith('STOPPED '))
        inFlight = (JSON.parse(text.slice(8)) as { inFlight: boolean }).inFlight;
      else if (/WARNING|[Ee]rror|failed|could not/.test(text)) console.info(`  [rebuilds] ${text}`);
    },
  });
  let exited: number | undefined;
  void child.done.then((run) => (exited = run.code));
  /** Processes of the child's tree (the warm renderer, an `astro build`), to end any it leaves behind. */
  const tree = new Set<number>();
  const sampler = setInterval(() => {
    for (const pid of descendants(child.pid)) if (pid !== child.pid) tree.add(pid);
  }, 1000);
  const remove = () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  const failureOf = () =>
    exited === undefined ? undefined : `the rebuild process exited (${exited}):\n    ${lines.join('\n    ')}`;
  let stopping: ReturnType<RebuildsBeside['stop']> | undefined;
  const stop: RebuildsBeside['stop'] = () =>
    (stopping ??= (async () => {
      const failure = failureOf();
      child.stop();
      await child.done;
      clearInterval(sampler);
      // The warm renderer ends when its parent goes; give it a moment, then end what is left (by pid,
      // each checked to still be one of ours).
      await sleep(1000);
      for (const pid of tree)
        if (/warm-worker|astro/.test(cmdline(pid)))
          try {
            process.kill(pid, 'SIGTERM');
          } catch {
            // gone meanwhile
          }
      return { runs: [...runs], inFlight, failure };
    })());

  console.info('  rebuilds beside: a cold build of the bench catalogue, then its warm renderer…');
  const started = performance.now();
  await child.ready;
  if (!ready) {
    await stop();
    remove();
    throw new Error(failureOf() ?? 'the rebuild process never became ready');
  }
  console.info(
    `  rebuilds beside: first build (${ready.mode}, ${ready.pages} pages) ${seconds(ready.firstBuildMs)}, warm renderer ready ${seconds(ready.warmMs)} later (${seconds(performance.now() - started)} in all)`,
  );
  return {
    go: () => {
      try {
        process.kill(child.pid, 'SIGUSR2');
      } catch {
        // It has exited: \`failure\` says why.
      }
    },
    get runs() {
      return runs;
    },
    get failure() {
      return failureOf();
    },
    stop,
    remove,
  };
}

const ms = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)} ms`);

/** The lines of the report: how many runs, how they went, their median duration and phases. */
export function rebuildsReport(result: Awaited<ReturnType<RebuildsBeside['stop']>>): string[] {
  const { runs, inFlight, failure } = result;
  const count = (list: readonly (string | undefined)[]) => {
    const counts = new Map<string, number>();
    for (const item of list) counts.set(item ?? 'none', (counts.get(item ?? 'none') ?? 0) + 1);
    return [...counts].map(([name, n]) => `${n} ${name}`).join(', ');
  };
  const of = (pick: (run: RebuildRun) => number | undefined) =>
    median(runs.map(pick).filter((value): value is number => value !== undefined));
  const timingNames = [...new Set(runs.flatMap((run) => Object.keys(run.timings ?? {})))].filter(
    (name) => !name.startsWith('work.'),
  );
  const out = [
    `  beside them: ${runs.length} warm rebuild run(s) finished back to back${inFlight ? ', another was still running' : ''}` +
      (runs.length > 0
        ? ` (outcomes: ${count(runs.map((run) => run.outcome))}; builds: ${count(runs.map((run) => run.mode))})`
        : ''),
  ];
  if (runs.length > 0) {
    const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
    out.push(
      `  rebuild run (sync + build + swap): median ${ms(of((run) => run.ms))}, min ${ms(sorted[0])}, max ${ms(sorted.at(-1))};` +
        ` sync ${ms(of((run) => run.syncMs))}, build ${ms(of((run) => run.buildMs))}; price save (PUT) ${ms(of((run) => run.putMs))};` +
        ` pages rendered per run ${of((run) => run.rendered)} of ${runs[0]?.pages ?? '?'}`,
    );
    // A warm build's `render` is the renderer's whole run: its `plan` (paths and fingerprints) and `renderPages`.
    const label = (name: string) =>
      name === 'render' ? 'render (warm renderer, = plan + renderPages)' : name;
    if (timingNames.length > 0)
      out.push(
        `  build phases, medians: ${timingNames.map((name) => `${label(name)} ${ms(of((run) => run.timings?.[name]))}`).join(', ')}`,
      );
  }
  const notWarm = runs.filter((run) => run.mode !== 'warm' || run.outcome !== 'published');
  if (notWarm.length > 0)
    out.push(
      `  WARNING: ${notWarm.length} run(s) were not published warm: ${[...new Set(notWarm.map((run) => run.error ?? `${run.outcome} ${run.mode ?? ''}`))].slice(0, 3).join(' | ')}`,
    );
  if (failure) out.push(`  WARNING: ${failure}`);
  return out;
}
