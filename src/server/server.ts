/** Listens with the storefront app (@hono/node-server): the only part that opens a port. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { SERVER_DEADLINES } from '@cleaning-shop/kit/server-deadlines.ts';
import { createStorefrontApp, type StorefrontServerConfig } from './app.ts';

export interface ListenOptions {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
}

export interface RunningStorefront {
  readonly url: string;
  /**
   * Stops listening; requests under way get `graceMs` (default 0) to finish before their connections are
   * closed, so a replica restarted behind a balancer fails none.
   */
  close(graceMs?: number): Promise<void>;
}

const isHttpServer = (server: unknown): server is Server =>
  typeof server === 'object' && server !== null && 'closeAllConnections' in server;

export async function startStorefrontServer(
  config: StorefrontServerConfig,
  listen: ListenOptions,
): Promise<RunningStorefront> {
  const app = createStorefrontApp(config);
  const server = createAdaptorServer({ fetch: app.fetch, serverOptions: SERVER_DEADLINES });
  if (!isHttpServer(server)) throw new Error('Expected an HTTP/1.1 server.');
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  const address: AddressInfo | string | null = server.address();
  const port = typeof address === 'object' && address ? address.port : listen.port;
  const host = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
  return {
    url: `http://${host}:${port}`,
    close: (graceMs = 0) =>
      new Promise<void>((resolve) => {
        server.close(() => {
          clearInterval(idle);
          clearTimeout(force);
          resolve();
        });
        // Requests under way finish; connections are closed as soon as they are idle, and all of them once
        // the grace period is over.
        const idle = setInterval(() => server.closeIdleConnections(), 50);
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        server.closeIdleConnections();
      }),
  };
}
