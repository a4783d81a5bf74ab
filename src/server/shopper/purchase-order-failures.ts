/**
 * What Magento's answers to the purchase-order routes become (purchase-orders.ts): its refusals in the
 * shop's words. Magento words a role's refusal as it words a token it no longer accepts (a
 * `graphql-authorization` error), so the route asks Magento once more who the customer is: a session still
 * good was refused for the role (403), one that is not has ended (401, the cookie goes).
 */
import type { Context } from 'hono';
import { approvalRuleTexts as rt, purchaseOrderTexts as t } from '../../features/purchase-orders/index.ts';
import { PurchaseOrderRefused } from '../../features/purchase-orders/index.server.ts';
import { readCompanyAccess } from '../../features/company/index.server.ts';
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
  try {
    await (config.access ?? readCompanyAccess)(config.magento, token);
    return c.req.path.endsWith('/one') ? notFound(c) : new HttpError(403, t.notAllowed);
  } catch (error) {
    if (error instanceof MagentoGraphqlError && error.kind === 'unauthorized')
      return new SessionEnded(strings.shopper.sessionEnded);
    throw error;
  }
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
    if (error.kind === 'unauthorized') throw await unauthorized(c, config, token);
    log(`Purchase orders: ${error.message}`);
    const said = error.magentoMessage ?? '';
    if (error.kind === 'refused' && NOT_FOUND.test(said)) throw notFound(c);
    if (error.kind === 'refused' && said !== '') throw new HttpError(400, said);
    throw new HttpError(503, c.req.method === 'GET' ? t.unavailable : t.notChanged);
  }
}
