/**
 * `npm run bench:reconcile -- --products 10000,100000`: the nightly price reconciliation's figures (issue
 * "What the page says is what Magento charges": ≤ 60 s at 10,000 products, ≤ 5 min at 100,000, without
 * slowing cart calls past DESIGN.md §5's 50 ms p99), printed, not asserted. For each size, in
 * var/bench-reconcile/<n>/:
 * 1. the embedded back end seeded with that many products, in its own process (scripts/bench/backend.ts);
 * 2. a full catalogue sync (the snapshot a live build was made from);
 * 3. 1 % of the products (at least 10) repriced straight in the back end's database, as an import that
 *    skips save events does (no hook, no new updated_at);
 * 4. the reconciliation as a run makes it: Magento's final prices read (products-render-info), compared with
 *    the published ones, the drifted products read again by an incremental sync with the rule prices worked
 *    out; timed by phase;
 * 5. beside it, SHOPPERS guests adding to their carts and reading totals in a loop; their latency quiet
 *    (before) and during the reconciliation.
 * Bounded: loopback only, a fixed number of shoppers, stops when the reconciliation ends.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readSnapshot } from '../src/catalogue/snapshot.ts';
import { syncCatalogue } from '../src/catalogue/sync.ts';
import { loadEnv } from '../src/config/env.ts';
import { magentoClientConfig } from '../src/config/magento.ts';
import { openDatabase } from '@cleaning-shop/embedded-magento/schema.ts';
import { checkPrices, reconcileSummary } from '../src/publish/rebuild/reconcile.ts';
import { machineLoad, megabytes, runMeasured, seconds, table } from './bench/proc.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { products: { type: 'string', default: '10000' } } });
const sizes = (values.products ?? '')
  .split(',')
  .map((text) => Number(text.trim().replace(/k$/, '000')))
  .filter((n) => Number.isInteger(n) && n > 0);
const SHOPPERS = 20;
const TOKEN = 'embedded-demo-integration-token';

const latency = (phase: Phase | undefined): string =>
  phase ? `${phase.p50.toFixed(1)} / ${phase.p99.toFixed(1)} ms (${phase.n} calls)` : '–';

interface Phase {
  n: number;
  p50: number;
  p99: number;
}

/** Guests adding to carts in a process of their own (scripts/bench/shoppers.ts), phase by phase. */
function shoppers(base: string, skus: readonly string[]) {
  let phases: Phase[] = [];
  const child = runMeasured(process.execPath, ['scripts/bench/shoppers.ts'], {
    cwd: root,
    env: { ...process.env, BACKEND_URL: base, SKUS: skus.join(','), SHOPPERS: String(SHOPPERS) },
    onLine: (line) => {
      if (line.text.startsWith('PHASES ')) phases = JSON.parse(line.text.slice('PHASES '.length)) as Phase[];
    },
    readyWhen: (line) => line === 'SHOPPING',
    wrapWithTime: false,
  });
  return {
    ready: child.ready,
    next: () => process.kill(child.pid, 'SIGUSR2'),
    /** Stops the shoppers; the latencies of each phase. */
    stop: async () => {
      child.stop();
      await child.done;
      return phases;
    },
  };
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

async function benchSize(products: number): Promise<string[]> {
  const dir = resolve(root, 'var/bench-reconcile', String(products));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const dbFile = join(dir, 'magento.sqlite');
  let url = '';
  const backend = runMeasured(process.execPath, ['scripts/bench/backend.ts'], {
    cwd: root,
    env: {
      ...process.env,
      EMBEDDED_MAGENTO_DB: dbFile,
      EMBEDDED_MAGENTO_MEDIA: join(dir, 'media'),
      DEMO_PRODUCT_COUNT: String(products),
      REBUILD_SECRET: '',
    },
    onLine: (line) => {
      if (line.text.startsWith('BENCH '))
        url = (JSON.parse(line.text.slice('BENCH '.length)) as { url: string }).url;
    },
    readyWhen: (line) => line.startsWith('BENCH '),
    wrapWithTime: false,
  });
  try {
    await backend.ready;
    if (!url) throw new Error('The back end did not start.');
    const file = join(dir, 'catalogue.db');
    const env = loadEnv({ MAGENTO_URL: url, MAGENTO_TOKEN: TOKEN, CATALOGUE_SNAPSHOT: file });
    const syncStarted = performance.now();
    await syncCatalogue(env, undefined, { incremental: true });
    const syncMs = performance.now() - syncStarted;
    const catalogue = readSnapshot(file);
    const simple = catalogue.products.filter(
      (product) => product.typeId === 'simple' && product.visibility === 4 && product.inStock,
    );
    const db = openDatabase(dbFile);
    const changed = simple.filter((_, at) => at % 100 === 0).slice(0, Math.max(10, products / 100));
    for (const product of changed) db.run('UPDATE products SET price = price - 1 WHERE sku = ?', product.sku);
    db.close();

    const load = shoppers(
      url,
      simple.slice(0, 50).map((product) => product.sku),
    );
    await load.ready;
    await sleep(5000);
    load.next();
    const now = Date.now();
    const started = performance.now();
    const check = await checkPrices(magentoClientConfig(env), file, now);
    const checked = performance.now();
    await syncCatalogue(env, undefined, {
      incremental: true,
      recheck: check.recheck,
      finalPrices: check.finals,
      at: now,
    });
    const summary = reconcileSummary(check, file, now);
    const done = performance.now();
    const [quiet, during] = await load.stop();
    const memory = process.resourceUsage().maxRSS;
    console.info(
      `  ${products}: ${summary.checked} compared, ${summary.differed} differed (${changed.length} changed), ${summary.rulePrices} rule prices, ${summary.unexplained.length} unexplained`,
    );
    return [
      String(products),
      seconds(syncMs),
      seconds(checked - started),
      seconds(done - checked),
      seconds(done - started),
      `${summary.differed} / ${changed.length}`,
      latency(quiet),
      latency(during),
      megabytes(memory),
    ];
  } finally {
    backend.stop();
    await backend.done;
  }
}

const rows: string[][] = [];
for (const products of sizes) {
  console.info(`\n${products} products (${machineLoad()})`);
  rows.push(await benchSize(products));
  console.info(`  machine: ${machineLoad()}`);
}
console.info(
  `\n${table(
    [
      'products',
      'first full sync',
      'final prices read + compared',
      'drifted read again + rule prices',
      'reconciliation',
      'found / changed',
      `cart calls p50 / p99, quiet (${SHOPPERS} shoppers)`,
      'cart calls p50 / p99, during',
      'bench process peak RSS',
    ],
    rows,
  )}`,
);
