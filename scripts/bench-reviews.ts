/**
 * `npm run bench:reviews -- --products 10000,100000`: what reading reviews costs a build (issue "Reviews and
 * ratings from Magento": reading ratings for 100,000 products adds ≤ 30 s to a cold build), printed, not
 * asserted. For each size, in var/bench-reviews/<n>/:
 * 1. the embedded back end seeded with that many products, reviews on about a third of them, in its own
 *    process (scripts/bench/backend.ts);
 * 2. a full catalogue sync, which reads the reviews too; then the reviews alone as a full sync reads them
 *    (every rating and approved review), timed apart: what they add to a cold build;
 * 3. the review check the schedule runs (every rating read, nothing changed), then again after 10 pending
 *    reviews were approved through the back end's moderation route (their products' reviews read again).
 * With `--pages <dist>`, also the brotli size of built product pages' reviews: a page with 10 reviews shown,
 * against the same page with its reviews section taken out.
 */
import { readdirSync, readFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';
import { productsWithReviews } from '../src/catalogue/reviews.ts';
import { readSnapshot } from '../src/catalogue/snapshot.ts';
import { syncCatalogue } from '../src/catalogue/sync.ts';
import { loadEnv } from '../src/config/env.ts';
import { machineLoad, megabytes, runMeasured, seconds, table } from './bench/proc.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: { products: { type: 'string', default: '10000' }, pages: { type: 'string' } },
});
const sizes = (values.products ?? '')
  .split(',')
  .map((text) => Number(text.trim().replace(/k$/, '000')))
  .filter((n) => Number.isInteger(n) && n > 0);
const TOKEN = 'embedded-demo-integration-token';

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

async function adminToken(url: string): Promise<string> {
  const reply = await fetch(`${url}/rest/V1/integration/admin/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Admin123!' }),
  });
  return (await reply.json()) as string;
}

/** Approves `count` pending reviews through the moderation route; the skus they are of. */
async function approvePending(url: string, count: number): Promise<string[]> {
  const token = await adminToken(url);
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const list = (await (
    await fetch(`${url}/rest/V1/embedded/reviews?status=pending`, { headers })
  ).json()) as { items: { id: number; sku: string }[] };
  const chosen = list.items.slice(0, count);
  for (const review of chosen)
    await fetch(`${url}/rest/V1/embedded/reviews/${review.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ status: 'approved' }),
    });
  return [...new Set(chosen.map((review) => review.sku))];
}

async function benchSize(products: number): Promise<string[]> {
  const dir = resolve(root, 'var/bench-reviews', String(products));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let url = '';
  const backend = runMeasured(process.execPath, ['scripts/bench/backend.ts'], {
    cwd: root,
    env: {
      ...process.env,
      EMBEDDED_MAGENTO_DB: join(dir, 'magento.sqlite'),
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
    const [, syncMs] = await timed(() => syncCatalogue(env, undefined, {}));
    const catalogue = readSnapshot(file);
    const graphql = { baseUrl: url };
    const log = (line: string) => console.info(`  ${line}`);
    const [all, readMs] = await timed(() =>
      productsWithReviews(graphql, catalogue.products, undefined, 'all', log),
    );
    const rated = all.products.filter((product) => product.rating);
    const reviews = rated.reduce((sum, product) => sum + product.reviews.length, 0);
    const withReviews = { ...catalogue, products: all.products };
    const [quiet, quietMs] = await timed(() =>
      productsWithReviews(graphql, withReviews.products, withReviews, 'check', log),
    );
    const approved = await approvePending(url, 10);
    const [after, afterMs] = await timed(() =>
      productsWithReviews(graphql, withReviews.products, withReviews, 'check', log),
    );
    console.info(
      `  ${products}: ${rated.length} rated, ${reviews} reviews; check found ${quiet.checked?.changed.length ?? '?'} changed, then ${after.checked?.changed.length ?? '?'} after approving reviews of ${approved.length} products`,
    );
    return [
      String(products),
      seconds(syncMs),
      seconds(readMs),
      `${rated.length} / ${reviews}`,
      seconds(quietMs),
      `${seconds(afterMs)} (${after.checked?.changed.length ?? '?'} of ${approved.length})`,
      megabytes(process.resourceUsage().maxRSS),
    ];
  } finally {
    backend.stop();
    await backend.done;
  }
}

const brotli = (text: string): number =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Built product pages with exactly 10 reviews shown: their brotli size with and without the section. */
function pageFigures(dist: string): string[][] {
  const rows: string[][] = [];
  for (const entry of readdirSync(dist, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    let html: string;
    try {
      html = readFileSync(join(dist, entry.name, 'index.html'), 'utf8');
    } catch {
      continue;
    }
    const shown = html.match(/<li class="review"/g)?.length ?? 0;
    if (shown !== 10) continue;
    const without = html
      .replace(/<section[^>]*data-reviews[\s\S]*?<\/section>/, '')
      .replace(/(<script type="application\/ld\+json">)([\s\S]*?)(<\/script>)/g, (_, open, json) => {
        const { aggregateRating, review, ...rest } = JSON.parse(String(json)) as Record<string, unknown>;
        return aggregateRating || review
          ? `${String(open)}${JSON.stringify(rest).replace(/</g, '\\u003c')}</script>`
          : `${String(open)}${String(json)}</script>`;
      })
      .replace(/<a class="rating"[\s\S]*?<\/a>/, '');
    rows.push([
      entry.name,
      `${brotli(html)} B`,
      `${brotli(without)} B`,
      `${brotli(html) - brotli(without)} B`,
    ]);
    if (rows.length === 5) break;
  }
  return rows;
}

const rows: string[][] = [];
for (const products of sizes) {
  console.info(`\n${products} products (${machineLoad()})`);
  rows.push(await benchSize(products));
}
console.info(
  `\n${table(
    [
      'products',
      'full sync (with reviews)',
      'reviews read alone',
      'rated / reviews',
      'check, nothing new',
      'check after approvals',
      'bench peak RSS',
    ],
    rows,
  )}`,
);
if (values.pages) {
  const pages = pageFigures(resolve(values.pages));
  console.info(
    `\n${table(['product page with 10 reviews', 'brotli', 'without its reviews', 'reviews add'], pages)}`,
  );
}
