/**
 * The signed-in customer's stock and price alerts (issue 69), as same-origin JSON routes that call
 * Magento's GraphQL (features/alerts/alerts.server.ts) with the token of the session cookie, always on the
 * session's customer's own alerts; and the way in from an alert e-mail's unsubscribe links. Writes are
 * checked like the /rest proxy's (Origin, bounded JSON bodies), reads refuse other sites; answers are never
 * cached.
 *
 * - `GET /product-alerts` → `{stock: [...], price: [...]}` (features/alerts/answer.ts)
 * - `POST /product-alerts` `{kind: "stock" | "price", sku}` → `{message}`, Magento's
 * - `DELETE /product-alerts/:kind/:sku` → the alerts left; `DELETE /product-alerts/:kind` removes every
 *   alert of the kind
 * - `GET /productalert/unsubscribe/{stock,price}/product/:id/` and `…/{stockAll,priceAll}/` (Magento's
 *   links, on the store's base URL, which is the shop's) → 303 to My alerts, which asks before removing
 *
 * No session: 401. Magento ran the call as a guest (expired or revoked token): 401, and the session cookie
 * goes. An unknown sku: 404. Magento down or unreadable: 503 with a line that says so.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ALERT_KINDS, alertsPageFor, alertsTexts as t, type AlertKind } from '../../features/alerts/index.ts';
import { readAlerts, subscribe, unsubscribe, unsubscribeAll } from '../../features/alerts/index.server.ts';
import { isSku } from '../../features/wishlist/index.ts';
import {
  customerSession,
  errorMessage,
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  methodNotAllowed,
  notCrossSite,
  sameOrigin,
  SessionEnded,
  signedIn,
} from '../../http/index.ts';
import { MagentoGraphqlError, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import { strings } from '../../strings.ts';

export interface AlertRoutesConfig {
  /** Magento's GraphQL (its base URL, as for REST); calls carry the session's customer token. */
  readonly magento: MagentoGraphqlConfig;
  readonly siteUrl: string;
  readonly log?: (message: string) => void;
}

const kind = z.enum(ALERT_KINDS as [AlertKind, ...AlertKind[]]);
const subscribeBody = z.object({ kind, sku: z.string().refine(isSku) });

/** Runs `work`; Magento's failures as the shopper reads them. */
async function withMagento(c: Context, log: (message: string) => void, work: () => Promise<Response>) {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof MagentoGraphqlError)) throw error;
    if (error.kind === 'unauthorized') throw new SessionEnded(strings.shopper.sessionEnded);
    log(`Alerts: ${error.message}`);
    // Magento's NoSuchEntity: a sku no product has (any more).
    if (error.kind === 'refused' && /does not exist|no such entity/i.test(error.magentoMessage ?? ''))
      throw new HttpError(404, t.noSuchProduct);
    throw new HttpError(503, c.req.method === 'GET' ? t.unavailable : t.notChanged);
  }
}

/** Magento's unsubscribe links, sent on to My alerts with what they ask. */
function unsubscribeLinks(routes: Hono): void {
  for (const each of ALERT_KINDS)
    for (const end of ['', '/']) {
      routes.get(`/productalert/unsubscribe/${each}/product/:id{[0-9]{1,10}}${end}`, (c) =>
        c.redirect(alertsPageFor({ kind: each, productId: Number(c.req.param('id')) }), 303),
      );
      routes.get(`/productalert/unsubscribe/${each}All${end}`, (c) =>
        c.redirect(alertsPageFor({ kind: each }), 303),
      );
    }
}

export function createAlertRoutes(config: AlertRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const { magento, siteUrl } = config;
  const customer = [customerSession({ siteUrl }), signedIn(t.signInFirst)] as const;
  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      log(`Alerts failed: ${errorMessage(error)}`);
      return new HttpError(503, c.req.method === 'GET' ? t.unavailable : t.notChanged);
    }),
  );
  const list = async (token: string) => jsonReply(200, await readAlerts(magento, token));

  routes.get('/product-alerts', notCrossSite(siteUrl), ...customer, (c) =>
    withMagento(c, log, () => list(c.var.customerToken)),
  );
  const write = [sameOrigin(siteUrl), limitBody(4 * 1024), jsonOnly] as const;
  routes.post('/product-alerts', ...write, jsonBody(subscribeBody, t.badSku), ...customer, (c) =>
    withMagento(c, log, async () => {
      const { kind: chosen, sku } = c.req.valid('json');
      const message = await subscribe(magento, c.var.customerToken, chosen, sku);
      return jsonReply(200, { message: message ?? '' });
    }),
  );
  for (const each of ALERT_KINDS) {
    routes.delete(`/product-alerts/${each}`, sameOrigin(siteUrl), ...customer, (c) =>
      withMagento(c, log, async () => {
        await unsubscribeAll(magento, c.var.customerToken, each);
        return list(c.var.customerToken);
      }),
    );
    routes.delete(`/product-alerts/${each}/:sku`, sameOrigin(siteUrl), ...customer, (c) =>
      withMagento(c, log, async () => {
        const sku = c.req.param('sku');
        if (!isSku(sku)) throw new HttpError(404, t.noSuchProduct);
        await unsubscribe(magento, c.var.customerToken, each, sku);
        return list(c.var.customerToken);
      }),
    );
  }
  unsubscribeLinks(routes);
  routes.all('/product-alerts', methodNotAllowed('GET, POST'));
  return routes;
}
