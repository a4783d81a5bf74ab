/** Listens with the storefront handler: the only part that opens a port. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStorefrontServer, type StorefrontServerConfig } from './app.ts';

export interface ListenOptions {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
}

export interface RunningStorefront {
  readonly url: string;
  close(): Promise<void>;
}

export async function startStorefrontServer(
  config: StorefrontServerConfig,
  listen: ListenOptions,
): Promise<RunningStorefront> {
  const handle = createStorefrontServer(config);
  const server: Server = createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
