/**
 * The whole loop with real builds: an editor's save through the embedded back end's admin API calls the
 * storefront's signed hook, the rebuilder syncs and rebuilds, and the new price is served on the product
 * page, its listing and in the search index, without a restart. A deleted product's page answers 404 and
 * nothing links to it; a disabled one leaves its page, listing and search entry in the same partial run;
 * with Magento down the rebuild fails clearly and the site keeps serving. The Google Merchant Center feed
 * agrees with every page, and follows a price change, a stock switch and a sale's start and end in the run
 * that changes the page, rewriting only the files whose items changed.
 * Real `astro build` runs take seconds each, so this file makes four of them, in order.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexCatalogue, readSnapshot, type CatalogueIndex } from '../../src/catalogue/snapshot.ts';
import type { Product } from '../../src/catalogue/types.ts';
import { modelKey, modelSlug } from '../../src/catalogue/fits.ts';
import { partsPagePath } from '../../src/features/fits/texts.ts';
import { allListings } from '../../src/site/listings.ts';
import { hasFixedPath } from '../../src/site/page-plan.ts';
import { productRoutes } from '../../src/site/product-view.ts';
import { loadEnv, processEnvironment } from '../../src/config/env.ts';
import type { OnSaved } from '@cleaning-shop/contracts/rebuild-hook.ts';
import { saveNotifier } from '../../src/publish/rebuild/hook-client.ts';
import { createRebuilder, type Rebuilder, type RunSummary } from '../../src/publish/rebuild/rebuilder.ts';
import { createRebuildRoutes } from '../../src/publish/rebuild/routes.ts';
import { createRebuildTask } from '../../src/publish/rebuild/task.ts';
import {
  coreUrl,
  recordShardUrl,
  type RecordShard,
  type SearchCore,
  type SearchRecord,
} from '../../src/features/search/files.ts';
import { checkLinks, layeredLocate, layeredPages } from '../../src/publish/render/links.ts';
import { readBuildInfo, snapshotHash } from '../../src/publish/releases/build-info.ts';
import { PAGES_MANIFEST_FILE, readPagesManifest } from '../../src/publish/plan/plan-files.ts';
import { layersOf, locateIn } from '../../src/publish/releases/layers.ts';
import { storefrontServerConfig } from '../../src/server/config.ts';
import { startStorefrontServer, type RunningStorefront } from '../../src/server/server.ts';
import { ADMIN, INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { postHook } from './support.ts';
import { londonWallClockToInstant, shopDay } from '../../src/catalogue/special-prices.ts';
import { FEED_FILES, feedFileOf, feedFilePath } from '../../src/features/shopping-feed/index.ts';
import { effectivePrice, field, missingRequired, parseFeed } from '../support/shopping-feed.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = 'site-test-rebuild-secret-42';
const STATUS_PASSWORD = 'site-test-status-password';
const BUILD_TIMEOUT = 240_000;

let backend: TestBackend;
let backendStopped = false;
let dir: string;
let rebuilder: Rebuilder;
let shop: RunningStorefront;
let notify: OnSaved = () => undefined;
let snapshotFile: string;
const log: string[] = [];
/**
 * The shop's clock the builds price at: the real one, moved forward by the feed's tests to a sale's first
 * and last instant (as SHOP_CLOCK_FILE moves a running shop's), and left there for the tests after them.
 */
const shopClock = { offsetMs: 0, now: (): number => Date.now() + shopClock.offsetMs };

beforeAll(async () => {
  backend = await startTestBackend({
    catalogue: { seed: 7, productCount: 60, brand: 'Clearwater' },
    onSaved: (saved) => notify(saved),
  });
  // Inside the project: the build's prerendering must resolve node_modules.
  mkdirSync(join(ROOT, 'var'), { recursive: true });
  dir = mkdtempSync(join(ROOT, 'var', 'rebuild-test-'));
  snapshotFile = join(dir, 'catalogue.db');
  const buildEnv: NodeJS.ProcessEnv = {
    ...processEnvironment(),
    MAGENTO_URL: backend.url,
    MAGENTO_TOKEN: INTEGRATION_TOKEN,
    CATALOGUE_SNAPSHOT: snapshotFile,
    IMAGE_CACHE_DIR: join(dir, 'image-cache'),
    SITE_URL: 'http://127.0.0.1:4321',
    REBUILD_SECRET: SECRET,
  };
  const env = loadEnv(buildEnv);
  const distDir = join(dir, 'dist');
  rebuilder = createRebuilder({
    task: createRebuildTask({
      env,
      root: ROOT,
      distDir,
      buildEnv,
      attempts: 2,
      retryDelayMs: 100,
      clock: shopClock,
      warm: true,
      log: (line) => log.push(line),
    }),
    debounceMs: 200,
  });
  const first = await rebuilder.trigger('first build');
  if (first.outcome !== 'published') throw new Error(`first build: ${first.error}\n${log.join('\n')}`);
  // The editor's saves below are rendered by the warm renderer the first build started.
  const deadline = Date.now() + BUILD_TIMEOUT;
  while (rebuilder.status().renderer !== 'warm') {
    if (Date.now() > deadline) throw new Error(`no warm renderer:\n${log.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const config = await storefrontServerConfig(env, {
    distDir,
    routes: [],
    extraRoutes: [
      createRebuildRoutes({
        rebuilder,
        secret: SECRET,
        statusPassword: STATUS_PASSWORD,
        siteUrl: 'http://127.0.0.1:4321',
        liveBuild: () => readBuildInfo(distDir),
      }),
    ],
    log: (line) => log.push(line),
  });
  shop = await startStorefrontServer(config, { host: '127.0.0.1', port: 0 });
  notify = saveNotifier({ url: `${shop.url}/rebuild`, secret: SECRET }, (line) => log.push(line));
}, 2 * BUILD_TIMEOUT);

afterAll(async () => {
  await rebuilder?.close();
  await shop?.close();
  if (!backendStopped) await backend?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const get = async (path: string) => {
  const response = await fetch(`${shop.url}${path}`);
  return { status: response.status, text: await response.text() };
};

/** Every URL the sitemap lists: its index, then each file the index names (by path on this server). */
async function sitemapText(): Promise<string> {
  const index = await get('/sitemap.xml');
  const files = [...index.text.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? '/').pathname,
  );
  expect(files.length).toBeGreaterThan(1);
  const texts = await Promise.all(files.map(async (path) => (await get(path)).text));
  expect(texts.join('')).toContain('<url><loc>');
  return texts.join('');
}

/** Waits until the rebuilder is idle and returns its last run. */
async function settled(
  timeoutMs = BUILD_TIMEOUT - 20_000,
  after: RunSummary | null = null,
): Promise<RunSummary> {
  const deadline = Date.now() + timeoutMs;
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (;;) {
    const status = rebuilder.status();
    // A run that began after `after`: a save's hook can take longer than the first wait on a busy machine.
    const last = status.last?.startedAt === after?.startedAt ? undefined : status.last;
    if (status.state === 'idle' && last) return last;
    if (Date.now() > deadline) throw new Error(`no rebuild finished:\n${log.slice(-30).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The search index's record of a product as the site serves it, if it has one (features/search/files.ts). */
async function searchRecordOf(product: Product): Promise<SearchRecord | undefined> {
  const core = JSON.parse((await get(coreUrl())).text) as SearchCore;
  const shards = await Promise.all(
    Array.from(
      { length: Math.ceil(core.n / core.s) },
      async (_, i) => JSON.parse((await get(recordShardUrl(i, core.v))).text) as RecordShard,
    ),
  );
  return shards.flatMap((shard) => shard.d).find((record) => record[0] === product.sku);
}

/** Every HTML file (relative to `client`) under a client folder. */
function htmlFiles(client: string, relative = ''): string[] {
  return readdirSync(join(client, relative), { withFileTypes: true }).flatMap((entry) => {
    const path = join(relative, entry.name);
    if (entry.isDirectory()) return htmlFiles(client, path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

/** Every file a build wrote under a client folder (relative to it): not the compressed siblings. */
function builtFiles(client: string): string[] {
  return readdirSync(client, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name) && !entry.name.startsWith('.'))
    .map((entry) => join(entry.parentPath, entry.name).slice(client.length + 1));
}

/** Every HTML page the live build serves, as text: a warm build's own, then its base's (layers.ts). */
async function allHtml(): Promise<string[]> {
  const layers = layersOf(realpathSync(join(dir, 'dist')));
  const files = new Set(layers.clients.flatMap((client) => htmlFiles(client)));
  const pages = await Promise.all([...files].map((file) => locateIn(layers, file)));
  return pages.flatMap((page) => (page ? [readFileSync(page.path, 'utf8')] : []));
}

/**
 * The catalogue the live build was made from: the snapshot file, once the renderer has written it (a few
 * seconds after a run, when the runs pause: warm-worker.ts).
 */
async function catalogue() {
  const deadline = Date.now() + 30_000;
  while (snapshotHash(snapshotFile) !== readBuildInfo(join(dir, 'dist'))?.snapshotHash) {
    if (Date.now() > deadline) throw new Error('the snapshot file never caught up with the live build');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return indexCatalogue(readSnapshot(snapshotFile));
}
const listingOf = (index: CatalogueIndex, product: Product) =>
  allListings(index).find(
    (listing) => listing.categoryId !== null && product.categoryIds.includes(listing.categoryId),
  );

/** The link check (src/publish/render/links.ts) over the whole live site, every layer of it. */
async function checkLiveLinks() {
  const layers = layersOf(realpathSync(join(dir, 'dist')));
  return checkLinks(layers.clients[0] ?? '', {
    pages: await layeredPages(layers),
    locate: layeredLocate(layers),
    siteUrl: 'http://127.0.0.1:4321',
  });
}

describe('the built site', () => {
  it('has no dead link: every internal href and src of every page resolves', async () => {
    const report = await checkLiveLinks();
    expect(report.dead).toEqual([]);
    expect(report.pages).toBeGreaterThan((await catalogue()).pages.length);
    expect(report.links).toBeGreaterThan(100 * report.pages);
  });

  it('records the key of every product and listing page as Astro rendered it, for the first save to plan from', async () => {
    const manifest = readPagesManifest(join(dir, 'dist', PAGES_MANIFEST_FILE));
    const index = await catalogue();
    const listing = allListings(index)[0];
    const { routed } = productRoutes(index);
    expect(routed.length).toBeGreaterThan(0);
    for (const product of routed) expect(manifest?.pages[product.urlKey]).toMatch(/\S/);
    expect(listing && manifest?.pages[listing.path.replace(/^\/+/, '')]).toMatch(/\S/);
  });

  it("gives Dry Ice Cleaning, in every page's menu, its listing with its machines and their count", async () => {
    const index = await catalogue();
    const listing = allListings(index).find((candidate) => candidate.code === 'dry-ice-cleaning');
    if (listing?.categoryId == null) throw new Error('the demo catalogue has no Dry Ice Cleaning category');
    const shown = index.byCategory.get(listing.categoryId) ?? [];
    const machines = index.pages.filter((product) => shown.includes(product));
    expect(machines.length).toBeGreaterThan(0);
    expect((await get('/')).text).toContain(`href="${listing.path}"`);
    const page = await get(listing.path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Dry Ice Cleaning');
    expect(page.text).toContain(shown.length === 1 ? '1 item' : `${shown.length} items`);
    for (const machine of machines) expect(page.text).toContain(`href="/${machine.urlKey}"`);
  });

  it(
    'is built whole again by the warm renderer, in slices, byte for byte as astro build wrote it',
    async () => {
      const byAstro = realpathSync(join(dir, 'dist'));
      const run = await rebuilder.trigger('full rebuild', { full: true });
      expect(run, `${run.error}\n${log.slice(-20).join('\n')}`).toMatchObject({
        outcome: 'published',
        build: { mode: 'full' },
      });
      expect(log.join('\n')).toContain('Full build by the warm renderer');
      const byRenderer = realpathSync(join(dir, 'dist'));
      expect(byRenderer).not.toBe(byAstro);
      const files = (build: string) => builtFiles(join(build, 'client')).sort();
      const [astroFiles, rendererFiles] = [files(byAstro), files(byRenderer)];
      expect(rendererFiles).toEqual(astroFiles);
      const differ = astroFiles.filter(
        (file) =>
          !readFileSync(join(byAstro, 'client', file)).equals(readFileSync(join(byRenderer, 'client', file))),
      );
      expect(differ).toEqual([]);
      const keys = (build: string) => readPagesManifest(join(build, PAGES_MANIFEST_FILE))?.pages;
      expect(keys(byRenderer)).toEqual(keys(byAstro));
      expect(readBuildInfo(byRenderer)?.pages).toBe(readBuildInfo(byAstro)?.pages);
    },
    BUILD_TIMEOUT,
  );
});

/** The structured data of a page's HTML: its JSON-LD blocks. */
const jsonLdOf = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>,
  );

/** The offer a product page makes for `sku`: its Product's, or its ProductGroup's variant's. */
function offerOf(
  jsonLd: readonly Record<string, unknown>[],
  sku: string,
): Record<string, unknown> | undefined {
  const product = jsonLd.find((block) => block['@type'] === 'Product' || block['@type'] === 'ProductGroup');
  const offered =
    product?.['@type'] === 'ProductGroup'
      ? (product['hasVariant'] as Record<string, unknown>[]).find((variant) => variant['sku'] === sku)
      : product;
  return offered?.['offers'] as Record<string, unknown> | undefined;
}

/** What the feed says of an item, and the file it is in. */
interface FeedStated {
  readonly file: number;
  readonly price: number;
  readonly inStock: boolean;
  /** Every attribute, as text: what changes when the item does. */
  readonly text: string;
}

/**
 * Every item of every feed file the live build serves, side by side with its page's offer: the price that
 * applies at the build's instant by what the item says, its stock and its link, against the offer's. Answers
 * the items by id, with the file each is in.
 */
async function feedAgainstPages(): Promise<Map<string, FeedStated>> {
  const pricedAt = Date.parse(readBuildInfo(join(dir, 'dist'))?.pricedAt ?? '');
  const urls = (await get('/feeds/google/index.txt')).text.trimEnd().split('\n');
  expect(urls).toEqual(
    Array.from({ length: FEED_FILES }, (_, file) => `http://127.0.0.1:4321${feedFilePath(file)}`),
  );
  const pages = new Map<string, Record<string, unknown>[]>();
  const items = new Map<string, FeedStated>();
  const differ: string[] = [];
  for (const [file, url] of urls.entries()) {
    const response = await fetch(`${shop.url}${new URL(url).pathname}`);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const feed = parseFeed(await response.text());
    expect(feed.problems).toEqual([]);
    for (const item of feed.items) {
      const id = field(item, 'id');
      expect(missingRequired(item), id).toEqual([]);
      const link = new URL(field(item, 'link'));
      let jsonLd = pages.get(link.pathname);
      if (!jsonLd) pages.set(link.pathname, (jsonLd = jsonLdOf((await get(link.pathname)).text)));
      const offer = offerOf(jsonLd, id);
      const price = effectivePrice(item, pricedAt);
      const inStock = field(item, 'availability') === 'in_stock';
      const stated = [price.toFixed(2), inStock ? 'InStock' : 'OutOfStock', link.href];
      const offered = [offer?.['price'], String(offer?.['availability']).split('/').pop(), offer?.['url']];
      if (JSON.stringify(stated) !== JSON.stringify(offered))
        differ.push(`${id}: the feed says ${stated.join(' ')}, its page ${offered.join(' ')}`);
      const text = JSON.stringify([[...item.fields], item.shipping]);
      items.set(id, { file, price, inStock, text });
    }
  }
  expect(differ).toEqual([]);
  return items;
}

/** The files holding an item that changed between two reads of the feed (or came, or went). */
function filesChanged(
  before: ReadonlyMap<string, FeedStated>,
  after: ReadonlyMap<string, FeedStated>,
): number[] {
  const files = new Set<number>();
  for (const [id, item] of after) if (before.get(id)?.text !== item.text) files.add(item.file);
  for (const [id, item] of before) if (!after.has(id)) files.add(item.file);
  return [...files].sort((a, b) => a - b);
}

/** The feed files the live build rendered anew (its keys changed): `pages.json`'s `rendered`. */
const feedFilesRendered = (): string[] =>
  (readPagesManifest(join(realpathSync(join(dir, 'dist')), PAGES_MANIFEST_FILE))?.rendered ?? []).filter(
    (key) => key.startsWith('feeds/') && key.endsWith('.xml'),
  );

describe('the Google Merchant Center feed', () => {
  it('agrees with every page: each item priced and stocked as its page offers it, in well-formed files listed beside the sitemap', async () => {
    const items = await feedAgainstPages();
    expect(items.size).toBeGreaterThan(40);
    expect((await get('/robots.txt')).text).toContain(
      'Sitemap: http://127.0.0.1:4321/sitemap.xml\n# Google Merchant Center product feed, the list of its files: http://127.0.0.1:4321/feeds/google/index.txt\n',
    );
  });

  it(
    'follows a price change, a stock switch and a sale from its first instant to its last in the run that changes the page, rewriting only the files whose items changed',
    async () => {
      const index = await catalogue();
      // A simple product of its own, on sale never yet; from the end, so the other tests' products stay theirs.
      const product = [...index.pages]
        .reverse()
        .find(
          (candidate) =>
            candidate.visibility === 4 &&
            !candidate.configurable &&
            candidate.parentSku === null &&
            candidate.inStock &&
            candidate.priceInclVat !== null &&
            candidate.images.length > 0 &&
            candidate.specialPrice === null &&
            candidate.tierPrices.length === 0,
        );
      if (!product) throw new Error('no simple product in stock with a price and a picture');
      const token = (await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN }))
        .body as string;
      const save = async (body: Record<string, unknown>): Promise<RunSummary> => {
        const previous = rebuilder.status().last;
        const saved = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(product.sku)}`, {
          token,
          body: { product: body },
        });
        expect(saved.status).toBe(200);
        return settled(undefined, previous);
      };
      let before = await feedAgainstPages();
      /**
       * After a run: published warm; the product's page and its item agree, at the new price or stock; the
       * feed files rendered anew are exactly those holding an item whose text changed (a sale of the demo
       * catalogue may begin at the same instant), the product's among them when its item's did.
       */
      const expectFollowed = async (
        run: RunSummary,
        expected: { price: number; inStock: boolean; rewritten: boolean },
      ) => {
        expect(run, `${run.error}\n${log.slice(-20).join('\n')}`).toMatchObject({
          outcome: 'published',
          build: { mode: 'warm' },
        });
        const after = await feedAgainstPages();
        const { price, inStock, rewritten } = expected;
        expect(after.get(product.sku)).toMatchObject({ file: feedFileOf(product.sku), price, inStock });
        const changed = filesChanged(before, after);
        expect(changed.includes(feedFileOf(product.sku))).toBe(rewritten);
        expect(feedFilesRendered().sort()).toEqual(
          changed.map((number) => feedFilePath(number).slice(1)).sort(),
        );
        before = after;
      };

      // (a) A price change.
      await expectFollowed(
        await save({ price: 987.65, custom_attributes: [{ attribute_code: 'list_price', value: '987.65' }] }),
        { price: 987.65, inStock: true, rewritten: true },
      );

      // (c) A stock switch, and back.
      await expectFollowed(
        await save({
          sku: product.sku,
          extension_attributes: { stock_item: { qty: 0, is_in_stock: false } },
        }),
        { price: 987.65, inStock: false, rewritten: true },
      );
      await expectFollowed(
        await save({
          sku: product.sku,
          extension_attributes: { stock_item: { qty: 50, is_in_stock: true } },
        }),
        { price: 987.65, inStock: true, rewritten: true },
      );

      // (b) A sale tomorrow, shop time, for that one day: in the feed at once, with its dates, at today's price.
      const tomorrow = shopDay(shopClock.now() + 86_400_000);
      const starts = londonWallClockToInstant(`${tomorrow} 00:00:00`);
      const ends = londonWallClockToInstant(`${shopDay(starts + 25 * 3_600_000)} 00:00:01`);
      await expectFollowed(
        await save({
          custom_attributes: [
            { attribute_code: 'special_price', value: '777.00' },
            { attribute_code: 'special_from_date', value: `${tomorrow} 00:00:00` },
            { attribute_code: 'special_to_date', value: `${tomorrow} 00:00:00` },
          ],
        }),
        { price: 987.65, inStock: true, rewritten: true },
      );
      // Its first instant: the run the publisher's diary starts then (no save) puts it on the page; the feed
      // said so already, so its file is as it was and the price that applies by it is the sale's.
      shopClock.offsetMs = starts + 1000 - Date.now();
      await expectFollowed(
        await rebuilder.trigger('scheduled price change', { urgent: true, scheduled: true }),
        { price: 777, inStock: true, rewritten: false },
      );
      // Its last: the day after its to-date begins, the regular price again, and the sale leaves the feed.
      shopClock.offsetMs = ends + 1000 - Date.now();
      const ended = await rebuilder.trigger('scheduled price change', { urgent: true, scheduled: true });
      await expectFollowed(ended, { price: 987.65, inStock: true, rewritten: true });
    },
    2 * BUILD_TIMEOUT,
  );
});

describe('an editor saves a product in the back end', () => {
  it(
    'shows the new price on the product page, its listing and in search results, without a restart',
    async () => {
      const index = await catalogue();
      const product = index.pages.find(
        (candidate) => candidate.visibility === 4 && listingOf(index, candidate),
      );
      const listing = product && listingOf(index, product);
      if (!product || !listing) throw new Error('no searchable product in a listing');
      expect((await get(`/${product.urlKey}`)).text).not.toContain('£1,234.56');

      const token = await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN });
      const saved = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(product.sku)}`, {
        token: token.body as string,
        body: {
          product: {
            price: 1234.56,
            custom_attributes: [{ attribute_code: 'list_price', value: '1234.56' }],
          },
        },
      });
      expect(saved.status).toBe(200);

      const run = await settled();
      expect(run).toMatchObject({ outcome: 'published', reasons: [`product ${product.sku} saved`] });
      expect(run.sync).toMatchObject({ mode: 'incremental', updated: 1, removed: 0 });
      // Rendered warm: the pages showing the product, as a layer over the live site, the rest untouched.
      expect(run.build).toMatchObject({ mode: 'warm' });
      // Planned from the change since the live build, which the renderer found it would make alike: not
      // every product and listing page.
      expect(log.filter((line) => line.includes('plans its first run in full'))).toEqual([]);
      const livePages =
        readPagesManifest(join(realpathSync(join(dir, 'dist')), PAGES_MANIFEST_FILE))?.pages ?? {};
      const pageKeys = Object.keys(livePages).filter((key) => !/\.(json|xml|txt)$/.test(key));
      const dataKeys = Object.keys(livePages).length - pageKeys.length;
      // Every data file and every page with a fixed path (the shopper's screens) is planned on every run and
      // rendered only when its key changed: of the product and listing pages, fewer than half are planned.
      const fixedKeys = pageKeys.filter(hasFixedPath).length;
      const plannedCatalogue = (run.build?.planned ?? Infinity) - dataKeys - fixedKeys;
      expect(plannedCatalogue).toBeLessThan((pageKeys.length - fixedKeys) / 2);
      const layer = join(realpathSync(join(dir, 'dist')), 'client');
      const written = htmlFiles(layer);
      expect(written).toContain(`${product.urlKey}/index.html`);
      const untouched = index.pages.find(
        (other) =>
          other.sku !== product.sku &&
          !other.categoryIds.some((id) => product.categoryIds.includes(id)) &&
          !Object.values(other.links).flat().includes(product.sku),
      );
      if (!untouched) throw new Error('no product unrelated to the saved one');
      expect(written).not.toContain(`${untouched.urlKey}/index.html`);
      // Rendered, by the pages' keys: the product's page, the pages naming it as a connected product, the
      // pages of its listings, and the few pages that follow the whole catalogue; no shopper screen, no
      // content page, not the home page.
      const manifest = readPagesManifest(join(realpathSync(join(dir, 'dist')), PAGES_MANIFEST_FILE));
      const renderedPages = (manifest?.rendered ?? []).filter((key) => !/\.(json|xml|txt)$/.test(key));
      const naming = index.pages.filter((other) => Object.values(other.links).flat().includes(product.sku));
      const listings = allListings(index).filter(
        (each) => each.categoryId !== null && product.categoryIds.includes(each.categoryId),
      );
      // A part's card is on the pages of the machines it fits and on its models' parts pages (docs/fits.md).
      const fitted = new Set(product.fit.fits.map(modelKey));
      const fitPages = index.pages
        .filter((other) => other.fit.model !== null && fitted.has(modelKey(other.fit.model)))
        .map((machine) => machine.urlKey);
      const partsPages = product.fit.fits.map((model) => partsPagePath(modelSlug(model)).slice(1));
      const explained = (key: string) =>
        key === product.urlKey ||
        naming.some((other) => other.urlKey === key) ||
        fitPages.includes(key) ||
        partsPages.some((path) => key === path || key.startsWith(`${path}/page/`)) ||
        listings.some(
          (each) => key === each.path.slice(1) || key.startsWith(`${each.path.slice(1)}/page/`),
        ) ||
        key === 'quick-order';
      expect(renderedPages).toContain(product.urlKey);
      expect(renderedPages.filter((key) => !explained(key))).toEqual([]);
      expect((await get(`/${product.urlKey}`)).text).toContain('£1,234.56');
      expect((await get(listing.path)).text).toContain('£1,234.56');
      expect((await searchRecordOf(product))?.[5]).toBe(1234.56);
      // The results page the server draws reads the new build's index at once.
      expect((await get(`/search/${encodeURIComponent(product.name)}`)).text).toContain('£1,234.56');
    },
    BUILD_TIMEOUT,
  );

  it(
    'takes a deleted product off the site: its page answers 404 and nothing links to it',
    async () => {
      const index = await catalogue();
      const linked = new Set(
        index.catalogue.products.flatMap((p) => [
          ...p.links.related,
          ...p.links.upsell,
          ...p.links.crosssell,
        ]),
      );
      const product = index.pages.find(
        (candidate) => candidate.visibility === 4 && linked.has(candidate.sku) && listingOf(index, candidate),
      );
      if (!product) throw new Error('no linked product in a listing');
      const href = `href="/${product.urlKey}"`;
      expect((await allHtml()).some((html) => html.includes(href))).toBe(true);
      expect(await sitemapText()).toContain(`/${product.urlKey}<`);

      // Magento has no delete in the embedded back end's API yet: the row goes, as a delete would remove it.
      backend.db.run('DELETE FROM products WHERE sku = ?', product.sku);
      expect((await postHook(`${shop.url}/rebuild`, SECRET, '{"reason":"product deleted"}')).status).toBe(
        202,
      );
      const run = await settled();
      expect(run).toMatchObject({ outcome: 'published', sync: { removed: 1 } });

      expect((await get(`/${product.urlKey}`)).status).toBe(404);
      expect((await allHtml()).filter((html) => html.includes(href))).toEqual([]);
      expect(await sitemapText()).not.toContain(`/${product.urlKey}<`);
      expect(await searchRecordOf(product)).toBeUndefined();
    },
    BUILD_TIMEOUT,
  );

  it(
    'takes a disabled product off the site in the same run: its page, its listing card and its search entry',
    async () => {
      const index = await catalogue();
      const product = index.pages.find(
        (candidate) => candidate.visibility === 4 && listingOf(index, candidate),
      );
      const listing = product && listingOf(index, product);
      if (!product || !listing) throw new Error('no searchable product in a listing');
      const href = `href="/${product.urlKey}"`;
      expect((await get(listing.path)).text).toContain(href);
      expect(await searchRecordOf(product)).toBeDefined();
      expect(await sitemapText()).toContain(`/${product.urlKey}<`);

      // An editor disables it (status 2), as Magento's admin does: PUT /V1/products/{sku}.
      const token = await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN });
      const saved = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(product.sku)}`, {
        token: token.body as string,
        body: { product: { status: 2 } },
      });
      expect(saved.status).toBe(200);
      const run = await settled();
      expect(run).toMatchObject({ outcome: 'published', sync: { mode: 'incremental', removed: 1 } });
      expect(run.build).toMatchObject({ mode: 'warm' });

      expect((await get(`/${product.urlKey}`)).status).toBe(404);
      expect((await get(listing.path)).text).not.toContain(href);
      expect(await searchRecordOf(product)).toBeUndefined();
      expect(await sitemapText()).not.toContain(`/${product.urlKey}<`);
    },
    BUILD_TIMEOUT,
  );

  it('leaves no dead link after the warm rebuilds: their layers checked as the server reads them', async () => {
    expect((await checkLiveLinks()).dead).toEqual([]);
  });

  it(
    'keeps serving the last good build when Magento is down, with a clear error in the status',
    async () => {
      const live = readBuildInfo(join(dir, 'dist'));
      const product = (await catalogue()).pages[0];
      if (!product) throw new Error('no product');
      await backend.stop();
      backendStopped = true;
      expect((await postHook(`${shop.url}/rebuild`, SECRET, '{}')).status).toBe(202);
      const run = await settled();
      expect(run.outcome).toBe('failed');
      expect(run.error).toMatch(
        /could not be read from Magento \(2 attempts\).*unreachable.*keeps serving the last good build/s,
      );
      expect(readBuildInfo(join(dir, 'dist'))).toEqual(live);
      expect((await get(`/${product.urlKey}`)).status).toBe(200);

      const status = await fetch(`${shop.url}/rebuild/status`, {
        headers: { Authorization: `Bearer ${STATUS_PASSWORD}`, Accept: 'text/html' },
      });
      expect(await status.text()).toContain('The last rebuild failed');

      // A run only a scheduled price change asks for builds from the snapshot, which holds the dates: it
      // does not wait for Magento at all (here nothing is due, so nothing is built either).
      const scheduled = await rebuilder.trigger('scheduled price change', { urgent: true, scheduled: true });
      expect(scheduled).toMatchObject({ outcome: 'unchanged' });
      expect(scheduled.sync).toBeUndefined();
      expect(readBuildInfo(join(dir, 'dist'))).toEqual(live);
    },
    BUILD_TIMEOUT,
  );
});
