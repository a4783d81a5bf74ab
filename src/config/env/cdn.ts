/** The environment's CDN variables: one section of `envSchema` (src/config/env.ts). */
import { z } from 'zod';
import { described, seconds } from './fields.ts';

/** The CDN in front of the replicas: how long it keeps pages and how it is told to drop them. */
export const cdnSection = z.object({
  /**
   * How the CDN is purged after a publish, once every replica serves the new build: `none`, `varnish`
   * (PURGE with an `xkey` header to every CDN_PURGE_URLS host), `fastly` or `cloudflare` (their purge APIs).
   */
  CDN_PURGE: described(
    'How the CDN is purged once every replica serves a new build: `varnish` (`CDN_PURGE_URLS`), `fastly` (`FASTLY_SERVICE_ID`, `FASTLY_API_TOKEN`), `cloudflare` (`CLOUDFLARE_ZONE_ID`, `CLOUDFLARE_API_TOKEN`). `docs/cdn.md`.',
    z.enum(['none', 'varnish', 'fastly', 'cloudflare']).default('none'),
  ),
  CDN_PURGE_URLS: described(
    'Varnish (`CDN_PURGE=varnish`): every Varnish to purge, comma-separated (e.g. `http://10.0.0.5:6081,http://10.0.0.6:6081`).',
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim().replace(/\/+$/, ''))
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ error: 'must list absolute URLs separated by commas' })))
      .default([]),
  ),
  FASTLY_SERVICE_ID: described(
    'Fastly (`CDN_PURGE=fastly`): the service to purge.',
    z.string().min(1).optional(),
  ),
  FASTLY_API_TOKEN: described(
    'Fastly: an API token with the `purge_select` scope on that service. Server side only.',
    z.string().min(1).optional(),
  ),
  CLOUDFLARE_ZONE_ID: described(
    'Cloudflare (`CDN_PURGE=cloudflare`): the zone to purge.',
    z.string().min(1).optional(),
  ),
  CLOUDFLARE_API_TOKEN: described(
    'Cloudflare: an API token with the Zone › Cache Purge › Purge permission on that zone. Server side only.',
    z.string().min(1).optional(),
  ),
  CDN_MAX_AGE: described(
    'How long the CDN keeps pages and data files (`s-maxage`) when a purge is configured; purges end it sooner.',
    seconds(86_400),
  ),
});
