/**
 * Pages of one kind share their markup, so a check that holds on one page of each kind holds on all of
 * them: the journeys' sweeps (axe, the pages without JavaScript) take one page a kind, and
 * `npm run test:a11y-sweep` (`A11Y_SWEEP=full`) takes every page, as a release check of its own.
 */
import { hasReviews, largestListing, listings, productPages, richProduct } from './catalogue.ts';

/** Every page, not one of each kind: set by `npm run test:a11y-sweep`. */
export const FULL_SWEEP = process.env['A11Y_SWEEP'] === 'full';

/**
 * A page's kind: what it shares its markup with. Products by type (and whether reviews show), listings
 * and parts listings by first or later page, other pages by their first path segment and depth.
 */
export function kindOf(path: string): string {
  const product = productPages().find((p) => `/${p.urlKey}` === path);
  if (product) return `product ${product.typeId}${hasReviews(product) ? ' with reviews' : ''}`;
  const base = path.replace(/\/page\/\d+$/, '');
  const later = base === path ? '' : ', a later page';
  if (listings().some((listing) => listing.path === base)) return `listing${later}`;
  if (base.startsWith('/parts-finder/')) return `parts listing${later}`;
  const segments = path.split('/').filter(Boolean);
  return `${segments[0] ?? 'home'} at depth ${segments.length}`;
}

/**
 * The first of `paths` of each kind, and the pages that show the most (the largest listing, the richest
 * product); every path in a full sweep.
 */
export function onePerKind(paths: readonly string[]): string[] {
  if (FULL_SWEEP) return [...paths];
  const chosen = new Map<string, string>();
  for (const path of paths) if (!chosen.has(kindOf(path))) chosen.set(kindOf(path), path);
  return [...new Set([...chosen.values(), largestListing().path, `/${richProduct().urlKey}`])];
}
