/**
 * `npm run bench:site -- --products 250,10000[,50000]`: build figures for DESIGN.md §5, printed, not
 * asserted. For each catalogue size, in its own folder var/bench/<n>/ (inside the project: Astro's
 * prerender must resolve node_modules; never the main dist):
 * 1. seed: an embedded back end on a free port with n products and their pictures (a bounded pool above
 *    1,000 products), in its own process, which then serves the syncs;
 * 2. sync: fetch + validate + snapshot (a full read), in a child process;
 * 3. cold build: `buildSite` with `mode: 'full'` into var/bench/<n>/dist, with no previous build and an
 *    empty Astro cache (moved to var/bench/<n>/astro-cache by scripts/bench/astro.config.mjs);
 * 4. warm: one product's displayed price changed through the admin API (`PUT /rest/V1/products/{sku}`),
 *    an incremental sync and a rebuild over the live build (partial when buildSite allows it), as
 *    `npm start` and the rebuilder do after an editor's save.
 * Every step is timed from outside, with its CPU time and how busy the whole machine was meanwhile, and
 * its peak memory read from outside: the largest single process (GNU time's %M, else /proc VmHWM) and
 * the sampled sum of the process tree. Then the compressed transfer of home, a listing, a product page,
 * privacy and 404. Results also go to var/bench/results.json.
 * Options: `--products a,b,c`, `--profile` (V8 CPU profiles of the cold build in var/bench/<n>/prof; read
 * them with scripts/bench/profile-summary.ts), `--keep-going` (do the next size when one fails).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  benchResult,
  kilobytes,
  machineLoad,
  megabytes,
  otherBusyProcesses,
  runMeasured,
  seconds,
  table,
  type MeasuredRun,
} from './bench/proc.ts';
import { firstProductPath, pageWeight, type PageWeight } from './bench/transfer.ts';
import { magento } from './bench/rebuild-shop.ts';
import { readSnapshot } from '../src/catalogue/snapshot.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '250,10000' },
    profile: { type: 'boolean', default: false },
    'keep-going': { type: 'boolean', default: false },
  },
});
const sizes = (values.products ?? '')
  .split(',')
  .map((text) => Number(text.trim().replace(/[_k]/g, (c) => (c === 'k' ? '000' : ''))))
  .filter((n) => Number.isInteger(n) && n > 0);
if (sizes.length === 0) throw new Error('--products takes a comma-separated list of sizes, e.g. 250,10000');

const ADMIN = { username: 'admin', password: 'Admin123!' };
const TOKEN = 'embedded-demo-integration-token';

interface Step {
  ms: number;
  /** Time the step's own code measured inside its process (without Node's start-up), when it reports one. */
  innerMs?: number;
  peakProcessKb: number;
  peakTreeKb: number;
  /** CPU time of the step's processes (user + system), when GNU time measured it. */
  cpuMs?: number;
  /** Cores the whole machine kept busy meanwhile: well above what the step used means others were busy. */
  machineBusyCores?: number;
}

interface BuildFigures extends Step {
  pages: number;
  precompressMs: number;
  precompressFiles: number;
  precompressReused: number;
  brotliQuality: number;
  /** Phases of the astro build, from the arrival times of its log lines. */
  phases: { name: string; ms: number }[];
  /** From build-info.json when the build reports them: full or partial, pages rendered, step timings. */
  mode?: string;
  fullBecause?: string;
  rendered?: number;
  timings?: Record<string, number>;
  log: string;
}

interface SizeFigures {
  products: number;
  seed: Step;
  backendPeakKb: number;
  sync: Step & { products: number; problems: number };
  cold: BuildFigures;
  warmSync: Step & { changed: boolean; mode?: string; updated?: number };
  warm: BuildFigures;
  changedPageUpdated: boolean;
  changedSku: string;
  weights: PageWeight[];
  load: string[];
}

function step(run: MeasuredRun, innerMs?: number): Step {
  return {
    ms: run.ms,
    ...(innerMs === undefined ? {} : { innerMs }),
    peakProcessKb: run.peakProcessKb,
    peakTreeKb: run.peakTreeKb,
    ...(run.cpuMs === undefined ? {} : { cpuMs: run.cpuMs }),
    machineBusyCores: run.machineBusyCores,
  };
}

function failIfFailed(run: MeasuredRun, what: string, logFile: string): void {
  if (run.code === 0) return;
  writeFileSync(logFile, run.lines.map((line) => line.text).join('\n'));
  const tail = run.lines
    .slice(-25)
    .map((line) => `  ${line.text}`)
    .join('\n');
  throw new Error(`${what} failed (exit ${run.code}); log: ${logFile}\n${tail}`);
}

/**
 * Splits the build's log into phases at Astro's milestones: bundling (vite/rolldown), prerendering the
 * pages, and what buildSite does after astro exits (precompression, CSP scan, swap).
 */
function buildPhases(run: MeasuredRun): { name: string; ms: number }[] {
  const index = (pattern: RegExp, from = 0) =>
    run.lines.findIndex((line, i) => i >= from && pattern.test(line.text));
  const prerender = index(/(prerendering|generating) static routes/i);
  const prerendered = prerender < 0 ? -1 : index(/✓ Completed in/, prerender);
  const complete = index(/\[build\] Complete!/);
  const precompressed = index(/^Precompressed /);
  const marks: [string, number][] = [
    ['astro start + bundle', prerender],
    ['prerender pages', prerendered],
    ['astro finish + exit', complete],
    ['precompress', precompressed],
  ];
  const phases: { name: string; ms: number }[] = [];
  let last = 0;
  for (const [name, i] of marks) {
    const at = run.lines[i]?.at;
    if (i < 0 || at === undefined) continue;
    phases.push({ name, ms: at - last });
    last = at;
  }
  phases.push({ name: 'scan + swap + exit', ms: run.ms - last });
  return phases;
}

async function build(
  env: NodeJS.ProcessEnv,
  dist: string,
  logFile: string,
  cold: boolean,
  profileDir?: string,
): Promise<BuildFigures> {
  const args = ['scripts/bench/build.ts', '--dist', dist, ...(cold ? ['--cold'] : [])];
  const run = await runMeasured(process.execPath, args, {
    cwd: root,
    env: profileDir
      ? { ...env, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir} ${env['NODE_OPTIONS'] ?? ''}` }
      : env,
  }).done;
  writeFileSync(
    logFile,
    run.lines.map((line) => `[${seconds(line.at).padStart(7)}] ${line.text}`).join('\n'),
  );
  failIfFailed(run, 'The build', logFile);
  const result = benchResult<{
    durationMs: number;
    pages: number;
    compression: { ms: number; files: number; reused: number; brotliQuality: number };
    mode?: string;
    fullBecause?: string;
    rendered?: number;
    timings?: Record<string, number>;
  }>(run);
  return {
    ...step(run, result.durationMs),
    pages: result.pages,
    precompressMs: result.compression.ms,
    precompressFiles: result.compression.files,
    precompressReused: result.compression.reused,
    brotliQuality: result.compression.brotliQuality,
    phases: buildPhases(run),
    ...(result.mode === undefined ? {} : { mode: result.mode }),
    ...(result.fullBecause === undefined ? {} : { fullBecause: result.fullBecause }),
    ...(result.rendered === undefined ? {} : { rendered: result.rendered }),
    ...(result.timings === undefined ? {} : { timings: result.timings }),
    log: logFile,
  };
}

async function sync(env: NodeJS.ProcessEnv, logFile: string, incremental: boolean) {
  const args = ['scripts/bench/sync.ts', ...(incremental ? ['--incremental'] : [])];
  const run = await runMeasured(process.execPath, args, { cwd: root, env }).done;
  failIfFailed(run, 'The catalogue sync', logFile);
  const result = benchResult<{
    ms: number;
    products: number;
    problems: number;
    changed: boolean;
    mode?: string;
    updated?: number;
  }>(run);
  return { run, result };
}

/** Changes one product's price as an editor would: admin token, then PUT /V1/products/{sku}. */
async function changePrice(base: string, sku: string): Promise<void> {
  const response = await fetch(`${base}/rest/V1/integration/admin/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const admin = (await response.json()) as string;
  if (!response.ok) throw new Error(`admin token: ${response.status} ${JSON.stringify(admin)}`);
  const product = (await magento(base, `/products/${encodeURIComponent(sku)}`, { token: TOKEN })) as {
    price: number;
    custom_attributes?: { attribute_code: string; value: unknown }[];
  };
  const up = (value: number) => Math.round((value + 1.11) * 100) / 100;
  // The shop shows list_price (incl. VAT) when the product has one, else price: change what shoppers see.
  const listPrice = product.custom_attributes?.find((a) => a.attribute_code === 'list_price');
  await magento(base, `/products/${encodeURIComponent(sku)}`, {
    method: 'PUT',
    token: admin,
    body: JSON.stringify({
      product: {
        sku,
        price: up(product.price),
        ...(listPrice
          ? {
              custom_attributes: [
                { attribute_code: 'list_price', value: String(up(Number(listPrice.value))) },
              ],
            }
          : {}),
      },
    }),
  });
}

const fileHash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

async function loadNote(what: string, ours: Set<number>): Promise<string> {
  const busy = await otherBusyProcesses(ours);
  return `${what}: ${machineLoad()}${busy.length ? `; busy: ${busy.join(', ')}` : ''}`;
}

async function benchSize(products: number): Promise<SizeFigures> {
  const dir = resolve(root, 'var/bench', String(products));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const dist = join(dir, 'dist');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    EMBEDDED_MAGENTO_DB: join(dir, 'magento.sqlite'),
    EMBEDDED_MAGENTO_MEDIA: join(dir, 'media'),
    EMBEDDED_INTEGRATION_TOKEN: TOKEN,
    DEMO_PRODUCT_COUNT: String(products),
    CATALOGUE_SNAPSHOT: join(dir, 'catalogue.db'),
    IMAGE_CACHE_DIR: join(dir, 'image-cache'),
    BENCH_ASTRO_CACHE_DIR: join(dir, 'astro-cache'),
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  delete env['MAGENTO_URL'];
  delete env['MAGENTO_TOKEN'];
  const ours = new Set<number>();
  const load: string[] = [await loadNote('before', ours)];

  console.info(`\n== ${products} products (${dir})`);
  const backendLines: string[] = [];
  const backend = runMeasured(process.execPath, ['scripts/bench/backend.ts'], {
    cwd: root,
    env,
    onLine: (line) => backendLines.push(line.text),
    wrapWithTime: false,
    readyWhen: (line) => line.startsWith('BENCH '),
  });
  ours.add(backend.pid);
  try {
    await backend.ready;
    const ready = backendLines.find((text) => text.startsWith('BENCH '));
    if (!ready) {
      const run = await backend.done;
      throw new Error(`The back end exited (${run.code}):\n${backendLines.join('\n')}`);
    }
    const backendStarted = JSON.parse(ready.slice('BENCH '.length)) as {
      url: string;
      seedMs: number;
      maxRssKb: number;
    };
    console.info(`seed: ${seconds(backendStarted.seedMs)} (${megabytes(backendStarted.maxRssKb)} peak)`);
    const url = backendStarted.url;
    env['EMBEDDED_MAGENTO_PORT'] = new URL(url).port;

    load.push(await loadNote('before sync', ours));
    const first = await sync(env, join(dir, 'sync.log'), false);
    console.info(
      `sync: ${seconds(first.run.ms)} (${first.result.products} products, ${first.result.problems} left out)`,
    );

    load.push(await loadNote('before cold build', ours));
    for (const path of [dist, `${dist}.builds`, `${dist}.next`, `${dist}.previous`, join(dir, 'astro-cache')])
      rmSync(path, { recursive: true, force: true });
    const profileDir = values.profile ? join(dir, 'prof') : undefined;
    const cold = await build(env, dist, join(dir, 'build-cold.log'), true, profileDir);
    console.info(
      `cold build: ${seconds(cold.ms)}, ${cold.pages} pages, ${megabytes(cold.peakProcessKb)} peak`,
    );

    const client = join(dist, 'client');
    const productPath = firstProductPath(client);
    const weights = [
      pageWeight(client, 'home', '/'),
      pageWeight(client, 'listing', '/home-garden/pressure-washer'),
      ...(productPath ? [pageWeight(client, 'product', productPath)] : []),
      pageWeight(client, 'privacy', '/privacy-policy'),
      pageWeight(client, '404', '/404'),
    ];

    // Warm: an editor changes the price of that product page's product.
    const snapshot = readSnapshot(String(env['CATALOGUE_SNAPSHOT']));
    const changed =
      snapshot.products.find((product) => `/${product.urlKey}` === productPath) ?? snapshot.products[0];
    if (!changed) throw new Error('The snapshot has no products.');
    const pageFile = productPath ? join(client, productPath, 'index.html') : undefined;
    const before = pageFile ? fileHash(pageFile) : '';
    await changePrice(url, changed.sku);
    load.push(await loadNote('before warm sync + build', ours));
    const second = await sync(env, join(dir, 'sync-warm.log'), true);
    const warm = await build(env, dist, join(dir, 'build-warm.log'), false);
    console.info(
      `warm: sync ${seconds(second.run.ms)} (changed: ${second.result.changed}), build ${seconds(warm.ms)}`,
    );
    const after = pageFile ? fileHash(pageFile) : '';
    backend.stop();
    const backendRun = await backend.done;
    return {
      products,
      seed: {
        ms: backendStarted.seedMs,
        peakProcessKb: backendStarted.maxRssKb,
        peakTreeKb: backendStarted.maxRssKb,
      },
      backendPeakKb: backendRun.peakProcessKb,
      sync: {
        ...step(first.run, first.result.ms),
        products: first.result.products,
        problems: first.result.problems,
      },
      cold,
      warmSync: {
        ...step(second.run, second.result.ms),
        changed: second.result.changed,
        ...(second.result.mode === undefined ? {} : { mode: second.result.mode }),
        ...(second.result.updated === undefined ? {} : { updated: second.result.updated }),
      },
      warm,
      changedPageUpdated: before !== after,
      changedSku: changed.sku,
      weights,
      load,
    };
  } finally {
    backend.stop();
    await backend.done.catch(() => undefined);
  }
}

const mb = (kb: number) => megabytes(kb);
const bytes = (value: number | undefined) => (value === undefined ? '–' : kilobytes(value));

function report(all: SizeFigures[]): void {
  console.info(
    '\n## Build figures (wall time from outside each process; in brackets the time the step measured inside)',
  );
  console.info(
    table(
      [
        'products',
        'pages',
        'seed',
        'sync',
        'cold build',
        'sync+cold',
        'warm sync',
        'warm build',
        'sync+warm',
      ],
      all.map((f) => [
        String(f.products),
        String(f.cold.pages),
        seconds(f.seed.ms),
        `${seconds(f.sync.ms)} (${seconds(f.sync.innerMs ?? f.sync.ms)})`,
        `${seconds(f.cold.ms)} (${seconds(f.cold.innerMs ?? f.cold.ms)})`,
        seconds(f.sync.ms + f.cold.ms),
        seconds(f.warmSync.ms),
        `${seconds(f.warm.ms)} (${seconds(f.warm.innerMs ?? f.warm.ms)})`,
        seconds(f.warmSync.ms + f.warm.ms),
      ]),
    ),
  );
  const cpu = (st: Step) =>
    `${st.cpuMs === undefined ? '–' : seconds(st.cpuMs)} / ${st.machineBusyCores === undefined ? '–' : st.machineBusyCores.toFixed(2)}`;
  console.info(
    "\n## CPU time of each step / cores the whole machine kept busy meanwhile (2 cores here; well above the step's own share means others were busy and the wall times above are inflated)",
  );
  console.info(
    table(
      ['products', 'sync', 'cold build', 'warm sync', 'warm build'],
      all.map((f) => [String(f.products), cpu(f.sync), cpu(f.cold), cpu(f.warmSync), cpu(f.warm)]),
    ),
  );
  console.info('\n## Peak memory (largest single process / sampled sum of the process tree)');
  console.info(
    table(
      ['products', 'seed (back end)', 'back end overall', 'sync', 'cold build', 'warm build'],
      all.map((f) => [
        String(f.products),
        mb(f.seed.peakProcessKb),
        mb(f.backendPeakKb),
        `${mb(f.sync.peakProcessKb)} / ${mb(f.sync.peakTreeKb)}`,
        `${mb(f.cold.peakProcessKb)} / ${mb(f.cold.peakTreeKb)}`,
        `${mb(f.warm.peakProcessKb)} / ${mb(f.warm.peakTreeKb)}`,
      ]),
    ),
  );
  const steps = ['astro', 'secrets', 'precompress', 'scan', 'reuse', 'checks'];
  console.info(
    "\n## Build phases: bundle and prerender from the arrival times of Astro's log lines; the rest from build-info.json timings",
  );
  console.info(
    table(
      [
        'products',
        'build',
        'mode (pages rendered)',
        'bundle',
        'prerender',
        ...steps,
        'publish+exit',
        'precompress files (reused, br q)',
      ],
      all.flatMap((f) =>
        (['cold', 'warm'] as const).map((which) => {
          const b = f[which];
          const phase = (name: string) => b.phases.find((p) => p.name === name)?.ms;
          const timed = Object.values(b.timings ?? {}).reduce((sum, ms) => sum + ms, 0);
          return [
            String(f.products),
            which,
            `${b.mode ?? '?'} (${b.rendered ?? '?'})`,
            seconds(phase('astro start + bundle') ?? NaN),
            seconds(phase('prerender pages') ?? NaN),
            ...steps.map((name) => (b.timings?.[name] === undefined ? '–' : seconds(b.timings[name]))),
            b.timings ? seconds(b.ms - timed) : '–',
            `${b.precompressFiles} (${b.precompressReused}, q${b.brotliQuality})`,
          ];
        }),
      ),
    ),
  );
  for (const f of all)
    for (const b of [f.cold, f.warm])
      if (b.fullBecause)
        console.info(
          `${f.products}: ${b === f.cold ? 'cold' : 'warm'} build was full because ${b.fullBecause}`,
        );
  for (const f of all)
    console.info(
      `${f.products}: changed the price of ${f.changedSku}; warm sync (${f.warmSync.mode ?? '?'}) saw ${f.warmSync.updated ?? '?'} product(s) changed; its page was rebuilt with the new content: ${f.changedPageUpdated}. Logs: ${f.cold.log}, ${f.warm.log}`,
    );

  for (const f of all.slice(-1)) {
    console.info(
      `\n## Compressed transfer per page (${f.products}-product build; CSS/JS by their .br siblings)`,
    );
    console.info(
      table(
        [
          'page',
          'path',
          'HTML raw',
          'HTML br',
          'HTML gz',
          'CSS br (files)',
          'inline JS raw',
          'JS before interaction br (raw)',
          'JS on visible',
        ],
        f.weights.map((w) => [
          w.label,
          w.path,
          bytes(w.htmlRaw),
          bytes(w.htmlBr),
          bytes(w.htmlGz),
          `${bytes(w.css)} (${w.cssFiles})`,
          bytes(w.inlineScripts),
          `${bytes(w.js)} (${bytes(w.jsRaw)})`,
          bytes(w.jsDeferred),
        ]),
      ),
    );
    for (const w of f.weights)
      console.info(
        `  ${w.label}: islands ${w.islands.join(', ') || 'none'}; JS files ${w.jsFiles.join(' ') || 'none'}`,
      );
  }
  console.info('\n## Machine load at each step');
  for (const f of all) for (const line of f.load) console.info(`  ${f.products} ${line}`);
}

const results: SizeFigures[] = [];
for (const products of sizes) {
  try {
    results.push(await benchSize(products));
  } catch (error) {
    console.error(
      `\n${products} products: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    if (!values['keep-going']) break;
  }
}
mkdirSync(resolve(root, 'var/bench'), { recursive: true });
writeFileSync(resolve(root, 'var/bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
if (results.length > 0) report(results);
if (results.length < sizes.length) process.exitCode = 1;
