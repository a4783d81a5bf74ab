/**
 * Starts the embedded Magento back end: opens (and on first run seeds) its SQLite file, writes the demo
 * pictures, and listens. Kept apart from the app so tests start it on a throwaway file and a free port.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ensureIntegrationToken } from './auth.ts';
import { createMagentoApp } from './app.ts';
import { Database } from './db.ts';
import { generateCatalogue } from './seed/catalogue.ts';
import { writeProductImages } from './seed/images.ts';
import { isSeeded, seedDatabase } from './seed/seed-database.ts';

export interface EmbeddedMagentoConfig {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly dbFile: string;
  readonly mediaDir: string;
  readonly admin: { readonly username: string; readonly password: string };
  readonly integrationToken: string;
  readonly tokenLifetimes: { readonly customer: number; readonly admin: number };
  readonly catalogue: { readonly seed: number; readonly productCount: number; readonly brand: string };
  readonly flatRatePerItem: number;
  readonly writeImages?: boolean;
  /** Called with the sku after each admin product save (`POST /V1/products`, `PUT /V1/products/:sku`). */
  readonly onProductSaved?: (sku: string) => void;
  readonly log?: (message: string) => void;
}

/** The sku of an admin product save, from its method and path (any store code), or undefined. */
export function savedProductSku(method: string | undefined, url: string | undefined): string | undefined {
  const path = new URL(url ?? '/', 'http://localhost').pathname;
  const match = /^\/rest(?:\/[\w-]+)?\/V1\/products(?:\/([^/]+))?$/.exec(path);
  if (!match) return undefined;
  if (method === 'PUT' && match[1]) return decodeURIComponent(match[1].replace(/%(?![0-9a-f]{2})/gi, '%25'));
  if (method === 'POST' && !match[1]) return '';
  return undefined;
}

export interface RunningMagento {
  readonly url: string;
  readonly db: Database;
  close(): Promise<void>;
}

export async function prepareDatabase(config: EmbeddedMagentoConfig): Promise<Database> {
  const db = new Database(config.dbFile);
  if (!isSeeded(db)) {
    const started = performance.now();
    const catalogue = generateCatalogue(config.catalogue);
    await seedDatabase(db, catalogue, config.admin);
    if (config.writeImages !== false) await writeProductImages(catalogue, config.mediaDir);
    config.log?.(
      `Seeded ${catalogue.products.length} demo products in ${Math.round(performance.now() - started)} ms`,
    );
  }
  ensureIntegrationToken(db, config.integrationToken);
  return db;
}

export async function startEmbeddedMagento(config: EmbeddedMagentoConfig): Promise<RunningMagento> {
  const db = await prepareDatabase(config);
  const handle = createMagentoApp({
    db,
    mediaDir: config.mediaDir,
    cart: { currency: 'GBP', flatRatePerItem: config.flatRatePerItem },
    tokens: config.tokenLifetimes,
    adminUsername: config.admin.username,
    maxBodyBytes: 1024 * 1024,
    ...(config.log ? { log: config.log } : {}),
  });
  const server: Server = createServer((req, res) => {
    // Like a Magento webhook: after a successful admin save, tell the storefront (never failing the save).
    const sku = config.onProductSaved ? savedProductSku(req.method, req.url) : undefined;
    if (sku !== undefined)
      res.once('finish', () => {
        if (res.statusCode === 200) config.onProductSaved?.(sku);
      });
    void handle(req, res);
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.host}:${port}`,
    db,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          db.close();
          resolve();
        });
      }),
  };
}
