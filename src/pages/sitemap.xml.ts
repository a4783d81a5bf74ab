/**
 * /sitemap.xml, written at build time: the sitemap index, naming every sitemap file (site/sitemaps.ts)
 * with its last change. robots.txt points here.
 */
import type { APIRoute } from 'astro';
import { siteSitemapFiles } from '../site/routes.ts';
import { sitemapIndex } from '../site/sitemaps.ts';
import { siteShop } from '../site/shop.ts';

export const GET: APIRoute = () =>
  new Response(sitemapIndex(siteSitemapFiles(), siteShop().siteUrl), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
