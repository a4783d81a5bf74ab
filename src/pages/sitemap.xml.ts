/**
 * /sitemap.xml, written at build time: the fixed indexable screens, every category listing, the content
 * pages and every product page (with its last change). Per-shopper screens (basket, account, search, payment results)
 * are left out; robots.txt points here.
 */
import type { APIRoute } from 'astro';
import { allListings } from '../components/catalogue/listings.ts';
import { catalogueRoutes, contentPagePaths } from '../components/catalogue/routes.ts';
import { sitemapXml, toW3cDate, type SitemapEntry } from '../catalogue/seo.ts';
import { getCatalogue } from '../catalogue/snapshot.ts';
import { shopInfo } from '../config/shop.ts';

/** Indexable screens with fixed paths (spec §2). */
const FIXED_PATHS = ['/', '/home-garden', '/professional', '/privacy-policy', '/privacy-policy/full-notice'];

export const GET: APIRoute = () => {
  const index = getCatalogue();
  const entries: SitemapEntry[] = [
    ...FIXED_PATHS.map((path) => ({ path })),
    ...allListings(index).map((listing) => ({ path: listing.path })),
    ...contentPagePaths()
      .sort()
      .map((path) => ({ path })),
    ...catalogueRoutes(index).routed.map((product) => {
      const lastmod = toW3cDate(product.updatedAt);
      return lastmod ? { path: `/${product.urlKey}`, lastmod } : { path: `/${product.urlKey}` };
    }),
  ];
  return new Response(sitemapXml(entries, shopInfo().siteUrl), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
