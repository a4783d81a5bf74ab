/**
 * The storefront server as a Node request handler: security headers on everything, then the routes
 * other parts add (REST proxy, session, payments, rebuild hook), the image route, the built site's
 * files, on-demand routes (Astro's handler), and a real 404 page. Kept apart from the code that listens,
 * so tests build it with their own folders and ports.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isReadMethod, requestUrl, sendText, type RouteHandler } from './http.ts';
import { createImageRoute } from './images.ts';
import { securityHeaders } from './security.ts';
import { createStaticSite, type NotFoundPage, type Rewrite } from './static-site.ts';

export interface StorefrontServerConfig {
  /** The built site's static files (`dist/client`). */
  readonly clientDir: string;
  /** Magento's product media, e.g. `http://127.0.0.1:8080/media/catalog/product`. */
  readonly magentoMediaBaseUrl: string;
  /** Disk cache of transformed pictures (`var/image-cache`). */
  readonly imageCacheDir: string;
  /** Public URL of the shop; https turns on HSTS. */
  readonly siteUrl: string;
  /**
   * CSP hashes (`'sha256-…'`) of the pages' inline scripts, from `dist/build-info.json` or
   * `scanInlineScripts`. A function is asked on every request, so a rebuild can bring new hashes.
   */
  readonly scriptHashes: readonly string[] | (() => readonly string[]);
  /** Tried first, in order, for every method: the extension point for the proxy, session, payments… */
  readonly routes?: readonly RouteHandler[];
  /** Tried after the static files found nothing (e.g. Astro's on-demand pages), for every method. */
  readonly fallbackRoutes?: readonly RouteHandler[];
  readonly rewrites?: readonly Rewrite[];
  readonly notFoundPages?: readonly NotFoundPage[];
  readonly compressionCacheBytes?: number;
  readonly log?: (message: string) => void;
}

export type StorefrontHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function createStorefrontServer(config: StorefrontServerConfig): StorefrontHandler {
  const log = config.log ?? ((message: string) => console.error(message));
  const routes = config.routes ?? [];
  const fallbackRoutes = config.fallbackRoutes ?? [];
  const images = createImageRoute({
    mediaBaseUrl: config.magentoMediaBaseUrl,
    cacheDir: config.imageCacheDir,
    log,
  });
  const site = createStaticSite({
    clientDir: config.clientDir,
    ...(config.rewrites ? { rewrites: config.rewrites } : {}),
    ...(config.notFoundPages ? { notFoundPages: config.notFoundPages } : {}),
    ...(config.compressionCacheBytes ? { compressionCacheBytes: config.compressionCacheBytes } : {}),
  });

  const hashesSetting = config.scriptHashes;
  const hashesOf = typeof hashesSetting === 'function' ? hashesSetting : () => hashesSetting;
  // The headers are rebuilt only when the hashes change (a rebuild), not on every request.
  let lastHashes: readonly string[] | undefined;
  let lastHeaders: Record<string, string> = {};
  const currentHeaders = (): Record<string, string> => {
    const hashes = hashesOf();
    if (hashes !== lastHashes) {
      lastHashes = hashes;
      lastHeaders = securityHeaders({ scriptHashes: hashes, siteUrl: config.siteUrl });
    }
    return lastHeaders;
  };

  return async (req, res) => {
    try {
      for (const [name, value] of Object.entries(currentHeaders())) res.setHeader(name, value);
      const url = requestUrl(req);
      if (!url) {
        sendText(res, 400, 'Bad Request');
        return;
      }
      for (const route of routes) if (await route(req, res, url)) return;
      if (await images(req, res, url)) return;
      if (isReadMethod(req) && (await site.serve(req, res, url))) return;
      for (const route of fallbackRoutes) if (await route(req, res, url)) return;
      if (!isReadMethod(req)) {
        sendText(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
        return;
      }
      await site.notFound(req, res, url);
    } catch (error) {
      log(
        `Storefront server error on ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!res.headersSent) sendText(res, 500, 'Internal Server Error', { 'Cache-Control': 'no-store' });
      else res.destroy();
    }
  };
}
