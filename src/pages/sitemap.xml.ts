/**
 * /sitemap.xml, written at build time: the fixed indexable screens, every page of every category listing, the content
 * pages and every product page (with its last change). Per-shopper screens (basket, account, search, payment results)
 * are left out; robots.txt points here.
 */
import type { APIRoute } from 'astro';
import { allListingPages } from '../site/listing-pages.ts';
import { catalogueRoutes, contentPagePaths } from '../site/routes.ts';
import { toW3cDate } from '../catalogue/fields.ts';
import { sitemapXml, type SitemapEntry } from '../site/seo.ts';
import { getCatalogue } from '../site/catalogue.ts';
import { siteShop } from '../site/shop.ts';
import { PARTS_FINDER_PATH } from '../features/fits/index.ts';
import { ACCESSIBILITY_PATH } from '../features/accessibility/index.ts';

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

export const GET: APIRoute = () => {
  const index = getCatalogue();
  const { routed, hrefBySku } = catalogueRoutes(index);
  const entries: SitemapEntry[] = [
    ...FIXED_PATHS.map((path) => ({ path })),
    ...allListingPages(index, hrefBySku).map((page) => ({ path: page.path })),
    ...contentPagePaths()
      .sort()
      .map((path) => ({ path })),
    ...routed.map((product) => {
      const lastmod = toW3cDate(product.updatedAt);
      return lastmod ? { path: `/${product.urlKey}`, lastmod } : { path: `/${product.urlKey}` };
    }),
  ];
  return new Response(sitemapXml(entries, siteShop().siteUrl), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
