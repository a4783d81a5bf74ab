/**
 * Astro's on-demand pages (node adapter in middleware mode, `dist/server/entry.mjs`) as Hono middleware:
 * the adapter answers the Node response itself, or calls `next()` for URLs that have no on-demand route,
 * and the request then goes on to the 404 page. Loaded once; a rebuild that adds on-demand routes needs a
 * restart.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { MiddlewareHandler } from 'hono';

type NodeMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => Promise<void> | void;

export type NodeRoute = MiddlewareHandler<{ Bindings: HttpBindings }>;

const isNodeMiddleware = (value: unknown): value is NodeMiddleware => typeof value === 'function';

/** Runs a Node `(req, res, next)` middleware: true when it answered, false when it passed. */
function run(middleware: NodeMiddleware, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    let passed = false;
    const next = (error?: unknown) => {
      passed = true;
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(false);
    };
    Promise.resolve(middleware(req, res, next)).then(() => {
      if (!passed) resolve(true);
    }, reject);
  });
}

export async function loadAstroRoute(entryFile: string): Promise<NodeRoute> {
  const entry: unknown = await import(pathToFileURL(entryFile).href);
  const handler =
    typeof entry === 'object' && entry !== null && 'handler' in entry ? entry.handler : undefined;
  if (!isNodeMiddleware(handler))
    throw new Error(
      `${entryFile} exports no \`handler\`: build with the node adapter in middleware mode (astro.config.mjs).`,
    );
  return async (c, next) => {
    if (await run(handler, c.env.incoming, c.env.outgoing)) return RESPONSE_ALREADY_SENT;
    return next();
  };
}
