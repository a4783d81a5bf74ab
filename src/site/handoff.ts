/**
 * What the publisher's warm renderer (src/publish/render/warm.ts) hands the pages of the Astro bundle it
 * keeps loaded, in the same process, for one run: the catalogue to render (the one it planned with, held by
 * the catalogue's owner), the shop's identity, and which product and listing pages to render. A build by
 * `astro build` hands nothing: its pages take the same values from its render plan
 * (src/publish/plan/plan-files.ts), the snapshot by name. The bundle holds its own copies of this module, so the handoff
 * goes through one global, named here once.
 *
 * The other way, once: the renderer's bundle is built by `astro build` in a child of its own
 * (src/publish/render/bundle-child.ts), which asks astro.config.mjs, through the second global named here,
 * to keep the prerender bundle once the pages are written (`keepBundleIn`), for the renderer to import.
 */
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import type { ShopInfo } from '../config/shop.ts';
import { carryFitIndex } from '../catalogue/fits.ts';
import { changedSkus, pagesShowing } from './change-plan.ts';

export interface SiteHandoff {
  /** The catalogue this run renders, priced at the run's instant. */
  readonly index: CatalogueIndex;
  /** The shop's identity, on every page. */
  readonly shop: ShopInfo;
  /**
   * Keys of the product and listing pages to plan (each rendered when its key changed); null: every one.
   */
  readonly render: ReadonlySet<string> | null;
  /**
   * The catalogue of the live build: the run plans, in place of `render`, the product and listing pages
   * the change since it can show (change-plan.ts). Worked out here, in the bundle, whose fit index and
   * product hashes of both catalogues the routes keep anyway, and recorded in `planned` for the renderer.
   */
  readonly since?: CatalogueIndex;
  /** What the pages planned from `since` came to (null: every page); set by the first route that asks. */
  readonly planned?: { pages?: ReadonlySet<string> | null };
  /** Whether the data files are planned (every one, each written when its text changed). */
  readonly data: boolean;
  /**
   * With `render: null`, one slice of a run that renders every page: the product pages whose key falls
   * in slice `at` of `of` (`sliceOf`), and the listing pages with the first slice. So a run holds the
   * pages of one slice at a time, not every page's props.
   */
  readonly slice?: { readonly at: number; readonly of: number };
}

/** Which pages a route plans: `has(key)`, as a set of keys answers it. */
export interface PageFilter {
  has(key: string): boolean;
}

const HANDOFF = Symbol.for('storefront.site-handoff');
const BUNDLE = Symbol.for('storefront.keep-bundle');
const slot = globalThis as { [HANDOFF]?: SiteHandoff };

/** The handoff this copy of the module last saw. */
let seen: SiteHandoff | undefined;

/**
 * A run's fit index carried from the live build's (`carryFitIndex`), in this copy of fits.ts: the
 * renderer's copy when it hands a run over, the bundle's own copy when the bundle first reads it.
 */
function carryFits(handed: SiteHandoff | undefined): void {
  if (handed === seen) return;
  seen = handed;
  if (handed?.since) carryFitIndex(handed.since, handed.index);
}

export function handOff(handoff: SiteHandoff | undefined): void {
  Reflect.set(slot, HANDOFF, handoff);
  carryFits(handoff);
}

export function handedOff(): SiteHandoff | undefined {
  const handed = slot[HANDOFF];
  carryFits(handed);
  return handed;
}

/** The slice (of `of`) a product page's key falls in: a hash of the key, so slices are about even. */
export function sliceOf(key: string, of: number): number {
  let hash = 0;
  for (let at = 0; at < key.length; at += 1) hash = (Math.imul(hash, 31) + key.charCodeAt(at)) | 0;
  return (hash >>> 0) % of;
}

const NONE: PageFilter = { has: () => false };

/** The render plan's keys as one set per plan: the routes keep what they planned per set (routes.ts). */
const plannedSets = new WeakMap<readonly string[], ReadonlySet<string>>();
function setOf(planned: readonly string[]): ReadonlySet<string> {
  let set = plannedSets.get(planned);
  if (!set) plannedSets.set(planned, (set = new Set(planned)));
  return set;
}

/** A slice's filter of the `kind` of pages a route plans. */
function sliceFilter(kind: 'product' | 'listing', slice: { at: number; of: number }): PageFilter | null {
  if (kind === 'listing') return slice.at === 0 ? null : NONE;
  return { has: (key) => sliceOf(key, slice.of) === slice.at };
}

/**
 * The product or listing pages (`kind`) to render: what the warm renderer handed over, else the build's
 * render plan (`renderOnly` of `virtual:render-plan`); null renders every one.
 */
export function pagesToRender(
  planned: readonly string[] | null,
  kind: 'product' | 'listing',
): PageFilter | null {
  const handed = handedOff();
  if (!handed) return planned && setOf(planned);
  const { since, index, planned: record } = handed;
  if (!since || !record) return handed.slice ? sliceFilter(kind, handed.slice) : handed.render;
  if (record.pages === undefined) record.pages = pagesShowing(since, index, changedSkus(since, index));
  return record.pages;
}

/**
 * Asks the next `astro build` in this process to keep its prerender bundle in `dir` once its pages are
 * written (astro.config.mjs, src/publish/render/kept-bundle.ts).
 */
export function keepBundleIn(dir: string): void {
  Reflect.set(globalThis, BUNDLE, dir);
}

/** Where the `astro build` running in this process is asked to keep its prerender bundle, if anywhere. */
export function bundleKeptIn(): string | undefined {
  const dir: unknown = Reflect.get(globalThis, BUNDLE);
  return typeof dir === 'string' ? dir : undefined;
}
