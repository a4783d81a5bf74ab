import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseImagePath } from '../../src/http/site-paths.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';

let backend: TestBackend;
let site: FakeSite;
let server: RunningStorefront;
/** A counting pass-through in front of Magento media, to see how often the route fetches a source. */
let proxy: Server;
let sourceFetches = 0;
let pictures: string[] = [];

const cacheDir = () => join(site.root, 'image-cache');

function listPictures(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.jpg'))
    .map((entry) => `/${relative(dir, join(entry.parentPath, entry.name))}`)
    .sort();
}

const picture = (index: number): string => {
  const file = pictures[index];
  if (!file) throw new Error(`the demo catalogue has fewer than ${index + 1} pictures`);
  return file;
};

beforeAll(async () => {
  backend = await startTestBackend({
    writeImages: true,
    catalogue: { seed: 7, productCount: 20, brand: 'Clearwater' },
  });
  const mediaRoot = join(backend.config.mediaDir, 'catalog', 'product');
  pictures = listPictures(mediaRoot);
  // A picture narrower than every width but the smallest, to check nothing is enlarged.
  mkdirSync(join(mediaRoot, 's', 'm'), { recursive: true });
  await sharp({ create: { width: 200, height: 100, channels: 3, background: '#336699' } })
    .jpeg()
    .toFile(join(mediaRoot, 's', 'm', 'small-1.jpg'));

  proxy = createServer((req, res) => {
    sourceFetches += 1;
    void fetch(`${backend.url}${req.url ?? '/'}`).then(async (upstream) => {
      res.writeHead(upstream.status, {
        'Content-Type': upstream.headers.get('content-type') ?? 'text/plain',
      });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;

  site = makeFakeSite();
  server = await startFakeSite(site, {
    magentoMediaBaseUrl: `http://127.0.0.1:${port}/media/catalog/product`,
  });
});

afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await backend?.stop();
  if (site) rmSync(site.root, { recursive: true, force: true });
});

describe('image route', () => {
  it('resizes a Magento picture to a WebP of the asked width and caches it on disk', async () => {
    const file = picture(0);
    const reply = await raw(server.url, `/img/640/webp/catalog/product${file}`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('image/webp');
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['etag']).toMatch(/^"[\w-]{27}"$/);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(reply.body).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(640); // the demo pictures are square: aspect kept

    const cached = join(cacheDir(), '640', 'webp', 'catalog', 'product', file);
    expect(existsSync(cached)).toBe(true);
    expect(readFileSync(cached).equals(reply.body)).toBe(true);
  });

  it('serves a repeat request from the cache with the same ETag, and 304 on If-None-Match', async () => {
    const path = `/img/320/webp/catalog/product${picture(1)}`;
    const first = await raw(server.url, path);
    const fetchesAfterFirst = sourceFetches;
    const second = await raw(server.url, path);
    expect(sourceFetches).toBe(fetchesAfterFirst);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers['etag']).toBe(first.headers['etag']);

    const notModified = await raw(server.url, path, {
      headers: { 'If-None-Match': String(first.headers['etag']) },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes progressive JPEGs, and never enlarges a small source', async () => {
    const jpeg = await raw(server.url, `/img/480/jpeg/catalog/product${picture(2)}`);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(jpeg.body).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 480, isProgressive: true });

    const small = await raw(server.url, '/img/960/webp/catalog/product/s/m/small-1.jpg');
    expect(small.status).toBe(200);
    expect(await sharp(small.body).metadata()).toMatchObject({ width: 200, height: 100 });
  });

  it('shares one transform between concurrent requests for the same picture', async () => {
    const path = `/img/960/webp/catalog/product${picture(3)}`;
    const before = sourceFetches;
    const replies = await Promise.all(Array.from({ length: 6 }, () => raw(server.url, path)));
    expect(sourceFetches - before).toBe(1);
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.body.equals(replies[0]?.body ?? Buffer.alloc(0))).toBe(true);
    }
  });

  it('answers HEAD without a body', async () => {
    const reply = await raw(server.url, `/img/160/webp/catalog/product${picture(0)}`, { method: 'HEAD' });
    expect(reply.status).toBe(200);
    expect(Number(reply.headers['content-length'])).toBeGreaterThan(0);
    expect(reply.body.length).toBe(0);
  });

  it.each([
    ['a width not in the list', '/img/123/webp/catalog/product/FILE'],
    ['a format not in the list', '/img/640/gif/catalog/product/FILE'],
    ['avif (not offered)', '/img/640/avif/catalog/product/FILE'],
    ['another media folder', '/img/640/webp/catalog/category/FILE'],
    ['a parent-folder path', '/img/640/webp/catalog/product/../../../etc/passwd.jpg'],
    ['an encoded parent-folder path', '/img/640/webp/catalog/product/%2e%2e/%2e%2e/secret.jpg'],
    ['an encoded slash', '/img/640/webp/catalog/product/a/..%2f..%2fsecret.jpg'],
    ['dots inside the path', '/img/640/webp/catalog/product/a/..b/../x.jpg'],
    ['a file that is not a picture', '/img/640/webp/catalog/product/a/b/notes.txt'],
    ['an unknown file', '/img/640/webp/catalog/product/n/o/no-such-picture.jpg'],
    ['no file', '/img/640/webp/catalog/product/'],
  ])('answers 404 for %s', async (_label, template) => {
    const path = template.replace('/FILE', picture(0));
    const reply = await raw(server.url, path);
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('refuses other methods', async () => {
    const reply = await raw(server.url, `/img/640/webp/catalog/product${picture(0)}`, {
      method: 'POST',
      body: '',
    });
    expect(reply.status).toBe(405);
  });

  it('answers 502 with a short message when Magento media is unreachable', async () => {
    const offline = makeFakeSite();
    const other = await startFakeSite(offline); // media base points at a closed port
    try {
      const reply = await raw(other.url, `/img/640/webp/catalog/product${picture(0)}`);
      expect(reply.status).toBe(502);
      expect(reply.body.toString()).toContain('Magento media is unreachable');
      expect(reply.headers['cache-control']).toBe('no-store');
    } finally {
      await other.close();
      rmSync(offline.root, { recursive: true, force: true });
    }
  });
});

describe('parseImagePath', () => {
  it('accepts the allow-listed widths and formats with a safe catalog/product path', () => {
    expect(parseImagePath('/img/640/webp/catalog/product/p/w/pw-2000-1.jpg')).toEqual({
      width: 640,
      format: 'webp',
      folder: 'catalog/product',
      file: '/p/w/pw-2000-1.jpg',
    });
    expect(parseImagePath('/img/0640/webp/catalog/product/p/w/pw.jpg')).toBeUndefined();
    // Drawings only from the CMS editor's folder, and nothing outside the two folders.
    expect(parseImagePath('/img/320/webp/wysiwyg/art/garden.svg')).toEqual({
      width: 320,
      format: 'webp',
      folder: 'wysiwyg',
      file: '/art/garden.svg',
    });
    expect(parseImagePath('/img/320/webp/catalog/product/p/w/x.svg')).toBeUndefined();
    expect(parseImagePath('/img/320/webp/customer/a/b.jpg')).toBeUndefined();
    expect(parseImagePath('/img/320/webp/wysiwyg/../catalog/x.jpg')).toBeUndefined();
    expect(parseImagePath('/img/640/webp/catalog/product//etc/x.jpg')).toBeUndefined();
    expect(parseImagePath('/img/640/webp/catalog/product/p/w/pw%20x.jpg')).toBeUndefined();
  });
});
