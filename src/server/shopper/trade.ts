/**
 * Trade accounts on the storefront server (issue 38), as same-origin routes answered for the customer whose
 * token the session cookie holds, never cached by anyone else:
 *
 * - `GET /trade/status` → `{state: "none" | "pending" | "trade"}` (features/trade/trade-groups.server.ts)
 * - `GET /trade-prices/trade.json`: the Trade group's price file the site build wrote
 *   (src/site/trade-price-files.ts, `group-{id}.json`), only to a customer of that group; any other path
 *   below `/trade-prices/` (another group's file by name) is 404 even to them; `Cache-Control: private`, precompressed sibling when the browser takes it. The static file
 *   server never serves that folder (src/server/site-files.ts), so this is the only way to it. A Trade
 *   customer whose group has no file yet (no trade prices in the catalogue) gets an empty one.
 *
 * No session: 401. Magento no longer takes the session's token: 401, and the cookie goes. Signed in but not
 * Trade (a retail customer, an applicant): 403 with nothing of the file. Magento down: 503.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { customerTradeGroup } from '../../features/trade/index.server.ts';
import type { OrdersMagento } from '../../features/orders/index.server.ts';
import {
  customerSession,
  errorMessage,
  HttpError,
  jsonErrors,
  jsonReply,
  methodNotAllowed,
  notCrossSite,
} from '../../http/index.ts';
import { negotiateEncoding } from '../../publish/index.ts';
import {
  TRADE_PRICES_BASE,
  TRADE_PRICES_URL,
  tradePriceFile,
  tradePriceTexts,
} from '../../features/trade/index.ts';
import { createSiteFiles } from '../site-files.ts';

export interface TradeRoutesConfig {
  /** Magento as the integration (the groups' ids); the customer is read with the session's own token. */
  readonly magento: OrdersMagento;
  readonly siteUrl: string;
  /** The served build's client folder (`dist/client`): its trade price files are found through its layers. */
  readonly clientDir: string;
  readonly log?: (message: string) => void;
}

/** The file may be kept by the browser only, checked again on every use (the visit reads it once). */
const PRIVATE_FILE = { 'Cache-Control': 'private, no-cache', Vary: 'Cookie, Accept-Encoding' } as const;

export function createTradeRoutes(config: TradeRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const { magento, siteUrl } = config;
  const files = createSiteFiles(config.clientDir);

  /** The session's trade state and the Trade group's id (Magento's SessionEnded ends the session). */
  async function tradeOf(token: string | undefined) {
    // No session here is nothing to end: 401 and the cookie, if any, stays.
    if (!token) throw new HttpError(401, tradePriceTexts.signIn);
    return customerTradeGroup(magento, token);
  }

  async function sendFile(c: Context, relative: string): Promise<Response> {
    const found = await files.file(relative);
    if (!found) return jsonReply(200, { v: 1, rows: {} }, PRIVATE_FILE);
    const described = await files.describe(found);
    const encoding = negotiateEncoding(c.req.header('accept-encoding'));
    const sibling = encoding === 'identity' ? undefined : described.siblings[encoding];
    const etag = `"${described.hash}${sibling ? `-${encoding}` : ''}"`;
    const headers: Record<string, string> = {
      ...PRIVATE_FILE,
      'Content-Type': 'application/json; charset=utf-8',
      ETag: etag,
    };
    if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
    if (sibling) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(sibling?.size ?? found.stats.size);
    const stream = Readable.toWeb(
      createReadStream(sibling?.path ?? found.path),
    ) as ReadableStream<Uint8Array>;
    return new Response(c.req.method === 'HEAD' ? null : stream, { status: 200, headers });
  }

  const routes = new Hono();
  routes.onError(
    jsonErrors((error) => {
      log(`Trade account check failed: ${errorMessage(error)}`);
      return new HttpError(503, tradePriceTexts.unavailable);
    }),
  );
  const customer = [notCrossSite(siteUrl), customerSession({ siteUrl })] as const;
  routes.get('/trade/status', ...customer, async (c) => {
    const { state } = await tradeOf(c.var.customerToken);
    return jsonReply(200, { state });
  });
  routes.all('/trade/status', methodNotAllowed());
  routes.get(`/${TRADE_PRICES_BASE}/*`, ...customer, async (c) => {
    const { state, group } = await tradeOf(c.var.customerToken);
    if (state !== 'trade') throw new HttpError(403, tradePriceTexts.notTrade);
    if (new URL(c.req.url).pathname !== TRADE_PRICES_URL) throw new HttpError(404, 'Not Found');
    return sendFile(c, tradePriceFile(group));
  });
  routes.all(`/${TRADE_PRICES_BASE}/*`, methodNotAllowed());
  return routes;
}
