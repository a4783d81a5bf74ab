/**
 * The catalogue's routes for this build, worked out once and shared by the product pages, the listings'
 * cards and the sitemaps: which products get a page, and the content pages' paths they must leave alone;
 * the sitemaps' files (sitemaps.ts) of this build.
 */
import { contentPagePath, productRoutes, type ProductRoutes } from './product-view.ts';
import { type CatalogueIndex } from '../catalogue/snapshot.ts';
import { getCatalogue } from './catalogue.ts';
import { pagesToRender, type PageFilter } from './handoff.ts';
import { allListingPages, type ListingPage } from './listing-pages.ts';
import { listingPagePlan, sharedFingerprint, type PlannedPage } from './page-plan.ts';
import { siteShop } from './shop.ts';
import { sitemapFiles, type SitemapFile } from './sitemaps.ts';
import { PARTS_FINDER_PATH } from '../features/fits/index.ts';
import { ACCESSIBILITY_PATH } from '../features/accessibility/index.ts';

/** Paths of the content pages (`path` in the frontmatter of `src/content/pages/*.md`, served by `[...page].astro`). */
export function contentPagePaths(): string[] {
  const pages = import.meta.glob<string>('../content/pages/*.md', {
    eager: true,
    query: '?raw',
    import: 'default',
  });
  return Object.values(pages).flatMap((markdown) => contentPagePath(markdown) ?? []);
}

const memo = new WeakMap<CatalogueIndex, ProductRoutes>();

/** `productRoutes` of this build's catalogue, around the content pages, computed once per snapshot. */
export function catalogueRoutes(index: CatalogueIndex = getCatalogue()): ProductRoutes {
  let routes = memo.get(index);
  if (!routes) {
    routes = productRoutes(index, contentPagePaths());
    memo.set(index, routes);
  }
  return routes;
}

const listingPlans = new WeakMap<
  CatalogueIndex,
  { readonly only: PageFilter | null; readonly plan: PlannedPage<{ page: ListingPage }>[] }
>();

/**
 * The listing pages this build renders, category listings and parts pages alike (`planned`: the render
 * plan's keys), planned once per snapshot and choice of pages for the two routes that serve them.
 */
export function listingRoutePlan(planned: readonly string[] | null): PlannedPage<{ page: ListingPage }>[] {
  const index = getCatalogue();
  const only = pagesToRender(planned, 'listing');
  let kept = listingPlans.get(index);
  if (kept?.only !== only) {
    const shared = sharedFingerprint(index, siteShop());
    kept = { only, plan: listingPagePlan(index, catalogueRoutes(index), shared, only) };
    listingPlans.set(index, kept);
  }
  return kept.plan;
}

/** Indexable screens with fixed paths (spec §2), the parts finder (issue 39) and the accessibility statement. */
const FIXED_PATHS = [
  '/',
  '/home-garden',
  '/professional',
  PARTS_FINDER_PATH,
  '/privacy-policy',
  '/privacy-policy/full-notice',
  ACCESSIBILITY_PATH,
];

const sitemapMemo = new WeakMap<
  CatalogueIndex,
  { readonly siteUrl: string; readonly files: SitemapFile[] }
>();

/**
 * This build's sitemap files, worked out once per catalogue for the index and the files' route. Per-shopper
 * screens (basket, account, search, payment results) are left out; robots.txt points to the index.
 */
export function siteSitemapFiles(index: CatalogueIndex = getCatalogue()): SitemapFile[] {
  const { siteUrl } = siteShop();
  const known = sitemapMemo.get(index);
  if (known?.siteUrl === siteUrl) return known.files;
  const { routed, hrefBySku } = catalogueRoutes(index);
  const files = sitemapFiles(index, {
    siteUrl,
    fixedPaths: [...FIXED_PATHS, ...contentPagePaths().sort()],
    listingPages: allListingPages(index, hrefBySku),
    routed,
  });
  sitemapMemo.set(index, { siteUrl, files });
  return files;
}
