/**
 * Product pictures (CONTRACT.md §5.3): `media_gallery_entries[].file` served under both
 * `/media/catalog/product` and `/pub/media/catalog/product` as JPEG, and nothing outside that folder,
 * however the path is spelled.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { rawRequest } from './helpers.ts';

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const SQLITE_MAGIC = Buffer.from('SQLite format 3');
const DECOY = Buffer.concat([Buffer.from(JPEG_MAGIC), Buffer.from('decoy outside the product folder')]);

let backend: TestBackend;
let file: string;
let files: string[];

beforeAll(async () => {
  backend = await startTestBackend({
    writeImages: true,
    catalogue: { seed: 3, productCount: 20, brand: 'Clearwater' },
  });
  const reply = await backend.call('GET', '/rest/V1/products?searchCriteria[pageSize]=0', {
    token: INTEGRATION_TOKEN,
  });
  files = (reply.body.items as { media_gallery_entries: { file: string }[] }[]).flatMap((p) =>
    p.media_gallery_entries.map((entry) => entry.file),
  );
  const first = (reply.body.items[0] as { media_gallery_entries: { file: string }[] })
    .media_gallery_entries[0]?.file;
  if (!first) throw new Error('the first product has no picture');
  file = first;
  // Decoys outside the product folder with a picture's extension, so only the folder check can refuse them.
  writeFileSync(join(backend.dir, 'outside.jpg'), DECOY);
  writeFileSync(join(backend.dir, 'media', 'outside.jpg'), DECOY);
});
afterAll(() => backend.stop());

async function fetchBytes(path: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(`${backend.url}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('product pictures', () => {
  it('serve the first picture under /media and /pub/media as the same JPEG', async () => {
    expect(file).toMatch(/^\/[a-z0-9]\/[a-z0-9]\/[^/]+\.jpg$/);
    const media = await fetchBytes(`/media/catalog/product${file}`);
    const pub = await fetchBytes(`/pub/media/catalog/product${file}`);
    for (const reply of [media, pub]) {
      expect(reply.status).toBe(200);
      expect(reply.type).toBe('image/jpeg');
      expect([...reply.bytes.subarray(0, 3)]).toEqual(JPEG_MAGIC);
      expect(reply.bytes.length).toBeGreaterThan(1000);
    }
    expect(pub.bytes.equals(media.bytes)).toBe(true);
  });

  it('serve every picture the catalogue names', async () => {
    expect(files.length).toBeGreaterThan(20);
    const replies = await Promise.all(
      [...new Set(files)].map((f) => fetchBytes(`/media/catalog/product${f}`)),
    );
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect([...reply.bytes.subarray(0, 3)]).toEqual(JPEG_MAGIC);
    }
  });

  it('answer 404 for a picture that does not exist, and for the folders themselves', async () => {
    for (const path of [
      '/media/catalog/product/n/o/no-such-picture.jpg',
      '/media/catalog/product/',
      '/media/catalog/product',
      `/media/catalog/product${file.slice(0, 4)}`,
      '/pub/media/catalog/product/x/y/missing.png',
    ]) {
      const reply = await rawRequest(backend.url, path);
      expect(reply.status, path).toBe(404);
    }
  });
});

describe('path traversal', () => {
  const attempts = [
    '/media/catalog/product/../../magento.sqlite',
    '/media/catalog/product/../../../magento.sqlite',
    '/pub/media/catalog/product/../../../../magento.sqlite',
    '/media/catalog/product/%2e%2e/%2e%2e/%2e%2e/magento.sqlite',
    '/media/catalog/product/%2E%2E/%2E%2E/%2E%2E/magento.sqlite',
    '/media/catalog/product/..%2f..%2f..%2fmagento.sqlite',
    '/media/catalog/product/..%2F..%2F..%2Fmagento.sqlite',
    '/pub/media/catalog/product/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fmagento.sqlite',
    '/media/catalog/product/%252e%252e/%252e%252e/%252e%252e/magento.sqlite',
    '/media/catalog/product/....//....//....//magento.sqlite',
    '/media/catalog/product/%2e%2e%5c%2e%2e%5c%2e%2e%5cmagento.sqlite',
    '/media/catalog/product/..%00/../../magento.sqlite',
    '/media/catalog/product/%2e%2e/%2e%2e/%2e%2e/magento.sqlite%00.jpg',
    '/media/catalog/product/..%2f..%2f..%2fmagento.sqlite-wal',
    '/media/../magento.sqlite',
    '/pub/media/../../magento.sqlite',
    '/media/catalog/product//etc/passwd',
    '/media/catalog/product/%2fetc%2fpasswd',
    '/media/catalog/product/..%2f..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/media/catalog/product/..%2f..%2f..%2foutside.jpg',
    '/media/catalog/product/..%2F..%2Foutside.jpg',
    '/pub/media/catalog/product/..%2f..%2foutside.jpg',
    '/pub/media/catalog/product/a/..%2f..%2f..%2f..%2foutside.jpg',
    '/media/catalog/product/%2e%2e/%2e%2e/outside.jpg',
    '/media/catalog/product/../../outside.jpg',
    '/media/catalog/product/%zz.jpg',
    '/media/catalog/product/%E0%A4%A.jpg',
  ];

  for (const path of attempts) {
    it(`${path} is a 404 and never the database`, async () => {
      const reply = await rawRequest(backend.url, path);
      expect(reply.status).toBe(404);
      expect(reply.bytes.includes(SQLITE_MAGIC)).toBe(false);
      expect(reply.text).not.toContain('decoy');
      expect(reply.text).not.toMatch(/root:.*:0:0:/);
    });
  }

  it('the server keeps serving pictures after the attempts', async () => {
    const reply = await fetchBytes(`/media/catalog/product${file}`);
    expect(reply.status).toBe(200);
  });
});
