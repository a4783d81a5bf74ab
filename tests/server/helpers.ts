/**
 * Support for the storefront server's tests: a tiny built site in a temp folder, a server on a free
 * port, and raw HTTP requests (no automatic decompression, paths sent exactly as written).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { StorefrontServerConfig } from '../../src/server/app.ts';
import { SESSION_COOKIE } from '../../src/http/index.ts';
import { scanInlineScripts } from '../../src/publish/index.ts';
import { startStorefrontServer, type RunningStorefront } from '../../src/server/server.ts';

/** Enough text that compression applies (the server leaves files under 1 KB as they are). */
export const filler = (label: string): string =>
  `<!-- ${label} -->` + Array.from({ length: 60 }, (_, i) => `<p>${label} paragraph ${i}</p>`).join('');

export const page = (title: string, extra = ''): string =>
  `<!doctype html><html lang="en-GB"><head><title>${title}</title>${extra}</head><body><h1>${title}</h1>${filler(title)}</body></html>`;

export const INLINE_SCRIPT = "(()=>{document.documentElement.dataset.js='on'})();";

export interface FakeSite {
  readonly root: string;
  readonly clientDir: string;
}

/**
 * A built site as Astro lays it out, inside `root/dist/client`, with a `secret.txt` beside `dist` that
 * traversal must never reach.
 */
export function makeFakeSite(options: { categoryPage?: boolean; customerManage?: boolean } = {}): FakeSite {
  const root = mkdtempSync(join(tmpdir(), 'storefront-site-'));
  const clientDir = join(root, 'dist', 'client');
  const files: Record<string, string> = {
    'index.html': page(
      'Home',
      `<script>${INLINE_SCRIPT}</script><script type="application/ld+json">{"@type":"Organization"}</script><script type="module" src="/_astro/x.123.js"></script>`,
    ),
    'a/b/index.html': page('Nested B'),
    '404.html': page('Page not found'),
    'search/index.html': page('Search'),
    'listing-data/24.json': '{"products":[]}',
    '_astro/x.123.js': `export const items = [${Array.from({ length: 200 }, (_, i) => `"item-${i}"`).join(',')}];\n`,
    'favicon.svg':
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
    'robots.txt': 'User-agent: *\nAllow: /\n',
  };
  if (options.categoryPage !== false) files['category-not-found/index.html'] = page('Category not found');
  if (options.customerManage !== false) files['customer/manage/index.html'] = page('Manage account');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(clientDir, path)), { recursive: true });
    writeFileSync(join(clientDir, path), content);
  }
  writeFileSync(join(root, 'secret.txt'), 'do not serve');
  writeFileSync(join(root, 'dist', 'build-info.json'), '{"secret":true}');
  return { root, clientDir };
}

export async function startFakeSite(
  site: FakeSite,
  overrides: Partial<StorefrontServerConfig> = {},
): Promise<RunningStorefront> {
  const { hashes } = await scanInlineScripts(site.clientDir);
  return startStorefrontServer(
    {
      clientDir: site.clientDir,
      // Nothing listens there: the static tests never reach the image source.
      magentoMediaBaseUrl: 'http://127.0.0.1:9/media/catalog/product',
      imageCacheDir: join(site.root, 'image-cache'),
      siteUrl: 'http://127.0.0.1:4321',
      scriptHashes: hashes,
      log: () => undefined,
      ...overrides,
    },
    { host: '127.0.0.1', port: 0 },
  );
}

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request with the path sent byte for byte (fetch would normalise `..` away) and the body undecoded. */
export function raw(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | undefined } = {},
): Promise<RawReply> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port,
        path,
        method: options.method ?? 'GET',
        headers: {
          ...(options.body === undefined
            ? {}
            : { 'Content-Length': String(Buffer.byteLength(options.body)) }),
          ...options.headers,
        },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Signs in through the storefront's `/session` (sent from `site`, as the browser's same-origin call is):
 * the session cookie as a `Cookie` header's value, or '' when sign-in was refused.
 */
export async function sessionCookie(
  shopUrl: string,
  site: string,
  email: string,
  password: string,
): Promise<string> {
  const reply = await raw(shopUrl, '/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: site },
    body: JSON.stringify({ email, password }),
  });
  const cookie = (reply.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  return cookie?.split(';')[0] ?? '';
}
