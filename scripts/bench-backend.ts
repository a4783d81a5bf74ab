/**
 * `npm run bench:backend`: figures for DESIGN.md §5, printed, not asserted.
 * - seed time of the demo catalogue at 250 and 10,000 products (database, and pictures for 250);
 * - p50/p95/p99 latency of cart calls with 50 concurrent shoppers on loopback, and a check that no cart line
 *   was lost or duplicated.
 * The back end runs in its own process (as in production), so the load generator does not share its core.
 * With `--beside-build`, a cold `astro build` of the current catalogue snapshot (scripts/bench/build.ts,
 * into a throwaway folder) runs at the same time, as a rebuild would on a shop's one machine.
 * With `--beside-rebuilds`, warm rebuilds run beside the shoppers instead, back to back, as an editor saving
 * prices makes them (scripts/bench/rebuilds-beside.ts): a throwaway site of the bench's back end is built
 * cold first (not measured), then, while the shoppers shop for `--seconds` (default 60, in passes of
 * 50 shoppers x 8 rounds, each with fresh carts), one product's price after the other is saved through the
 * admin API and the rebuild task runs for it with its warm renderer. `--products N` sizes the bench's back
 * end (default 250), so the site rebuilt beside the shoppers.
 * Bounded: a fixed number of rounds (passes for `--seconds`) against 127.0.0.1 only. Each figure is printed
 * with the machine load.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { snapshotPath } from '../src/catalogue/snapshot.ts';
import { loadEnv } from '../src/config/env.ts';
import { openDatabase } from '@cleaning-shop/embedded-magento/schema.ts';
import { generateCatalogue } from '@cleaning-shop/embedded-magento/seed/catalogue.ts';
import { writeProductImages } from '@cleaning-shop/embedded-magento/seed/images.ts';
import { DEMO_CARRIERS } from '@cleaning-shop/embedded-magento/checkout/carrier-config.ts';
import { seedDatabase } from '@cleaning-shop/embedded-magento/seed/seed-database.ts';
import { machineLoad, runMeasured, type RunningChild } from './bench/proc.ts';
import { rebuildsReport, startRebuildsBeside, type RebuildsBeside } from './bench/rebuilds-beside.ts';

const { values: options } = parseArgs({
  options: {
    'beside-build': { type: 'boolean', default: false },
    'beside-rebuilds': { type: 'boolean', default: false },
    products: { type: 'string', default: '250' },
    seconds: { type: 'string', default: '60' },
  },
});
if (options['beside-build'] && options['beside-rebuilds'])
  throw new Error('--beside-build and --beside-rebuilds are two measurements: run one at a time.');
const PRODUCTS = Number(options.products?.replace(/k$/, '000'));
if (!Number.isInteger(PRODUCTS) || PRODUCTS < 1) throw new Error('--products takes a number, e.g. 10000');
const SHOP_SECONDS = Number(options.seconds);
if (!(SHOP_SECONDS > 0)) throw new Error('--seconds takes a number of seconds, e.g. 60');
const BESIDE_DIST = 'var/bench-backend/dist';
const snapshot = snapshotPath(loadEnv().CATALOGUE_SNAPSHOT);
if (options['beside-build'] && !existsSync(snapshot))
  throw new Error(`--beside-build builds ${snapshot}: run \`npm start\` (or \`npm run sync\`) first.`);

const SHOPPERS = 50;
const ROUNDS = 8;
const ADMIN = { username: 'admin', password: 'Admin123!' };

async function timeSeed(productCount: number, withImages: boolean): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-seed-'));
  try {
    const started = performance.now();
    const catalogue = generateCatalogue({ seed: 1, productCount, brand: 'Clearwater' });
    const generated = performance.now();
    const db = openDatabase(join(dir, 'magento.sqlite'));
    await seedDatabase(db, catalogue, ADMIN, DEMO_CARRIERS);
    db.close();
    const seeded = performance.now();
    const images = withImages ? await writeProductImages(catalogue, join(dir, 'media')) : 0;
    const done = performance.now();
    console.info(
      `seed ${productCount} products: generate ${ms(generated - started)}, database ${ms(seeded - generated)}` +
        (withImages ? `, ${images} pictures ${ms(done - seeded)}` : '') +
        `, total ${ms(done - started)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Starts `npm run backend` as a child process on a throwaway database; resolves once it listens. */
async function startBackend(dir: string, token: string, port: number) {
  const child = spawn(
    process.execPath,
    [
      ...(process.env['BENCH_PROFILE'] ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
      'scripts/backend.ts',
    ],
    {
      env: {
        ...process.env,
        EMBEDDED_MAGENTO_PORT: String(port),
        EMBEDDED_MAGENTO_DB: join(dir, 'magento.sqlite'),
        EMBEDDED_MAGENTO_MEDIA: join(dir, 'media'),
        EMBEDDED_INTEGRATION_TOKEN: token,
        DEMO_PRODUCT_COUNT: String(PRODUCTS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('REST back end')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`back end exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, close: async () => void child.kill('SIGTERM') };
}

/** Skus with enough stock for every shopper's adds (any sku when none has). */
async function stockedSkus(url: string, token: string): Promise<string[]> {
  const list = (await (
    await fetch(
      `${url}/rest/V1/products?searchCriteria[filterGroups][0][filters][0][field]=status&searchCriteria[filterGroups][0][filters][0][value]=1&searchCriteria[pageSize]=0&fields=items[sku,extension_attributes[stock_item[qty,is_in_stock]]]`,
      { headers: { Authorization: `Bearer ${token}` } },
    )
  ).json()) as {
    items: { sku: string; extension_attributes: { stock_item: { qty: number; is_in_stock: boolean } } }[];
  };
  const skus = list.items
    .filter(
      (p) =>
        p.extension_attributes.stock_item.is_in_stock &&
        p.extension_attributes.stock_item.qty >= SHOPPERS * ROUNDS,
    )
    .map((p) => p.sku);
  return skus.length > 0 ? skus : list.items.map((p) => p.sku);
}

/** A timing client: node:http with keep-alive, lighter than fetch, so the figures are the server's. */
function timingClient(url: string) {
  const timings = new Map<string, number[]>();
  const agent = new Agent({ keepAlive: true, maxSockets: SHOPPERS * 2 });
  const send = (path: string, init?: RequestInit) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const body = typeof init?.body === 'string' ? init.body : undefined;
      const req = request(
        `${url}${path}`,
        {
          agent,
          method: init?.method ?? 'GET',
          headers:
            body === undefined
              ? {}
              : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString()) as unknown,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const timed = async (name: string, input: string, init?: RequestInit) => {
    const started = performance.now();
    const result = await send(input, init);
    const list = timings.get(name) ?? [];
    list.push(performance.now() - started);
    timings.set(name, list);
    return result;
  };
  return { timings, timed };
}

const percentiles = (sorted: number[]) =>
  [50, 95, 99].map((p) => `p${p} ${percentile(sorted, p).toFixed(1)} ms`).join('  ');

function report(timings: Map<string, number[]>, elapsed: number, passes: number): void {
  const all: number[] = [];
  const beside = options['beside-build']
    ? ', a cold site build running beside them'
    : options['beside-rebuilds']
      ? `, ${passes} pass(es) in ${(elapsed / 1000).toFixed(1)} s, warm rebuilds running beside them`
      : '';
  console.info(
    `cart calls, ${SHOPPERS} concurrent shoppers x ${ROUNDS} rounds on loopback, ${PRODUCTS} products${beside} (${machineLoad()}):`,
  );
  for (const [name, values] of timings) {
    values.sort((a, b) => a - b);
    all.push(...values);
    console.info(`  ${name.padEnd(26)} n=${String(values.length).padStart(5)}  ${percentiles(values)}`);
  }
  all.sort((a, b) => a - b);
  console.info(
    `  ${'all'.padEnd(26)} n=${String(all.length).padStart(5)}  ${percentiles(all)}  (${Math.round((all.length / elapsed) * 1000)} req/s)`,
  );
}

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * Every shopper fills a cart of their own and adds to one shared cart, reading cart and totals each round.
 * One pass, or passes one after the other (fresh carts, a fresh shared cart) while `again()` says so; the
 * shared cart of each pass is checked for lost or duplicated adds.
 */
async function shop(url: string, pool: readonly string[], again: () => boolean = () => false) {
  const { timings, timed } = timingClient(url);
  // Warm-up (JIT, connections), not measured.
  await Promise.all(
    Array.from({ length: SHOPPERS }, async () => {
      const id = (await (await fetch(`${url}/rest/V1/guest-carts`, { method: 'POST' })).json()) as string;
      await fetch(`${url}/rest/V1/guest-carts/${id}/totals`).then((r) => r.arrayBuffer());
    }),
  );
  const sharedSku = pool[0] ?? '';
  const checks: string[] = [];
  let elapsed = 0;
  let passes = 0;
  do {
    const shared = (await timed('POST guest-carts', '/rest/V1/guest-carts', { method: 'POST' }))
      .body as string;
    let sharedAdds = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: SHOPPERS }, async (_, shopper) => {
        const cartId = (await timed('POST guest-carts', '/rest/V1/guest-carts', { method: 'POST' }))
          .body as string;
        for (let round = 0; round < ROUNDS; round++) {
          const sku = pool[(shopper + round) % pool.length] ?? '';
          await timed(
            'POST items',
            `/rest/V1/guest-carts/${cartId}/items`,
            postJson({ cartItem: { sku, qty: 1 } }),
          );
          const added = await timed(
            'POST items (shared cart)',
            `/rest/V1/guest-carts/${shared}/items`,
            postJson({ cartItem: { sku: sharedSku, qty: 1 } }),
          );
          if (added.status === 200) sharedAdds++;
          await timed('GET cart', `/rest/V1/guest-carts/${cartId}`);
          await timed('GET totals', `/rest/V1/guest-carts/${cartId}/totals`);
        }
      }),
    );
    elapsed += performance.now() - started;
    passes++;
    const cart = (await (await fetch(`${url}/rest/V1/guest-carts/${shared}`)).json()) as {
      items: { sku: string; qty: number }[];
    };
    const lines = cart.items.filter((item) => item.sku === sharedSku);
    checks.push(
      `${sharedAdds} successful parallel adds -> ${lines.length} line(s) with qty ${lines[0]?.qty ?? 0}` +
        (lines.length === 1 && lines[0]?.qty === sharedAdds
          ? ' (nothing lost or duplicated)'
          : ' (MISMATCH)'),
    );
  } while (again());
  report(timings, elapsed, passes);
  return checks;
}

/**
 * Cold site builds of the current snapshot back to back, until stopped: how many finished, and the exit
 * code of one that failed. At the priority `npm start`'s rebuilds run at.
 */
function buildsBeside(): { stop(): Promise<{ finished: number; failed: number | undefined }> } {
  let stopped = false;
  let current: RunningChild | undefined;
  let finished = 0;
  let failed: number | undefined;
  const loop = (async () => {
    while (!stopped && failed === undefined) {
      // Inside the project: Astro's prerender must resolve node_modules.
      current = runMeasured(
        'nice',
        ['-n', '19', process.execPath, 'scripts/bench/build.ts', '--cold', '--dist', BESIDE_DIST],
        {
          wrapWithTime: false,
        },
      );
      const run = await current.done;
      if (stopped) break;
      if (run.code === 0) finished++;
      else failed = run.code;
    }
  })();
  let stopping: Promise<{ finished: number; failed: number | undefined }> | undefined;
  return {
    stop: () =>
      (stopping ??= (async () => {
        stopped = true;
        current?.stop();
        await loop;
        return { finished, failed };
      })()),
  };
}

async function benchCarts(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-carts-'));
  const token = 'bench-integration-token-0123456789';
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const magento = await startBackend(dir, token, port);
  const builds = options['beside-build'] ? buildsBeside() : undefined;
  let rebuilds: RebuildsBeside | undefined;
  try {
    // Let the first build get past its start-up into Astro's render before the shoppers arrive.
    if (builds) await new Promise((resolve) => setTimeout(resolve, 8000));
    if (options['beside-rebuilds']) rebuilds = await startRebuildsBeside({ url: magento.url, token });
    const pool = await stockedSkus(magento.url, token);
    rebuilds?.go();
    const until = performance.now() + SHOP_SECONDS * 1000;
    const checks = await shop(
      magento.url,
      pool,
      rebuilds ? () => performance.now() < until && rebuilds?.failure === undefined : undefined,
    );
    if (builds) {
      const { finished, failed } = await builds.stop();
      console.info(
        failed === undefined
          ? `  beside them: ${finished} cold site build(s) finished, another was still running`
          : `  WARNING: a site build beside them failed (exit ${failed}): not measured beside a build`,
      );
    }
    if (rebuilds) for (const line of rebuildsReport(await rebuilds.stop())) console.info(line);
    const mismatches = checks.filter((check) => check.endsWith('(MISMATCH)'));
    console.info(
      checks.length === 1
        ? `  shared cart: ${checks[0]}`
        : `  shared carts (one per pass): ${checks.length - mismatches.length} of ${checks.length} with nothing lost or duplicated` +
            (mismatches.length > 0 ? `; MISMATCH: ${mismatches.join('; ')}` : ''),
    );
  } finally {
    await builds?.stop();
    await rebuilds?.stop();
    rebuilds?.remove();
    await magento.close();
    rmSync(dir, { recursive: true, force: true });
    if (builds)
      for (const path of [BESIDE_DIST, `${BESIDE_DIST}.builds`])
        rmSync(path, { recursive: true, force: true });
  }
}

await timeSeed(250, true);
await timeSeed(10_000, false);
await benchCarts();
