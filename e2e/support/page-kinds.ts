/**
 * Pages of one kind share their markup, so a check that holds on one page of each kind holds on all of
 * them: the journeys' sweeps (axe, the pages without JavaScript) take one page a kind, and
 * `npm run test:a11y-sweep` (`A11Y_SWEEP=full`) takes every page, as a release check of its own.
 */
import type { APIRequestContext } from '@playwright/test';
import {
  hasReviews,
  largestListing,
  listings,
  productPages,
  richProduct,
  type Product,
} from './catalogue.ts';
import { sitemapLocs } from './sitemap.ts';
import { expect } from './test.ts';

/** Every page, not one of each kind: set by `npm run test:a11y-sweep`. */
export const FULL_SWEEP = process.env['A11Y_SWEEP'] === 'full';

/**
 * A page's kind: what it shares its markup with. Products by type (and whether reviews show), listings
 * and parts listings by first or later page, other pages by their first path segment and depth.
 */
function kindOf(path: string, known: Known): string {
  const product = known.products.get(path);
  if (product) return `product ${product.typeId}${hasReviews(product) ? ' with reviews' : ''}`;
  const base = path.replace(/\/page\/\d+$/, '');
  const later = base === path ? '' : ', a later page';
  if (known.listings.has(base)) return `listing${later}`;
  if (base.startsWith('/parts-finder/')) return `parts listing${later}`;
  const segments = path.split('/').filter(Boolean);
  return `${segments[0] ?? 'home'} at depth ${segments.length}`;
}

/** The catalogue's product pages by path and its listings' paths, worked out once for a sweep. */
interface Known {
  readonly products: ReadonlyMap<string, Product>;
  readonly listings: ReadonlySet<string>;
}

const knownPages = (): Known => ({
  products: new Map(productPages().map((product) => [`/${product.urlKey}`, product])),
  listings: new Set(listings().map((listing) => listing.path)),
});

/**
 * The first of `paths` of each kind, and the pages that show the most (the largest listing, the richest
 * product); every path in a full sweep.
 */
export function onePerKind(paths: readonly string[]): string[] {
  if (FULL_SWEEP) return [...paths];
  const known = knownPages();
  const chosen = new Map<string, string>();
  for (const path of paths) {
    const kind = kindOf(path, known);
    if (!chosen.has(kind)) chosen.set(kind, path);
  }
  return [...new Set([...chosen.values(), largestListing().path, `/${richProduct().urlKey}`])];
}

/** The sitemap's URLs as paths on the server under test (the sitemap names the configured site URL). */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const locs = await sitemapLocs(request);
  expect(locs.length).toBeGreaterThan(0);
  return locs.map((loc) => {
    const url = new URL(loc);
    return url.pathname + url.search;
  });
}
