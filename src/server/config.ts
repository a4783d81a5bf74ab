/**
 * The storefront server's settings for a built site in `distDir`, from the validated environment (passed
 * in: nothing here reads `process.env`).
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Hono } from 'hono';
import { edgeCachingFor } from '../cdn/headers.ts';
import type { CdnSettings, EmbeddedSettings, MagentoSettings } from '../config/env.ts';
import { magentoClientConfig } from '../config/magento.ts';
import { errorMessage, lineLog, warnLog } from '../http/index.ts';
import { buildInfoPath, readBuildInfo, scanInlineScripts } from '../publish/index.ts';
import type { SharedStore } from '../store/shared-store.ts';
import type { StorefrontServerConfig } from './app.ts';
import { loadAstroRoute, type NodeRoute } from './astro.ts';
import { createShopperRoutes, type ShopperRouteSettings } from './shopper/routes.ts';
import type { PaymentHome } from '../payments/home.ts';
import { createTradeRoutes } from './shopper/trade.ts';

export const DIST_DIR = 'dist';

/** Magento's product pictures: MAGENTO_MEDIA_URL, else the media folder of Magento or the embedded back end. */
export const magentoMediaBaseUrl = (env: MagentoSettings & EmbeddedSettings): string =>
  env.MAGENTO_MEDIA_URL ?? `${magentoClientConfig(env).baseUrl}/media/catalog/product`;

/**
 * The CSP hashes of the build in `distDir`, re-read (at most once a second) when a rebuild replaces
 * build-info.json. A build without them (made by hand with `astro build`) is scanned once.
 */
async function scriptHashesOf(distDir: string): Promise<() => readonly string[]> {
  const file = buildInfoPath(distDir);
  let hashes: readonly string[] =
    readBuildInfo(distDir)?.scriptHashes ?? (await scanInlineScripts(join(distDir, 'client'))).hashes;
  let modified = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  let checkedAt = Date.now();
  return () => {
    if (Date.now() - checkedAt < 1000) return hashes;
    checkedAt = Date.now();
    const now = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (now !== modified) {
      modified = now;
      hashes = readBuildInfo(distDir)?.scriptHashes ?? hashes;
    }
    return hashes;
  };
}

export interface SiteServerOptions {
  /** The built site (default `dist`): `client/` is served, `server/entry.mjs` answers on-demand pages. */
  readonly distDir?: string;
  /** Routes tried before the site's files; by default the shopper routes (search form, session, REST proxy). */
  readonly routes?: readonly Hono[];
  /** Routes tried before those, e.g. the rebuild hook and status (`createRebuildRoutes` of src/publish). */
  readonly extraRoutes?: readonly Hono[];
  /**
   * The shared store (`openSharedStore`) the shopper routes keep their state in: payments (when it is
   * PostgreSQL) and throttles. Unset: each keeps its own (the payments file, memory).
   */
  readonly store?: SharedStore;
  /** Aborted when the server stops: ends the shopper routes' background work (payment recovery). */
  readonly signal?: AbortSignal;
  /**
   * Where the shopper routes keep the payments, when the caller shares it (a replica counts them for the
   * operator's figures); unset, they open their own (`paymentHome`).
   */
  readonly payments?: PaymentHome;
  readonly log?: (message: string) => void;
}

/** What the server reads: the shopper routes' settings (the shop's among them) and the CDN's caching. */
type StorefrontServerSettings = ShopperRouteSettings & Pick<CdnSettings, 'CDN_PURGE' | 'CDN_MAX_AGE'>;

/** The built site's client folder in `distDir`; an error saying how to build one when there is none. */
export function builtSiteIn(distDir: string): string {
  const clientDir = join(resolve(distDir), 'client');
  if (!existsSync(clientDir))
    throw new Error(`No built site in ${clientDir}: run \`npm run build\` (or \`npm start\`) first.`);
  return clientDir;
}

export async function storefrontServerConfig(
  env: StorefrontServerSettings,
  options: SiteServerOptions = {},
): Promise<StorefrontServerConfig> {
  // Every part of the server logs through this: one line per message, whatever a request carried.
  const log = options.log ? lineLog(options.log) : warnLog;
  const distDir = resolve(options.distDir ?? DIST_DIR);
  const clientDir = builtSiteIn(distDir);
  const fallbackRoutes: NodeRoute[] = [];
  const entry = join(distDir, 'server', 'entry.mjs');
  if (existsSync(entry)) {
    try {
      fallbackRoutes.push(await loadAstroRoute(entry));
    } catch (error) {
      log(`Warning: Astro's on-demand pages are off: ${entry} could not be loaded (${errorMessage(error)}).`);
    }
  }
  return {
    clientDir,
    magentoMediaBaseUrl: magentoMediaBaseUrl(env),
    imageCacheDir: resolve(env.IMAGE_CACHE_DIR),
    siteUrl: env.SITE_URL,
    analyticsTag: env.ANALYTICS_TAG !== undefined,
    scriptHashes: await scriptHashesOf(distDir),
    edge: edgeCachingFor(env),
    routes: [
      ...(options.extraRoutes ?? []),
      ...(options.routes ?? [
        ...createShopperRoutes(env, log, options.store, options.signal, clientDir, options.payments),
        // Beside the shopper routes, with the built site: a Trade customer's price file (shopper/trade.ts).
        createTradeRoutes({ magento: magentoClientConfig(env), siteUrl: env.SITE_URL, clientDir, log }),
      ]),
    ],
    fallbackRoutes,
    log,
  };
}
