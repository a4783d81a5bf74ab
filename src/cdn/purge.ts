/**
 * Telling the CDN to drop what a publish changed, by surrogate key (keys.ts), through one interface with an
 * adapter per CDN_PURGE: Varnish (a PURGE with an `xkey-purge` header to every host, as
 * deploy/varnish/shop.vcl expects and Magento's CacheInvalidate does for each `--http-cache-hosts`),
 * Fastly's and Cloudflare's purge APIs, or nothing. A purge that is not acknowledged (no answer, a
 * non-2xx) throws, and the purge queue (purge-queue.ts) sends it again later: purges are idempotent.
 */
import { z } from 'zod';
import type { CdnSettings } from '../config/env.ts';
import { errorMessage } from '../http/index.ts';
import { REPLICA_TIMINGS } from '../store/replica-timings.ts';

export interface Purger {
  /** What it purges, for the log: `varnish (2 hosts)`, `fastly`. */
  readonly name: string;
  /** Resolves once the CDN acknowledged every key; rejects with the reason otherwise. */
  purge(keys: readonly string[]): Promise<void>;
}

export class PurgeError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PurgeError';
  }
}

export interface PurgerOptions {
  /** Another `fetch` (tests count or fail requests). */
  readonly fetch?: typeof fetch;
  /** Fastly's and Cloudflare's API roots (default their public ones); tests point them at a local server. */
  readonly fastlyApi?: string;
  readonly cloudflareApi?: string;
  /**
   * Each request's time limit (default REPLICA_TIMINGS.purgeRequestTimeoutMs, 10 s): a CDN that hangs is a
   * failure to retry, not a stuck queue.
   */
  readonly timeoutMs?: number;
}

/** Fastly purges up to 256 keys per batch request. */
export const FASTLY_BATCH = 256;
/** Cloudflare purges up to 100 tags per request on every plan but Enterprise (500). */
export const CLOUDFLARE_BATCH = 100;
/** Keys sent in one header line: well under the 8 KB a Varnish (http_req_hdr_len) or a proxy accepts. */
const HEADER_CHARS = 4_000;

/** `keys` in groups of at most `count`, each no longer than `chars` when joined by a space. */
export function batches(keys: readonly string[], count: number, chars = Infinity): string[][] {
  const out: string[][] = [];
  let batch: string[] = [];
  let length = 0;
  for (const key of keys) {
    if (batch.length > 0 && (batch.length === count || length + 1 + key.length > chars)) {
      out.push(batch);
      batch = [];
      length = 0;
    }
    length += (batch.length > 0 ? 1 : 0) + key.length;
    batch.push(key);
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

/** One request; anything but a 2xx throws with the status and the start of the answer. */
async function send(
  options: PurgerOptions,
  method: string,
  url: string,
  init: { headers: Record<string, string>; body?: string },
): Promise<Response> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method,
      ...init,
      signal: AbortSignal.timeout(options.timeoutMs ?? REPLICA_TIMINGS.purgeRequestTimeoutMs),
    });
  } catch (error) {
    throw new PurgeError(`${method} ${url} failed: ${errorMessage(error)}`, { cause: error });
  }
  if (!response.ok) {
    const text = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
    throw new PurgeError(`${method} ${url} answered ${response.status}${text ? `: ${text}` : ''}`);
  }
  return response;
}

/** Varnish: `PURGE /` with the keys, space-separated, in `xkey-purge`, to every host. */
export function varnishPurger(hosts: readonly string[], options: PurgerOptions = {}): Purger {
  return {
    name: `varnish (${hosts.length} ${hosts.length === 1 ? 'host' : 'hosts'})`,
    async purge(keys) {
      const groups = batches(keys, Infinity, HEADER_CHARS);
      // Every host must drop them: one that failed fails the purge, which is sent again to all (harmless).
      const results = await Promise.allSettled(
        hosts.map(async (host) => {
          for (const group of groups) {
            const response = await send(options, 'PURGE', `${host}/`, {
              headers: { 'xkey-purge': group.join(' ') },
            });
            await response.body?.cancel();
          }
        }),
      );
      const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
      if (failures.length > 0) throw new PurgeError(failures.map(errorMessage).join('; '));
    },
  };
}

/**
 * Fastly: `POST /service/{id}/purge`, the keys in `Surrogate-Key` (at most 256 per request, and a header
 * line of a few kilobytes), authorised by `Fastly-Key` (an API token with the `purge_select` scope).
 */
export function fastlyPurger(serviceId: string, token: string, options: PurgerOptions = {}): Purger {
  const api = (options.fastlyApi ?? 'https://api.fastly.com').replace(/\/+$/, '');
  return {
    name: 'fastly',
    async purge(keys) {
      for (const group of batches(keys, FASTLY_BATCH, HEADER_CHARS)) {
        const response = await send(
          options,
          'POST',
          `${api}/service/${encodeURIComponent(serviceId)}/purge`,
          {
            headers: { 'Fastly-Key': token, 'Surrogate-Key': group.join(' '), Accept: 'application/json' },
          },
        );
        await response.body?.cancel();
      }
    },
  };
}

/** Cloudflare's answer envelope: a 2xx saying `success: false` is a failure too. */
const cloudflareAnswer = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: z.number().optional(), message: z.string() })).optional(),
});

/** Cloudflare: `POST /zones/{zone}/purge_cache` with `{"tags": […]}`, 100 at a time, and a Bearer token. */
export function cloudflarePurger(zoneId: string, token: string, options: PurgerOptions = {}): Purger {
  const api = (options.cloudflareApi ?? 'https://api.cloudflare.com/client/v4').replace(/\/+$/, '');
  const url = `${api}/zones/${encodeURIComponent(zoneId)}/purge_cache`;
  return {
    name: 'cloudflare',
    async purge(keys) {
      for (const group of batches(keys, CLOUDFLARE_BATCH)) {
        const response = await send(options, 'POST', url, {
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ tags: group }),
        });
        const answer = cloudflareAnswer.safeParse(await response.json().catch(() => undefined));
        if (!answer.success || !answer.data.success) {
          const errors = answer.data?.errors?.map((error) => error.message).join('; ');
          throw new PurgeError(`POST ${url} did not confirm the purge${errors ? `: ${errors}` : ''}`);
        }
      }
    },
  };
}

/** CDN_PURGE=none: nothing in front of the replicas keeps pages past their revalidation. */
export const noPurger: Purger = { name: 'none', purge: () => Promise.resolve() };

/** The purger CDN_PURGE names; loadEnv has checked that its settings are there. */
export function purgerFor(settings: CdnSettings, options: PurgerOptions = {}): Purger {
  const needed = (name: string, value: string | undefined): string => {
    if (value === undefined) throw new Error(`CDN_PURGE=${settings.CDN_PURGE} needs ${name}.`);
    return value;
  };
  switch (settings.CDN_PURGE) {
    case 'none':
      return noPurger;
    case 'varnish':
      return varnishPurger(settings.CDN_PURGE_URLS, options);
    case 'fastly':
      return fastlyPurger(
        needed('FASTLY_SERVICE_ID', settings.FASTLY_SERVICE_ID),
        needed('FASTLY_API_TOKEN', settings.FASTLY_API_TOKEN),
        options,
      );
    case 'cloudflare':
      return cloudflarePurger(
        needed('CLOUDFLARE_ZONE_ID', settings.CLOUDFLARE_ZONE_ID),
        needed('CLOUDFLARE_API_TOKEN', settings.CLOUDFLARE_API_TOKEN),
        options,
      );
  }
}
