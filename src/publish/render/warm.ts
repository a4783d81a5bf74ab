/**
 * The warm renderer, inside its own process (warm-worker.ts): Astro's build run once, in this process, so
 * that the prerender bundle it made (routes, components, the built assets' names and styles) stays loaded
 * (astro.config.mjs hands it over); then every rebuild renders only the pages and data files whose
 * fingerprint changed, with no bundling and no Astro start-up. A run hands the bundle's pages its catalogue
 * (src/site/handoff.ts) with the product and listing pages the change since the live build can show
 * (src/site/change-plan.ts), asks the routes for those paths, every data file and the fixed pages with their
 * cache keys (the fingerprints, made where the pages' data is made), and renders the paths whose key differs
 * from the live build's, and the paths without a key, writing those whose bytes differ from what is live.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { StaticPaths } from 'astro/runtime/prerender/static-paths.js';
import { indexCatalogue, type CatalogueIndex } from '../../catalogue/snapshot.ts';
import type { Catalogue } from '../../catalogue/types.ts';
import type { ShopInfo } from '../../config/shop.ts';
import { priceChanges } from '../../catalogue/special-prices.ts';
import { readBuildInfo, RECORDED_PRICE_CHANGES } from '../releases/build-info.ts';
import { PAGES_MANIFEST_FILE, readPagesManifest } from '../plan/plan-files.ts';
import { handOff } from '../../site/handoff.ts';
import { fixedPageKey, hasFixedPath, sharedFingerprint } from '../../site/page-plan.ts';
import { isCompressible, MIN_COMPRESS_BYTES } from '../releases/content-types.ts';
import { layersOf, locateIn } from '../releases/layers.ts';
import { secretFinder } from './checks.ts';
import { hasInlineHandler, inlineScriptHashes } from './inline-scripts.ts';
import { compressFile } from './precompress.ts';
import { linkCollector } from './site-links.ts';
import type { WarmJob, WarmOutcome } from './warm-messages.ts';

/** Where astro.config.mjs leaves the prerender bundle's app for this process. */
const WARM_RENDERER = Symbol.for('storefront.warm-renderer');

interface RouteData {
  readonly type: string;
  readonly component: string;
}

/** What of Astro's prerender app (astro/dist/core/build/app.js) the warm renderer uses. */
type PrerenderApp = ConstructorParameters<typeof StaticPaths>[0] & {
  readonly routeCache: { clearAll(): void };
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
};

interface StaticPath {
  readonly pathname: string;
  readonly route: RouteData;
  readonly cacheKey: string | undefined;
}

/** A run's job and outcome: what crosses between the processes, parsed on arrival (warm-messages.ts). */
export type { WarmJob, WarmOutcome, WarmScan } from './warm-messages.ts';

/** Astro's status pages are written as `404.html`, not `404/index.html` (astro/dist/core/build/common.js). */
const STATUS_PAGES = new Set(['/404', '/500']);

/** A path's key in `pages.json`: without its leading and trailing `/`. */
const keyOf = (pathname: string): string => pathname.replace(/^\/+|\/+$/g, '');

/** The file (relative to `client/`) Astro writes for a path of a route (build format `directory`). */
export function outputFile(pathname: string, routeType: string): string {
  const path = keyOf(pathname);
  if (routeType === 'endpoint') return path;
  if (path === '') return 'index.html';
  return STATUS_PAGES.has(`/${path}`) ? `${path}.html` : `${path}/index.html`;
}

/** The file of a key of `pages.json`: a data file's key is its file, a page's key its folder. */
export const fileOfKey = (key: string): string =>
  /\.(json|xml|txt)$/.test(key) ? key : key === '' ? 'index.html' : `${key}/index.html`;

async function sameAsLive(live: ReturnType<typeof layersOf>, file: string, body: Buffer): Promise<boolean> {
  const found = await locateIn(live, file);
  if (!found || found.stats.size !== body.length) return false;
  return body.equals(await readFile(found.path));
}

/**
 * The `.br`/`.gz` siblings of the files a run wrote, made once its build is live, at a lower priority than
 * the server (this process's): until then the server compresses those few files as it sends them.
 */
export async function compressWritten(job: WarmJob, written: readonly string[]): Promise<void> {
  const client = join(job.dir, 'client');
  for (const file of written) {
    if (!isCompressible(file)) continue;
    const content = await readFile(join(client, file)).catch(() => undefined);
    // Gone: the build failed its checks and was removed.
    if (!content) return;
    if (content.length >= MIN_COMPRESS_BYTES) await compressFile(client, file, content, { bulk: job.levels });
  }
}

export interface WarmRenderer {
  /** Renders `catalogue` (as the pages read it: `fromStored`) as the job says. */
  run(job: WarmJob, catalogue: Catalogue): Promise<WarmOutcome>;
  /**
   * Works out every product and listing page of `catalogue` at the live build's instant and, when each key
   * is the live build's, takes the live build as made from it: the first run then plans from the change
   * since it, not every page. Why it did not, if it did not.
   */
  prime(live: string, catalogue: Catalogue): Promise<string | undefined>;
}

/**
 * Runs Astro's build of `root` once into `scratch` (removed after), rendering no product or listing page,
 * and keeps its renderer. Its other pages render `catalogue` priced at `pricedAt`, and the shop's identity.
 */
export async function startWarmRenderer(input: {
  readonly root: string;
  readonly scratch: string;
  readonly catalogue: Catalogue;
  readonly pricedAt: number;
  readonly shop: ShopInfo;
}): Promise<WarmRenderer> {
  const { build } = await import('astro');
  const { StaticPaths: Paths } = await import('astro/runtime/prerender/static-paths.js');
  const waiting: { app?: PrerenderApp } = {};
  Reflect.set(globalThis, WARM_RENDERER, waiting);
  handOff({
    index: indexCatalogue(input.catalogue, { at: input.pricedAt }),
    shop: input.shop,
    render: new Set(),
    data: false,
  });
  try {
    await build({ root: input.root, outDir: input.scratch, logLevel: 'error' });
  } finally {
    Reflect.deleteProperty(globalThis, WARM_RENDERER);
    await rm(input.scratch, { recursive: true, force: true });
  }
  const { app } = waiting;
  if (!app)
    throw new Error('Astro built the site but handed over no renderer (astro.config.mjs, warmRenderer).');

  /** The catalogue the renderer's last build was made from, while that build is the live one. */
  let last: { readonly dir: string; readonly index: CatalogueIndex } | undefined;
  /**
   * The catalogue a run plans from the change since (src/site/change-plan.ts): the last build's, when that
   * build is live; else (the first run, a build of another process) none: every page is planned.
   */
  const since = (job: WarmJob): CatalogueIndex | undefined =>
    last && resolve(last.dir) === resolve(job.live) ? last.index : undefined;

  return {
    async prime(live, catalogue) {
      const manifest = readPagesManifest(join(live, PAGES_MANIFEST_FILE));
      const pricedAt = readBuildInfo(live)?.pricedAt;
      if (!manifest || !pricedAt) return 'the live build has no keys or no pricing instant';
      const index = indexCatalogue(catalogue, { at: Date.parse(pricedAt) });
      handOff({ index, shop: input.shop, render: null, data: false });
      app.routeCache.clearAll();
      try {
        const keyed = ((await new Paths(app).getAll()) as StaticPath[]).filter(({ cacheKey }) => cacheKey);
        const other = keyed.find(({ pathname, cacheKey }) => manifest.pages[keyOf(pathname)] !== cacheKey);
        if (other) return `its key of ${other.pathname} is not the live build's`;
        const [mine, its] = [keyed.map(({ pathname }) => keyOf(pathname)), Object.keys(manifest.pages)];
        const [count, pages] = [mine.filter(isPageKey).length, its.filter(isPageKey).length];
        if (count !== pages) return `it has ${count} pages, the live build ${pages}`;
        last = { dir: live, index };
        return undefined;
      } finally {
        handOff(undefined);
        app.routeCache.clearAll();
      }
    },
    async run(job, catalogue) {
      const started = performance.now();
      const index = indexCatalogue(catalogue, { at: job.pricedAt });
      const from = since(job);
      const record: { pages?: ReadonlySet<string> | null } = {};
      handOff({
        index,
        shop: job.shop,
        render: null,
        data: true,
        ...(from && { since: from, planned: record }),
      });
      app.routeCache.clearAll();
      const paths = (await new Paths(app).getAll()) as StaticPath[];
      const planned = performance.now();
      // What the bundle's routes planned from the change (site/handoff.ts); null: every page.
      const pages = from ? record.pages : null;
      if (pages === undefined) throw new Error('The product and listing routes planned no pages.');
      const rendering = await renderPaths(app, job, paths, index);
      handOff(undefined);
      last = { dir: job.dir, index };
      const changes = priceChanges(catalogue.products, job.pricedAt);
      return {
        prices: { total: changes.length, upcoming: changes.slice(0, RECORDED_PRICE_CHANGES) },
        ...newKeys(job.liveKeys, rendering.keys, pages),
        scan: rendering.scan,
        written: rendering.written,
        rendered: rendering.rendered,
        paths: paths.length,
        planMs: Math.round(planned - started),
        renderMs: Math.round(performance.now() - planned),
      };
    },
  };
}

/** A key of `pages.json` that names a data file (`fileOfKey`): every run plans every data file. */
const isDataKey = (key: string): boolean => fileOfKey(key) === key;

/** A key of `pages.json` of a page its route keys (a product's, a listing's, a content page): not a data file nor a page with a fixed path. */
const isPageKey = (key: string): boolean => !isDataKey(key) && !hasFixedPath(key);

/**
 * The new build's keys and the live files it no longer has. A run that planned every page has every key;
 * one that planned `pages` keeps the live keys of the pages it did not plan, and drops the planned pages
 * and data files no route gave.
 */
function newKeys(
  liveKeys: Readonly<Record<string, string>>,
  planned: Record<string, string>,
  pages: ReadonlySet<string> | null,
): { keys: Record<string, string>; removed: string[] } {
  const gone = Object.keys(liveKeys).filter(
    (key) => planned[key] === undefined && (pages === null || pages.has(key) || isDataKey(key)),
  );
  const keys = pages === null ? planned : { ...liveKeys, ...planned };
  for (const key of gone) Reflect.deleteProperty(keys, key);
  return { keys, removed: gone.map(fileOfKey) };
}

/**
 * Renders the planned paths whose key differs from the live build's, and those without a key, writing
 * the files whose bytes differ from what is live, each checked as it is written (the site pass's checks).
 */
async function renderPaths(
  app: PrerenderApp,
  job: WarmJob,
  paths: readonly StaticPath[],
  index: CatalogueIndex,
) {
  const live = layersOf(job.live);
  const keys: Record<string, string> = {};
  const written: string[] = [];
  const rendered: string[] = [];
  const findSecrets = secretFinder(job.secrets);
  const hashes = new Set<string>();
  const assets = new Set<string>();
  const scan = { secretProblems: [] as string[], inlineHandlers: [] as string[], htmlFiles: 0 };
  const links = linkCollector(job.shop.siteUrl);
  // A fixed page's key, where its route gives none (site/page-plan.ts): rendered only when it changed.
  const shared = sharedFingerprint(index, job.shop);
  for (const { pathname, route, cacheKey } of paths) {
    const key = keyOf(pathname);
    const pageKey = cacheKey ?? fixedPageKey(key, index, shared);
    if (pageKey !== undefined) {
      keys[key] = pageKey;
      if (job.liveKeys[key] === pageKey) continue;
    }
    const url = new URL(
      route.type === 'endpoint' || key === '' ? pathname : `${pathname.replace(/\/+$/, '')}/`,
      job.shop.siteUrl,
    );
    const response = await app.render(new Request(url), { routeData: route });
    if (response.status >= 300 && response.status < 400)
      throw new Error(`${pathname} answered a redirect (${response.status}); the site has none.`);
    const body = Buffer.from(await response.arrayBuffer());
    rendered.push(key);
    const file = outputFile(pathname, route.type);
    // A path new to the live build's fingerprints, or one with none, is written only when it differs.
    if (job.liveKeys[key] === undefined && (await sameAsLive(live, file, body))) continue;
    const target = join(job.dir, 'client', file);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, body);
    written.push(file);
    scan.secretProblems.push(...findSecrets(file, body));
    if (file.endsWith('.html')) {
      const html = body.toString('utf8');
      for (const hash of inlineScriptHashes(html)) hashes.add(hash);
      if (hasInlineHandler(html)) scan.inlineHandlers.push(file);
      for (const [asset] of html.matchAll(/\/_astro\/[\w.@-]+/g)) assets.add(asset);
      links.add(file, html);
      scan.htmlFiles += 1;
    }
  }
  return {
    keys,
    written,
    rendered,
    scan: {
      ...scan,
      scriptHashes: [...hashes].sort(),
      assets: [...assets].sort(),
      links: links.siteLinks(),
    },
  };
}
