/**
 * The signed-in customer's requisition lists (issue 68), as same-origin JSON routes that call Magento's
 * GraphQL (features/requisition-lists/requisition-lists.server.ts) with the token of the session cookie,
 * always on the session's customer's own lists. Writes are checked like the /rest proxy's (Origin, bounded
 * JSON bodies), reads refuse other sites; answers are never cached.
 *
 * - `GET /requisition-lists` → `{lists: [...]}` (features/requisition-lists/answer.ts)
 * - `POST /requisition-lists` `{name}` → the lists; `PUT /requisition-lists/:uid` `{name}` renames;
 *   `DELETE /requisition-lists/:uid` deletes
 * - `POST /requisition-lists/:uid/items` `{items: [{sku, quantity}]}` adds; `PUT …/items/:item`
 *   `{quantity}` changes; `DELETE …/items/:item` removes (each answers the lists)
 * - `POST /requisition-lists/:uid/basket` `{items?: [uid]}` → `{added, problems}`: the chosen lines (all
 *   for none) into the basket
 *
 * No session: 401. Magento ran the call as a guest: 401, and the session cookie goes. A list or line not
 * the customer's: 404 (Magento refuses another's list as it refuses a guest; `notTheirList` tells them apart). An unknown sku: 404. Magento down or unreadable: 503.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requisitionListsTexts as t } from '../../features/requisition-lists/index.ts';
import {
  addLines,
  createList,
  deleteList,
  readLists,
  removeLine,
  renameList,
  setQuantity,
  toBasket,
} from '../../features/requisition-lists/index.server.ts';
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

export interface RequisitionListRoutesConfig {
  /** Magento's GraphQL (its base URL, as for REST); calls carry the session's customer token. */
  readonly magento: MagentoGraphqlConfig;
  readonly siteUrl: string;
  readonly log?: (message: string) => void;
}

const name = z.string().trim().min(1).max(255);
const quantity = z.number().positive().max(100000);
const uid = z.string().regex(/^[A-Za-z0-9+/=]{1,40}$/);
const nameBody = z.object({ name });
const itemsBody = z.object({
  items: z
    .array(z.object({ sku: z.string().refine(isSku), quantity }))
    .min(1)
    .max(100),
});
const quantityBody = z.object({ quantity });
const basketBody = z.object({ items: z.array(uid).max(500).optional() });

/**
 * Whether an authorization refusal was Magento's "not your list" rather than a lapsed token: Adobe words
 * both alike, so the customer's own lists are read; if that works the session is fine and the list is
 * someone else's (answered as not found, so a uid tells a stranger nothing).
 */
async function notTheirList(magento: MagentoGraphqlConfig, c: Context, error: MagentoGraphqlError) {
  const token: string | undefined = c.get('customerToken');
  if (!token || c.req.param('uid') === undefined || !/requisition list/i.test(error.magentoMessage ?? ''))
    return false;
  try {
    await readLists(magento, token);
    return true;
  } catch {
    return false;
  }
}

/** Runs `work`; Magento's failures as the shopper reads them. */
async function withMagento(c: Context, config: RequisitionListRoutesConfig, work: () => Promise<Response>) {
  const log = config.log ?? (() => undefined);
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof MagentoGraphqlError)) throw error;
    if (error.kind === 'unauthorized') {
      if (await notTheirList(config.magento, c, error)) throw new HttpError(404, t.noSuchList);
      throw new SessionEnded(strings.shopper.sessionEnded);
    }
    log(`Requisition lists: ${error.message}`);
    const said = error.magentoMessage ?? '';
    if (error.kind === 'refused' && /no such entity/i.test(said)) throw new HttpError(404, t.noSuchList);
    if (error.kind === 'refused' && /sku was not found/i.test(said))
      throw new HttpError(404, t.noSuchProduct);
    throw new HttpError(503, c.req.method === 'GET' ? t.unavailable : t.notChanged);
  }
}

/** The path's uid, or 404 for one that cannot be Magento's. */
function param(c: Context, key: string): string {
  const value = c.req.param(key) ?? '';
  if (!uid.safeParse(value).success) throw new HttpError(404, t.noSuchList);
  return value;
}

export function createRequisitionListRoutes(config: RequisitionListRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const { magento, siteUrl } = config;
  const customer = [customerSession({ siteUrl }), signedIn(t.signInFirst)] as const;
  const write = [sameOrigin(siteUrl), limitBody(16 * 1024), jsonOnly] as const;
  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      log(`Requisition lists failed: ${errorMessage(error)}`);
      return new HttpError(503, c.req.method === 'GET' ? t.unavailable : t.notChanged);
    }),
  );
  const lists = async (token: string) => jsonReply(200, await readLists(magento, token));
  const run = (c: Context, work: (token: string) => Promise<unknown>) =>
    withMagento(c, config, async () => {
      const token: string = c.get('customerToken');
      await work(token);
      return lists(token);
    });

  routes.get('/requisition-lists', notCrossSite(siteUrl), ...customer, (c) => run(c, async () => undefined));
  routes.post('/requisition-lists', ...write, jsonBody(nameBody, t.badRequest), ...customer, (c) =>
    run(c, (token) => createList(magento, token, c.req.valid('json').name)),
  );
  routes.put('/requisition-lists/:uid', ...write, jsonBody(nameBody, t.badRequest), ...customer, (c) =>
    run(c, (token) => renameList(magento, token, param(c, 'uid'), c.req.valid('json').name)),
  );
  routes.delete('/requisition-lists/:uid', sameOrigin(siteUrl), ...customer, (c) =>
    run(c, (token) => deleteList(magento, token, param(c, 'uid'))),
  );
  routes.post(
    '/requisition-lists/:uid/items',
    ...write,
    jsonBody(itemsBody, t.badRequest),
    ...customer,
    (c) => run(c, (token) => addLines(magento, token, param(c, 'uid'), c.req.valid('json').items)),
  );
  routes.put(
    '/requisition-lists/:uid/items/:item',
    ...write,
    jsonBody(quantityBody, t.badRequest),
    ...customer,
    (c) =>
      run(c, (token) =>
        setQuantity(magento, token, param(c, 'uid'), param(c, 'item'), c.req.valid('json').quantity),
      ),
  );
  routes.delete('/requisition-lists/:uid/items/:item', sameOrigin(siteUrl), ...customer, (c) =>
    run(c, (token) => removeLine(magento, token, param(c, 'uid'), param(c, 'item'))),
  );
  routes.post(
    '/requisition-lists/:uid/basket',
    ...write,
    jsonBody(basketBody, t.badRequest),
    ...customer,
    (c) =>
      withMagento(c, config, async () => {
        const chosen = c.req.valid('json').items ?? [];
        return jsonReply(200, await toBasket(magento, c.var.customerToken, param(c, 'uid'), chosen));
      }),
  );
  routes.all('/requisition-lists', methodNotAllowed('GET, POST'));
  return routes;
}
