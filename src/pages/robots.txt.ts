/** /robots.txt, written at build time: everything may be crawled except the per-shopper screens. */
import type { APIRoute } from 'astro';
import { robotsTxt } from '../site/seo.ts';
import { siteShop } from '../site/shop.ts';

export const GET: APIRoute = () =>
  new Response(robotsTxt(siteShop().siteUrl), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
