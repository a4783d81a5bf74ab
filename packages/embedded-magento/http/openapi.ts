/**
 * The back end's own OpenAPI document, made from the route table: each route's path (Magento's
 * `{name}` templates), method and body parameters. The body schemas are the very zod schemas that bind
 * the bodies (`input.ts`), so the document cannot drift from what the back end accepts.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Route } from './route.ts';

/** Where the document is served: outside `/rest/` and the media folders, so no Magento URL can clash. */
export const OPENAPI_PATH = '/openapi.json';

/** `/V1/orders/` and `/V1/carts/:cartId` as OpenAPI writes them: `/V1/orders`, `/V1/carts/{cartId}`. */
export const openApiPath = (path: string): string =>
  path.replace(/\/+$/, '').replace(/:(\w+)/g, (_, name: string) => `{${name}}`);

const pathParams = (path: string) =>
  z.object(Object.fromEntries([...path.matchAll(/:(\w+)/g)].map(([, name = '']) => [name, z.string()])));

const METHODS = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete' } as const;

function operation(route: Route) {
  const hasParams = route.path.includes(':');
  return createRoute({
    method: METHODS[route.method],
    path: openApiPath(route.path),
    description: `ACL resource: ${route.resource}`,
    request: {
      ...(hasParams ? { params: pathParams(route.path) } : {}),
      ...(route.body
        ? { body: { required: true, content: { 'application/json': { schema: route.body } } } }
        : {}),
    },
    responses: { 200: { description: 'The service result, as Magento sends it.' } },
  });
}

/** A sub-app answering `GET /openapi.json` with the document for these routes. */
export function openApiDocument(routes: readonly Route[]): OpenAPIHono {
  const app = new OpenAPIHono();
  for (const route of routes) app.openAPIRegistry.registerPath(operation(route));
  return app.doc(OPENAPI_PATH, {
    openapi: '3.0.3',
    info: { title: 'Embedded Magento 2.4 REST (storefront subset)', version: '2.4' },
    servers: [{ url: '/rest' }, { url: '/rest/default' }, { url: '/rest/all' }],
  });
}
