/**
 * The warm renderer, inside its own process (warm-worker.ts): Astro's build run once, in a child that keeps
 * the prerender bundle it made (routes, components, the built assets' names and styles) and exits; this
 * process imports the kept bundle (kept-bundle.ts) and keeps it loaded; then every rebuild renders only the
 * pages and data files whose fingerprint changed, with no bundling and no Astro start-up. A run hands the
 * bundle's pages its catalogue (src/site/handoff.ts) with the product and listing pages the change since
 * the live build can show (src/site/change-plan.ts), asks the routes for those paths, every data file and
 * the fixed pages with their cache keys (the fingerprints, made where the pages' data is made), and renders
 * the paths whose key differs from the live build's, and the paths without a key, writing those whose bytes
 * differ from what is live.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { StaticPaths } from 'astro/runtime/prerender/static-paths.js';
import { indexCatalogue, type CatalogueIndex } from '../../catalogue/snapshot.ts';
import type { Catalogue } from '../../catalogue/types.ts';
import type { ShopInfo } from '../../config/shop.ts';
import { priceChanges } from '../../catalogue/special-prices.ts';
import { readBuildInfo, RECORDED_PRICE_CHANGES } from '../releases/build-info.ts';
import { PAGES_MANIFEST_FILE, readPagesManifest, type PagesManifest } from '../plan/plan-files.ts';
import { handOff, type SiteHandoff } from '../../site/handoff.ts';
import { buildBundle, structureOf } from './bundle-build.ts';
import { loadKeptBundle } from './kept-bundle.ts';
import { sharedFingerprint } from '../../site/page-plan.ts';
import {
  isPageKey,
  keyOf,
  newKeys,
  newRendering,
  renderPaths,
  type PrerenderApp,
  type StaticPath,
} from './warm-paths.ts';
import type { WarmJob, WarmOutcome } from './warm-messages.ts';
import { pageScanThread } from './page-scan-thread.ts';
import { defaultSmokePages } from './finish.ts';

/** The folder of a renderer's build (`scratch`) its prerender bundle is kept in. */
const KEPT_BUNDLE = 'prerender';

/** A run's job and outcome: what crosses between the processes, parsed on arrival (warm-messages.ts). */
export type { WarmJob, WarmOutcome, WarmScan } from './warm-messages.ts';

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

interface WarmInput {
  readonly root: string;
  readonly scratch: string;
  readonly catalogue: Catalogue;
  readonly pricedAt: number;
  readonly shop: ShopInfo;
}

interface LastBuild {
  readonly dir: string;
  readonly index: CatalogueIndex;
  readonly keys: Readonly<Record<string, string>>;
}

/** What a renderer keeps between runs. */
interface WarmState {
  readonly app: PrerenderApp;
  readonly Paths: typeof StaticPaths;
  readonly shop: ShopInfo;
  /** Checks the files a run writes, beside its rendering. */
  readonly scans: ReturnType<typeof pageScanThread>;
  /**
   * The catalogue the renderer's last build was made from and that build's fingerprints (its `pages.json`),
   * while that build is the live one.
   */
  last: LastBuild | undefined;
}

/**
 * Runs Astro's build of `root` once into `scratch` (kept: a whole build made by the renderer starts from
 * it), rendering no product or listing page, and keeps its renderer. Its other pages render `catalogue`
 * priced at `pricedAt`, and the shop's identity.
 */
export async function startWarmRenderer(input: WarmInput): Promise<WarmRenderer> {
  const state: WarmState = {
    ...(await buildOnce(input)),
    shop: input.shop,
    scans: pageScanThread(),
    last: undefined,
  };
  return {
    prime: (live, catalogue) => prime(state, live, catalogue),
    run: (job, catalogue) => run(state, job, catalogue),
  };
}

/**
 * Astro's build, once, in a child process that keeps its prerender bundle and exits (bundle-build.ts);
 * this process imports the kept bundle (kept-bundle.ts) and renders with it from then on, holding none of
 * Vite's or the build's memory.
 */
async function buildOnce(input: WarmInput): Promise<Pick<WarmState, 'app' | 'Paths'>> {
  // New files, never the old ones rewritten: whole builds made from an earlier bundle link its files.
  await rm(input.scratch, { recursive: true, force: true });
  const keepIn = join(input.scratch, KEPT_BUNDLE);
  try {
    await buildBundle(
      {
        ...{ root: input.root, outDir: input.scratch, keepIn, pricedAt: input.pricedAt },
        ...{ shop: input.shop, structure: structureOf(input.catalogue) },
      },
      (line) => process.stderr.write(`${line}\n`),
    );
    const app = await loadKeptBundle(keepIn);
    const { StaticPaths: Paths } = await import('astro/runtime/prerender/static-paths.js');
    return { app, Paths };
  } catch (error) {
    await rm(input.scratch, { recursive: true, force: true });
    throw error;
  }
}

/** Every path the bundle's routes give, with their keys, for the catalogue handed off. */
const staticPaths = async (state: WarmState): Promise<StaticPath[]> => new state.Paths(state.app).getAll();

/** The renderer's last build, when it is the live build the job names. */
const lastIfLive = (state: WarmState, job: WarmJob): LastBuild | undefined =>
  state.last && job.live !== undefined && resolve(state.last.dir) === resolve(job.live)
    ? state.last
    : undefined;

/**
 * The catalogue a run plans from the change since (src/site/change-plan.ts): the last build's, when that
 * build is live; else (the first run, a build of another process, a whole build) none: every page is
 * planned.
 */
const since = (state: WarmState, job: WarmJob): CatalogueIndex | undefined => lastIfLive(state, job)?.index;

async function prime(state: WarmState, live: string, catalogue: Catalogue): Promise<string | undefined> {
  const { app } = state;
  const manifest = readPagesManifest(join(live, PAGES_MANIFEST_FILE));
  const pricedAt = readBuildInfo(live)?.pricedAt;
  if (!manifest || !pricedAt) return 'the live build has no keys or no pricing instant';
  const index = indexCatalogue(catalogue, { at: Date.parse(pricedAt) });
  const seen = new Set<string>();
  try {
    for (const pass of passes(index, state.shop)) {
      handOff({ ...pass, data: false });
      app.routeCache.clearAll();
      for (const { pathname, cacheKey } of await staticPaths(state)) {
        const key = keyOf(pathname);
        if (!cacheKey || seen.has(key)) continue;
        if (manifest.pages[key] !== cacheKey) return `its key of ${pathname} is not the live build's`;
        seen.add(key);
      }
      collect();
    }
  } finally {
    handOff(undefined);
    app.routeCache.clearAll();
  }
  const [count, pages] = [
    [...seen].filter(isPageKey).length,
    Object.keys(manifest.pages).filter(isPageKey).length,
  ];
  if (count !== pages) return `it has ${count} pages, the live build ${pages}`;
  state.last = { dir: live, index, keys: manifest.pages };
  return undefined;
}

/**
 * A run's passes over the routes: one, planned from the change since the live build (`from`); else the
 * slices of a run that renders every page, about SLICE_PRODUCTS product pages each, the data files with
 * the first.
 */
function passes(
  index: CatalogueIndex,
  shop: ShopInfo,
  from?: { readonly since: CatalogueIndex; readonly planned: { pages?: ReadonlySet<string> | null } },
): SiteHandoff[] {
  const common = { index, shop, render: null };
  if (from) return [{ ...common, data: true, ...from }];
  const of = Math.max(LEAST_SLICES, Math.ceil(index.catalogue.products.length / SLICE_PRODUCTS));
  return Array.from({ length: of }, (_, at) => ({ ...common, data: at === 0, slice: { at, of } }));
}

/**
 * Collects what a slice of a whole build, or the bundle's build, left behind, where the renderer's process
 * allows it (warm-client.ts starts it with `--expose-gc`): left to itself V8 lets the heap grow to several
 * times what the renderer keeps (a whole build at 10,000 products: 2.6 GB of memory, 1.8 GB collecting
 * between slices, for about 0.2 s a slice).
 */
function collect(): void {
  const gc: unknown = Reflect.get(globalThis, 'gc');
  if (typeof gc === 'function') gc();
}

/**
 * Product pages per slice of a run that renders every page: what the run holds the props of at once (a few
 * megabytes a thousand), against what each slice costs besides its pages (its routes' paths, the collection
 * of the whole heap after it): about 4 s at 100,000 products, where slices of 1,000 took 6 s and of 4,000 12 s.
 */
const SLICE_PRODUCTS = 4000;
/** A small catalogue in a few slices all the same: one way of rendering every page, whatever the size. */
const LEAST_SLICES = 4;

/**
 * The live build's fingerprints by key: kept from the renderer's last run when that is the live build,
 * else read from the live build's `pages.json` (a build by `astro build`, a rollback); none for a whole build.
 */
function liveKeysOf(state: WarmState, job: WarmJob): Readonly<Record<string, string>> {
  if (job.live === undefined) return {};
  const last = lastIfLive(state, job);
  if (last) return last.keys;
  const manifest = readPagesManifest(join(job.live, PAGES_MANIFEST_FILE));
  if (!manifest) throw new Error(`the live build (${job.live}) has no page fingerprints`);
  return manifest.pages;
}

async function run(state: WarmState, job: WarmJob, catalogue: Catalogue): Promise<WarmOutcome> {
  const { app } = state;
  const index = indexCatalogue(catalogue, { at: job.pricedAt });
  const from = since(state, job);
  const record: { pages?: ReadonlySet<string> | null } = {};
  const liveKeys = liveKeysOf(state, job);
  const scan = state.scans.begin({
    client: join(job.dir, 'client'),
    secrets: job.secrets,
    siteUrl: job.shop.siteUrl,
  });
  const into = newRendering();
  const shared = sharedFingerprint(index, job.shop);
  const times = { planMs: 0, renderMs: 0 };
  try {
    for (const pass of passes(index, job.shop, from && { since: from, planned: record })) {
      const started = performance.now();
      handOff(pass);
      app.routeCache.clearAll();
      const paths = await staticPaths(state);
      const planned = performance.now();
      await renderPaths(app, job, paths, { index, shared, scan, into, liveKeys });
      times.planMs += planned - started;
      times.renderMs += performance.now() - planned;
      if (pass.slice) collect();
    }
  } finally {
    handOff(undefined);
    app.routeCache.clearAll();
  }
  // What the bundle's routes planned from the change (site/handoff.ts); null: every page.
  const pages = from ? record.pages : null;
  if (pages === undefined) throw new Error('The product and listing routes planned no pages.');
  const { keys, removed } = newKeys(liveKeys, into.keys, pages);
  const manifest: PagesManifest = {
    version: 1,
    shared,
    pages: keys,
    rendered: into.rendered,
    partial: !!job.live,
  };
  await mkdir(job.dir, { recursive: true });
  await writeFile(join(job.dir, PAGES_MANIFEST_FILE), JSON.stringify(manifest));
  state.last = { dir: job.dir, index, keys };
  const changes = priceChanges(catalogue.products, job.pricedAt);
  return {
    prices: { total: changes.length, upcoming: changes.slice(0, RECORDED_PRICE_CHANGES) },
    removed,
    scan: await scan.finish(job.linksIn),
    written: into.written,
    smokePages: defaultSmokePages(manifest),
    paths: into.seen.size,
    planMs: Math.round(times.planMs),
    renderMs: Math.round(times.renderMs),
  };
}
