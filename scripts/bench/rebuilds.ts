/**
 * Bench child: warm rebuilds back to back, as the storefront server's rebuilder runs them while an editor
 * saves prices, against the Magento the environment names (MAGENTO_URL, MAGENTO_TOKEN), into `--dist` with
 * its snapshot at CATALOGUE_SNAPSHOT.
 * 1. The first run: a full sync and a cold build (`astro build` with scripts/bench/astro.config.mjs, whose
 *    cache is BENCH_ASTRO_CACHE_DIR); it starts the warm renderer (warm-worker.ts, niced +10), waited on
 *    until `task.renderer()` says `warm`. Prints `READY {firstBuildMs, warmMs, pages, mode}`.
 * 2. On SIGUSR2, until SIGTERM: a product's price saved through the admin API (`PUT /V1/products/{sku}`,
 *    a product after the other, each at a new price), then a run of the task for that sku, as the signed
 *    hook's `{skus}` asks for one. Prints `RUN {putMs, ms, outcome, mode, rendered, pages, syncMs, buildMs,
 *    timings, error}` after each.
 * Sources are not watched (`sources: []`), as in scripts/bench/build.ts: others editing src/ meanwhile would
 * otherwise turn the warm runs into full builds. On SIGTERM it prints `STOPPED {inFlight}` and exits; the
 * warm renderer exits with it (it ends when its parent goes).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchAstroBuild } from './astro-command.ts';
import { readSnapshot, snapshotPath } from '../../src/catalogue/snapshot.ts';
import { loadEnv, processEnvironment } from '../../src/config/env.ts';
import type { RunContext } from '../../src/publish/rebuild/rebuilder.ts';
import { createRebuildTask } from '../../src/publish/rebuild/task.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: { dist: { type: 'string' }, 'warm-timeout': { type: 'string', default: '900' } },
});
if (!values.dist) throw new Error('--dist <dir> is required');
const warmTimeoutMs = Number(values['warm-timeout']) * 1000;
const env = loadEnv();
const magentoUrl = env.MAGENTO_URL;
if (!magentoUrl) throw new Error('MAGENTO_URL is required');
const ADMIN = { username: env.EMBEDDED_ADMIN_USERNAME, password: env.EMBEDDED_ADMIN_PASSWORD };

const task = createRebuildTask({
  env,
  root,
  distDir: resolve(root, values.dist),
  buildEnv: processEnvironment(),
  sources: [],
  command: benchAstroBuild(root),
  attempts: 2,
  retryDelayMs: 500,
  warm: true,
  log: (line) => console.info(line),
});

const context = (reason: string, skus: readonly string[], full = false): RunContext => ({
  reasons: [reason],
  full,
  reconcile: false,
  reviews: false,
  skus,
  targeted: skus.length > 0,
  read: true,
  report: () => undefined,
});

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

let going = false;
let stopped = false;
let inFlight = false;
let go: () => void = () => undefined;
const started = new Promise<void>((resolveGo) => (go = resolveGo));
process.on('SIGUSR2', () => {
  going = true;
  go();
});
process.once('SIGTERM', () => {
  stopped = true;
  console.info(`STOPPED ${JSON.stringify({ inFlight })}`);
  process.exit(0);
});

// 1. The first build, cold, then the warm renderer it starts.
const firstStarted = performance.now();
const first = await task(context('bench: first build', [], true));
if (first.outcome !== 'published') {
  console.error(`The first build failed: ${first.error ?? first.outcome}`);
  process.exit(1);
}
const firstBuildMs = performance.now() - firstStarted;
const warmStarted = performance.now();
while (task.renderer?.() !== 'warm') {
  if (task.renderer?.() === 'cold' || performance.now() - warmStarted > warmTimeoutMs) {
    console.error(`No warm renderer (${task.renderer?.() ?? 'none'}): see the lines above.`);
    process.exit(1);
  }
  await sleep(250);
}
console.info(
  `READY ${JSON.stringify({
    firstBuildMs: Math.round(firstBuildMs),
    warmMs: Math.round(performance.now() - warmStarted),
    pages: first.build?.pages,
    mode: first.build?.mode,
  })}`,
);

// Simple products with a page: a configurable's page shows its variants' prices, not the one saved on it.
const products = readSnapshot(snapshotPath(env.CATALOGUE_SNAPSHOT)).products.filter(
  (product) => product.visibility === 4 && product.typeId === 'simple' && product.priceInclVat,
);
if (products.length === 0) {
  console.error('No simple product with a page and a price to change.');
  process.exit(1);
}

async function adminToken(): Promise<string> {
  const response = await fetch(`${magentoUrl}/rest/V1/integration/admin/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`admin token: HTTP ${response.status}`);
  return (await response.json()) as string;
}

// 2. Saves and runs, back to back, from SIGUSR2 until SIGTERM.
await started;
const token = await adminToken();
for (let change = 0; going && !stopped; change++) {
  const product = products[change % products.length];
  if (!product) break;
  const price = 1000 + change + 0.99;
  const putStarted = performance.now();
  const saved = await fetch(`${magentoUrl}/rest/V1/products/${encodeURIComponent(product.sku)}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      product: { price, custom_attributes: [{ attribute_code: 'list_price', value: String(price) }] },
    }),
  });
  await saved.arrayBuffer();
  const putMs = performance.now() - putStarted;
  if (!saved.ok) {
    console.error(`PUT ${product.sku}: HTTP ${saved.status}`);
    process.exit(1);
  }
  inFlight = true;
  const runStarted = performance.now();
  const run = await task(context(`product ${product.sku} saved`, [product.sku]));
  inFlight = false;
  console.info(
    `RUN ${JSON.stringify({
      sku: product.sku,
      putMs: Math.round(putMs),
      ms: Math.round(performance.now() - runStarted),
      outcome: run.outcome,
      mode: run.build?.mode,
      rendered: run.build?.rendered,
      pages: run.build?.pages,
      syncMs: run.sync?.ms,
      buildMs: run.build?.ms,
      timings: run.build?.timings,
      error: run.error,
    })}`,
  );
}
