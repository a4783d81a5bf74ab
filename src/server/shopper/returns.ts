/**
 * The shopper's returns (issue 54) as same-origin JSON routes, through Magento's returns module
 * (features/returns/). A customer's order is found as the orders routes find it (the integration token,
 * narrowed to the customer Magento names for the session's token); a guest's by the order lookup's proof
 * (number, billing e-mail and postcode), its failures counted with the lookup's. Another customer's order
 * or return, or one that does not exist, is the same 404. Answers are never cached.
 *
 * Signed in:
 * - `GET /returns/orders/:number` → the return form's facts (ReturnFacts): lines, what is returnable and why
 *   not, the store's reasons, resolutions and conditions
 * - `POST /returns/orders/:number` `{reason, resolution, lines: [{orderItemId, qty, condition}]}` → 201 the
 *   return (ReturnRecord); 422 `{message, problems: [{field, message}]}` when the shop's rules or Magento
 *   refuse it; 409 while another request for the same order is being sent
 * - `GET /returns/mine` → `{returns: ReturnSummary[]}`, newest first
 * - `GET /returns/mine/:id` → one return with its items and comments (ReturnRecord)
 * - `POST /returns/mine/:id/comments` `{comment}` → 201 the comment
 * A guest, with the lookup's `{number, email, postcode}` in every body (returns-guest.ts):
 * - `POST /returns/lookup/facts` → ReturnFacts; `POST /returns/lookup` (+ the return) → 201 ReturnRecord
 * - `POST /returns/lookup/list` → `{returns}` of that order; `POST /returns/lookup/return` (+ `id`) → one
 * - `POST /returns/lookup/comment` (+ `id`, `comment`) → 201 the comment
 *
 * No session: 401 (and the cookie goes when Magento no longer knows the token). Magento down: 503 with a
 * line that says so.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { MagentoGraphqlConfig } from '../../magento/graphql.ts';
import type { IntegrationConfig } from '../../magento/client.ts';
import type { CustomerOrderWire } from '../../magento/wire/order.ts';
import { orderNumberOf } from '../../features/orders/index.ts';
import { customerIdOf, customerOrderWire } from '../../features/orders/index.server.ts';
import {
  returnFacts,
  addCustomerComment,
  customerReturn,
  customerReturns,
} from '../../features/returns/index.server.ts';
import {
  MAX_COMMENT,
  returnRequestSchema,
  checkedReturnSettings,
  type ReturnSettings,
  returnTexts as t,
} from '../../features/returns/index.ts';
import {
  customerSession,
  errorMessage,
  FailureCounter,
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  methodNotAllowed,
  notCrossSite,
  sameOrigin,
  signedIn,
  type TrustedProxies,
} from '../../http/index.ts';
import { processLock, type TryLock } from '../../store/locks.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import { ORDER_LOOKUP_LIMITS, type OrderLimits } from './orders.ts';
import {
  createAnswer,
  MAX_BODY,
  orderNotFound,
  returnNotFound,
  type ReturnsRouteDeps,
} from './returns-answer.ts';
import { guestReturnsRoutes } from './returns-guest.ts';

export interface ReturnsRoutesConfig {
  /** Magento as the integration: orders, the store's lists, what is already in returns. */
  readonly magento: IntegrationConfig;
  readonly siteUrl: string;
  readonly trustedProxies: TrustedProxies;
  /** The merchant's rules; the shop's file (src/content/after-sale/returns.json) by default. */
  readonly settings?: ReturnSettings;
  /** The lock a return of one order is checked and sent under, for every replica. */
  readonly lock?: TryLock;
  readonly limits?: OrderLimits;
  /** Where failed guest lookups are counted for every replica (with the order lookup's); else this process. */
  readonly store?: SharedStore | undefined;
  readonly now?: () => Date;
  readonly log?: ((message: string) => void) | undefined;
}

const commentText = z.string().trim().min(1).max(MAX_COMMENT);
const commentBody = z.object({ comment: commentText });

/** A return's id as the address names it; undefined for anything else. */
const rmaIdOf = (typed: string): number | undefined =>
  /^\d{1,9}$/.test(typed) && Number(typed) > 0 ? Number(typed) : undefined;

/** The customer's own order with this number, or 404. */
async function mineNumbered(
  deps: ReturnsRouteDeps,
  token: string,
  typed: string,
): Promise<CustomerOrderWire> {
  const customerId = await customerIdOf(deps.magento, token);
  const number = orderNumberOf(typed);
  const order = number === undefined ? undefined : await customerOrderWire(deps.magento, customerId, number);
  if (!order) throw orderNotFound();
  return order;
}

function customerRoutes(routes: Hono, deps: ReturnsRouteDeps, siteUrl: string): void {
  const session = [customerSession({ siteUrl }), signedIn(t.signIn)] as const;
  const read = [notCrossSite(siteUrl), ...session] as const;
  const write = [sameOrigin(siteUrl), limitBody(MAX_BODY), jsonOnly] as const;
  const now = () => deps.now?.() ?? new Date();

  routes.get('/returns/orders/:number', ...read, async (c) => {
    const order = await mineNumbered(deps, c.var.customerToken, c.req.param('number'));
    return jsonReply(200, await returnFacts(deps.magento, deps.settings, order, now()));
  });
  routes.post(
    '/returns/orders/:number',
    ...write,
    jsonBody(returnRequestSchema, t.badRequest),
    ...session,
    async (c) => {
      const token = c.var.customerToken;
      const order = await mineNumbered(deps, token, c.req.param('number'));
      return createAnswer(deps, { kind: 'customer', token }, order, c.req.valid('json'));
    },
  );
  routes.get('/returns/mine', ...read, async (c) => {
    await customerIdOf(deps.magento, c.var.customerToken);
    return jsonReply(200, { returns: await customerReturns(deps.graphql, c.var.customerToken) });
  });
  routes.get('/returns/mine/:id', ...read, async (c) => {
    await customerIdOf(deps.magento, c.var.customerToken);
    const id = rmaIdOf(c.req.param('id'));
    const found = id === undefined ? undefined : await customerReturn(deps.graphql, c.var.customerToken, id);
    if (!found) throw returnNotFound();
    return jsonReply(200, found);
  });
  routes.post(
    '/returns/mine/:id/comments',
    ...write,
    jsonBody(commentBody, t.badComment),
    ...session,
    async (c) => {
      await customerIdOf(deps.magento, c.var.customerToken);
      const id = rmaIdOf(c.req.param('id'));
      const { comment } = c.req.valid('json');
      const added =
        id === undefined
          ? undefined
          : await addCustomerComment(deps.graphql, c.var.customerToken, id, comment);
      if (!added) throw returnNotFound();
      return jsonReply(201, added);
    },
  );
}

function returnsDeps(config: ReturnsRoutesConfig): ReturnsRouteDeps {
  const limits = config.limits ?? ORDER_LOOKUP_LIMITS;
  const { store, magento } = config;
  return {
    magento,
    graphql: { baseUrl: magento.baseUrl } satisfies MagentoGraphqlConfig,
    settings: config.settings ?? checkedReturnSettings(),
    lock: config.lock ?? processLock(),
    ...(config.now ? { now: config.now } : {}),
    trustedProxies: config.trustedProxies,
    // The order lookup's counters: a guessed proof counts the same whichever route it was tried on.
    perClient: new FailureCounter(limits.perClient, { name: 'order-lookup-client', store }),
    perOrder: new FailureCounter(limits.perOrder, { name: 'order-lookup-number', store }),
  };
}

export function createReturnsRoutes(config: ReturnsRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const deps = returnsDeps(config);
  const routes = new Hono();
  routes.onError(
    jsonErrors((error) => {
      log(`Returns failed: ${errorMessage(error)}`);
      return new HttpError(503, t.unavailable);
    }),
  );
  customerRoutes(routes, deps, config.siteUrl);
  guestReturnsRoutes(routes, deps, config.siteUrl);
  routes.all('/returns/orders/:number', methodNotAllowed('GET, HEAD, POST'));
  routes.all('/returns/mine', methodNotAllowed('GET, HEAD'));
  routes.all('/returns/mine/:id', methodNotAllowed('GET, HEAD'));
  routes.all('/returns/mine/:id/comments', methodNotAllowed('POST'));
  for (const path of ['', '/facts', '/list', '/return', '/comment'])
    routes.all(`/returns/lookup${path}`, methodNotAllowed('POST'));
  return routes;
}
