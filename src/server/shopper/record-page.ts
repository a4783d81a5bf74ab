/**
 * The pre-rendered page of one of a company's records (a purchase order, a negotiable quote), which its
 * island fills from the shopper's JSON routes. For a signed-in customer the storefront server asks Magento
 * about the record before it sends the page: one Magento has none of by that uid for this customer
 * (another company's, or none at all) is answered 404 with the shop's not-found page, as a page of its own
 * would be, not 200 with the island's "doesn't exist". Both answers then depend on the session, so they are
 * private. Signed out, or when Magento cannot say (down, a role's refusal the island words), the page goes
 * out as it always did, and its island does what it always did (sends a guest to sign in, says why).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { customerSession, HttpError, PRIVATE_NO_STORE, type CustomerSession } from '../../http/index.ts';

/**
 * Looks the record up for the customer as the island's JSON route does: throws an HttpError 404 when it is
 * none of theirs, anything else when it cannot say.
 */
export type RecordLookup = (c: Context, token: string) => Promise<unknown>;

/** The page itself: a browser may keep it and revalidate it by its ETag; no shared cache may keep it. */
const PRIVATE_PAGE = 'private, no-cache';

async function missing(c: Context, token: string, lookup: RecordLookup): Promise<boolean> {
  try {
    await lookup(c, token);
    return false;
  } catch (error) {
    // Only "none of theirs" is the page's to answer; the island says everything else, as it did before.
    return error instanceof HttpError && error.status === 404;
  }
}

/** GET handlers for a record's page: the session, then the lookup, then the page or the not-found page. */
export function recordPage(siteUrl: string, lookup: RecordLookup) {
  const page: MiddlewareHandler<CustomerSession> = async (c, next) => {
    const token = c.var.customerToken;
    if (!token) return next();
    if (await missing(c, token, lookup)) {
      // The storefront app's not-found handler: the shop's 404 page for the path (src/server/app.ts).
      const notFound = await c.notFound();
      notFound.headers.set('Cache-Control', PRIVATE_NO_STORE);
      return notFound;
    }
    await next();
    c.header('Cache-Control', PRIVATE_PAGE);
  };
  return [customerSession({ siteUrl }), page] as const;
}
