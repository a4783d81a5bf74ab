/**
 * Which pages a build renders, worked out before `astro build` runs. Product and listing pages are the
 * ones a build may take from the live build: when the live build was made from the same sources and
 * settings (`partialBuildBlocker`), only the pages whose fingerprint (src/site/fingerprint.ts) changed
 * are rendered. The site build writes their keys (a product's url key, a listing page's path without the
 * leading `/`) beside the build's folder (plan-files.ts) and the two routes read them as plain data; a
 * plain `astro build` has no plan and renders every page. Everything else (home, landings, filter and
 * search indexes, sitemap, fixed pages) is rendered every time.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unlistedCategories } from '../../catalogue/categories.ts';
import { contentPagePath, productRoutes } from '../../site/product-view.ts';
import { indexCatalogue, readSnapshot } from '../../catalogue/snapshot.ts';
import { priceChanges } from '../../catalogue/special-prices.ts';
import type { ShopInfo } from '../../config/shop.ts';
import {
  newestChange,
  RECORDED_PRICE_CHANGES,
  type BuildInfo,
  type PriceChange,
} from '../releases/build-info.ts';
import { fixedPageKeys, pageKeys, sharedFingerprint } from '../../site/page-plan.ts';
import type { PagesManifest } from './plan-files.ts';

export { PAGES_MANIFEST_FILE, readPagesManifest, type PagesManifest } from './plan-files.ts';

/** The route whose pages a plan chooses; a project without it (a stand-in site) renders everything. */
const PRODUCT_ROUTE = 'src/pages/[product].astro';
const CONTENT_PAGES = 'src/content/pages';

export const defaultSources = (root: string): string[] =>
  ['src', 'public', 'astro.config.mjs', 'package-lock.json'].map((path) => join(root, path));

/** Why the next build must render every page, or undefined when it may take unchanged pages from `live`. */
export function partialBuildBlocker(input: {
  readonly mode: 'auto' | 'full';
  readonly live: string | undefined;
  readonly liveInfo: BuildInfo | undefined;
  /** Whether the live build has its `pages.json`. */
  readonly hasManifest: boolean;
  readonly configHash: string;
  readonly sources: readonly string[];
  /** `sourceHash(sources)` now: compared with the live build's when it recorded one. */
  readonly sourceHash: string;
}): string | undefined {
  if (input.mode === 'full') return 'a full build was asked for';
  if (!input.live || !input.liveInfo) return 'there is no live build to start from';
  if (!input.hasManifest) return 'the live build has no page fingerprints';
  if (input.liveInfo.configHash !== input.configHash) return 'the site settings changed';
  if (input.liveInfo.sourceHash !== undefined)
    return input.liveInfo.sourceHash === input.sourceHash ? undefined : 'the site sources changed';
  const builtAt = Date.parse(input.liveInfo.builtAt);
  for (const source of input.sources) {
    const changed = newestChange(source, builtAt);
    if (changed) return `${changed} changed since the live build`;
  }
  return undefined;
}

/** The plan of one build: what to render, given the fingerprints now and those of the live build. */
export function planPages(current: ReadonlyMap<string, string>, shared: string, previous?: PagesManifest) {
  const rendered = [...current]
    .filter(([urlKey, fingerprint]) => previous?.pages[urlKey] !== fingerprint)
    .map(([urlKey]) => urlKey);
  const manifest: PagesManifest = {
    version: 1,
    shared,
    pages: Object.fromEntries(current),
    rendered,
    partial: previous !== undefined,
  };
  return { manifest, render: new Set(rendered) };
}

/** The content pages' paths, read as the build reads them (`contentPagePath`). */
function contentPagePaths(root: string): string[] {
  const dir = join(root, CONTENT_PAGES);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .flatMap((name) => contentPagePath(readFileSync(join(dir, name), 'utf8')) ?? []);
}

/** The price changes due after a build's instant: the first few, and how many there are. */
export interface PriceSchedule {
  readonly total: number;
  readonly upcoming: PriceChange[];
}

/**
 * The plan of the next build of `root` from `snapshotFile`, priced at `at`: the manifest (every product and
 * listing page's fingerprint and the keys to render, all of them without `previous`) and the price changes
 * due after `at`. Undefined for a project with no product route.
 */
export function workOutRenderPlan(input: {
  readonly root: string;
  readonly snapshotFile: string;
  /** The shop's identity, on every page. */
  readonly shop: ShopInfo;
  readonly previous: PagesManifest | undefined;
  /** The instant the pages are priced at (epoch ms): the fingerprints hash the prices that apply then. */
  readonly at: number;
}):
  | {
      manifest: PagesManifest;
      fixedKeys: Record<string, string>;
      prices: PriceSchedule;
      /** Magento's top categories the shop has no listing for (`unlistedCategories`). */
      unlisted: string[];
    }
  | undefined {
  if (!existsSync(join(input.root, PRODUCT_ROUTE))) return undefined;
  // Read afresh: a long-running rebuilder sees a new snapshot in the same file each time.
  const catalogue = readSnapshot(input.snapshotFile);
  const index = indexCatalogue(catalogue, { at: input.at });
  const routes = productRoutes(index, contentPagePaths(input.root));
  const shared = sharedFingerprint(index, input.shop);
  // A full build renders every page, and Astro records each one's key as it goes (cache-keys.json): working
  // them out here as well cost 117 s and 3.9 GB of the server's heap at 100,000 products.
  const current = input.previous ? pageKeys(index, routes, shared) : new Map<string, string>();
  const changes = priceChanges(catalogue.products, input.at);
  return {
    manifest: planPages(current, shared, input.previous).manifest,
    // Rendered by every `astro build`; recorded so the warm runs after it render them only when they change.
    fixedKeys: Object.fromEntries(fixedPageKeys(index, shared)),
    unlisted: unlistedCategories(catalogue.audiences),
    prices: { total: changes.length, upcoming: changes.slice(0, RECORDED_PRICE_CHANGES) },
  };
}
