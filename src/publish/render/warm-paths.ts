/**
 * The paths of a warm run (warm.ts): which file and key each path has, which the run renders (its key
 * differs from the live build's, or it has none) and writes (its bytes differ from what is live: written and
 * checked beside the rendering, page-scan-thread.ts), and the new build's keys.
 */
import { readFile } from 'node:fs/promises';
import type { StaticPaths } from 'astro/runtime/prerender/static-paths.js';
import type { CatalogueIndex } from '../../catalogue/snapshot.ts';
import { fixedPageKey, hasFixedPath } from '../../site/page-plan.ts';
import { layersOf, locateIn } from '../releases/layers.ts';
import type { ScanRun } from './page-scan-thread.ts';
import type { WarmJob } from './warm-messages.ts';

export interface RouteData {
  readonly type: string;
  readonly component: string;
}

/** What of Astro's prerender app (astro/dist/core/build/app.js) the warm renderer uses. */
export type PrerenderApp = ConstructorParameters<typeof StaticPaths>[0] & {
  readonly routeCache: { clearAll(): void };
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
};

/** Whether what astro.config.mjs handed over is the prerender app (Astro's `BuildApp`) the renderer uses. */
export function isPrerenderApp(value: unknown): value is PrerenderApp {
  if (typeof value !== 'object' || value === null) return false;
  const cache: unknown = Reflect.get(value, 'routeCache');
  return (
    typeof Reflect.get(value, 'render') === 'function' &&
    typeof cache === 'object' &&
    cache !== null &&
    typeof Reflect.get(cache, 'clearAll') === 'function'
  );
}

/** A path as Astro's `StaticPaths` gives it (astro's `PathWithRoute`), as far as the renderer reads it. */
export interface StaticPath {
  readonly pathname: string;
  readonly route: RouteData;
  readonly cacheKey?: string | undefined;
}

/** Astro's status pages are written as `404.html`, not `404/index.html` (astro/dist/core/build/common.js). */
const STATUS_PAGES = new Set(['/404', '/500']);

/** A path's key in `pages.json`: without its leading and trailing `/`. */
export const keyOf = (pathname: string): string => pathname.replace(/^\/+|\/+$/g, '');

/** The file (relative to `client/`) Astro writes for a path of a route (build format `directory`). */
function outputFile(pathname: string, routeType: string): string {
  const path = keyOf(pathname);
  if (routeType === 'endpoint') return path;
  if (path === '') return 'index.html';
  return STATUS_PAGES.has(`/${path}`) ? `${path}.html` : `${path}/index.html`;
}

/** The file of a key of `pages.json`: a data file's key is its file, a page's key its folder. */
export const fileOfKey = (key: string): string =>
  /\.(json|xml|txt)$/.test(key) ? key : key === '' ? 'index.html' : `${key}/index.html`;

async function sameAsLive(
  live: ReturnType<typeof layersOf> | undefined,
  file: string,
  body: Buffer,
): Promise<boolean> {
  const found = live && (await locateIn(live, file));
  if (!found || found.stats.size !== body.length) return false;
  return body.equals(await readFile(found.path));
}

/** A key of `pages.json` that names a data file (`fileOfKey`): every run plans every data file. */
const isDataKey = (key: string): boolean => fileOfKey(key) === key;

/** A key of `pages.json` of a page its route keys (a product's, a listing's, a content page): not a data file nor a page with a fixed path. */
export const isPageKey = (key: string): boolean => !isDataKey(key) && !hasFixedPath(key);

/**
 * The new build's keys and the live files it no longer has. A run that planned every page has every key;
 * one that planned `pages` keeps the live keys of the pages it did not plan, and drops the planned pages
 * and data files no route gave.
 */
export function newKeys(
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

/** The URL a path is rendered at: a page's with its trailing slash (build format `directory`). */
function renderUrl(pathname: string, route: RouteData, key: string, siteUrl: string): URL {
  const trailing = route.type === 'endpoint' || key === '' ? pathname : `${pathname.replace(/\/+$/, '')}/`;
  return new URL(trailing, siteUrl);
}

/** What a run's paths came to, gathered over its slices (warm.ts). */
export interface Rendering {
  /** Every key planned, with its fingerprint when it has one. */
  readonly keys: Record<string, string>;
  readonly written: string[];
  readonly rendered: string[];
  /** Keys seen by an earlier slice (a fixed page, a data file: every slice's routes give them). */
  readonly seen: Set<string>;
}

export const newRendering = (): Rendering => ({ keys: {}, written: [], rendered: [], seen: new Set() });

/**
 * Renders the planned paths whose key differs from the live build's, and those without a key; the files
 * whose bytes differ from what is live (everything, with no live build) go to `scan`
 * (page-scan-thread.ts), which writes and checks them beside the rendering. A path an earlier slice of the
 * run gave is passed over.
 */
export async function renderPaths(
  app: PrerenderApp,
  job: WarmJob,
  paths: readonly StaticPath[],
  run: {
    readonly index: CatalogueIndex;
    /** What every page shares (`sharedFingerprint`): part of a fixed page's key. */
    readonly shared: string;
    readonly scan: ScanRun;
    readonly into: Rendering;
    /** The live build's fingerprints by key (`pages.json`). */
    readonly liveKeys: Readonly<Record<string, string>>;
  },
): Promise<void> {
  const { keys, written, rendered, seen } = run.into;
  const { shared } = run;
  const live = job.live === undefined ? undefined : layersOf(job.live);
  for (const { pathname, route, cacheKey } of paths) {
    const key = keyOf(pathname);
    if (seen.has(key)) continue;
    seen.add(key);
    // A fixed page's key, where its route gives none (site/page-plan.ts): rendered only when it changed.
    const pageKey = cacheKey ?? fixedPageKey(key, run.index, shared);
    if (pageKey !== undefined) {
      keys[key] = pageKey;
      if (run.liveKeys[key] === pageKey) continue;
    }
    const response = await app.render(new Request(renderUrl(pathname, route, key, job.shop.siteUrl)), {
      routeData: route,
    });
    if (response.status >= 300 && response.status < 400)
      throw new Error(`${pathname} answered a redirect (${response.status}); the site has none.`);
    const body = Buffer.from(await response.arrayBuffer());
    rendered.push(key);
    const file = outputFile(pathname, route.type);
    // A path new to the live build's fingerprints, or one with none, is written only when it differs.
    if (run.liveKeys[key] === undefined && (await sameAsLive(live, file, body))) continue;
    await run.scan.add(file, body);
    written.push(file);
  }
}
