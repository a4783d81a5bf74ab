/**
 * The storefront server: a Hono app that serves a built Astro site and mounts the routes it is given.
 * In order: security headers (with the CSP hashes of the live build) on every answer; the routes other
 * parts contribute as Hono sub-apps (REST proxy, session and search form from `shopper/`, payments from
 * src/payments/routes.ts, the rebuild hook from src/publish); the product-image route; the search results
 * page, drawn for each term from the build's search index (search-page.ts); the parts finder's form sent
 * without JavaScript, answered from the build's fit files (parts-finder.ts); the built site's files with
 * their precompressed siblings, ETag/304 and cache headers; on-demand pages (Astro's handler);
 * and a real 404 page (405 for other methods). Each part guards its own routes with the shared
 * middleware of src/http/ and renders its errors as `{message}` JSON; anything else that fails here is
 * logged and answered 500. Kept apart from the code that listens (server.ts), so tests build it with
 * their own folders and ports; build code is reached only through src/publish/index.ts.
 */
import { dirname, resolve } from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { etag, RETAINED_304_HEADERS } from 'hono/etag';
import { EDGE_HEADERS_ON_304, type EdgeCaching } from '../cdn/headers.ts';
import { FINDER_FORM_ACTION } from '../components/fits/index.ts';
import { describeError, lineLog, textReply } from '../http/index.ts';
import type { Rewrite } from '../http/site-paths.ts';
import type { NodeRoute } from './astro.ts';
import { liveBuildId } from './build-id.ts';
import { createImageRoutes } from './images.ts';
import { createPartsFinderRoute } from './parts-finder.ts';
import { createSearchPage } from './search-page.ts';
import { securityHeadersMiddleware } from './security.ts';
import { createStaticSite, type NotFoundPage } from './static-site.ts';

export interface StorefrontServerConfig {
  /** The built site's static files (`dist/client`). */
  readonly clientDir: string;
  /** Magento's product media, e.g. `http://127.0.0.1:8080/media/catalog/product`. */
  readonly magentoMediaBaseUrl: string;
  /** Disk cache of transformed pictures (`var/image-cache`). */
  readonly imageCacheDir: string;
  /** Public URL of the shop; https turns on HSTS. */
  readonly siteUrl: string;
  /** Whether the pages load a Google tag after consent (ANALYTICS_TAG): the CSP then lets it in. */
  readonly analyticsTag?: boolean;
  /**
   * CSP hashes (`'sha256-…'`) of the pages' inline scripts, from `dist/build-info.json` or
   * `scanInlineScripts`. A function is asked on every request, so a rebuild can bring new hashes.
   */
  readonly scriptHashes: readonly string[] | (() => readonly string[]);
  /** Mounted first, in order, for every method: the proxy, session, payments, rebuild hook… */
  readonly routes?: readonly Hono[];
  /** Tried after the static files found nothing (e.g. Astro's on-demand pages), for every method. */
  readonly fallbackRoutes?: readonly NodeRoute[];
  readonly rewrites?: readonly Rewrite[];
  readonly notFoundPages?: readonly NotFoundPage[];
  readonly compressionCacheBytes?: number;
  /** How long a CDN may keep the site's answers (`s-maxage`) and whether it reads `Cache-Tag`. */
  readonly edge?: EdgeCaching;
  readonly log?: (message: string) => void;
}

export type StorefrontApp = Hono<{ Bindings: HttpBindings }>;

export function createStorefrontApp(config: StorefrontServerConfig): StorefrontApp {
  const log = lineLog(config.log ?? ((message: string) => console.error(message)));
  const hashes = config.scriptHashes;
  const buildId = liveBuildId(dirname(resolve(config.clientDir)));
  const edge = config.edge ? { edge: config.edge } : {};
  const site = createStaticSite({
    clientDir: config.clientDir,
    buildId,
    ...edge,
    ...(config.rewrites ? { rewrites: config.rewrites } : {}),
    ...(config.notFoundPages ? { notFoundPages: config.notFoundPages } : {}),
    ...(config.compressionCacheBytes ? { compressionCacheBytes: config.compressionCacheBytes } : {}),
  });

  const app: StorefrontApp = new Hono();
  app.use(
    securityHeadersMiddleware(typeof hashes === 'function' ? hashes : () => hashes, {
      siteUrl: config.siteUrl,
      analyticsTag: config.analyticsTag ?? false,
    }),
  );
  const searchPage = createSearchPage({ clientDir: config.clientDir, log, buildId, ...edge });
  // Before the shopper routes: a code typed whole in the search form goes to its product (code-jump.ts).
  app.get('/search', searchPage);
  for (const routes of config.routes ?? []) app.route('/', routes);
  app.route(
    '/',
    createImageRoutes({ mediaBaseUrl: config.magentoMediaBaseUrl, cacheDir: config.imageCacheDir, log }),
  );
  // A CDN revalidating an answer keeps its surrogate keys and build from the 304.
  const revalidate = etag({ retainedHeaders: [...RETAINED_304_HEADERS, ...EDGE_HEADERS_ON_304] });
  app.get('/search/*', revalidate, searchPage);
  app.get(FINDER_FORM_ACTION, createPartsFinderRoute({ clientDir: config.clientDir, log }));
  app.get('*', revalidate, site.serve);
  for (const route of config.fallbackRoutes ?? []) app.all('*', route);
  app.all('*', (c) =>
    c.req.method === 'GET' || c.req.method === 'HEAD'
      ? site.notFound(c)
      : textReply(405, 'Method Not Allowed', { Allow: 'GET, HEAD' }),
  );
  // A route that knows its page has nothing to show (`c.notFound()`: a purchase order or quote that is none
  // of the customer's, shopper/record-page.ts) answers with the same not-found page.
  app.notFound((c) => site.notFound(c));
  app.onError((error, c) => {
    log(`Storefront server error on ${c.req.method} ${c.req.url}: ${describeError(error)}`);
    return textReply(500, 'Internal Server Error', { 'Cache-Control': 'no-store' });
  });
  return app;
}
