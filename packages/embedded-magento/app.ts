/**
 * The embedded Magento back end as a Hono app: a Magento 2.4-compatible REST service for local use and
 * tests. `GET /media/catalog/product/...` and `/media/wysiwyg/...` (and `/pub/media/...`) serve product
 * pictures and CMS content's; every `/rest/[<store>/]V1/...` call is routed with Magento's own rules
 * (`http/router.ts`), authorized (`auth/`), its body bound like ServiceInputProcessor (`input.ts`, by the
 * route), answered by the resource folder's handler (`catalog/`, `carts/`, `checkout/`, `customers/`,
 * `orders/`, `directory/`, `auth/`, `cms/`) and trimmed by `fields=`.
 * `GET /openapi.json` (outside `/rest/`, so no Magento URL can clash) serves the OpenAPI document made
 * from the same route table. `/graphql` answers Magento's GraphQL (`graphql/`): products, the wish list (`wishlist/`) and
 * reviews (`reviews/`), which Open Source has no REST API for, and Mage-OS's returns module (`returns/`, its
 * REST `/V1/rma…` too). `/rest/V1/embedded/...` are this back
 * end's own admin routes, for what Magento does in its admin (`reviews/routes.ts`). Any failure becomes Magento's error body; nothing unexpected leaks a stack
 * trace (the 500 message is Magento's masked one).
 */
import { Hono, type Context } from 'hono';
import { systemClock, type Clock } from '@cleaning-shop/kit/clock.ts';
import { authorize, resolveCaller, type TokenLifetimes } from './auth/auth.ts';
import type { CheckoutSettings } from './checkout/settings.ts';
import type { Database } from './db.ts';
import { errors, MagentoError } from './errors.ts';
import { jsonResponse, parseBody, readBody } from './http/body.ts';
import { serveMedia } from './http/media.ts';
import { openApiDocument } from './http/openapi.ts';
import { resolveStore, Router } from './http/router.ts';
import { applyFields, requestedFields } from './query.ts';
import type { ReturnsRuntime } from './returns/runtime.ts';
import type { ReviewSettings } from './reviews/settings.ts';
import { createRoutes } from './routes.ts';
import type { OnSaved, SavedEntity } from '@cleaning-shop/contracts/rebuild-hook.ts';
import { graphQlEndpoint } from './graphql/route.ts';
import type { AlertMailing } from './product-alerts/mailing.ts';

export interface MagentoAppOptions {
  readonly db: Database;
  /** Magento's media folder: `catalog/product/...` and `wysiwyg/...` are served. */
  readonly mediaDir: string;
  /** The store's currency and time zone, and the checkout's delivery carriers. */
  readonly checkout: CheckoutSettings;
  /** The store view's `catalog/review/*` settings (`reviews/settings.ts`). */
  readonly reviews: ReviewSettings;
  /** Mage-OS's returns module: its settings, clock, store contact and mailer (`returns/runtime.ts`). */
  readonly returns: ReturnsRuntime;
  /** The store's clock (default the system's): special prices and discount codes' dates go by it. */
  readonly clock?: Clock;
  readonly tokens: TokenLifetimes;
  /** Magento's `oauth/consumer/enable_integration_as_bearer` (default true here; Magento 2.4.4+: false). */
  readonly integrationAsBearer?: boolean;
  /** Largest accepted request body in bytes. */
  readonly maxBodyBytes: number;
  /** Told of each successful admin save or delete: a product's or a CMS block's. */
  readonly onSaved?: OnSaved;
  /** The product alerts' mailing, asked to run after every successful admin write (`product-alerts/`). */
  readonly alerts?: AlertMailing;
  readonly log?: (message: string) => void;
}

const decodeSku = (segment: string): string =>
  decodeURIComponent(segment.replace(/%(?![0-9a-f]{2})/gi, '%25'));

/**
 * The sku of an admin product save or delete, from its method and path (any store code), or undefined;
 * `''` when the sku is not in the path (a new product, or tier or special prices of several products). A
 * change to a configurable's options or children is a save of the configurable, and a change to a
 * product's links (its related products, up-sells, cross-sells) a save of that product.
 */
export function savedProductSku(method: string, path: string): string | undefined {
  const configurable =
    /^\/rest(?:\/[\w-]+)?\/V1\/configurable-products\/([^/]+)\/(?:options|child|children\/[^/]+)$/.exec(path);
  if (configurable?.[1])
    return method === 'POST' || method === 'DELETE' ? decodeSku(configurable[1]) : undefined;
  const links = /^\/rest(?:\/[\w-]+)?\/V1\/products\/([^/]+)\/links(\/[^/]+\/[^/]+)?$/.exec(path);
  if (links?.[1]) {
    const changes = links[2] ? method === 'DELETE' : method === 'POST' || method === 'PUT';
    return changes ? decodeSku(links[1]) : undefined;
  }
  const match = /^\/rest(?:\/[\w-]+)?\/V1\/products(?:\/([^/]+))?$/.exec(path);
  if (!match) return undefined;
  const priceStorage = ['tier-prices', 'tier-prices-delete', 'special-price', 'special-price-delete'];
  if (match[1] !== undefined && priceStorage.includes(match[1])) return method === 'GET' ? undefined : '';
  if ((method === 'PUT' || method === 'DELETE') && match[1]) return decodeSku(match[1]);
  if (method === 'POST' && !match[1]) return '';
  return undefined;
}

/** After an admin's successful write: a save, a stock or a price change may make stock and price alerts due. */
function adminWrote(
  options: Pick<MagentoAppOptions, 'alerts'>,
  caller: ReturnType<typeof resolveCaller>,
): void {
  if (caller.kind === 'admin' || caller.kind === 'integration') options.alerts?.due();
}

/** The answer trimmed by `fields=`, when the query has one. */
function trimmed(result: unknown, query: string): unknown {
  const fields = requestedFields(query);
  return fields ? applyFields(result, fields) : result;
}

export function createMagentoApp(options: MagentoAppOptions): Hono {
  const { db } = options;
  const checkout: CheckoutSettings = {
    ...options.checkout,
    clock: options.clock ?? options.checkout.clock ?? systemClock,
  };
  // Like a Magento webhook: after a successful admin save or delete, tell the storefront, after the
  // answer is on its way and never failing the save.
  const onSaved = (saved: SavedEntity): void => {
    const listener = options.onSaved;
    if (!listener) return;
    setImmediate(() => {
      try {
        listener(saved);
      } catch (error) {
        options.log?.(`The save listener failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  };
  const routes = createRoutes({ db, checkout, tokens: options.tokens, onSaved, returns: options.returns });
  const router = new Router(routes);

  async function answerRest(request: Request, path: string, query: string): Promise<unknown> {
    const located = resolveStore(path);
    if (!located) throw errors.routeNotFound();
    const { route, params } = router.match(request.method, located.path);
    const caller = resolveCaller(db, request.headers.get('authorization') ?? undefined, {
      integrationAsBearer: options.integrationAsBearer ?? true,
      request: { method: request.method, url: request.url, host: request.headers.get('host') ?? undefined },
      anonymous: route.resource === 'anonymous',
    });
    authorize(caller, route.resource);
    const body =
      request.method === 'POST' || request.method === 'PUT'
        ? parseBody(
            await readBody(request, options.maxBodyBytes),
            request.headers.get('content-type') ?? undefined,
          )
        : undefined;
    const result = await route.handle({ params, query, body, caller, scope: located.scope });
    if (request.method !== 'GET') adminWrote(options, caller);
    return trimmed(result, query);
  }

  async function answer(c: Context): Promise<Response> {
    const url = new URL(c.req.url);
    if (c.req.method === 'GET') {
      const picture = serveMedia(options.mediaDir, url.pathname);
      if (picture) return picture;
    }
    const response = jsonResponse(200, await answerRest(c.req.raw, url.pathname, url.search.slice(1)));
    // Product saves are read from the path; CMS block routes report theirs with the stored identifier.
    const sku = options.onSaved ? savedProductSku(c.req.method, url.pathname) : undefined;
    if (sku !== undefined) onSaved({ entity: 'product', sku });
    return response;
  }

  const app = new Hono();
  app.route('/', openApiDocument(routes));
  app.route(
    '/',
    graphQlEndpoint({
      db,
      cart: checkout,
      reviews: options.reviews,
      returns: options.returns,
      maxBodyBytes: options.maxBodyBytes,
      ...(options.log ? { log: options.log } : {}),
    }),
  );
  app.all('*', answer);
  app.onError((error, c) => {
    if (error instanceof MagentoError) return jsonResponse(error.status, error.toBody());
    const detail = error.stack ?? error.message;
    options.log?.(`Unexpected error on ${c.req.method} ${new URL(c.req.url).pathname}: ${detail}`);
    return jsonResponse(500, errors.internal().toBody());
  });
  return app;
}
