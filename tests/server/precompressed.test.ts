/**
 * The build's precompressed siblings over HTTP (issue 50): whenever the client takes brotli or gzip and the
 * build wrote a sibling of the file, the answer is that sibling's bytes, whatever the Accept-Encoding
 * browsers and CDNs send and whatever the files' times say (a carried asset is a link older than the
 * file the new build wrote; a copy resets times). A script the build has not compressed yet goes out as
 * the build will write it, so a page's script weighs the same before and after its siblings come.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressFile } from '../../src/publish/releases/precompress.ts';
import { BUILD_LEVELS } from '../../src/publish/index.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { makeFakeSite, page, raw, startFakeSite, type FakeSite } from './helpers.ts';

let site: FakeSite;
let server: RunningStorefront;
const file = (path: string) => readFileSync(join(site.clientDir, path));

/** A bundle's worth of varied code: brotli at the build's level and at the quick one give different bytes. */
const script = (name: string): string =>
  Array.from(
    { length: 120 },
    (_, i) =>
      `export function ${name}${i}(e,t){const n=e.querySelector("[data-${name}-${i * 7}]");return n?n.dataset.v${i % 13}+t*${i * 31}:void 0}`,
  ).join(';\n');

/** The siblings the build writes (src/publish/releases/precompress.ts), then aged as a link to the live build's. */
async function built(relative: string, content: string, options: { aged?: boolean } = {}) {
  mkdirSync(dirname(join(site.clientDir, relative)), { recursive: true });
  writeFileSync(join(site.clientDir, relative), content);
  await compressFile(site.clientDir, relative, Buffer.from(content), { bulk: BUILD_LEVELS });
  if (options.aged)
    for (const suffix of ['.br', '.gz'])
      utimesSync(join(site.clientDir, relative + suffix), new Date(2025, 0, 1), new Date(2025, 0, 1));
}

beforeAll(async () => {
  site = makeFakeSite();
  await built('_astro/product.Ab12Cd.js', script('product'), { aged: true });
  await built('_astro/fresh.Ef34Gh.js', script('fresh'));
  await built('a/b/index.html', page('Nested B'), { aged: true });
  server = await startFakeSite(site);
});

afterAll(async () => {
  await server.close();
  rmSync(site.root, { recursive: true, force: true });
});

/** What browsers and CDNs send: Chrome, Firefox and Safari, q-values, wildcards, odd cases and spacing. */
const TAKES_BROTLI = [
  'gzip, deflate, br, zstd',
  'gzip, deflate, br',
  'br',
  'br, gzip',
  'gzip,br',
  'BR, GZIP',
  'br;q=1.0, gzip;q=0.8, *;q=0.1',
  'gzip;q=0.9, br',
  'zstd;q=1, br;q=0.9, gzip;q=0.8',
  '*',
  'identity;q=0.5, br',
];
const TAKES_GZIP = ['gzip', 'gzip, deflate', 'x-gzip', 'br;q=0, gzip', 'deflate, gzip;q=1.0, *;q=0'];

describe('precompressed siblings', () => {
  it.each(['/_astro/product.Ab12Cd.js', '/_astro/fresh.Ef34Gh.js', '/a/b'])(
    'sends the .br file of %s to every client that takes brotli, with its own length, Vary and ETag',
    async (path) => {
      const name = path.startsWith('/_astro/') ? path.slice(1) : 'a/b/index.html';
      const sibling = file(`${name}.br`);
      const etags = new Set<string>();
      for (const accept of TAKES_BROTLI) {
        const reply = await raw(server.url, path, { headers: { 'Accept-Encoding': accept } });
        expect(reply.status, accept).toBe(200);
        expect(reply.headers['content-encoding'], accept).toBe('br');
        expect(reply.headers['vary'], accept).toBe('Accept-Encoding');
        expect(reply.headers['content-length'], accept).toBe(String(sibling.length));
        expect(reply.body.equals(sibling), `${accept}: the bytes of ${name}.br`).toBe(true);
        etags.add(String(reply.headers['etag']));
      }
      expect(etags.size).toBe(1);
      const [etag = ''] = etags;
      expect(etag).toMatch(/-br"$/);

      const head = await raw(server.url, path, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
      expect(head.headers['content-length']).toBe(String(sibling.length));
      expect(head.headers['etag']).toBe(etag);
      const again = await raw(server.url, path, {
        headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd', 'If-None-Match': etag },
      });
      expect(again.status).toBe(304);
    },
  );

  it('sends the .gz file to clients that take gzip and not brotli', async () => {
    const sibling = file('_astro/product.Ab12Cd.js.gz');
    for (const accept of TAKES_GZIP) {
      const reply = await raw(server.url, '/_astro/product.Ab12Cd.js', {
        headers: { 'Accept-Encoding': accept },
      });
      expect(reply.headers['content-encoding'], accept).toBe('gzip');
      expect(reply.headers['content-length'], accept).toBe(String(sibling.length));
      expect(reply.body.equals(sibling), `${accept}: the bytes of the .gz file`).toBe(true);
    }
  });

  it('sends a script the build has not compressed yet as its .br file will be', async () => {
    const content = script('later');
    writeFileSync(join(site.clientDir, '_astro/later.Ij56Kl.js'), content);
    const early = await raw(server.url, '/_astro/later.Ij56Kl.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(early.headers['content-encoding']).toBe('br');

    const elsewhere = mkdtempSync(join(tmpdir(), 'storefront-later-'));
    try {
      writeFileSync(join(elsewhere, 'later.js'), content);
      await compressFile(elsewhere, 'later.js', Buffer.from(content), { bulk: BUILD_LEVELS });
      const sibling = readFileSync(join(elsewhere, 'later.js.br'));
      expect(early.body.equals(sibling), 'the bytes the build writes').toBe(true);
      expect(early.headers['content-length']).toBe(String(sibling.length));
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('never sends a sibling of other bytes than the file, however new the sibling', async () => {
    const relative = '_astro/changed.Mn78Op.js';
    await built(relative, script('before'));
    const now = script('after');
    writeFileSync(join(site.clientDir, relative), now);
    // The sibling left from the old bytes, newer than the file all the same.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(site.clientDir, `${relative}.br`), later, later);
    const reply = await raw(server.url, `/${relative}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(reply.body).toString()).toBe(now);
  });

  it('takes a brotli sibling that comes after the gzip one', async () => {
    const relative = 'late/index.html';
    const content = page('Late');
    await built(relative, content);
    const brotli = file(`${relative}.br`);
    rmSync(join(site.clientDir, `${relative}.br`));
    const before = await raw(server.url, '/late/', { headers: { 'Accept-Encoding': 'br' } });
    expect(brotliDecompressSync(before.body).toString()).toBe(content);

    writeFileSync(join(site.clientDir, `${relative}.br`), brotli);
    // The server looks again for siblings it lacks at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await raw(server.url, '/late/', { headers: { 'Accept-Encoding': 'br' } });
    expect(after.body.equals(brotli), 'the bytes of the .br file').toBe(true);
  });
});
