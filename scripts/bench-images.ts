/**
 * `npm run bench:images`: the image route's figures against a real embedded back end (temp folder,
 * 20 products, loopback only): first request of a 640 px WebP (fetch + transform + cache write), a
 * repeat served from the disk cache, and a 304. Budgets (DESIGN.md §5): first ≤ 150 ms, repeat ≤ 5 ms.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { startStorefrontServer } from '../src/server/server.ts';
import { benchBackend, percentile } from './bench/http.ts';

const FIRST_REQUESTS = 15;
const REPEATS = 300;

const dir = mkdtempSync(join(tmpdir(), 'bench-images-'));
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; etag: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          etag: String(res.headers.etag ?? ''),
          ms: performance.now() - started,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const figures = (label: string, values: number[], budget?: number) => {
  const p50 = percentile(values, 50);
  const p95 = percentile(values, 95);
  const max = Math.max(...values);
  const verdict =
    budget === undefined
      ? ''
      : max <= budget
        ? `  (budget ≤ ${budget} ms: met)`
        : p95 <= budget
          ? `  (budget ≤ ${budget} ms: met at p95, max over)`
          : `  (budget ≤ ${budget} ms: MISSED)`;
  console.info(
    `${label.padEnd(38)} n=${String(values.length).padStart(3)}  p50 ${p50.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms  max ${max.toFixed(2)} ms${verdict}`,
  );
};

try {
  const magento = await benchBackend(dir, {
    products: 20,
    token: 'bench-integration-token-0123456789',
    writeImages: true,
  });
  const mediaRoot = join(dir, 'media', 'catalog', 'product');
  const pictures = readdirSync(mediaRoot, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.jpg'))
    .map((entry) => `/${relative(mediaRoot, join(entry.parentPath, entry.name))}`)
    .slice(0, FIRST_REQUESTS);
  mkdirSync(join(dir, 'client'));
  const shop = await startStorefrontServer(
    {
      clientDir: join(dir, 'client'),
      magentoMediaBaseUrl: `${magento.url}/media/catalog/product`,
      imageCacheDir: join(dir, 'image-cache'),
      siteUrl: 'http://127.0.0.1:4321',
      scriptHashes: [],
    },
    { host: '127.0.0.1', port: 0 },
  );
  const url = (file: string, width = 640, format = 'webp') =>
    `${shop.url}/img/${width}/${format}/catalog/product${file}`;
  console.info(`${pictures.length} source pictures of 1000 × 1000 px (JPEG) from the embedded back end\n`);

  // Warm-up: first use of sharp and of both connections, on a picture not measured.
  const warmUp = pictures.pop() ?? '';
  await get(url(warmUp, 160));

  const first: number[] = [];
  const firstJpeg: number[] = [];
  for (const file of pictures) {
    const reply = await get(url(file));
    if (reply.status !== 200) throw new Error(`${url(file)} answered ${reply.status}`);
    first.push(reply.ms);
    firstJpeg.push((await get(url(file, 640, 'jpeg'))).ms);
  }
  const repeat: number[] = [];
  const notModified: number[] = [];
  const etags = new Map<string, string>();
  for (let i = 0; i < REPEATS; i++) {
    const file = pictures[i % pictures.length] ?? '';
    const reply = await get(url(file));
    repeat.push(reply.ms);
    etags.set(file, reply.etag);
  }
  for (let i = 0; i < REPEATS; i++) {
    const file = pictures[i % pictures.length] ?? '';
    const reply = await get(url(file), { 'If-None-Match': etags.get(file) ?? '' });
    if (reply.status !== 304) throw new Error(`expected 304, got ${reply.status}`);
    notModified.push(reply.ms);
  }

  figures('first request, 640 px WebP', first, 150);
  figures('first request, 640 px JPEG', firstJpeg, 150);
  figures('repeat from disk cache, 640 px WebP', repeat, 5);
  figures('304 on If-None-Match', notModified, 5);
  console.info('\n(times are client-side over loopback HTTP/1.1 keep-alive, one request at a time)');

  agent.destroy();
  await shop.close();
  await magento.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
