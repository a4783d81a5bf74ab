/**
 * `/metrics` in Prometheus' text exposition format (prom-client), set from the figures (figures.ts) at
 * each scrape: the rebuilds' runs, pages rendered and phase seconds (counters, and a histogram a phase,
 * made from the runs' totals), the queue and the live build, the payment records and the outbox (gauges),
 * and prom-client's default process metrics (memory, heap, event loop lag) with the warm renderer's memory
 * beside them. Every `shop_` figure but the renderer's memory is the shop's, the same from every replica:
 * aggregate those with max, not sum (docs/rebuilds.md).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Figures } from './figures.ts';
import {
  BUILD_MODES,
  PHASE_BUCKETS,
  RUN_OUTCOMES,
  TIMED_PHASES,
  type PhaseTotals,
  type RunTotals,
  type TimedPhase,
} from './run-totals.ts';

/** The answer's type; the route adds the charset. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4';

/** Each phase's histogram: its name and what it times (a swap is what publishes the new build). */
const PHASE_HISTOGRAMS: Record<TimedPhase, { name: string; help: string }> = {
  sync: {
    name: 'shop_rebuild_sync_seconds',
    help: 'Seconds a rebuild run spent reading the catalogue from Magento.',
  },
  plan: {
    name: 'shop_rebuild_plan_seconds',
    help: 'Seconds a rebuild run spent working out which pages and data files its change shows on.',
  },
  render: {
    name: 'shop_rebuild_render_seconds',
    help: 'Seconds a rebuild run spent rendering pages (in the warm renderer, or astro build).',
  },
  'site pass': {
    name: 'shop_rebuild_site_pass_seconds',
    help: 'Seconds a rebuild run spent checking and finishing the built site (links, secrets, compression).',
  },
  swap: {
    name: 'shop_rebuild_publish_seconds',
    help: 'Seconds a rebuild run spent publishing: the swap that makes the new build live.',
  },
};

const gauge = <T extends string>(
  registers: Registry[],
  about: { name: string; help: string },
  labelNames: readonly T[] = [],
) => new Gauge<T>({ ...about, labelNames, registers });

/** A histogram for each timed phase, its buckets those the totals count in. */
function phaseHistograms(registers: Registry[]): Record<TimedPhase, Histogram> {
  const histogram = (phase: TimedPhase) =>
    new Histogram({ ...PHASE_HISTOGRAMS[phase], buckets: [...PHASE_BUCKETS], registers });
  return {
    ...{ sync: histogram('sync'), plan: histogram('plan'), render: histogram('render') },
    ...{ 'site pass': histogram('site pass'), swap: histogram('swap') },
  };
}

/** The runs' figures: counters and the phase histogram from their totals, gauges of the queue and live build. */
function rebuildMetrics(registers: Registry[]) {
  return {
    runs: new Counter({
      name: 'shop_rebuild_runs_total',
      help: 'Rebuild runs finished, by outcome (published: a new build went live; unchanged: nothing to build; failed: the live site was kept) and build mode (warm, partial, full; none when nothing was built).',
      labelNames: ['outcome', 'mode'] as const,
      registers,
    }),
    pages: new Counter({
      name: 'shop_rebuild_pages_rendered_total',
      help: 'Pages rendered by the rebuild runs that published.',
      registers,
    }),
    phases: phaseHistograms(registers),
    queued: gauge(registers, {
      name: 'shop_rebuild_queue_depth',
      help: 'Triggers waiting for the next rebuild run (those that come together are coalesced into one run).',
    }),
    running: gauge(registers, {
      name: 'shop_rebuild_running',
      help: '1 while a rebuild run is under way, else 0.',
    }),
    livePages: gauge(registers, { name: 'shop_live_build_pages', help: 'Pages in the live build.' }),
    liveAge: gauge(registers, {
      name: 'shop_live_build_age_seconds',
      help: 'Seconds since the live build was made.',
    }),
  };
}

/** The renderer's memory, and the shop's records counted at the scrape. */
function countMetrics(registers: Registry[]) {
  return {
    renderer: gauge(registers, {
      name: 'shop_renderer_resident_memory_bytes',
      help: "Resident memory of the warm renderer, the child process that renders the rebuilds' pages (from the replica that builds, while it runs).",
    }),
    payments: gauge(
      registers,
      {
        name: 'shop_payment_records',
        help: 'Payment records by state: registered (the shopper went to pay), placing (the order is being placed), paid, failed.',
      },
      ['state'],
    ),
    givesBack: gauge(
      registers,
      {
        name: 'shop_payment_give_backs',
        help: 'Payments taken for an order that could not be placed, by state: owed (to be refunded to the shopper) or done (refunded).',
      },
      ['state'],
    ),
    outbox: gauge(
      registers,
      {
        name: 'shop_mail_outbox_messages',
        help: "The shop's e-mail outbox by state: queued (waiting, or to be tried again), sent, failed (given up). Sent and failed messages are kept for 30 days.",
      },
      ['state'],
    ),
  };
}

function shopMetrics(registry: Registry) {
  const registers = [registry];
  return {
    ...rebuildMetrics(registers),
    ...countMetrics(registers),
    /** What each phase's histogram was given of its totals at the last scrape. */
    fed: new Map<TimedPhase, PhaseTotals>(),
  };
}

type ShopMetrics = ReturnType<typeof shopMetrics>;

/** Counters set to the totals (a builder that counts afresh looks like a restart, which Prometheus expects). */
function setRuns(metrics: ShopMetrics, totals: RunTotals): void {
  metrics.runs.reset();
  // Every outcome and mode from the start, so the first run of each shows as an increase.
  for (const outcome of RUN_OUTCOMES) for (const mode of BUILD_MODES) metrics.runs.inc({ outcome, mode }, 0);
  for (const { outcome, mode, count } of totals.runs) metrics.runs.inc({ outcome, mode }, count);
  metrics.pages.reset();
  metrics.pages.inc(totals.pagesRendered);
}

/** `seconds` kept inside bucket `bucket` (a difference of sums may land a hair outside it). */
function inBucket(bucket: number, seconds: number): number {
  const lower = PHASE_BUCKETS[bucket - 1];
  const upper = PHASE_BUCKETS[bucket] ?? Infinity;
  const above = lower === undefined ? seconds : Math.max(seconds, lower * (1 + Number.EPSILON));
  return Math.min(upper, above);
}

/**
 * Brings the histogram to a phase's totals: what they gained since the last scrape is observed, each
 * bucket's new runs at their mean (a value inside the bucket), so its buckets, count and sum equal the
 * totals. Totals that went down (a builder counting afresh) are followed from nothing.
 */
function follow(metrics: ShopMetrics, totals: PhaseTotals): void {
  const histogram = metrics.phases[totals.phase];
  const before = metrics.fed.get(totals.phase);
  const shrank = totals.counts.some((runs, bucket) => runs < (before?.counts[bucket] ?? 0));
  const base = shrank ? undefined : before;
  if (!base) {
    histogram.reset();
    histogram.zero({});
  }
  totals.counts.forEach((runs, bucket) => {
    const gained = runs - (base?.counts[bucket] ?? 0);
    const mean = ((totals.seconds[bucket] ?? 0) - (base?.seconds[bucket] ?? 0)) / gained;
    for (let run = 0; run < gained; run += 1) histogram.observe(inBucket(bucket, mean));
  });
  metrics.fed.set(totals.phase, totals);
}

function setPhases(metrics: ShopMetrics, totals: RunTotals): void {
  const none = PHASE_BUCKETS.map(() => 0).concat(0);
  for (const phase of TIMED_PHASES)
    follow(
      metrics,
      totals.phases.find((entry) => entry.phase === phase) ?? { phase, counts: none, seconds: none },
    );
}

/** A gauge by state, its states as Prometheus labels are written (lower case); none when not counted. */
function setCounts(gauge: Gauge<'state'>, counts: Readonly<Record<string, number>> | undefined): void {
  gauge.reset();
  for (const [state, count] of Object.entries(counts ?? {})) gauge.set({ state: state.toLowerCase() }, count);
}

/** A gauge without labels, absent while there is nothing to say. */
function setOrClear(gauge: Gauge, value: number | undefined): void {
  // reset() would leave a gauge without labels at 0; remove() takes its one sample away.
  if (value === undefined) gauge.remove();
  else gauge.set(value);
}

function update(metrics: ShopMetrics, figures: Figures): void {
  setRuns(metrics, figures.totals);
  setPhases(metrics, figures.totals);
  metrics.queued.set(figures.queued);
  metrics.running.set(figures.running ? 1 : 0);
  setOrClear(metrics.livePages, figures.live?.pages);
  setOrClear(metrics.liveAge, figures.live?.ageSeconds);
  setOrClear(metrics.renderer, figures.memory.renderer);
  setCounts(metrics.payments, figures.shop?.payments);
  setCounts(metrics.givesBack, figures.shop?.givesBack);
  setCounts(metrics.outbox, figures.shop?.outbox);
}

/**
 * The scrape: the figures as they stand, in the text format. The registry is made at the first scrape, so
 * a server nobody scrapes watches no event loop for it.
 */
export function metricsScrape(read: () => Promise<Figures>): () => Promise<string> {
  let made: { registry: Registry; metrics: ShopMetrics } | undefined;
  return async () => {
    const figures = await read();
    if (!made) {
      const registry = new Registry();
      collectDefaultMetrics({ register: registry });
      made = { registry, metrics: shopMetrics(registry) };
    }
    update(made.metrics, figures);
    return made.registry.metrics();
  };
}
