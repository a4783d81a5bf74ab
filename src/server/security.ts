/**
 * Security headers of every response, and the Content-Security-Policy of the built site.
 *
 * Scripts: `'self'` plus the SHA-256 hash of every inline script the built pages carry (Astro's island
 * and hydration-directive snippets, small component scripts), collected from the HTML at build time,
 * so no `'unsafe-inline'` for scripts. JSON-LD (`type="application/ld+json"`) is data, not script, and
 * needs no hash. Styles: `'self' 'unsafe-inline'`, because Astro inlines small stylesheets and
 * server-rendered islands may carry `style` attributes, which hashes cannot cover; CSS cannot run code.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Script types a browser executes (or, for import maps and speculation rules, treats as script under CSP). */
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
  'importmap',
  'speculationrules',
]);

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE_TYPE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const ATTRIBUTE_SRC = /\bsrc\s*=/i;
/** An event-handler attribute (`onclick=` …) inside a tag: CSP blocks it unless `'unsafe-inline'`. */
const INLINE_HANDLER = /<[a-z][a-z0-9-]*\s[^>]*?\son[a-z]+\s*=/i;

/** CSP source expressions (`'sha256-…'`) of the inline scripts in one HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (ATTRIBUTE_SRC.test(attributes)) continue;
    const typeMatch = ATTRIBUTE_TYPE.exec(attributes);
    const type = (typeMatch?.[1] ?? typeMatch?.[2] ?? typeMatch?.[3] ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export interface InlineScriptScan {
  /** Every distinct inline-script hash of the site, sorted. */
  hashes: string[];
  /** HTML files (relative) with inline event-handler attributes, which the CSP blocks. */
  inlineHandlers: string[];
  htmlFiles: number;
}

async function* htmlFiles(dir: string, relative = ''): AsyncGenerator<string> {
  for (const entry of await readdir(join(dir, relative), { withFileTypes: true })) {
    const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) yield* htmlFiles(dir, path);
    else if (entry.isFile() && entry.name.endsWith('.html')) yield path;
  }
}

/** Reads every HTML file under `clientDir` for the hashes the CSP needs. */
export async function scanInlineScripts(clientDir: string): Promise<InlineScriptScan> {
  const hashes = new Set<string>();
  const inlineHandlers: string[] = [];
  let count = 0;
  for await (const file of htmlFiles(clientDir)) {
    const html = await readFile(join(clientDir, file), 'utf8');
    for (const hash of inlineScriptHashes(html)) hashes.add(hash);
    if (INLINE_HANDLER.test(html)) inlineHandlers.push(file);
    count += 1;
  }
  return { hashes: [...hashes].sort(), inlineHandlers, htmlFiles: count };
}

export interface PolicyOptions {
  /** `'sha256-…'` expressions of the inline scripts the pages carry. */
  readonly scriptHashes: readonly string[];
  /** The public URL of the shop: https turns on HSTS and upgrade-insecure-requests. */
  readonly siteUrl: string;
}

export function contentSecurityPolicy({ scriptHashes, siteUrl }: PolicyOptions): string {
  const https = siteUrl.startsWith('https:');
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
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
