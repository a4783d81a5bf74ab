/**
 * How an embedded provider sandbox (Opayo's, PayPal's) runs as a process: it listens first (its pages
 * and links need the port a port of 0 turns into), then builds its app for that URL, serves it, and
 * runs the app's due work (monitors, retries) on a timer; closing stops all of it once.
 */
import { getRequestListener } from '@hono/node-server';
import { createServer, type Server } from 'node:http';
import { SERVER_DEADLINES } from './server-deadlines.ts';

export interface SandboxApp {
  readonly routes: { fetch: (request: Request) => Response | Promise<Response> };
  runDueWork(): Promise<unknown>;
  close(): Promise<void>;
}

export interface SandboxServerConfig<App extends SandboxApp> {
  /** Named in errors and the log, e.g. "payment sandbox". */
  readonly name: string;
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Base URL browsers reach it at, when not `http://{host}:{port}`. */
  readonly publicUrl?: string | undefined;
  /** How often the due work runs. */
  readonly tickMs: number;
  readonly log?: ((message: string) => void) | undefined;
  /** The app for the URL it is reached at. */
  app(url: string): App;
  /** Closed after the server and the app (the sandbox's store). */
  closeLast(): void;
}

export interface SandboxServer<App> {
  readonly url: string;
  readonly app: App;
  close(): Promise<void>;
}

async function listen(server: Server, config: SandboxServerConfig<SandboxApp>): Promise<string> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (error) {
    config.closeLast();
    throw error;
  }
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error(`The ${config.name} is not on a TCP port`);
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return (config.publicUrl ?? `http://${host}:${address.port}`).replace(/\/+$/, '');
}

export async function startSandboxServer<App extends SandboxApp>(
  config: SandboxServerConfig<App>,
): Promise<SandboxServer<App>> {
  const server: Server = createServer(SERVER_DEADLINES);
  const url = await listen(server, config);
  const app = config.app(url);
  server.on('request', getRequestListener(app.routes.fetch));
  const tick = () => {
    app.runDueWork().catch((error: unknown) => {
      const said = error instanceof Error ? (error.stack ?? error.message) : String(error);
      config.log?.(`The ${config.name}'s due work failed: ${said}`);
    });
  };
  const timer = setInterval(tick, config.tickMs);
  timer.unref();
  tick();
  let closed: Promise<void> | undefined;
  return {
    url,
    app,
    close() {
      closed ??= (async () => {
        clearInterval(timer);
        server.closeAllConnections();
        await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), app.close()]);
        config.closeLast();
      })();
      return closed;
    },
  };
}
