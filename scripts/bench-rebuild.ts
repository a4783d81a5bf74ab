/**
 * `npm run bench:rebuild -- --products 250,10000`: change-to-live figures for DESIGN.md §5, printed, not
 * asserted. For each catalogue size, in var/bench-rebuild/<n>/ (inside the project: Astro's prerender
 * must resolve node_modules), one size after the other, on a frozen copy of the project's sources:
 * 1. seed the embedded back end's database (pictures only up to 1,000 products);
 * 2. `npm start` (scripts/start.ts) on free ports with that database: full sync and the first, full build
 *    (the full-build time for comparison), then it serves with its rebuilder on;
 * 3. change-to-live: an editor's price change through the admin API (`PUT /rest/V1/products/{sku}`), which
 *    calls the storefront's signed hook; the clock stops when the product page serves the new price;
 * 4. with `--full-rebuild`, the same through a full rebuild (hook body `{"full":true}`);
 * 5. with `--prices`, a sale scheduled for midnight and the shop's clock moved to a second before it: how
 *    long after the instant the product page and its listing show "Was";
 * 6. with `--block`, an editor's CMS block save (the home page's first promo banner retitled through
 *    `PUT /rest/V1/cmsBlock/{id}`): how long until the home page shows it;
 * 7. with `--astro-incremental`, Astro 7's `experimental.incrementalBuild` on a copy of the project whose
 *    product route returns the product fingerprint as `cacheKey`: a cold build, then one product changed.
 * Memory: the peak RSS of each `astro build` (from its build-info.json) and of the server process.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_REBUILD_SECRET, DEMO_STATUS_PASSWORD } from '../src/publish/config.ts';
import { buildInfoSchema, configHash, type BuildInfo } from '../src/publish/build-info.ts';
import { buildSite } from '../src/publish/build.ts';
import { loadEnv } from '../src/config/env.ts';
import { formatPrice } from '../src/catalogue/money.ts';
import { readSnapshot } from '../src/catalogue/snapshot.ts';
import {
  machineLoad,
  megabytes,
  memoryOf,
  runMeasured,
  seconds,
  table,
  type RunningChild,
} from './bench/proc.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '250,10000' },
    'full-rebuild': { type: 'boolean', default: false },
    'astro-incremental': { type: 'boolean', default: false },
    /** A sale scheduled for midnight: from the instant on the shop's clock to its pages showing it. */
    prices: { type: 'boolean', default: false },
    /** An editor's CMS block save: from the save to the home page showing it. */
    block: { type: 'boolean', default: false },
  },
});
const sizes = (values.products ?? '')
  .split(',')
  .map((text) => Number(text.trim().replace(/k$/, '000')))
  .filter((n) => Number.isInteger(n) && n > 0);
if (sizes.length === 0) throw new Error('--products takes a comma-separated list of sizes, e.g. 250,10000');

const ADMIN = { username: 'admin', password: 'Admin123!' };
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

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

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
  sync: { mode: string; ms: number; updated: number } | undefined;
  build: BuildFigures;
  serverRssKb: number | undefined;
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
  partial: ChangeToLive;
  full?: ChangeToLive;
  astroIncremental?: { cold: BuildFigures; warm: BuildFigures } | { skipped: string };
  serverPeakKb: number;
  load: string[];
}

async function magento(base: string, path: string, init: RequestInit & { token: string }): Promise<unknown> {
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
const adminTokenOf = async (magentoUrl: string): Promise<string> =>
  (await (
    await fetch(`${magentoUrl}/rest/V1/integration/admin/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json()) as string;

/** Seeds the database in a child (the back end's own start-up), then stops it. */
async function seed(project: string, dir: string, products: number, env: NodeJS.ProcessEnv): Promise<void> {
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
  console.info(`  seeded ${products} products into ${dir}`);
}

async function liveInfo(dist: string): Promise<BuildInfo> {
  return buildInfoSchema.parse(JSON.parse(readFileSync(join(dist, 'build-info.json'), 'utf8')));
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
  serverPid: number;
}): Promise<ChangeToLive> {
  const adminToken = await adminTokenOf(options.magentoUrl);
  const shown = formatPrice(options.price);
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
  if (options.full) {
    const { signRebuildRequest } = await import('../src/publish/signature.ts');
    const body = '{"reason":"bench: full rebuild","full":true}';
    await fetch(`${options.shopUrl}/rebuild`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...signRebuildRequest(DEMO_REBUILD_SECRET, body) },
      body,
    });
  }
  let serverRssKb: number | undefined;
  for (;;) {
    // A connection the server closes between two polls (keep-alive) is no reason to stop waiting.
    const page = await fetch(`${options.shopUrl}/${options.urlKey}`)
      .then((response) => response.text())
      .catch(() => '');
    serverRssKb = Math.max(serverRssKb ?? 0, memoryOf(options.serverPid)?.rss ?? 0);
    if (page.includes(shown)) break;
    if (performance.now() - started > 15 * 60_000)
      throw new Error(`${shown} never showed on /${options.urlKey}`);
    await sleep(100);
  }
  const ms = performance.now() - started;
  const status = (await (
    await fetch(`${options.shopUrl}/rebuild/status`, {
      headers: { Authorization: `Bearer ${DEMO_STATUS_PASSWORD}` },
    })
  ).json()) as { last?: { sync?: { mode: string; ms: number; updated: number } } };
  await sleep(500); // the rebuilder records its summary right after the switch
  return { ms, sync: status.last?.sync, build: figures(await liveInfo(options.dist)), serverRssKb };
}

/** Retitles the home page's first promo banner in its CMS block as an editor would, then waits until it is served. */
async function blockToLive(options: {
  magentoUrl: string;
  shopUrl: string;
  dist: string;
  serverPid: number;
}): Promise<ChangeToLive> {
  const token = await adminTokenOf(options.magentoUrl);
  const block = (await magento(options.magentoUrl, '/cmsBlock/home-promo-banners', { token })) as {
    id: number;
    content: string;
  };
  const title = `Spring clean ${Date.now()}`;
  const content = block.content.replace(/<h3>[^<]*<\/h3>/, `<h3>${title}</h3>`);
  if (content === block.content) throw new Error('The home-promo-banners block has no <h3> to retitle.');
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
    serverRssKb = Math.max(serverRssKb, memoryOf(options.serverPid)?.rss ?? 0);
    if (page.includes(title)) break;
    if (performance.now() - started > 5 * 60_000) throw new Error(`"${title}" never showed on the home page`);
    await sleep(100);
  }
  const ms = performance.now() - started;
  await sleep(500); // the rebuilder records its summary right after the switch
  return { ms, sync: undefined, build: figures(await liveInfo(options.dist)), serverRssKb };
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
 * fingerprint (src/publish/fingerprint.ts) as `cacheKey`. Each build then runs through `buildSite` as a
 * full build (precompress, scan, checks), so the totals compare with ours.
 */
async function astroIncremental(
  dir: string,
  env: NodeJS.ProcessEnv,
): Promise<NonNullable<SizeFigures['astroIncremental']>> {
  const project = join(dir, 'astro-incremental');
  copyProject(project);
  const pagePath = join(project, 'src/pages/[product].astro');
  const page = readFileSync(pagePath, 'utf8');
  const routes = 'const { routed, skipped } = catalogueRoutes();';
  const planned = 'const render = renderOnly && new Set(renderOnly);';
  const planImport = "import { renderOnly } from 'virtual:render-plan';";
  if (![routes, planned, planImport, 'props: { product },'].every((part) => page.includes(part)))
    return { skipped: 'the product route no longer has the shape this patch expects' };
  writeFileSync(
    pagePath,
    page
      .replace(routes, 'const { routed, skipped, hrefBySku } = catalogueRoutes();')
      .replace(
        planned,
        `${planned}\n  const fingerprints = productFingerprints(routed, getCatalogue(), hrefBySku, sharedFingerprint(getCatalogue(), shopInfo()));`,
      )
      .replace('props: { product },', 'props: { product },\n    cacheKey: fingerprints.get(product.urlKey),')
      .replace(
        planImport,
        `${planImport}\nimport { productFingerprints, sharedFingerprint } from '../publish/fingerprint.ts';`,
      ),
  );
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
  const [magentoPort, shopPort, sandboxPort] = [await freePort(), await freePort(), await freePort()];
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
    CATALOGUE_SNAPSHOT: join(dir, 'catalogue.json'),
    IMAGE_CACHE_DIR: join(dir, 'image-cache'),
    PORT: String(shopPort),
    SITE_URL: `http://127.0.0.1:${shopPort}`,
    PAYMENT_SANDBOX_PORT: String(sandboxPort),
    PAYMENTS_DB: join(dir, 'payments.sqlite'),
    PAYMENT_SANDBOX_DB: join(dir, 'payment-sandbox.sqlite'),
    REBUILD_DEBOUNCE_MS: '500',
    SHOP_CLOCK_FILE: join(dir, 'clock.json'),
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  const load = [machineLoad()];
  const project = join(dir, 'project');
  copyProject(project);
  await seed(project, dir, products, env);

  const dist = join(dir, 'dist');
  const startedAt = performance.now();
  const server: RunningChild = runMeasured(process.execPath, ['scripts/start.ts', '--dist', dist], {
    cwd: project,
    env,
    readyWhen: (line) => line.startsWith('Shop: '),
    wrapWithTime: false,
    onLine: (line) => {
      if (
        /^(Full|Partial) build|Site built|Rebuild |Catalogue:|Precompressed|WARNING|[Ee]rror|failed/.test(
          line.text,
        )
      )
        console.info(`  [start] ${line.text}`);
    },
  });
  try {
    await server.ready;
    const startMs = performance.now() - startedAt;
    const firstBuild = figures(await liveInfo(dist));
    const catalogue = readSnapshot(String(env['CATALOGUE_SNAPSHOT']));
    const product = catalogue.products.find(
      (candidate) => candidate.visibility === 4 && candidate.priceInclVat,
    );
    if (!product) throw new Error('no product with a price and a page');
    const base = {
      magentoUrl: `http://127.0.0.1:${magentoPort}`,
      shopUrl: `http://127.0.0.1:${shopPort}`,
      dist,
      sku: product.sku,
      urlKey: product.urlKey,
      serverPid: server.pid,
    };
    // Let the start-up settle: the same-second rule would re-read products saved in the seed's second.
    await sleep(2000);
    console.info(`  change-to-live (partial) for ${product.sku}…`);
    const partial = await changeToLive({ ...base, price: 1111.11, full: false });
    let full: ChangeToLive | undefined;
    const result: SizeFigures = {
      products,
      startMs,
      firstBuild,
      partial,
      serverPeakKb: 0,
      load,
    };
    if (values['full-rebuild']) {
      console.info('  change-to-live (full rebuild)…');
      full = await changeToLive({ ...base, price: 2222.22, full: true });
    }
    if (values.block) {
      console.info("  an editor's CMS block save…");
      result.block = await blockToLive(base);
    }
    if (values.prices) {
      console.info('  a sale scheduled for midnight, the clock moved to a second before it…');
      result.prices = await priceBoundary({
        ...base,
        snapshot: String(env['CATALOGUE_SNAPSHOT']),
        clockFile: String(env['SHOP_CLOCK_FILE']),
      });
    }
    load.push(machineLoad());
    server.stop();
    const run = await server.done;
    result.serverPeakKb = Math.max(
      0,
      ...[...run.byCommand].filter(([name]) => name.includes('start.ts')).map(([, kb]) => kb),
    );
    if (full) result.full = full;
    if (values['astro-incremental']) {
      console.info('  Astro experimental.incrementalBuild: cold, then one product changed…');
      result.astroIncremental = await astroIncremental(dir, env);
      load.push(machineLoad());
    }
    return result;
  } finally {
    server.stop();
  }
}

/**
 * The phase split of one build: Astro's bundling and render, what the site pass (src/publish/site-pass.ts)
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
  rows.push(row('change-to-live, partial rebuild', result.partial.ms, result.partial.build));
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
  console.info(
    `  npm start to serving: ${seconds(result.startMs)} (seed excluded); server peak RSS ${megabytes(result.serverPeakKb)}`,
  );
  console.info(`  first build:   ${timing(result.firstBuild)}`);
  console.info(
    `  partial:       ${timing(result.partial.build)}; sync ${result.partial.sync ? `${result.partial.sync.mode} ${seconds(result.partial.sync.ms)}` : '–'}`,
  );
  if (result.full) console.info(`  full rebuild:  ${timing(result.full.build)}`);
  const astro = result.astroIncremental;
  if (astro && 'cold' in astro) {
    console.info(`  astro cold:    ${timing(astro.cold)}`);
    console.info(`  astro warm:    ${timing(astro.warm)}`);
  } else if (astro) console.info(`  astro incremental skipped: ${astro.skipped}`);
  console.info(`  machine: ${result.load.join(' → ')}`);
}
const out = resolve(root, 'var/bench-rebuild/results.json');
if (existsSync(resolve(root, 'var/bench-rebuild')))
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.info(`\nFigures: ${out}`);
