/**
 * What Magento's answers to the purchase-order routes become (purchase-orders.ts): its refusals in the
 * shop's words. Some of Adobe's refusals come as a token it no longer accepts does (a `graphql-authorization`
 * error): another company's purchase order is one, known by its words (404); for any other, the route asks
 * Magento once more who the customer is: a session still good was refused (403), one that is not has ended
 * (401, the cookie goes).
 */
import type { Context } from 'hono';
import {
  approvalRuleTexts as rt,
  PURCHASE_ORDERS_PAGE,
  purchaseOrderTexts as t,
} from '../../features/purchase-orders/index.ts';
import { PurchaseOrderRefused } from '../../features/purchase-orders/index.server.ts';
import { stillSignedIn } from '../../features/company/index.server.ts';
import { HttpError, SessionEnded } from '../../http/index.ts';
import { MagentoGraphqlError } from '../../magento/graphql.ts';
import { strings } from '../../strings.ts';
import type { PurchaseOrderRoutesConfig } from './purchase-order-config.ts';

export type Failing = (
  c: Context,
  token: string,
  work: (token: string) => Promise<Response>,
) => Promise<Response>;

/** Magento's words for a uid it has no purchase order (or rule) by, for this customer. */
const NOT_FOUND = /not found|doesn't exist|does not exist|no such/i;

/**
 * Adobe's refusal of another company's purchase order (`PurchaseOrder` resolver): an authorization error, the
 * category of an ended session too, but its words name the purchase order, so it is none of theirs: 404.
 */
const NOT_THEIRS = /not authorized to retrieve the purchase order/i;

/** Whether the call reads one purchase order: the `/one` route, or the purchase order's page (record-page.ts). */
const readsOne = (c: Context): boolean =>
  c.req.path.endsWith('/one') || c.req.path.startsWith(`${PURCHASE_ORDERS_PAGE}/`);

const notFound = (c: Context): HttpError =>
  new HttpError(404, c.req.path.includes('approval-rules') ? rt.notFound : t.notFound);

function refusedAs(c: Context, error: PurchaseOrderRefused): HttpError {
  if (error.reason === 'not-found') return notFound(c);
  if (error.reason === 'not-applicable') return new HttpError(409, t.notApplicable);
  return new HttpError(403, t.notAllowed);
}

/**
 * A role's refusal (403; reading one purchase order, 404: one the customer may not see is, to them, none),
 * or the end of the session (401).
 */
async function unauthorized(c: Context, config: PurchaseOrderRoutesConfig, token: string): Promise<Error> {
  if (!(await stillSignedIn(config.magento, token, config.access)))
    return new SessionEnded(strings.shopper.sessionEnded);
  return readsOne(c) ? notFound(c) : new HttpError(403, t.notAllowed);
}

export async function magentoFailure(
  at: { c: Context; token: string; config: PurchaseOrderRoutesConfig; log: (message: string) => void },
  work: (token: string) => Promise<Response>,
): Promise<Response> {
  const { c, token, config, log } = at;
  try {
    return await work(token);
  } catch (error) {
    if (error instanceof PurchaseOrderRefused) throw refusedAs(c, error);
    if (!(error instanceof MagentoGraphqlError)) throw error;
    if (error.kind === 'unauthorized' && NOT_THEIRS.test(error.magentoMessage ?? '')) throw notFound(c);
    if (error.kind === 'unauthorized') throw await unauthorized(c, config, token);
    log(`Purchase orders: ${error.message}`);
    const said = error.magentoMessage ?? '';
    if (error.kind === 'refused' && NOT_FOUND.test(said)) throw notFound(c);
    if (error.kind === 'refused' && said !== '') throw new HttpError(400, said);
    throw new HttpError(503, c.req.method === 'GET' ? t.unavailable : t.notChanged);
  }
}
