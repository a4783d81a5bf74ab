/**
 * Security headers of every response (a middleware in front of every route), and the Content-Security-Policy of the built site.
 *
 * Scripts: `'self'` plus the SHA-256 hash of every inline script the built pages carry (Astro's island
 * and hydration-directive snippets, small component scripts), collected from the HTML at build time
 * (src/publish/render/inline-scripts.ts), so no `'unsafe-inline'` for scripts. JSON-LD (`type="application/ld+json"`) is data, not script, and
 * needs no hash. Styles: `'self' 'unsafe-inline'`, because Astro inlines small stylesheets and
 * server-rendered islands may carry `style` attributes, which hashes cannot cover; CSS cannot run code.
 */
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';

export interface PolicyOptions {
  /** `'sha256-…'` expressions of the inline scripts the pages carry. */
  readonly scriptHashes: readonly string[];
  /** The public URL of the shop: https turns on HSTS and upgrade-insecure-requests. */
  readonly siteUrl: string;
  /**
   * Whether a Google tag is configured (ANALYTICS_TAG): its script, beacons and pixels are then allowed,
   * as Google lists them for a CSP; the pages load it only after consent. Without one, nothing but the
   * shop's own origin is.
   */
  readonly analyticsTag?: boolean;
}

/** Google's tag origins for a CSP (Tag Manager, GA4, and Google Ads conversion pixels). */
const GOOGLE_TAG = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com', 'https://*.g.doubleclick.net'],
};

export function contentSecurityPolicy({
  scriptHashes,
  siteUrl,
  analyticsTag = false,
}: PolicyOptions): string {
  const https = siteUrl.startsWith('https:');
  const tag = (origins: readonly string[]) => (analyticsTag ? origins : []);
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes, ...tag(GOOGLE_TAG.script)].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${["'self'", 'data:', ...tag(GOOGLE_TAG.img)].join(' ')}`,
    "font-src 'self'",
    `connect-src ${["'self'", ...tag(GOOGLE_TAG.connect)].join(' ')}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Headers set on every response; route handlers may override them. */
export function securityHeaders(options: PolicyOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy':
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()',
    // Only over https: browsers ignore it on http, and a shop reached by IP or localhost must not pin it.
    ...(options.siteUrl.startsWith('https:') ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  };
}

/**
 * Sets the security headers on every answer; a route's own headers win. The headers are rebuilt only
 * when the hashes change (a rebuild), not on every request. They go on the Node response too, before the
 * routes run, for handlers that answer it directly (Astro's on-demand pages).
 */
/** Marks an answer a handler wrote to the Node response itself (@hono/node-server's RESPONSE_ALREADY_SENT). */
const ALREADY_SENT = 'x-hono-already-sent';

export function securityHeadersMiddleware(
  hashesOf: () => readonly string[],
  site: Omit<PolicyOptions, 'scriptHashes'>,
): MiddlewareHandler<{ Bindings: HttpBindings }> {
  let lastHashes: readonly string[] | undefined;
  let lastHeaders: Record<string, string> = {};
  const current = (): Record<string, string> => {
    const hashes = hashesOf();
    if (hashes !== lastHashes) {
      lastHashes = hashes;
      lastHeaders = securityHeaders({ ...site, scriptHashes: hashes });
    }
    return lastHeaders;
  };
  return async (c, next) => {
    const headers = current();
    // Absent when the app is called without Node (`app.request()` in a test).
    const outgoing: HttpBindings['outgoing'] | undefined = c.env?.outgoing;
    if (outgoing) for (const [name, value] of Object.entries(headers)) outgoing.setHeader(name, value);
    await next();
    if (c.res.headers.has(ALREADY_SENT)) return;
    for (const [name, value] of Object.entries(headers))
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  };
}
