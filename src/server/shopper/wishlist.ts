/**
 * The signed-in customer's wish list (DESIGN.md §1), for the header, the product buttons and /wishlist:
 * same-origin JSON routes that call Magento's GraphQL wish list (features/wishlist/wishlist.server.ts)
 * with the token of the session cookie. The browser never names a list: every call is on the session's
 * customer's own. Writes are checked like the /rest proxy's (Origin, bounded JSON bodies), reads refuse
 * other sites; answers are never cached.
 *
 * - `GET /wishlist/items` → `{items: [{id, sku, name}], count}`
 * - `POST /wishlist/items` `{skus, variants?}` → the list, with `done` (added) and `failed` ({sku, message});
 *   a configurable's child among `skus` comes with `variants: [{sku, parentSku, options}]` (the cart's
 *   `configurable_item_options`), and goes on the list as its parent with those options chosen
 * - `DELETE /wishlist/items/:id` → the list; 404 when the item is not on it
 * - `POST /wishlist/cart` `{ids?}` → the list, with `done` (moved to the basket: all when no ids) and
 *   `failed` (Magento's reason per product)
 *
 * No session: 401. Magento ran the call as a guest (expired or revoked token): 401, and the session
 * cookie goes, as the /rest proxy does. Magento down or unreadable: 503 with a line that says so.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { type WishlistAnswer, isSku, MAX_WISHLIST } from '../../features/wishlist/index.ts';
import {
  addToWishlist,
  moveToCart,
  NotOnWishlist,
  readWishlist,
  removeFromWishlist,
  type CustomerWishlist,
  type WishlistChange,
} from '../../features/wishlist/index.server.ts';
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

export interface WishlistRoutesConfig {
  /** Magento's GraphQL (its base URL, as for REST); calls carry the session's customer token. */
  readonly magento: MagentoGraphqlConfig;
  readonly siteUrl: string;
  readonly log?: (message: string) => void;
}

export const WISHLIST_TEXTS = {
  signIn: 'Please sign in to keep a wish list in your account.',
  sessionEnded: strings.shopper.sessionEnded,
  cannotShow: strings.wishlist.unavailableNow,
  cannotChange: "Your wish list can't be changed right now. Please try again.",
  notOnList: 'This product is no longer in your wish list.',
  badSkus: `Send the products as {"skus": [...]}: 1 to ${MAX_WISHLIST} skus.`,
  badIds: `Send the items as {"ids": [...]} (1 to ${MAX_WISHLIST} wish-list item ids), or no ids to move them all.`,
} as const;

const MAX_BODY = 16 * 1024;

const itemId = z.string().regex(/^\d{1,10}$/);
/** A configurable's child named in `skus`, with its parent's sku and the options that choose it. */
export const variantBody = z.object({
  sku: z.string().refine(isSku),
  parentSku: z.string().refine(isSku),
  options: z
    .array(
      z.object({ option_id: z.string().regex(/^\d{1,10}$/), option_value: z.number().int().nonnegative() }),
    )
    .min(1)
    .max(10),
});
const addBody = z.object({
  skus: z.array(z.string().refine(isSku)).min(1).max(MAX_WISHLIST),
  variants: z.array(variantBody).max(MAX_WISHLIST).optional(),
});
const cartBody = z.object({ ids: z.array(itemId).min(1).max(MAX_WISHLIST).optional() });

const answer = (list: CustomerWishlist, change?: Omit<WishlistChange, 'list'>): Response => {
  const body: WishlistAnswer & { count: number } = {
    items: list.items,
    count: list.items.length,
    done: change?.done ?? [],
    failed: change?.failed ?? [],
  };
  return jsonReply(200, body);
};

/** Runs `work`; Magento's failures as the shopper reads them. */
async function withMagento(
  c: Context,
  log: (message: string) => void,
  work: () => Promise<Response>,
): Promise<Response> {
  const reading = c.req.method === 'GET';
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotOnWishlist) throw new HttpError(404, WISHLIST_TEXTS.notOnList);
    if (!(error instanceof MagentoGraphqlError)) throw error;
    // Magento ran the call as a guest: the token no longer counts.
    if (error.kind === 'unauthorized') throw new SessionEnded(WISHLIST_TEXTS.sessionEnded);
    log(`Wish list: ${error.message}`);
    if (error.kind === 'refused' && error.magentoMessage) throw new HttpError(409, error.magentoMessage);
    throw new HttpError(503, reading ? WISHLIST_TEXTS.cannotShow : WISHLIST_TEXTS.cannotChange);
  }
}

export function createWishlistRoutes(config: WishlistRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const { magento, siteUrl } = config;
  const customer = [customerSession({ siteUrl }), signedIn(WISHLIST_TEXTS.signIn)] as const;

  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      log(`Wish list failed: ${errorMessage(error)}`);
      const reading = c.req.method === 'GET';
      return new HttpError(503, reading ? WISHLIST_TEXTS.cannotShow : WISHLIST_TEXTS.cannotChange);
    }),
  );
  const write = [sameOrigin(siteUrl), limitBody(MAX_BODY), jsonOnly] as const;

  routes.get('/wishlist/items', notCrossSite(siteUrl), ...customer, (c) =>
    withMagento(c, log, async () => answer(await readWishlist(magento, c.var.customerToken))),
  );
  routes.post('/wishlist/items', ...write, jsonBody(addBody, WISHLIST_TEXTS.badSkus), ...customer, (c) =>
    withMagento(c, log, async () => {
      const { skus, variants = [] } = c.req.valid('json');
      const chosen = new Map(variants.map(({ sku, ...choice }) => [sku, choice]));
      const { list, ...done } = await addToWishlist(magento, c.var.customerToken, skus, chosen);
      return answer(list, done);
    }),
  );
  routes.delete('/wishlist/items/:id', sameOrigin(siteUrl), ...customer, (c) =>
    withMagento(c, log, async () => {
      const id = c.req.param('id');
      if (!itemId.safeParse(id).success) throw new NotOnWishlist(id);
      return answer(await removeFromWishlist(magento, c.var.customerToken, id));
    }),
  );
  routes.post('/wishlist/cart', ...write, jsonBody(cartBody, WISHLIST_TEXTS.badIds), ...customer, (c) =>
    withMagento(c, log, async () => {
      const { list, ...done } = await moveToCart(magento, c.var.customerToken, c.req.valid('json').ids);
      return answer(list, done);
    }),
  );
  routes.all('/wishlist/items', methodNotAllowed('GET, POST'));
  routes.all('/wishlist/items/:id', methodNotAllowed('DELETE'));
  routes.all('/wishlist/cart', methodNotAllowed('POST'));
  return routes;
}
