/**
 * The guest's returns routes (server/shopper/returns.ts mounts them): every body carries the order
 * lookup's proof (number, billing e-mail and postcode), which finds the order again each time and counts
 * a failure with the order lookup's, so a guessed proof is slowed down whichever route it is tried on.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { orderNumberOf } from '../../features/orders/index.ts';
import { guestOrderWire } from '../../features/orders/index.server.ts';
import {
  returnFacts,
  returnsOfOrder,
  addGuestComment,
  guestReturn,
} from '../../features/returns/index.server.ts';
import {
  guestProofSchema,
  MAX_COMMENT,
  returnRequestSchema,
  type GuestProof,
  returnTexts as t,
} from '../../features/returns/index.ts';
import type { CustomerOrderWire } from '../../magento/wire/order.ts';
import {
  clientAddress,
  customerSession,
  HttpError,
  jsonBody,
  jsonOnly,
  jsonReply,
  limitBody,
  sameOrigin,
  tooManyAttempts,
} from '../../http/index.ts';
import { strings } from '../../strings.ts';
import { createAnswer, MAX_BODY, returnNotFound, type ReturnsRouteDeps } from './returns-answer.ts';

const commentText = z.string().trim().min(1).max(MAX_COMMENT);
const guestRequest = guestProofSchema.extend(returnRequestSchema.shape);
const guestReturnBody = guestProofSchema.extend({ id: z.number().int().positive().max(2_147_483_647) });
const guestCommentBody = guestReturnBody.extend({ comment: commentText });

/** The guest's order found by the lookup's proof, counted as the order lookup counts; 404 otherwise. */
async function guestOrder(c: Context, deps: ReturnsRouteDeps, proof: GuestProof): Promise<CustomerOrderWire> {
  const client = clientAddress(c, deps.trustedProxies);
  const number = orderNumberOf(proof.number);
  const orderKey = (number ?? proof.number.trim()).toUpperCase();
  const wait = Math.max(await deps.perClient.waitFor(client), await deps.perOrder.waitFor(orderKey));
  if (wait > 0) throw tooManyAttempts(strings.orders.tooManyLookups, wait);
  const found =
    number === undefined
      ? undefined
      : await guestOrderWire(deps.magento, { number, email: proof.email, postcode: proof.postcode });
  if (!found) {
    await deps.perClient.failed(client);
    await deps.perOrder.failed(orderKey);
    throw new HttpError(404, strings.orders.lookupFailed);
  }
  return found;
}

export function guestReturnsRoutes(routes: Hono, deps: ReturnsRouteDeps, siteUrl: string): void {
  // Guests have no session to read, but their answers are as private as a customer's.
  const lookup = [sameOrigin(siteUrl), limitBody(MAX_BODY), jsonOnly] as const;
  const session = customerSession({ siteUrl });
  const missing = strings.orders.lookupMissing;
  const now = () => deps.now?.() ?? new Date();

  routes.post('/returns/lookup/facts', ...lookup, jsonBody(guestProofSchema, missing), session, async (c) => {
    const order = await guestOrder(c, deps, c.req.valid('json'));
    return jsonReply(200, await returnFacts(deps.magento, deps.settings, order, now()));
  });
  routes.post('/returns/lookup', ...lookup, jsonBody(guestRequest, t.badRequest), session, async (c) => {
    const body = c.req.valid('json');
    const order = await guestOrder(c, deps, body);
    return createAnswer(deps, { kind: 'guest', email: body.email }, order, body);
  });
  routes.post('/returns/lookup/list', ...lookup, jsonBody(guestProofSchema, missing), session, async (c) => {
    const body = c.req.valid('json');
    const order = await guestOrder(c, deps, body);
    const ids = (await returnsOfOrder(deps.magento, order.entity_id)).map((rma) => rma.entity_id);
    const found = await Promise.all(ids.map((id) => guestReturn(deps.graphql, order, body.email, id)));
    const returns = found.flatMap((record) => (record ? [record] : [])).reverse();
    return jsonReply(200, { returns });
  });
  routes.post('/returns/lookup/return', ...lookup, jsonBody(guestReturnBody, missing), session, async (c) => {
    const body = c.req.valid('json');
    const order = await guestOrder(c, deps, body);
    const found = await guestReturn(deps.graphql, order, body.email, body.id);
    if (!found) throw returnNotFound();
    return jsonReply(200, found);
  });
  routes.post(
    '/returns/lookup/comment',
    ...lookup,
    jsonBody(guestCommentBody, t.badComment),
    session,
    async (c) => {
      const body = c.req.valid('json');
      const order = await guestOrder(c, deps, body);
      if (!(await guestReturn(deps.graphql, order, body.email, body.id))) throw returnNotFound();
      return jsonReply(201, await addGuestComment(deps.magento, order, body.id, body.comment));
    },
  );
}
