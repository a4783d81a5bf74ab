/**
 * `npm run bench:rebuild -- --products 250,10000`: change-to-live figures for DESIGN.md §5, printed, not
 * asserted. For each catalogue size, in var/bench-rebuild/<n>/ (inside the project: Astro's prerender
 * must resolve node_modules), one size after the other, on a frozen copy of the project's sources:
 * 1. seed the embedded back end's database (pictures only up to 1,000 products);
 * 2. `npm start` (scripts/start.ts) on free ports with that database: full sync and the first, full build
 *    (the full-build time for comparison), then it serves with its rebuilder on;
 * 3. the warm renderer (src/publish/render/): the status page's `renderer` polled until it is `warm` (up to
 *    5 minutes; the changes are measured anyway when it never is);
 * 4. change-to-live, 5 times, one product after the other: an editor's price change through the admin API
 *    (`PUT /rest/V1/products/{sku}`), which calls the storefront's signed hook; the clock stops when the
 *    product page serves the new price. The median and all 5, each with its run's phases from the status
 *    page (its wait in the queue, sync, the build's timings). These are the first simple products: machines,
 *    whose cards few pages show;
 * 4b. the worst cases (bench/rebuild-worst.ts; `--no-worst` skips them): the most widely fitting accessory's
 *    and detergent's price (the accessory's parts page watched too) and a stock switch, 5 times each;
 * 5. bulk (`--bulk N`, default 1,000, 0 skips it): N prices saved through the admin API, 8 at a time; the
 *    clock stops when all N product pages serve their new price; which runs covered the saves;
 * 6. with `--full-rebuild`, a change through a full rebuild (hook body `{"full":true}`);
 * 7. with `--prices`, a sale scheduled for midnight and the shop's clock moved to a second before it: how
 *    long after the instant the product page and its listing show "Was";
 * 8. with `--block`, an editor's CMS block save (the home page's first promo banner retitled through
 *    `PUT /rest/V1/cmsBlock/{id}`): how long until the home page shows it;
 * 9. with `--astro-incremental`, Astro 7's `experimental.incrementalBuild` on a copy of the project whose
 *    product route returns the product fingerprint as `cacheKey`: a cold build, then one product changed.
 * Each size ends with a table of its cases beside the issue's budget (median / worst), the pages each run
 * rendered and the worst run's phases.
 * Memory: the peak RSS of each `astro build` (from its build-info.json), of the server process and of its
 * warm renderer's process (a child running warm-worker.ts).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_REBUILD_SECRET } from '../src/config/publishing.ts';
import { buildInfoSchema, configHash, type BuildInfo } from '../src/publish/releases/build-info.ts';
import { buildSite } from '../src/publish/render/build.ts';
import { loadEnv } from '../src/config/env.ts';
import { formatPrice } from '../src/catalogue/money.ts';
import { readSnapshot } from '../src/catalogue/snapshot.ts';
import type { RebuildStatus, RunSummary } from '../src/publish/rebuild/rebuilder.ts';
import {
  commandOf,
  descendants,
  machineLoad,
  median,
  megabytes,
  memoryOf,
  runMeasured,
  seconds,
  table,
  type RunningChild,
} from './bench/proc.ts';
import {
  adminTokenOf,
  magento,
  rebuildStatus,
  runCount,
  runCovering,
  runLine,
  runRecord,
  s2,
  sleep,
  type RunRecord,
} from './bench/rebuild-shop.ts';
import {
  budgetCells,
  bulkBudget,
  cardPagesByUrlKey,
  editLine,
  measureWorstCases,
  oneProductBudget,
  phaseCell,
  renderedCell,
  spread,
  worstEdit,
  type WorstCase,
} from './bench/rebuild-worst.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  allowNegative: true,
  options: {
    products: { type: 'string', default: '250,10000' },
    'full-rebuild': { type: 'boolean', default: false },
    'astro-incremental': { type: 'boolean', default: false },
    /** A sale scheduled for midnight: from the instant on the shop's clock to its pages showing it. */
    prices: { type: 'boolean', default: false },
    /** An editor's CMS block save: from the save to the home page showing it. */
    block: { type: 'boolean', default: false },
    /** N prices saved at once through the admin API: from the first save to all N pages live (0: skip). */
    bulk: { type: 'string', default: '1000' },
    /**
     * The worst cases (bench/rebuild-worst.ts: the widest-fitting accessory's and detergent's price, a stock
     * switch), each 5 times; `--no-worst` leaves them out.
     */
    worst: { type: 'boolean', default: true },
  },
});
const bulkSize = Number(values.bulk);
if (!Number.isInteger(bulkSize) || bulkSize < 0)
  throw new Error('--bulk takes a number of products, e.g. 1000');
/** Price changes measured one after the other; the budget is their median. */
const CHANGES = 5;
/** Admin saves in flight at once in the bulk update. */
const BULK_CONCURRENCY = 8;
const sizes = (values.products ?? '')
  .split(',')
  .map((text) => Number(text.trim().replace(/k$/, '000')))
  .filter((n) => Number.isInteger(n) && n > 0);
if (sizes.length === 0) throw new Error('--products takes a comma-separated list of sizes, e.g. 250,10000');

const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });

/**
 * A frozen copy of the project (sources, scripts, config; node_modules linked): others editing the working
 * tree meanwhile would otherwise turn the measured partial rebuilds into full ones.
 */
function copyProject(target: string): void {
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const path of [
    'src',
    'public',
    'scripts',
    'astro.config.mjs',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
  ])
    cpSync(join(root, path), join(target, path), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(target, 'node_modules'), 'dir');
}

interface BuildFigures {
  ms: number;
  mode: string;
  pages: number;
  rendered: number;
  astroPeakKb: number | undefined;
  timings: Record<string, number>;
}

const figures = (info: BuildInfo): BuildFigures => ({
  ms: info.durationMs,
  mode: info.mode ?? 'full',
  pages: info.pages,
  rendered: info.rendered ?? info.pages,
  astroPeakKb: info.astroPeakRssKb,
  timings: info.timings ?? {},
});

interface ChangeToLive {
  /** Admin save sent → new price served by the product page. */
  ms: number;
  sku?: string;
  price?: number;
  /** Built HTML pages showing the product's card before the change (bench/rebuild-worst.ts). */
  cardPages?: number;
  /** When the admin save was sent (ISO). */
  savedAt?: string;
  /** The save → the start of the run that covered it (the debounce and any run ahead of it). */
  queueMs?: number;
  /** The run that covered the save, from the status page's history. */
  run?: RunRecord;
  sync: { mode: string; ms: number; updated: number } | undefined;
  build: BuildFigures;
  serverRssKb: number | undefined;
}

/** N prices saved at once: from the first save to the last of their pages serving its new price. */
interface BulkFigures {
  products: number;
  /** The first PUT sent → the last PUT answered. */
  putsMs: number;
  /** The first PUT sent → the last of the N pages seen serving its new price. */
  liveMs: number;
  /** Pages still not serving their new price when the bench gave up (15 minutes). */
  notLive: number;
  /** The runs whose reasons name one of the N saves, oldest first, each with its oldest save's wait. */
  runs: (RunRecord & { bulkSaves: number; queueMs: number | undefined })[];
}

interface WarmRendererFigures {
  /** Serving → the status page's `renderer` said `warm`; undefined when it never did. */
  readyMs: number | undefined;
  /** The last `renderer` state seen, and why the bench stopped waiting when it never became warm. */
  state: string;
}

/** A scheduled sale reaching the pages: from its instant (on the shop's clock) to the page and its listing. */
interface PriceBoundary {
  sku: string;
  listing: string;
  /** The instant → the product page shows "Was"; → its listing page does too. */
  pageMs: number;
  listingMs: number;
  build: BuildFigures;
}

interface SizeFigures {
  products: number;
  prices?: PriceBoundary;
  block?: ChangeToLive;
  startMs: number;
  firstBuild: BuildFigures;
  warmRenderer: WarmRendererFigures;
  /** The change whose time is the median of the 5 (`changes`). */
  partial: ChangeToLive;
  /** The 5 changes' times, in the order they were made. */
  changeMs: number[];
  changes: ChangeToLive[];
  /** The worst cases (bench/rebuild-worst.ts), when measured. */
  worst?: WorstCase[];
  bulk?: BulkFigures;
  full?: ChangeToLive;
  astroIncremental?: { cold: BuildFigures; warm: BuildFigures } | { skipped: string };
  serverPeakKb: number;
  /** Peak RSS (VmHWM) of the warm renderer's process; undefined when none was seen. */
  warmPeakKb: number | undefined;
  /** The most RSS the server and all its processes held at once (sampled every TOGETHER_EVERY_MS). */
  togetherPeakKb: number;
  /** When that was, from the server's start, and each process's part of it. */
  togetherPeakAt?: Omit<TogetherPeak, 'kb'>;
  /** Warm renderer processes still running after the server stopped (the bench ended them). */
  warmLeftRunning?: number[];
  load: string[];
}

/** Seeds the database in a child (the back end's own start-up), then stops it. */
async function seed(project: string, dir: string, products: number, env: NodeJS.ProcessEnv): Promise<void> {
  const started = performance.now();
  const child = runMeasured(process.execPath, ['scripts/bench/backend.ts'], {
    cwd: project,
    env,
    readyWhen: (line) => line.startsWith('BENCH '),
    wrapWithTime: false,
  });
  await child.ready;
  child.stop();
  const run = await child.done;
  if (!run.lines.some((line) => line.text.startsWith('BENCH ')))
    throw new Error(`Seeding ${products} products failed:\n${run.lines.map((line) => line.text).join('\n')}`);
  console.info(`  seeded ${products} products into ${dir} in ${seconds(performance.now() - started)}`);
}

async function liveInfo(dist: string): Promise<BuildInfo> {
  return buildInfoSchema.parse(JSON.parse(readFileSync(join(dist, 'build-info.json'), 'utf8')));
}

/** The pids of the server's warm renderer processes (children running warm-worker.ts). */
function warmRendererPids(serverPid: number): number[] {
  return descendants(serverPid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('warm-worker');
    } catch {
      return false;
    }
  });
}

/** The most RSS all processes held at once: how much, when from the server's start, and each one's part. */
interface TogetherPeak {
  readonly kb: number;
  readonly atMs: number;
  readonly parts: readonly { readonly command: string; readonly kb: number }[];
}

/**
 * Memory seen while measuring: the server's RSS and its warm renderer's peak, sampled from /proc; and,
 * every TOGETHER_EVERY_MS from the server's start, the RSS of all its processes at once (the bundle's
 * child too), the budget's "all processes of npm start together".
 */
class MemorySampler {
  serverRssKb = 0;
  warmPeakKb: number | undefined;
  together: TogetherPeak = { kb: 0, atMs: 0, parts: [] };
  private readonly startedAt = performance.now();
  readonly warmPids = new Set<number>();
  private readonly serverPid: number;
  private readonly timer: NodeJS.Timeout;
  constructor(serverPid: number) {
    this.serverPid = serverPid;
    this.timer = setInterval(() => this.sampleTogether(), TOGETHER_EVERY_MS).unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private sampleTogether(): void {
    const parts = descendants(this.serverPid).map((pid) => ({ pid, kb: memoryOf(pid)?.rss ?? 0 }));
    const kb = parts.reduce((sum, part) => sum + part.kb, 0);
    if (kb <= this.together.kb) return;
    const atMs = performance.now() - this.startedAt;
    this.together = { kb, atMs, parts: parts.map(({ pid, kb }) => ({ command: commandOf(pid), kb })) };
  }

  sample(): number {
    const rss = memoryOf(this.serverPid)?.rss ?? 0;
    this.serverRssKb = Math.max(this.serverRssKb, rss);
    for (const pid of warmRendererPids(this.serverPid)) {
      this.warmPids.add(pid);
      const hwm = memoryOf(pid)?.hwm;
      if (hwm !== undefined) this.warmPeakKb = Math.max(this.warmPeakKb ?? 0, hwm);
    }
    return rss;
  }
}

const TOGETHER_EVERY_MS = 250;

/** `, 41.2 s after the start: node scripts/start.ts 470 MB + node render/warm-worker.ts 880 MB`. */
function togetherParts(peak: SizeFigures['togetherPeakAt']): string {
  if (!peak || peak.parts.length === 0) return '';
  const parts = peak.parts
    .filter((part) => part.kb > 0)
    .map((part) => `${part.command} ${megabytes(part.kb)}`);
  return `, ${(peak.atMs / 1000).toFixed(1)} s after the start: ${parts.join(' + ')}`;
}

/**
 * Polls the status page (every 250 ms, up to 5 minutes) until its `renderer` says `warm`. Stops early
 * when the server logged that the renderer could not start (`failed()`), or the status has no `renderer`.
 */
async function waitForWarmRenderer(
  shopUrl: string,
  servingAt: number,
  sampler: MemorySampler,
  failed: () => string | undefined,
): Promise<WarmRendererFigures> {
  let state = 'no answer from the status page';
  while (performance.now() - servingAt < 5 * 60_000) {
    const status = await rebuildStatus(shopUrl);
    sampler.sample();
    if (status) state = status.renderer ?? 'absent (the status has no renderer field)';
    if (status?.renderer === 'warm') return { readyMs: performance.now() - servingAt, state };
    if (status && status.renderer === undefined) return { readyMs: undefined, state };
    const failure = failed();
    if (failure) return { readyMs: undefined, state: `${state}: ${failure}` };
    await sleep(250);
  }
  return { readyMs: undefined, state: `${state} after 5 minutes` };
}

/** Saves a new price as an editor would (or asks the hook for a full rebuild), then waits until it is served. */
async function changeToLive(options: {
  magentoUrl: string;
  shopUrl: string;
  dist: string;
  sku: string;
  urlKey: string;
  price: number;
  full: boolean;
  sampler: MemorySampler;
}): Promise<ChangeToLive> {
  const adminToken = await adminTokenOf(options.magentoUrl);
  const shown = formatPrice(options.price);
  const savedAt = Date.now();
  const started = performance.now();
  await magento(options.magentoUrl, `/products/${encodeURIComponent(options.sku)}`, {
    method: 'PUT',
    token: adminToken,
    body: JSON.stringify({
      product: {
        price: options.price,
        custom_attributes: [{ attribute_code: 'list_price', value: String(options.price) }],
      },
    }),
  });
  const fullReason = 'bench: full rebuild';
  if (options.full) {
    const { signRebuildRequest } = await import('../src/publish/rebuild/signature.ts');
    const body = JSON.stringify({ reason: fullReason, full: true });
    await fetch(`${options.shopUrl}/rebuild`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...signRebuildRequest(DEMO_REBUILD_SECRET, body) },
      body,
    });
  }
  let serverRssKb = 0;
  for (;;) {
    // A connection the server closes between two polls (keep-alive) is no reason to stop waiting.
    const page = await fetch(`${options.shopUrl}/${options.urlKey}`)
      .then((response) => response.text())
      .catch(() => '');
    serverRssKb = Math.max(serverRssKb, options.sampler.sample());
    if (page.includes(shown)) break;
    if (performance.now() - started > 15 * 60_000)
      throw new Error(`${shown} never showed on /${options.urlKey}`);
    await sleep(100);
  }
  const ms = performance.now() - started;
  // The rebuilder records its summary right after the switch.
  await sleep(1000);
  const run = await runCovering(
    options.shopUrl,
    options.full ? [fullReason] : [`product ${options.sku} saved`],
  );
  const build = await liveInfo(options.dist).then(figures, () => undefined);
  return {
    ms,
    sku: options.sku,
    price: options.price,
    savedAt: new Date(savedAt).toISOString(),
    ...(run ? { run: runRecord(run), queueMs: Date.parse(run.startedAt) - savedAt } : {}),
    sync: run?.sync,
    build: build ?? buildOfRun(run),
    serverRssKb,
  };
}

/** A run's build as BuildFigures, when the live build's info cannot be read. */
const buildOfRun = (run: RunSummary | undefined): BuildFigures => ({
  ms: run?.build?.ms ?? 0,
  mode: run?.build?.mode ?? '–',
  pages: run?.build?.pages ?? 0,
  rendered: run?.build?.rendered ?? 0,
  astroPeakKb: undefined,
  timings: { ...run?.build?.timings },
});

/**
 * A bulk price update: `products` saved through the admin API, BULK_CONCURRENCY at a time, each at a price of
 * its own; then every product page fetched again and again (only those not yet serving their new price)
 * until all are live. The status page is read on each pass, so runs that leave its short history are kept.
 */
async function bulkToLive(options: {
  magentoUrl: string;
  shopUrl: string;
  products: readonly { sku: string; urlKey: string }[];
  sampler: MemorySampler;
}): Promise<BulkFigures> {
  const token = await adminTokenOf(options.magentoUrl);
  const targets = options.products.map((product, index) => {
    const price = 4000 + index + 0.25;
    return { ...product, price, shown: formatPrice(price), savedAt: 0, liveAt: 0 };
  });
  const reasonOf = (sku: string) => `product ${sku} saved`;
  const bySaveReason = new Map(targets.map((target) => [reasonOf(target.sku), target]));
  const seenRuns = new Map<string, RunSummary>();
  const noteRuns = (status: RebuildStatus | undefined) => {
    for (const run of status?.history ?? []) seenRuns.set(run.startedAt, run);
  };
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: BULK_CONCURRENCY }, async () => {
      for (let target = targets[next++]; target; target = targets[next++]) {
        target.savedAt = Date.now();
        await magento(options.magentoUrl, `/products/${encodeURIComponent(target.sku)}`, {
          method: 'PUT',
          token,
          body: JSON.stringify({
            product: {
              price: target.price,
              custom_attributes: [{ attribute_code: 'list_price', value: String(target.price) }],
            },
          }),
        });
      }
    }),
  );
  const putsMs = performance.now() - started;
  console.info(`    ${targets.length} PUTs answered in ${seconds(putsMs)}; waiting for every page…`);
  let pending = targets;
  /** The last time a page went live or a run was under way or queued: 60 s of neither is giving up. */
  let progressAt = performance.now();
  while (pending.length > 0 && performance.now() - started < 15 * 60_000) {
    let index = 0;
    await Promise.all(
      Array.from({ length: BULK_CONCURRENCY }, async () => {
        for (let target = pending[index++]; target; target = pending[index++]) {
          const page = await fetch(`${options.shopUrl}/${target.urlKey}`)
            .then((response) => response.text())
            .catch(() => '');
          if (page.includes(target.shown)) target.liveAt = performance.now();
        }
      }),
    );
    const before = pending.length;
    pending = pending.filter((target) => target.liveAt === 0);
    const status = await rebuildStatus(options.shopUrl);
    noteRuns(status);
    options.sampler.sample();
    if (pending.length < before || status?.state !== 'idle') progressAt = performance.now();
    else if (performance.now() - progressAt > 60_000) {
      const some = pending.slice(0, 5).map((target) => `/${target.urlKey} (${target.shown})`);
      console.info(
        `    ${pending.length} pages not live 60 s after the rebuilder went idle, e.g. ${some.join(', ')}`,
      );
      break;
    }
    if (pending.length > 0) await sleep(250);
  }
  // The last run's summary is recorded right after its switch.
  await sleep(1000);
  noteRuns(await rebuildStatus(options.shopUrl));
  const runs = [...seenRuns.values()]
    .map((run) => {
      const saves = run.reasons.flatMap((reason) => bySaveReason.get(reason) ?? []);
      const oldest = Math.min(...saves.map((save) => save.savedAt));
      return {
        run,
        saves: saves.length,
        queueMs: saves.length ? Date.parse(run.startedAt) - oldest : undefined,
      };
    })
    .filter(({ saves }) => saves > 0)
    .sort((a, b) => Date.parse(a.run.startedAt) - Date.parse(b.run.startedAt))
    .map(({ run, saves, queueMs }) => ({ ...runRecord(run), bulkSaves: saves, queueMs }));
  return {
    products: targets.length,
    putsMs,
    liveMs: Math.max(0, ...targets.map((target) => target.liveAt - started)),
    notLive: pending.length,
    runs,
  };
}

/** A change's line: its time, then its run's phases and what remained after the run (the page seen live). */
function changeLine(change: ChangeToLive): string {
  const { run, queueMs } = change;
  const after =
    run && queueMs !== undefined
      ? `; seen live ${s2(change.ms - queueMs - run.durationMs)} after the run`
      : '';
  return `${change.sku ?? ''} ${seconds(change.ms)}: ${runLine(run, queueMs)}${after}`;
}

/** Retitles the home page's first promo banner in its CMS block as an editor would, then waits until it is served. */
async function blockToLive(options: {
  magentoUrl: string;
  shopUrl: string;
  dist: string;
  sampler: MemorySampler;
}): Promise<ChangeToLive> {
  const token = await adminTokenOf(options.magentoUrl);
  const block = (await magento(options.magentoUrl, '/cmsBlock/home-promo-banners', { token })) as {
    id: number;
    identifier: string;
    content: string;
  };
  const title = `Spring clean ${Date.now()}`;
  const content = block.content.replace(/<h3>[^<]*<\/h3>/, `<h3>${title}</h3>`);
  if (content === block.content) throw new Error('The home-promo-banners block has no <h3> to retitle.');
  const savedAt = Date.now();
  const started = performance.now();
  await magento(options.magentoUrl, `/cmsBlock/${block.id}`, {
    method: 'PUT',
    token,
    body: JSON.stringify({ block: { ...block, content } }),
  });
  let serverRssKb = 0;
  for (;;) {
    const page = await fetch(`${options.shopUrl}/`)
      .then((response) => response.text())
      .catch(() => '');
    serverRssKb = Math.max(serverRssKb, options.sampler.sample());
    if (page.includes(title)) break;
    if (performance.now() - started > 5 * 60_000) throw new Error(`"${title}" never showed on the home page`);
    await sleep(100);
  }
  const ms = performance.now() - started;
  await sleep(1000); // the rebuilder records its summary right after the switch
  const run = await runCovering(options.shopUrl, [`CMS block ${block.identifier} saved`]);
  return {
    ms,
    savedAt: new Date(savedAt).toISOString(),
    ...(run ? { run: runRecord(run), queueMs: Date.parse(run.startedAt) - savedAt } : {}),
    sync: run?.sync,
    build: await liveInfo(options.dist).then(figures, () => buildOfRun(run)),
    serverRssKb,
  };
}

/**
 * A sale scheduled for tomorrow on a product of a listing's first page (a product save with special_price and
 * its dates), then the shop's clock moved to a second before midnight London time: how long after the
 * instant the product page and the listing page show "Was".
 */
async function priceBoundary(options: {
  magentoUrl: string;
  shopUrl: string;
  dist: string;
  snapshot: string;
  clockFile: string;
}): Promise<PriceBoundary> {
  const { londonWallClockToInstant, shopDay } = await import('../src/catalogue/special-prices.ts');
  const catalogue = readSnapshot(options.snapshot);
  const byUrlKey = new Map(catalogue.products.map((product) => [product.urlKey, product]));
  const audience = Object.values(catalogue.audiences)[0];
  const listing = audience?.children[0]?.path ?? '/';
  const html = await (await fetch(`${options.shopUrl}${listing}`)).text();
  const product = [...html.matchAll(/<a href="\/([^"?]+)">/g)]
    .map((match) => byUrlKey.get(match[1] ?? ''))
    .find((found) => found && found.typeId === 'simple' && found.regularPriceInclVat && !found.specialPrice);
  if (!product?.regularPriceInclVat) throw new Error(`no simple product on ${listing}`);
  const sale = Math.round(product.regularPriceInclVat * 70) / 100;
  const tomorrow = shopDay(Date.now() + 86_400_000);
  const instant = londonWallClockToInstant(`${tomorrow} 00:00:00`);
  const adminToken = await adminTokenOf(options.magentoUrl);
  await magento(options.magentoUrl, `/products/${encodeURIComponent(product.sku)}`, {
    method: 'PUT',
    token: adminToken,
    body: JSON.stringify({
      product: {
        custom_attributes: [
          { attribute_code: 'special_price', value: sale.toFixed(2) },
          { attribute_code: 'special_from_date', value: `${tomorrow} 00:00:00` },
          { attribute_code: 'special_to_date', value: `${tomorrow} 00:00:00` },
        ],
      },
    }),
  });
  // The save's own rebuild records the coming change.
  for (;;) {
    const info = await liveInfo(options.dist).catch(() => undefined);
    if (info?.priceChanges?.upcoming.some((change) => change.sku === product.sku)) break;
    await sleep(200);
  }
  // The product page's <del> carries Astro's scoped-style attribute; the card's does not.
  const was = new RegExp(
    `Was <del[^>]*>${formatPrice(product.regularPriceInclVat).replace('.', '\\.')}</del>`,
  );
  writeFileSync(options.clockFile, JSON.stringify({ offsetMs: instant - 1000 - Date.now() }));
  const reached = performance.now() + 1000;
  let pageMs: number | undefined;
  let listingMs: number | undefined;
  while (pageMs === undefined || listingMs === undefined) {
    const [page, list] = await Promise.all(
      [`/${product.urlKey}`, listing].map((path) =>
        fetch(`${options.shopUrl}${path}`)
          .then((response) => response.text())
          .catch(() => ''),
      ),
    );
    const now = performance.now() - reached;
    if (pageMs === undefined && was.test(page ?? '')) pageMs = now;
    if (listingMs === undefined && was.test(list ?? '')) listingMs = now;
    if (now > 5 * 60_000) throw new Error(`the sale never showed on /${product.urlKey}`);
    await sleep(100);
  }
  rmSync(options.clockFile, { force: true });
  return { sku: product.sku, listing, pageMs, listingMs, build: figures(await liveInfo(options.dist)) };
}

/**
 * Astro's own incremental build, measured on a copy of the project (never the shared one): the config
 * gets `experimental.incrementalBuild` and its own cacheDir, the product route returns the product's
 * fingerprint (src/site/fingerprint.ts) as `cacheKey`. Each build then runs through `buildSite` as a
 * full build (precompress, scan, checks), so the totals compare with ours.
 */
async function astroIncremental(
  dir: string,
  env: NodeJS.ProcessEnv,
): Promise<NonNullable<SizeFigures['astroIncremental']>> {
  const project = join(dir, 'astro-incremental');
  copyProject(project);
  // The routes return their fingerprints as cache keys (src/site/fingerprint.ts): Astro's flag is all it takes.
  const configPath = join(project, 'astro.config.mjs');
  writeFileSync(
    configPath,
    readFileSync(configPath, 'utf8').replace(
      'devToolbar: { enabled: false },',
      `devToolbar: { enabled: false },\n  experimental: { incrementalBuild: true },\n  cacheDir: ${JSON.stringify(join(project, 'astro-cache'))},`,
    ),
  );
  const snapshot = String(env['CATALOGUE_SNAPSHOT']);
  const build = async () =>
    figures(
      await buildSite({
        root: project,
        distDir: join(project, 'dist'),
        snapshotFile: snapshot,
        configHash: configHash(loadEnv(env)),
        env,
        mode: 'full',
        log: () => undefined,
      }),
    );
  const cold = await build();
  const catalogue = readSnapshot(snapshot);
  const product = catalogue.products.find(
    (candidate) => candidate.visibility === 4 && candidate.priceInclVat,
  );
  if (product) product.priceInclVat = Math.round((product.priceInclVat ?? 0) * 100 + 3) / 100;
  writeFileSync(snapshot, JSON.stringify(catalogue));
  return { cold, warm: await build() };
}

async function benchSize(products: number): Promise<SizeFigures> {
  const dir = resolve(root, 'var/bench-rebuild', String(products));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const [magentoPort, shopPort, sandboxPort, payPalPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  // The bench's own back end, ports and folders; none of the developer's Magento or rebuild settings.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(MAGENTO_URL|MAGENTO_TOKEN|REBUILD_SECRET|REBUILD_HOOK_URL|REBUILD_POLL_MINUTES)$/.test(name),
    ),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    EMBEDDED_MAGENTO_PORT: String(magentoPort),
    EMBEDDED_MAGENTO_DB: join(dir, 'magento.sqlite'),
    EMBEDDED_MAGENTO_MEDIA: join(dir, 'media'),
    DEMO_PRODUCT_COUNT: String(products),
    CATALOGUE_SNAPSHOT: join(dir, 'catalogue.db'),
    IMAGE_CACHE_DIR: join(dir, 'image-cache'),
    PORT: String(shopPort),
    SITE_URL: `http://127.0.0.1:${shopPort}`,
    PAYMENT_SANDBOX_PORT: String(sandboxPort),
    PAYMENTS_DB: join(dir, 'payments.sqlite'),
    PAYMENT_SANDBOX_DB: join(dir, 'payment-sandbox.sqlite'),
    PAYPAL_SANDBOX_PORT: String(payPalPort),
    PAYPAL_SANDBOX_DB: join(dir, 'paypal-sandbox.sqlite'),
    SHOP_CLOCK_FILE: join(dir, 'clock.json'),
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  const load = [machineLoad()];
  const project = join(dir, 'project');
  copyProject(project);
  await seed(project, dir, products, env);

  const dist = join(dir, 'dist');
  const startedAt = performance.now();
  let warmFailure: string | undefined;
  /** The warm renderer's lines already shown: each run repeats its warnings, shown once. */
  const rendererLines = new Set<string>();
  let repeatedRendererLines = 0;
  const server: RunningChild = runMeasured(process.execPath, ['scripts/start.ts', '--dist', dist], {
    cwd: project,
    env,
    readyWhen: (line) => line.startsWith('Shop: '),
    wrapWithTime: false,
    onLine: (line) => {
      if (/warm renderer could not start/i.test(line.text)) warmFailure ??= line.text;
      if (line.text.startsWith('[warm renderer]')) {
        if (rendererLines.has(line.text)) return void repeatedRendererLines++;
        rendererLines.add(line.text);
      }
      if (
        /^(Full|Partial) build|Site built|Rebuild |Catalogue:|Precompressed|[Ww]arm renderer|WARNING|[Ee]rror|failed/.test(
          line.text,
        )
      )
        console.info(
          `  [start] ${(line.at / 1000).toFixed(1)} s ${line.text.length > 300 ? `${line.text.slice(0, 300)}…` : line.text}`,
        );
    },
  });
  const sampler = new MemorySampler(server.pid);
  /** Ends warm renderers the server left behind (by pid, each checked to still be one). */
  const endLeftovers = (): number[] => {
    const left = [...sampler.warmPids].filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('warm-worker');
      } catch {
        return false;
      }
    });
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // gone meanwhile
      }
    }
    return left;
  };
  try {
    await server.ready;
    const servingAt = performance.now();
    const startMs = servingAt - startedAt;
    const firstBuild = figures(await liveInfo(dist));
    const catalogue = readSnapshot(String(env['CATALOGUE_SNAPSHOT']));
    // Simple products: a configurable's page shows its variants' prices, not the one saved on it.
    const pageable = catalogue.products.filter(
      (candidate) => candidate.visibility === 4 && candidate.typeId === 'simple' && candidate.priceInclVat,
    );
    if (pageable.length < CHANGES) throw new Error(`fewer than ${CHANGES} products with a price and a page`);
    const shopUrl = `http://127.0.0.1:${shopPort}`;
    const base = { magentoUrl: `http://127.0.0.1:${magentoPort}`, shopUrl, dist, sampler };

    console.info('  waiting for the warm renderer…');
    const warmRenderer = await waitForWarmRenderer(shopUrl, servingAt, sampler, () => warmFailure);
    console.info(
      warmRenderer.readyMs === undefined
        ? `  the warm renderer never became warm (${warmRenderer.state}): measuring anyway`
        : `  warm renderer ready in ${seconds(warmRenderer.readyMs)} after serving`,
    );
    // Let the start-up settle: the same-second rule would re-read products saved in the seed's second.
    await sleep(2000);

    // What a change should re-render: the product's page and the pages its card is on.
    const cards = cardPagesByUrlKey(dist);
    console.info(
      `  cards of ${cards.byUrlKey.size} products counted on ${cards.files} built pages in ${seconds(cards.ms)}`,
    );
    console.info(`  change-to-live, ${CHANGES} price changes one after the other…`);
    const changes: ChangeToLive[] = [];
    for (const [index, product] of pageable.slice(0, CHANGES).entries()) {
      const change = await changeToLive({
        ...base,
        sku: product.sku,
        urlKey: product.urlKey,
        price: 1111.11 + index,
        full: false,
      });
      change.cardPages = cards.byUrlKey.get(product.urlKey) ?? 0;
      console.info(`    ${index + 1}. ${changeLine(change)}`);
      changes.push(change);
    }
    const changeMs = changes.map((change) => change.ms);
    const middle = median(changeMs);
    const partial = changes.find((change) => change.ms === middle) ?? (changes[0] as ChangeToLive);
    const result: SizeFigures = {
      products,
      startMs,
      firstBuild,
      warmRenderer,
      partial,
      changeMs,
      changes,
      serverPeakKb: 0,
      togetherPeakKb: 0,
      warmPeakKb: undefined,
      load,
    };

    if (values.worst) {
      console.info(`  worst cases, ${CHANGES} edits each…`);
      result.worst = await measureWorstCases(base, catalogue.products, cards);
    }
    if (bulkSize > 0) {
      const chosen = pageable.slice(CHANGES, CHANGES + bulkSize);
      if (chosen.length < bulkSize)
        console.info(`  bulk: only ${chosen.length} other products have a page; ${bulkSize} asked for`);
      console.info(`  bulk: ${chosen.length} prices saved, ${BULK_CONCURRENCY} at a time…`);
      result.bulk = await bulkToLive({ ...base, products: chosen });
      const { bulk } = result;
      console.info(
        `    all ${bulk.products} live ${seconds(bulk.liveMs)} after the first PUT (PUTs ${seconds(bulk.putsMs)}; ${bulk.notLive} never live); ${runCount(bulk.runs.length)}`,
      );
      for (const [index, run] of bulk.runs.entries())
        console.info(`    run ${index + 1} (${run.bulkSaves} saves): ${runLine(run, run.queueMs)}`);
    }
    if (values['full-rebuild']) {
      console.info('  change-to-live (full rebuild)…');
      const [product] = pageable;
      if (product) {
        result.full = await changeToLive({
          ...base,
          sku: product.sku,
          urlKey: product.urlKey,
          price: 2222.22,
          full: true,
        });
        console.info(`    ${changeLine(result.full)}`);
      }
    }
    if (values.block) {
      console.info("  an editor's CMS block save…");
      result.block = await blockToLive(base);
      console.info(`    ${changeLine(result.block)}`);
    }
    if (values.prices) {
      console.info('  a sale scheduled for midnight, the clock moved to a second before it…');
      result.prices = await priceBoundary({
        ...base,
        snapshot: String(env['CATALOGUE_SNAPSHOT']),
        clockFile: String(env['SHOP_CLOCK_FILE']),
      });
    }
    if (repeatedRendererLines > 0)
      console.info(`  (${repeatedRendererLines} repeated [warm renderer] lines not shown)`);
    sampler.sample();
    sampler.stop();
    const { kb, ...together } = sampler.together;
    result.togetherPeakKb = kb;
    result.togetherPeakAt = together;
    load.push(machineLoad());
    server.stop();
    const run = await server.done;
    const peakOf = (part: string) =>
      [...run.byCommand].filter(([name]) => name.includes(part)).map(([, kb]) => kb);
    result.serverPeakKb = Math.max(0, ...peakOf('start.ts'));
    const warmPeaks = [
      ...peakOf('warm-worker'),
      ...(sampler.warmPeakKb === undefined ? [] : [sampler.warmPeakKb]),
    ];
    result.warmPeakKb = warmPeaks.length > 0 ? Math.max(...warmPeaks) : undefined;
    // The renderer exits when its parent goes; give it a moment, then end any left behind.
    await sleep(1000);
    const left = endLeftovers();
    if (left.length > 0) {
      result.warmLeftRunning = left;
      console.info(`  warm renderer process(es) ${left.join(', ')} outlived the server: ended`);
    }
    if (values['astro-incremental']) {
      console.info('  Astro experimental.incrementalBuild: cold, then one product changed…');
      result.astroIncremental = await astroIncremental(dir, env);
      load.push(machineLoad());
    }
    return result;
  } finally {
    server.stop();
    await server.done.catch(() => undefined);
    await sleep(500);
    endLeftovers();
  }
}

/**
 * The phase split of one build: Astro's bundling and render, what the site pass (src/publish/render/site-pass.ts)
 * still had to do after the render, the reuse links and the checks, then the site pass's work summed over
 * files (compression, CSP scan, secret check: most of it overlapped the render), and Astro's peak memory.
 */
const timing = (build: BuildFigures) => {
  const at = (name: string) => seconds(build.timings[name] ?? 0);
  const phases = [
    `plan ${at('plan')}, astro ${at('astro')} (bundle ${at('astroBundle')}, render ${at('astroRender')})`,
    `after render: site pass ${at('finish')}, server secrets ${at('secrets')}, reuse ${at('reuse')}, checks ${at('checks')}`,
    `work: precompress ${at('work.compress')}, scan ${at('work.scan')}, secrets ${at('work.secrets')}, read ${at('work.read')}`,
  ];
  return `${phases.join('; ')}; astro peak ${build.astroPeakKb === undefined ? '–' : megabytes(build.astroPeakKb)}`;
};

/**
 * One size's cases beside the issue's budget: the first simple products, the worst cases, the bulk; for
 * each, median and worst change-to-live, the pages each run rendered, and the phases of its slowest run.
 */
function budgetTable(result: SizeFigures): string {
  const budget = oneProductBudget(result.products);
  const rows: string[][] = [];
  const row = (
    what: string,
    sku: string,
    times: readonly (number | undefined)[],
    rendered: string,
    expected: string,
    phases: string,
    /** null: no budget for this case (undefined would take the size's). */
    caseBudget: { medianMs: number; worstMs: number } | null | undefined = budget,
  ) => {
    const { medianMs, worstMs } = spread(times);
    const shown = (ms: number) => (Number.isFinite(ms) ? s2(ms) : 'never');
    rows.push([
      what,
      sku,
      `${shown(medianMs)} / ${shown(worstMs)}`,
      ...budgetCells(caseBudget ?? undefined, medianMs, worstMs),
      rendered,
      expected,
      phases,
    ]);
  };
  const simple = result.changes;
  const slowest = [...simple].sort((a, b) => b.ms - a.ms)[0];
  row(
    `first ${simple.length} simple products, price`,
    simple.length > 0 ? `${simple[0]?.sku ?? ''}…` : '–',
    simple.map((change) => change.ms),
    renderedCell(simple.map((change) => change.run)),
    simple.map((change) => (change.cardPages === undefined ? '–' : String(change.cardPages + 1))).join(' / '),
    phaseCell(slowest?.run),
  );
  for (const worst of result.worst ?? []) {
    const runs = worst.edits.map((edit) => edit.run);
    row(
      worst.label,
      worst.sku,
      worst.edits.map((edit) => edit.ms),
      renderedCell(runs),
      String(worst.cardPages + 1),
      phaseCell(worstEdit(worst.edits)?.run),
    );
    if (worst.listing)
      row(
        `  its card on ${worst.listing}`,
        '',
        worst.edits.map((edit) => edit.listingMs),
        'same runs',
        '',
        '',
      );
  }
  const { bulk } = result;
  if (bulk)
    row(
      `bulk ${bulk.products} prices → all pages live`,
      '',
      [bulk.notLive > 0 ? undefined : bulk.liveMs],
      `${bulk.runs.map((run) => run.build?.rendered ?? '–').join(' + ')} (${runCount(bulk.runs.length)})`,
      '',
      phaseCell([...bulk.runs].sort((a, b) => b.durationMs - a.durationMs)[0]),
      // The issue's bulk budget is for 1,000 prices.
      bulk.products >= 1000 ? (bulkBudget(result.products) ?? null) : null,
    );
  const header = [
    'case',
    'sku',
    'median / worst',
    `budget${budget ? ` (at ${budget.at})` : ''}`,
    'verdict',
    'pages rendered per run',
    'its page + card pages',
    "slowest run's phases (s)",
  ];
  return table(header, rows);
}

const results: SizeFigures[] = [];
for (const products of sizes) {
  console.info(`\n${products} products (${machineLoad()})`);
  results.push(await benchSize(products));
}

const rows: string[][] = [];
for (const result of results) {
  const row = (what: string, ms: number, build: BuildFigures) => [
    `${result.products}`,
    what,
    seconds(ms),
    seconds(build.ms),
    `${build.rendered} / ${build.pages}`,
    build.astroPeakKb === undefined ? '–' : megabytes(build.astroPeakKb),
  ];
  rows.push(row('first build (full, in npm start)', result.firstBuild.ms, result.firstBuild));
  rows.push(
    row(`change-to-live, median of ${result.changes.length}`, result.partial.ms, result.partial.build),
  );
  if (result.bulk)
    rows.push([
      `${result.products}`,
      `bulk ${result.bulk.products} prices → all pages live`,
      seconds(result.bulk.liveMs),
      runCount(result.bulk.runs.length),
      `${result.bulk.runs.reduce((sum, run) => sum + (run.build?.rendered ?? 0), 0)} in all`,
      '–',
    ]);
  if (result.full) rows.push(row('change-to-live, full rebuild', result.full.ms, result.full.build));
  if (result.block) rows.push(row('CMS block save → home page', result.block.ms, result.block.build));
  if (result.prices) {
    rows.push(row('scheduled sale → product page', result.prices.pageMs, result.prices.build));
    rows.push(row('scheduled sale → its listing page', result.prices.listingMs, result.prices.build));
  }
  const astro = result.astroIncremental;
  if (astro && 'cold' in astro) {
    rows.push(row('Astro incrementalBuild, cold (build only)', astro.cold.ms, astro.cold));
    rows.push(row('Astro incrementalBuild, 1 changed (build only)', astro.warm.ms, astro.warm));
  }
}
console.info(`\n${table(['products', 'what', 'wall', 'build', 'pages rendered', 'astro peak RSS'], rows)}`);
for (const result of results) {
  console.info(`\n${result.products} products:`);
  console.info(`  npm start to serving: ${seconds(result.startMs)} (seed excluded)`);
  console.info(
    `  peak RSS: server ${megabytes(result.serverPeakKb)}, warm renderer ${result.warmPeakKb === undefined ? '– (not seen)' : megabytes(result.warmPeakKb)}; all processes at once ${megabytes(result.togetherPeakKb)}${togetherParts(result.togetherPeakAt)}`,
  );
  const { warmRenderer } = result;
  console.info(
    `  warm renderer: ${warmRenderer.readyMs === undefined ? `never warm (${warmRenderer.state})` : `ready ${seconds(warmRenderer.readyMs)} after serving`}`,
  );
  console.info(`  first build:   ${timing(result.firstBuild)}`);
  console.info(
    `  change-to-live: median ${seconds(result.partial.ms)} of ${result.changeMs.map((ms) => seconds(ms)).join(', ')}`,
  );
  for (const [index, change] of result.changes.entries())
    console.info(`    ${index + 1}. ${changeLine(change)}`);
  const { bulk } = result;
  if (bulk) {
    console.info(
      `  bulk ${bulk.products}: all live ${seconds(bulk.liveMs)} after the first PUT; PUTs ${seconds(bulk.putsMs)}; ${runCount(bulk.runs.length)} covered them${bulk.notLive ? `; ${bulk.notLive} pages never live` : ''}`,
    );
    for (const [index, run] of bulk.runs.entries())
      console.info(`    run ${index + 1} (${run.bulkSaves} saves): ${runLine(run, run.queueMs)}`);
  }
  if (result.full)
    console.info(`  full rebuild:  ${timing(result.full.build)}\n    ${changeLine(result.full)}`);
  if (result.block) console.info(`  CMS block:     ${changeLine(result.block)}`);
  const astro = result.astroIncremental;
  if (astro && 'cold' in astro) {
    console.info(`  astro cold:    ${timing(astro.cold)}`);
    console.info(`  astro warm:    ${timing(astro.warm)}`);
  } else if (astro) console.info(`  astro incremental skipped: ${astro.skipped}`);
  for (const worst of result.worst ?? []) {
    console.info(`  ${worst.label}: ${worst.sku} /${worst.urlKey} (${worst.why})`);
    for (const [index, edit] of worst.edits.entries()) console.info(`    ${index + 1}. ${editLine(edit)}`);
  }
  console.info(`  machine: ${result.load.join(' → ')}`);
  console.info(`\n${result.products} products against the budget:\n${budgetTable(result)}`);
}
const out = resolve(root, 'var/bench-rebuild/results.json');
if (existsSync(resolve(root, 'var/bench-rebuild')))
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.info(`\nFigures: ${out}`);
