/**
 * `npm run bench:listing -- --products 10000`: the listings' budgets (DESIGN.md §5, issue "Listings for a
 * real catalogue"), printed, not asserted, for the build `npm run bench:site -- --products <n>` left in
 * var/bench/<n>/dist:
 * 1. every listing page's HTML, brotli (budget ≤ 20 KB each);
 * 2. every category's filter index, brotli (budget ≤ 25 KB for ~300 products), with the largest;
 * 3. sorting, filtering and paging in Chromium at 4× CPU throttling (budget ≤ 16 ms), on the listing of
 *    the category nearest 300 products and of the largest: the script's own redraw (its
 *    `listing:render` measure) and the time from the input until the next frame is painted.
 * It serves the build with `scripts/serve.ts` on a free port (pictures are not needed, so no back end).
 * Chromium: CHROME_PATH, else /usr/bin/chromium. Figures also go to var/bench/listing-<n>.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright';
import { kilobytes, table } from './bench/proc.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: { products: { type: 'string', default: '10000' }, runs: { type: 'string', default: '12' } },
});
const products = values.products ?? '10000';
const runs = Math.max(3, Number(values.runs) || 12);
const client = resolve(root, 'var/bench', products, 'dist', 'client');
if (!existsSync(join(client, 'index.html'))) {
  console.error(`No build in ${client}: run npm run bench:site -- --products ${products} first.`);
  process.exit(1);
}

const PAGE_BUDGET = 20 * 1024;
const INDEX_BUDGET = 25 * 1024;
const TIME_BUDGET = 16;

const sizeOf = (file: string): number => (existsSync(file) ? statSync(file).size : NaN);
const median = (list: readonly number[]): number => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const mark = (value: number, budget: number): string =>
  Number.isNaN(value) ? '–' : value <= budget ? 'met' : 'OVER';
const ms = (value: number): string => (Number.isNaN(value) ? '–' : `${value.toFixed(1)} ms`);

/** Every listing page: the folders under the two audiences (product pages live at the top level). */
function listingPages(): { path: string; brotli: number; index: string | undefined }[] {
  const pages: { path: string; brotli: number; index: string | undefined }[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(client, relative), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const folder = `${relative}/${entry.name}`;
      const html = join(client, folder, 'index.html');
      if (existsSync(html)) {
        const index = /data-index="([^"]+)"/.exec(readFileSync(html, 'utf8'))?.[1];
        pages.push({ path: `/${folder}`, brotli: sizeOf(`${html}.br`), index });
      }
      walk(folder);
    }
  };
  for (const audience of ['home-garden', 'professional']) walk(audience);
  return pages;
}

function filterIndexes(): { url: string; products: number; raw: number; brotli: number }[] {
  const dir = join(client, 'listing-data');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      const parsed = JSON.parse(text) as { products: unknown[] };
      return {
        url: `/listing-data/${name}`,
        products: parsed.products.length,
        raw: text.length,
        brotli: sizeOf(join(dir, `${name}.br`)),
      };
    });
}

async function serve(): Promise<{ base: string; stop: () => void }> {
  const port = 20_000 + Math.floor(Math.random() * 10_000);
  const child = spawn(process.execPath, ['scripts/serve.ts', '--dist', resolve(client, '..')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), CATALOGUE_SNAPSHOT: resolve(client, '../../catalogue.db') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/Shop: /.test(output)) ready();
    });
    child.once('exit', (code) => fail(new Error(`serve exited with ${code}: ${output}`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** One operation done inside the page: the input, then two animation frames; with the script's measure. */
async function timed(page: Page, operation: string): Promise<{ render: number; frame: number }> {
  return page.evaluate(async (op) => {
    const root = document.querySelector('[data-listing]');
    const sort = root?.querySelector<HTMLSelectElement>('[data-sort]');
    const box = root?.querySelector<HTMLInputElement>(
      'input[data-facet]:not([data-facet="in_stock"]):not(:disabled)',
    );
    const before = performance.getEntriesByName('listing:render').length;
    const start = performance.now();
    if (op === 'filter on' || op === 'filter off') box?.click();
    else if (op === 'sort price' || op === 'sort position') {
      if (sort) sort.value = op === 'sort price' ? 'price-asc' : 'position';
      sort?.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (op === 'next page')
      root?.querySelector<HTMLAnchorElement>('[data-pagination] a[rel="next"]')?.click();
    else if (op === 'first page')
      root?.querySelector<HTMLAnchorElement>('[data-pagination] a[aria-label="First page"]')?.click();
    // After the next frame is painted: a task queued from its animation-frame callback runs after paint.
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    const frame = performance.now() - start;
    const renders = performance.getEntriesByName('listing:render');
    // No redraw (the `nothing` floor): no redraw time.
    return { render: renders.length > before ? (renders.at(-1)?.duration ?? NaN) : NaN, frame };
  }, operation);
}

/** `nothing` is the floor: a frame with no change at all, at the same throttling. */
const OPERATIONS = [
  'filter on',
  'filter off',
  'sort price',
  'sort position',
  'next page',
  'first page',
  'nothing',
];

async function timeListing(base: string, path: string) {
  const browser = await chromium.launch({
    executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Pictures are not what is measured (and the build's back end is not running to give them).
    await page.route('**/img/**', (route) => route.abort());
    await page.goto(`${base}${path}`);
    const loaded = page.waitForResponse((response) => response.url().includes('/listing-data/'));
    await page.locator('[data-sort]').focus();
    await loaded;
    await page.waitForFunction(() => document.querySelector('[data-listing]') !== null);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const results = new Map<string, { render: number[]; frame: number[] }>();
    for (let run = 0; run < runs; run += 1)
      for (const operation of OPERATIONS) {
        const { render, frame } = await timed(page, operation);
        const entry = results.get(operation) ?? { render: [], frame: [] };
        entry.render.push(render);
        entry.frame.push(frame);
        results.set(operation, entry);
      }
    return results;
  } finally {
    await browser.close();
  }
}

const pages = listingPages();
const indexes = filterIndexes();
const byBrotli = [...pages].sort((a, b) => b.brotli - a.brotli);
const over = pages.filter((page) => page.brotli > PAGE_BUDGET);
console.info(`\nListing pages at ${products} products: HTML, brotli (budget ≤ ${kilobytes(PAGE_BUDGET)})`);
console.info(
  table(
    ['pages', 'median', 'max', 'largest page', 'over budget'],
    [
      [
        String(pages.length),
        kilobytes(median(pages.map((p) => p.brotli))),
        kilobytes(byBrotli[0]?.brotli ?? NaN),
        byBrotli[0]?.path ?? '',
        String(over.length),
      ],
    ],
  ),
);

const near300 = [...indexes].sort((a, b) => Math.abs(a.products - 300) - Math.abs(b.products - 300))[0];
const largest = [...indexes].sort((a, b) => b.products - a.products)[0];
console.info(
  `\nFilter indexes: ${indexes.length} categories (budget ≤ ${kilobytes(INDEX_BUDGET)} for ~300 products)`,
);
console.info(
  table(
    ['category', 'products', 'raw', 'brotli', 'brotli/product', 'budget'],
    [near300, largest].flatMap((index) =>
      index
        ? [
            [
              index.url,
              String(index.products),
              kilobytes(index.raw),
              kilobytes(index.brotli),
              `${(index.brotli / index.products).toFixed(1)} B`,
              index === largest ? `(largest)` : mark(index.brotli, INDEX_BUDGET),
            ],
          ]
        : [],
    ),
  ),
);

const pathOf = (url: string | undefined) =>
  pages.find((page) => page.index === url && !page.path.includes('/page/'))?.path;
const targets = [near300, largest].flatMap((index) => {
  const path = pathOf(index?.url);
  return index && path ? [{ path, products: index.products }] : [];
});
const server = await serve();
const timing: Record<
  string,
  Record<string, { render: number; maxRender: number; frame: number; maxFrame: number }>
> = {};
try {
  for (const target of targets) {
    const results = await timeListing(server.base, target.path);
    timing[target.path] = {};
    console.info(
      `\n${target.path} (${target.products} products), 4× CPU throttling, ${runs} runs (budget ≤ ${TIME_BUDGET} ms)`,
    );
    console.info(
      table(
        ['operation', 'redraw median', 'redraw max', 'to paint median', 'to paint max', 'budget'],
        [...results].map(([operation, { render, frame }]) => {
          const figures = {
            render: median(render),
            maxRender: Math.max(...render),
            frame: median(frame),
            maxFrame: Math.max(...frame),
          };
          (timing[target.path] ?? {})[operation] = figures;
          return [
            operation,
            ms(figures.render),
            ms(figures.maxRender),
            `${figures.frame.toFixed(1)} ms`,
            `${figures.maxFrame.toFixed(1)} ms`,
            mark(figures.render, TIME_BUDGET),
          ];
        }),
      ),
    );
  }
} finally {
  server.stop();
}
const pageThree = targets[0] && `${targets[0].path}/page/3`;
console.info(
  `\nLighthouse on a listing's page 1 and page 3: npm run bench:lighthouse -- --bench ${products} --path ${targets[0]?.path ?? ''} --path ${pageThree ?? ''}`,
);
writeFileSync(
  resolve(root, 'var/bench', `listing-${products}.json`),
  JSON.stringify(
    {
      pages: {
        count: pages.length,
        median: median(pages.map((p) => p.brotli)),
        max: byBrotli[0],
        over: over.length,
      },
      indexes: { near300, largest },
      timing,
    },
    null,
    2,
  ),
);
