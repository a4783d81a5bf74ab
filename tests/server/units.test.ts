import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAstroRoute } from '../../src/server/astro.ts';
import { inlineScriptHashes, negotiateEncoding } from '../../src/publish/index.ts';
import { makeFakeSite, raw, startFakeSite } from './helpers.ts';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0, identity', 'identity'],
    ['deflate', 'identity'],
    ['BR', 'br'],
    ['gzip;q=0.5, identity;q=1', 'identity'],
    ['gzip;q=0.5, identity;q=0', 'gzip'],
  ] as const)('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('inlineScriptHashes', () => {
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('hashes executable inline scripts only', () => {
    const html = [
      '<script>a()</script>',
      '<script type="module">import "x"</script>',
      "<script type='importmap'>{}</script>",
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script type="module" src="/_astro/x.js"></script>',
      '<SCRIPT TYPE=text/javascript>b()</SCRIPT >',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('import "x"'), sha('{}'), sha('b()')]);
  });
});

describe("Astro's on-demand route", () => {
  it('answers what the adapter renders and passes the rest on to the 404 page', async () => {
    const site = makeFakeSite();
    const entry = join(mkdtempSync(join(tmpdir(), 'astro-entry-')), 'entry.mjs');
    writeFileSync(
      entry,
      `export const handler = (req, res, next) => {
        if (req.url !== '/account/orders') return next();
        res.writeHead(200, { 'Content-Type': 'text/html' }); res.end('rendered on demand');
      };`,
    );
    const server = await startFakeSite(site, { fallbackRoutes: [await loadAstroRoute(entry)] });
    try {
      expect((await raw(server.url, '/account/orders')).body.toString()).toBe('rendered on demand');
      expect((await raw(server.url, '/account/other')).status).toBe(404);
      expect((await raw(server.url, '/a/b')).body.toString()).toContain('Nested B');
    } finally {
      await server.close();
      rmSync(site.root, { recursive: true, force: true });
      rmSync(join(entry, '..'), { recursive: true, force: true });
    }
  });

  it('refuses an entry without a handler, with a hint', async () => {
    const entry = join(mkdtempSync(join(tmpdir(), 'astro-entry-')), 'entry.mjs');
    writeFileSync(entry, 'export const other = 1;');
    await expect(loadAstroRoute(entry)).rejects.toThrow(/middleware mode/);
    rmSync(join(entry, '..'), { recursive: true, force: true });
  });
});
