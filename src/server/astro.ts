/**
 * Astro's on-demand pages (node adapter in middleware mode, `dist/server/entry.mjs`) as a storefront
 * route: the adapter calls `next()` for URLs that have no on-demand route, and the route then returns
 * false so the 404 page answers. Loaded once; a rebuild that adds on-demand routes needs a restart.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import type { RouteHandler } from './http.ts';

type NodeMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => Promise<void> | void;

export async function loadAstroRoute(entryFile: string): Promise<RouteHandler> {
  const entry: unknown = await import(pathToFileURL(entryFile).href);
  const handler =
    typeof entry === 'object' && entry !== null && 'handler' in entry ? entry.handler : undefined;
  if (typeof handler !== 'function')
    throw new Error(
      `${entryFile} exports no \`handler\`: build with the node adapter in middleware mode (astro.config.mjs).`,
    );
  // Checked above: the adapter's middleware, which takes (req, res, next).
  const middleware = handler as NodeMiddleware;
  return (req, res) =>
    new Promise<boolean>((resolve, reject) => {
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
