import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStorefront } from '../../src/server/server.ts';
import { INLINE_SCRIPT, makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';

let site: FakeSite;
let server: RunningStorefront;
const file = (path: string) => readFileSync(join(site.clientDir, path));

beforeAll(async () => {
  site = makeFakeSite();
  server = await startFakeSite(site);
});

afterAll(async () => {
  await server.close();
  rmSync(site.root, { recursive: true, force: true });
});

describe('path resolution', () => {
  it('serves / from index.html', async () => {
    const reply = await raw(server.url, '/');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.body.equals(file('index.html'))).toBe(true);
  });

  it.each(['/a/b', '/a/b/', '/a/b/index.html', '/a/b?utm_source=x'])(
    'serves %s from a/b/index.html',
    async (path) => {
      const reply = await raw(server.url, path);
      expect(reply.status).toBe(200);
      expect(reply.body.toString()).toContain('<h1>Nested B</h1>');
    },
  );

  it('serves exact files with their content type', async () => {
    expect((await raw(server.url, '/_astro/x.123.js')).headers['content-type']).toBe(
      'text/javascript; charset=utf-8',
    );
    expect((await raw(server.url, '/favicon.svg')).headers['content-type']).toBe('image/svg+xml');
    expect((await raw(server.url, '/robots.txt')).headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});

describe('not found', () => {
  it('answers unknown paths with 404.html and status 404', async () => {
    for (const path of ['/no-such-page', '/a/b/c', '/a/nope/', '/_astro/missing.js']) {
      const reply = await raw(server.url, path);
      expect(reply.status, path).toBe(404);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.body.toString()).toContain('<h1>Page not found</h1>');
      expect(reply.headers['etag']).toBeUndefined();
    }
  });

  it('answers unknown category paths with the category-not-found page and status 404', async () => {
    for (const path of ['/home-garden/no-such-category', '/professional/no/such/thing']) {
      const reply = await raw(server.url, path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.toString()).toContain('<h1>Category not found</h1>');
    }
  });

  it('falls back to 404.html when there is no category-not-found page, and 404s missing rewrite targets', async () => {
    const bare = makeFakeSite({ categoryPage: false, customerManage: false });
    const other = await startFakeSite(bare);
    try {
      const category = await raw(other.url, '/home-garden/no-such-category');
      expect(category.status).toBe(404);
      expect(category.body.toString()).toContain('<h1>Page not found</h1>');
      const manage = await raw(other.url, '/customer/manage/addresses');
      expect(manage.status).toBe(404);
      expect(manage.body.toString()).toContain('<h1>Page not found</h1>');
    } finally {
      await other.close();
      rmSync(bare.root, { recursive: true, force: true });
    }
  });

  it('answers plain text when even 404.html is missing', async () => {
    const bare = makeFakeSite({ categoryPage: false });
    rmSync(join(bare.clientDir, '404.html'));
    const other = await startFakeSite(bare);
    try {
      const reply = await raw(other.url, '/nothing');
      expect(reply.status).toBe(404);
      expect(reply.body.toString()).toBe('Not Found');
    } finally {
      await other.close();
      rmSync(bare.root, { recursive: true, force: true });
    }
  });
});

describe('rewrites for client-rendered routes', () => {
  it.each(['/search/pressure%20washer', '/search/a/b', '/search/'])(
    'serves %s from search/index.html',
    async (path) => {
      const reply = await raw(server.url, path);
      expect(reply.status).toBe(200);
      expect(reply.body.toString()).toContain('<h1>Search</h1>');
    },
  );

  it('answers a search index file the build did not write with a real 404, never the search page', async () => {
    const reply = await raw(server.url, '/search/data/t/zzz.json?v=1');
    expect(reply.status).toBe(404);
    expect(reply.body.toString()).not.toContain('<h1>Search</h1>');
  });

  it('serves /customer/manage/{target} from customer/manage/index.html', async () => {
    const reply = await raw(server.url, '/customer/manage/addresses');
    expect(reply.status).toBe(200);
    expect(reply.body.toString()).toContain('<h1>Manage account</h1>');
  });
});

describe('compression', () => {
  const original = () => file('index.html');

  it('sends brotli when accepted, and says so in Vary', async () => {
    const reply = await raw(server.url, '/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['vary']).toBe('Accept-Encoding');
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(brotliDecompressSync(reply.body).equals(original())).toBe(true);
    expect(reply.body.length).toBeLessThan(original().length / 3);
  });

  it('sends gzip to clients without brotli, or that prefer gzip', async () => {
    for (const accept of ['gzip', 'gzip;q=1, br;q=0.5', 'br;q=0, *']) {
      const reply = await raw(server.url, '/', { headers: { 'Accept-Encoding': accept } });
      expect(reply.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(reply.body).equals(original())).toBe(true);
    }
  });

  it('sends identity without Accept-Encoding, with identity only, and for small or binary files', async () => {
    for (const headers of [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'br;q=0.2, identity' },
    ]) {
      const reply = await raw(server.url, '/', { headers });
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.headers['vary']).toBe('Accept-Encoding');
      expect(reply.body.equals(original())).toBe(true);
    }
    const small = await raw(server.url, '/robots.txt', { headers: { 'Accept-Encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends a precompressed sibling when there is one', async () => {
    // As the build leaves them: the sibling is written before the file is first served.
    const js = Buffer.from(`export const more = "${'y'.repeat(3000)}";\n`);
    const sibling = brotliCompressSync(js);
    writeFileSync(join(site.clientDir, '_astro/y.456.js'), js);
    writeFileSync(join(site.clientDir, '_astro/y.456.js.br'), sibling);
    const reply = await raw(server.url, '/_astro/y.456.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.body.equals(sibling)).toBe(true);
  });

  it('does not serve precompressed siblings by their own name', async () => {
    writeFileSync(join(site.clientDir, 'index.html.gz'), 'x');
    expect((await raw(server.url, '/index.html.gz')).status).toBe(404);
  });
});

describe('cache headers and ETag', () => {
  it('caches hashed assets for a year, pages with revalidation, other files briefly', async () => {
    expect((await raw(server.url, '/_astro/x.123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    // A listing's filter index keeps its name as its content changes: revalidated like a page.
    expect((await raw(server.url, '/listing-data/24.json')).headers['cache-control']).toBe(
      'public, max-age=0, must-revalidate',
    );
    expect((await raw(server.url, '/a/b')).headers['cache-control']).toBe(
      'public, max-age=0, must-revalidate',
    );
    expect((await raw(server.url, '/favicon.svg')).headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers 304 to a matching If-None-Match, per encoding', async () => {
    const plain = await raw(server.url, '/a/b');
    const br = await raw(server.url, '/a/b', { headers: { 'Accept-Encoding': 'br' } });
    expect(plain.headers['etag']).toMatch(/^"[\w-]+"$/);
    expect(br.headers['etag']).not.toBe(plain.headers['etag']);

    const again = await raw(server.url, '/a/b', {
      headers: { 'If-None-Match': String(plain.headers['etag']) },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['etag']).toBe(plain.headers['etag']);
    expect(again.headers['cache-control']).toBe('public, max-age=0, must-revalidate');

    const weak = await raw(server.url, '/a/b', {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': `"other", W/${String(br.headers['etag'])}` },
    });
    expect(weak.status).toBe(304);

    const stale = await raw(server.url, '/a/b', { headers: { 'If-None-Match': '"something-else"' } });
    expect(stale.status).toBe(200);
  });

  it('sends data files as pages, so a publish is live at once', async () => {
    mkdirSync(join(site.clientDir, 'product-data'), { recursive: true });
    writeFileSync(join(site.clientDir, 'product-data/3.json'), '{}');
    expect((await raw(server.url, '/product-data/3.json')).headers['cache-control']).toBe(
      'public, max-age=0, must-revalidate',
    );
  });

  it('changes the ETag when the file changes', async () => {
    const before = await raw(server.url, '/search/');
    writeFileSync(
      join(site.clientDir, 'search/index.html'),
      `${file('search/index.html').toString()}<!-- v2 -->`,
    );
    const after = await raw(server.url, '/search/');
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
  });
});

describe('safety', () => {
  it.each([
    '/../secret.txt',
    '/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/a/..%2f..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/../build-info.json',
    '/%2e%2e/build-info.json',
    '/index.html%00.txt',
    '/.hidden',
    '/%E0%A4%A',
  ])('does not serve %s', async (path) => {
    const reply = await raw(server.url, path);
    expect(reply.status).toBe(404);
    expect(reply.body.toString()).not.toContain('do not serve');
    expect(reply.body.toString()).not.toContain('"secret"');
  });

  it('sets the security headers on every response', async () => {
    const replies = await Promise.all([
      raw(server.url, '/'),
      raw(server.url, '/nowhere'),
      raw(server.url, '/', { method: 'POST' }),
      raw(server.url, '/img/123/webp/catalog/product/a.jpg'),
    ]);
    for (const reply of replies) {
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['permissions-policy']).toContain('camera=()');
      expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
      expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(reply.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("allows the pages' inline scripts by hash, not with 'unsafe-inline'", async () => {
    const csp = String((await raw(server.url, '/')).headers['content-security-policy']);
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src ')) ?? '';
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
  });

  it('adds HSTS when the shop is served over https', async () => {
    const secure = await startFakeSite(site, { siteUrl: 'https://shop.example.com' });
    try {
      const reply = await raw(secure.url, '/');
      expect(reply.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(reply.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});

describe('methods', () => {
  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await raw(server.url, '/a/b', { headers: { 'Accept-Encoding': 'gzip' } });
    const head = await raw(server.url, '/a/b', { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['etag']).toBe(get.headers['etag']);
    const missing = await raw(server.url, '/missing', { method: 'HEAD' });
    expect(missing.status).toBe(404);
    expect(missing.body.length).toBe(0);
  });

  it('refuses other methods on static files with 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const reply = await raw(server.url, '/a/b', { method, body: method === 'OPTIONS' ? undefined : 'x' });
      expect(reply.status, method).toBe(405);
      expect(reply.headers['allow']).toBe('GET, HEAD');
    }
  });

  it('runs added routes first, for any method, and fallback routes after the files', async () => {
    const other = await startFakeSite(site, {
      routes: [new Hono().all('/rest/*', (c) => c.json({ method: c.req.method }, 201))],
      fallbackRoutes: [
        async (c, next) => {
          if (c.req.path !== '/on-demand' && c.req.path !== '/a/b') return next();
          return c.text('on demand');
        },
      ],
    });
    try {
      const rest = await raw(other.url, '/rest/V1/guest-carts', { method: 'POST', body: '{}' });
      expect(rest.status).toBe(201);
      expect(JSON.parse(rest.body.toString())).toEqual({ method: 'POST' });
      expect(rest.headers['x-content-type-options']).toBe('nosniff');
      expect((await raw(other.url, '/on-demand')).body.toString()).toBe('on demand');
      expect((await raw(other.url, '/a/b')).body.toString()).toContain('Nested B');
      expect((await raw(other.url, '/elsewhere')).status).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('headers for a CDN', () => {
  let cdnSite: FakeSite;
  let cdn: RunningStorefront;
  const builds = () => join(cdnSite.root, 'dist.builds');

  /** `dist` as publishing leaves it: a link to `dist.builds/<id>`, swapped by a rename. */
  const publish = (id: string) => {
    const link = join(cdnSite.root, '.dist.link');
    symlinkSync(join(builds(), id), link);
    renameSync(link, join(cdnSite.root, 'dist'));
  };

  beforeAll(async () => {
    cdnSite = makeFakeSite();
    mkdirSync(join(cdnSite.clientDir, 'car-shampoo'));
    writeFileSync(join(cdnSite.clientDir, 'car-shampoo/index.html'), '<h1>Car shampoo</h1>');
    mkdirSync(builds());
    renameSync(join(cdnSite.root, 'dist'), join(builds(), '20260101T000000000Z-aaaa'));
    publish('20260101T000000000Z-aaaa');
    cdn = await startFakeSite(cdnSite, { edge: { sharedMaxAge: 86400, cacheTag: true } });
  });

  afterAll(async () => {
    await cdn.close();
    rmSync(cdnSite.root, { recursive: true, force: true });
  });

  it('lets the edge keep pages, 404s and data files until purged, while browsers revalidate', async () => {
    for (const path of ['/a/b', '/', '/listing-data/24.json?x', '/customer/manage/addresses', '/missing']) {
      const reply = await raw(cdn.url, path);
      expect(reply.headers['cache-control'], path).toMatch(
        /^public, max-age=0, must-revalidate, s-maxage=86400$/,
      );
    }
    expect((await raw(cdn.url, '/_astro/x.123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await raw(cdn.url, '/favicon.svg')).headers['cache-control']).toBe(
      'public, max-age=300, s-maxage=86400',
    );
  });

  it('files each answer under its surrogate keys, as Surrogate-Key and Cache-Tag', async () => {
    const product = await raw(cdn.url, '/car-shampoo');
    expect(product.headers['surrogate-key']).toBe('product:car-shampoo product build');
    const page = await raw(cdn.url, '/a/b');
    expect(page.headers['surrogate-key']).toBe('page:/a/b page build');
    expect(page.headers['cache-tag']).toBe('page:/a/b,page,build');
    // A rewrite is the page it serves.
    expect((await raw(cdn.url, '/customer/manage/addresses')).headers['surrogate-key']).toBe(
      'page:/customer/manage page build',
    );
  });

  it('files a 404 under the key of the file it lacks, so the publish that adds it purges the 404', async () => {
    const missing = await raw(cdn.url, '/new-product');
    expect(missing.status).toBe(404);
    expect(missing.headers['surrogate-key']).toBe('product:new-product page:/404.html page build');
    const category = await raw(cdn.url, '/home-garden/new-category');
    expect(category.headers['surrogate-key']).toBe(
      'listing:home-garden/new-category page:/category-not-found page build',
    );
  });

  it('names the live build in X-Build-Id, the new one from the moment it is published', async () => {
    expect((await raw(cdn.url, '/a/b')).headers['x-build-id']).toBe('20260101T000000000Z-aaaa');
    cpSync(join(builds(), '20260101T000000000Z-aaaa'), join(builds(), '20260102T000000000Z-bbbb'), {
      recursive: true,
    });
    publish('20260102T000000000Z-bbbb');
    expect((await raw(cdn.url, '/a/b')).headers['x-build-id']).toBe('20260102T000000000Z-bbbb');
    expect((await raw(cdn.url, '/missing')).headers['x-build-id']).toBe('20260102T000000000Z-bbbb');
  });

  it('keeps the keys and the build on a 304, for a CDN revalidating', async () => {
    const first = await raw(cdn.url, '/a/b');
    const again = await raw(cdn.url, '/a/b', { headers: { 'If-None-Match': String(first.headers['etag']) } });
    expect(again.status).toBe(304);
    expect(again.headers['surrogate-key']).toBe('page:/a/b page build');
    expect(again.headers['x-build-id']).toBe(first.headers['x-build-id']);
    expect(again.headers['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=86400');
  });

  it('leaves the edge to browsers’ lifetimes and sends no Cache-Tag when no purge is configured', async () => {
    const reply = await raw(server.url, '/a/b');
    expect(reply.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(reply.headers['surrogate-key']).toBe('page:/a/b page build');
    expect(reply.headers['cache-tag']).toBeUndefined();
  });
});
