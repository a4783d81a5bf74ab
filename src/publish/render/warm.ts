/**
 * The warm renderer, inside its own process (warm-worker.ts): Astro's build run once, in this process, so
 * that the prerender bundle it made (routes, components, the built assets' names and styles) stays loaded
 * (astro.config.mjs hands it over); then every rebuild renders only the pages and data files whose
 * fingerprint changed, with no bundling and no Astro start-up. A run hands the bundle's pages its catalogue
 * (src/site/handoff.ts), asks every route for its paths with their cache keys (the fingerprints, made where
 * the pages' data is made), and renders the paths whose key differs from the live build's, and the paths
 * without a key (fixed pages), writing those whose bytes differ from what is live.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { StaticPaths } from 'astro/runtime/prerender/static-paths.js';
import { indexCatalogue } from '../../catalogue/snapshot.ts';
import type { Catalogue } from '../../catalogue/types.ts';
import type { ShopInfo } from '../../config/shop.ts';
import { priceChanges } from '../../catalogue/special-prices.ts';
import { RECORDED_PRICE_CHANGES } from '../releases/build-info.ts';
import { handOff } from '../../site/handoff.ts';
import { fixedPageKey, sharedFingerprint } from '../../site/page-plan.ts';
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

/** The file (relative to `client/`) Astro writes for a path of a route (build format `directory`). */
export function outputFile(pathname: string, routeType: string): string {
  const path = pathname.replace(/^\/+|\/+$/g, '');
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

  return {
    async run(job, catalogue) {
      const started = performance.now();
      const index = indexCatalogue(catalogue, { at: job.pricedAt });
      handOff({ index, shop: job.shop, render: null });
      app.routeCache.clearAll();
      const paths = (await new Paths(app).getAll()) as StaticPath[];
      const planned = performance.now();
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
        const key = pathname.replace(/^\/+|\/+$/g, '');
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
      const removed = Object.keys(job.liveKeys)
        .filter((key) => keys[key] === undefined)
        .map(fileOfKey);
      handOff(undefined);
      const changes = priceChanges(catalogue.products, job.pricedAt);
      return {
        prices: { total: changes.length, upcoming: changes.slice(0, RECORDED_PRICE_CHANGES) },
        scan: {
          ...scan,
          scriptHashes: [...hashes].sort(),
          assets: [...assets].sort(),
          links: links.siteLinks(),
        },
        keys,
        written,
        rendered,
        removed,
        paths: paths.length,
        planMs: Math.round(planned - started),
        renderMs: Math.round(performance.now() - planned),
      };
    },
  };
}
