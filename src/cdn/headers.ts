/**
 * What the storefront server tells a CDN about each answer of the built site (docs/cdn.md, "Headers"):
 * how long the edge may keep it (`s-maxage`, while browsers still revalidate every time), the surrogate
 * keys it is filed under (keys.ts), and the build it came from.
 */
import type { CdnSettings } from '../config/env.ts';

export interface EdgeCaching {
  /**
   * `s-maxage` in seconds, or undefined: no purge is configured, so no CDN may keep a page longer than a
   * browser does (it would serve an old price for that long after a publish).
   */
  readonly sharedMaxAge?: number;
  /** Send the keys as `Cache-Tag` too (Cloudflare reads that, comma-separated). */
  readonly cacheTag: boolean;
}

export const NO_EDGE_CACHING: EdgeCaching = { cacheTag: false };

/** From CDN_PURGE and CDN_MAX_AGE: the edge keeps pages only when a publish purges it. */
export function edgeCachingFor(settings: Pick<CdnSettings, 'CDN_PURGE' | 'CDN_MAX_AGE'>): EdgeCaching {
  if (settings.CDN_PURGE === 'none') return NO_EDGE_CACHING;
  return { sharedMaxAge: settings.CDN_MAX_AGE, cacheTag: settings.CDN_PURGE === 'cloudflare' };
}

/** A `Cache-Control` value with the edge's lifetime added (nothing to add to `no-store` or `immutable`). */
export function withSharedMaxAge(cacheControl: string, edge: EdgeCaching): string {
  if (edge.sharedMaxAge === undefined || /no-store|private|immutable/.test(cacheControl)) return cacheControl;
  return `${cacheControl}, s-maxage=${edge.sharedMaxAge}`;
}

/**
 * `Surrogate-Key` (space-separated: Fastly, and Varnish through deploy/varnish/shop.vcl), `Cache-Tag`
 * (comma-separated) for Cloudflare, and `X-Build-Id` when the build is known.
 */
export function edgeHeaders(
  keys: readonly string[],
  edge: EdgeCaching,
  buildId: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = { 'Surrogate-Key': keys.join(' ') };
  if (edge.cacheTag) headers['Cache-Tag'] = keys.join(',');
  if (buildId !== undefined) headers['X-Build-Id'] = buildId;
  return headers;
}

/** Headers a 304 keeps besides Hono's defaults, so a CDN revalidating an answer keeps its keys. */
export const EDGE_HEADERS_ON_304 = ['surrogate-key', 'cache-tag', 'x-build-id'] as const;
