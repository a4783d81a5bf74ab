/**
 * What the rebuild bench (scripts/bench-rebuild.ts and its worst cases, rebuild-worst.ts) says to the shop it
 * started: the embedded back end's admin API as an editor uses it, the status page's history of runs, and
 * one line per run of where its time went.
 */
import { DEMO_STATUS_PASSWORD } from '../../src/config/publishing.ts';
import type { RebuildStatus, RunSummary } from '../../src/publish/rebuild/rebuilder.ts';

/** The demo back end's admin, as the seed creates it. */
const ADMIN = { username: 'admin', password: 'Admin123!' };

export const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/** A rebuild run as the status page summarised it; `reasons` cut to the first few (a bulk run has hundreds). */
export type RunRecord = Omit<RunSummary, 'reasons'> & { reasons: string[]; reasonCount: number };

export const runRecord = (run: RunSummary): RunRecord => ({
  ...run,
  reasons: run.reasons.slice(0, 5),
  reasonCount: run.reasons.length,
});

export async function magento(
  base: string,
  path: string,
  init: RequestInit & { token: string },
): Promise<unknown> {
  const response = await fetch(`${base}/rest/V1${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${init.token}` },
  });
  const body: unknown = await response.json();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** An admin token of the bench's back end, as an editor signs in. */
export const adminTokenOf = async (magentoUrl: string): Promise<string> =>
  (await (
    await fetch(`${magentoUrl}/rest/V1/integration/admin/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json()) as string;

/** The status page's JSON (its password is the demo one the bench's `npm start` runs with); undefined on failure. */
export async function rebuildStatus(shopUrl: string): Promise<RebuildStatus | undefined> {
  try {
    const response = await fetch(`${shopUrl}/rebuild/status`, {
      headers: { Authorization: `Bearer ${DEMO_STATUS_PASSWORD}` },
    });
    return response.ok ? ((await response.json()) as RebuildStatus) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The newest run in the status page's history whose reasons include one of `reasons`, waiting up to `ms`;
 * with `since` (epoch ms), only a run started then or later: the same product saved again names the same reason.
 */
export async function runCovering(
  shopUrl: string,
  reasons: readonly string[],
  ms = 10_000,
  since = 0,
): Promise<RunSummary | undefined> {
  const until = performance.now() + ms;
  for (;;) {
    const status = await rebuildStatus(shopUrl);
    const run = status?.history.find(
      (entry) =>
        Date.parse(entry.startedAt) >= since && reasons.some((reason) => entry.reasons.includes(reason)),
    );
    if (run || performance.now() > until) return run;
    await sleep(250);
  }
}

export const runCount = (count: number): string => `${count} run${count === 1 ? '' : 's'}`;

/** Seconds with two decimals, for phases well under a second. */
export const s2 = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/** Build timings in their order: a warm build's phases, then `astro build`'s; work sums (`work.*`) left out. */
const PHASE_ORDER = [
  'plan',
  'render',
  'renderPages',
  'sitePass',
  'swap',
  'astro',
  'astroBundle',
  'astroRender',
];

export const phasesOf = (timings: Readonly<Record<string, number>> | undefined): string =>
  Object.entries(timings ?? {})
    .filter(([name]) => !name.startsWith('work.'))
    .sort(([a], [b]) => {
      const rank = (name: string) =>
        PHASE_ORDER.includes(name) ? PHASE_ORDER.indexOf(name) : PHASE_ORDER.length;
      return rank(a) - rank(b);
    })
    .map(([name, ms]) => `${name} ${s2(ms)}`)
    .join(', ');

/** One compact line of a run's phases: its wait in the queue, sync, build mode, pages rendered and timings. */
export function runLine(run: RunRecord | undefined, queueMs: number | undefined): string {
  if (!run) return 'no run in the status page names this save';
  const parts = [
    `queue ${queueMs === undefined ? '–' : s2(queueMs)}`,
    `run ${s2(run.durationMs)} ${run.outcome}`,
  ];
  if (run.sync) parts.push(`sync ${run.sync.mode} ${s2(run.sync.ms)} (${run.sync.updated} updated)`);
  if (run.build) {
    parts.push(
      `build ${run.build.mode} ${s2(run.build.ms)}, ${run.build.rendered} / ${run.build.pages} rendered`,
    );
    const phases = phasesOf(run.build.timings);
    if (phases) parts.push(phases);
    if (run.build.fullBecause) parts.push(`full because ${run.build.fullBecause}`);
  }
  if (run.error) parts.push(`error: ${run.error}`);
  return parts.join('; ');
}
