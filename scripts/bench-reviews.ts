/**
 * `npm run bench:reviews -- --products 10000`: what reading reviews costs a storefront against the
 * embedded back end, printed, not asserted. For each catalogue size, on a throwaway database seeded as
 * `npm start` seeds it (demo reviews included; no pictures):
 * 1. the seed's time (generate, database) and its reviews (products reviewed, reviews, pending);
 * 2. every listed product read 300 at a time, as a storefront reads ratings for its pages:
 *    `products(filter: {sku: {in: [...300...]}}, pageSize: 300) { items { sku review_count rating_summary } }`,
 *    each batch timed over HTTP (loopback, keep-alive), with the SQL statements it ran;
 * 3. reviewed products 100 at a time with their first 50 reviews inline
 *    (`reviews(pageSize: 50) { items { nickname summary text created_at average_rating ratings_breakdown }
 *    page_info }`).
 * The back end runs in this process (one request at a time, so it has the core to itself), which lets the
 * statements of each batch be counted, and the process's CPU time per batch be read beside the wall time:
 * on a busy machine the CPU time is the steadier figure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DEMO_CARRIERS } from '../src/embedded/magento/checkout/carrier-config.ts';
import { Database } from '../src/embedded/magento/db.ts';
import { generateCatalogue } from '../src/embedded/magento/seed/catalogue.ts';
import { seedDatabase } from '../src/embedded/magento/seed/seed-database.ts';
import { startEmbeddedMagento } from '../src/embedded/magento/server.ts';
import { loadLine, median, table } from './bench/proc.ts';

const { values } = parseArgs({ options: { products: { type: 'string', default: '10000' } } });
const sizes = (values.products ?? '')
  .split(',')
  .map((text) => Number(text.trim().replace(/k$/, '000')))
  .filter((n) => Number.isInteger(n) && n > 0);
if (sizes.length === 0)
  throw new Error('--products takes a comma-separated list of sizes, e.g. 10000,100000');

const ADMIN = { username: 'admin', password: 'Admin123!' };
const TOKEN = 'bench-integration-token-0123456789';
const ms = (value: number): string => `${value.toFixed(1)} ms`;

const SUMMARY_QUERY = `query Batch($skus: [String]) {
  products(filter: { sku: { in: $skus } }, pageSize: 300) { items { sku review_count rating_summary } }
}`;
const REVIEWS_QUERY = `query Batch($skus: [String]) {
  products(filter: { sku: { in: $skus } }, pageSize: 100) { items { sku review_count rating_summary
    reviews(pageSize: 50) { items { nickname summary text created_at average_rating ratings_breakdown { name value } }
      page_info { current_page page_size total_pages } } } }
}`;

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** POST /graphql over keep-alive; the time from sending to the last byte. */
function graphql(url: string, query: string, variables: unknown): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const body = JSON.stringify({ query, variables });
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/graphql`,
      {
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ ms: performance.now() - started, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Counts the statements the database runs (get, all, run) while `measure` is given them. */
function countStatements(db: Database): { take(): number } {
  let count = 0;
  for (const method of ['get', 'all', 'run'] as const) {
    const original = db[method].bind(db) as (...args: unknown[]) => unknown;
    Object.defineProperty(db, method, {
      value: (...args: unknown[]) => {
        count++;
        return original(...args);
      },
    });
  }
  return {
    take() {
      const taken = count;
      count = 0;
      return taken;
    },
  };
}

const percentile = (list: readonly number[], p: number): number => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

const skuRow = z.object({ sku: z.string() });

async function bench(productCount: number): Promise<string[][]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-reviews-'));
  try {
    const started = performance.now();
    const catalogue = generateCatalogue({ seed: 1, productCount, brand: 'Clearwater' });
    const generated = performance.now();
    const seedDb = new Database(join(dir, 'magento.sqlite'));
    await seedDatabase(seedDb, catalogue, ADMIN, DEMO_CARRIERS);
    const seeded = performance.now();
    const counts = seedDb.get(
      z.object({ products: z.number(), reviews: z.number(), pending: z.number(), votes: z.number() }),
      `SELECT (SELECT COUNT(DISTINCT entity_pk_value) FROM review WHERE status_id = 1) AS products,
         (SELECT COUNT(*) FROM review WHERE status_id = 1) AS reviews,
         (SELECT COUNT(*) FROM review WHERE status_id = 2) AS pending,
         (SELECT COUNT(*) FROM rating_option_vote) AS votes`,
    );
    seedDb.close();
    console.info(
      `${productCount} products: seed ${ms(seeded - started)} (generate ${ms(generated - started)}, database ${ms(seeded - generated)}); ` +
        `${counts?.reviews} approved reviews on ${counts?.products} products, ${counts?.pending} pending, ${counts?.votes} votes`,
    );

    const running = await startEmbeddedMagento({
      host: '127.0.0.1',
      port: 0,
      dbFile: join(dir, 'magento.sqlite'),
      mediaDir: join(dir, 'media'),
      admin: ADMIN,
      integrationToken: TOKEN,
      tokenLifetimes: { customer: 3600, admin: 14400 },
      catalogue: { seed: 1, productCount, brand: 'Clearwater' },
      writeImages: false,
    });
    try {
      const { db } = running;
      const listed = db.all(
        skuRow,
        'SELECT sku FROM products WHERE status = 1 AND visibility IN (2, 4) ORDER BY id',
      );
      const reviewed = db.all(
        skuRow,
        `SELECT DISTINCT p.sku FROM products p JOIN review r ON r.entity_pk_value = p.id AND r.status_id = 1
         WHERE p.visibility IN (2, 4) ORDER BY p.id`,
      );
      const statements = countStatements(db);
      const rows: string[][] = [];
      for (const [label, query, skus, size] of [
        ['summary, 300 a batch', SUMMARY_QUERY, listed, 300],
        ['50 reviews inline, 100 a batch', REVIEWS_QUERY, reviewed, 100],
      ] as const) {
        const times: number[] = [];
        const cpu: number[] = [];
        const perBatch: number[] = [];
        let items = 0;
        // One warm-up batch (statement preparation, JIT), not counted.
        await graphql(running.url, query, { skus: skus.slice(0, size).map((row) => row.sku) });
        statements.take();
        for (let start = 0; start < skus.length; start += size) {
          const before = process.cpuUsage();
          const reply = await graphql(running.url, query, {
            skus: skus.slice(start, start + size).map((row) => row.sku),
          });
          const used = process.cpuUsage(before);
          cpu.push((used.user + used.system) / 1000);
          const parsed = JSON.parse(reply.body) as {
            data?: { products?: { items?: unknown[] } };
            errors?: unknown;
          };
          if (parsed.errors)
            throw new Error(`GraphQL errors: ${JSON.stringify(parsed.errors).slice(0, 300)}`);
          items += parsed.data?.products?.items?.length ?? 0;
          times.push(reply.ms);
          perBatch.push(statements.take());
        }
        rows.push([
          String(productCount),
          label,
          String(times.length),
          String(items),
          ms(median(times)),
          ms(percentile(times, 95)),
          ms(median(cpu)),
          ms(times.reduce((sum, time) => sum + time, 0)),
          String(Math.max(...perBatch)),
        ]);
      }
      return rows;
    } finally {
      await running.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows: string[][] = [];
for (const size of sizes) rows.push(...(await bench(size)));
console.info(
  `\n${table(['products', 'read', 'batches', 'items', 'median', 'p95', 'CPU median', 'all batches', 'SQL per batch'], rows)}`,
);
console.info(await loadLine());
agent.destroy();
