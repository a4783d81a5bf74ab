/**
 * What the benchmarks that time HTTP answers share: the embedded back end in this process, a storefront
 * server with only the routes measured, one request over a keep-alive agent, timed from the client's
 * side, and a percentile of the times.
 */
import { mkdirSync } from 'node:fs';
import { request, type Agent } from 'node:http';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { startEmbeddedMagento, type RunningMagento } from '@cleaning-shop/embedded-magento';
import { startStorefrontServer, type RunningStorefront } from '../../src/server/server.ts';

export interface Timed {
  readonly status: number;
  readonly body: string;
  readonly cookies: string[];
  /** From sending to the last byte, in milliseconds. */
  readonly ms: number;
}

/** One request over `agent`; `body` is sent as it is. */
export function timedCall(
  agent: Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          cookies: res.headers['set-cookie'] ?? [],
          ms: performance.now() - started,
        }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The `p`th percentile of `values` (nearest rank); NaN for none. */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/**
 * A storefront server for a benchmark: only `routes`, over an empty built site in `dir`, pictures from
 * `magentoUrl`; loopback, on a free port.
 */
export async function routesOnlyStorefront(
  dir: string,
  magentoUrl: string,
  siteUrl: string,
  routes: readonly Hono[],
): Promise<RunningStorefront> {
  mkdirSync(join(dir, 'client'), { recursive: true });
  return startStorefrontServer(
    {
      clientDir: join(dir, 'client'),
      magentoMediaBaseUrl: `${magentoUrl}/media/catalog/product`,
      imageCacheDir: join(dir, 'image-cache'),
      siteUrl,
      scriptHashes: [],
      log: () => undefined,
      routes,
    },
    { host: '127.0.0.1', port: 0 },
  );
}

/** The embedded back end in this process, on a free loopback port, seeded into `dir` (demo admin). */
export function benchBackend(
  dir: string,
  options: { products: number; token: string; writeImages?: boolean },
): Promise<RunningMagento> {
  return startEmbeddedMagento({
    host: '127.0.0.1',
    port: 0,
    dbFile: join(dir, 'magento.sqlite'),
    mediaDir: join(dir, 'media'),
    admin: { username: 'admin', password: 'Admin123!' },
    integrationToken: options.token,
    tokenLifetimes: { customer: 3600, admin: 14400 },
    catalogue: { seed: 1, productCount: options.products, brand: 'Clearwater' },
    writeImages: options.writeImages ?? false,
  });
}
