/**
 * The customer session of the storefront server's per-shopper routes, as one Hono middleware
 * (`customerSession`): it reads the session cookie once and puts its token on the context
 * (`c.var.customerToken`); a `SessionEnded` thrown after it is answered 401 with the session cookie
 * cleared; and its answers are private (`Cache-Control: private, no-store`) unless they say otherwise.
 * A route puts it after its guards (Origin, body size, JSON), so their refusals stay the plain no-store
 * answers every part of the server gives.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from './errors.ts';
import { clearSessionCookie, sessionToken, wellFormedSessionToken } from './session-cookie.ts';

/**
 * The session is over: Magento no longer accepts its customer token (expired or revoked), or a route that
 * needs one finds none. Answered 401 with `message` (the
 * feature's "Your session has ended…": texts live with the features, above this layer), and the session
 * cookie goes.
 */
export class SessionEnded extends HttpError {
  constructor(message: string) {
    super(401, message);
    this.name = 'SessionEnded';
  }
}

/** What `customerSession` puts on the context (Hono's `Variables`). */
export interface CustomerSession {
  Variables: {
    /** The session cookie's customer token, when the cookie holds one shaped like a token. */
    customerToken: string | undefined;
    /** Set by `endSession`: the answer ends the session. */
    sessionEnds?: true;
  };
}

/** The context after `signedIn`: there is a token. */
export interface SignedIn {
  Variables: { customerToken: string };
}

export interface CustomerSessionOptions {
  /** The shop's public URL: the cleared cookie is Secure over https. */
  readonly siteUrl: string;
  /** False for routes whose answers are not the shopper's own data (the payment routes): `no-store` only. */
  readonly privateAnswers?: boolean;
  /**
   * 'refuse': a cookie that cannot hold a token is answered 400 and dropped (session-cookie.ts
   * `sessionToken`), as the /rest proxy does; by default such a cookie is no session.
   */
  readonly malformedCookie?: 'no-session' | 'refuse';
}

/** What a private answer's Cache-Control says: the shopper's own data, kept by nobody. */
export const PRIVATE_NO_STORE = 'private, no-store';

export function customerSession(options: CustomerSessionOptions): MiddlewareHandler<CustomerSession> {
  const { siteUrl } = options;
  return async (c, next) => {
    const token = options.malformedCookie === 'refuse' ? sessionToken(c, siteUrl) : wellFormedSessionToken(c);
    c.set('customerToken', token);
    await next();
    if (c.error instanceof SessionEnded || c.get('sessionEnds')) clearSessionFirst(c, siteUrl);
    if (options.privateAnswers !== false) privateByDefault(c);
  };
}

/** After `customerSession`: a request without a token is `SessionEnded` with `signIn` as its message. */
export const signedIn =
  (signIn: string): MiddlewareHandler<SignedIn> =>
  async (c, next) => {
    // The type says what this middleware makes true; the cookie may hold nothing.
    const token: string | undefined = c.get('customerToken');
    if (!token) throw new SessionEnded(signIn);
    await next();
  };

/** The answer being made ends the session on purpose (the account deleted, a token Magento refused). */
export const endSession = (c: Context): void => c.set('sessionEnds', true);

/** The session cookie's end, before any other cookie the answer sets (the order clients have seen). */
function clearSessionFirst(c: Context, siteUrl: string): void {
  const others = c.res.headers.getSetCookie();
  c.header('Set-Cookie', clearSessionCookie(siteUrl));
  for (const cookie of others) c.header('Set-Cookie', cookie, { append: true });
}

/**
 * Private unless the answer chose its own caching: every JSON answer says `no-store` (errors.ts
 * `jsonReply`), which becomes `private, no-store`; a file that may be kept by the browser alone (a Trade
 * price file's `private, no-cache`) keeps what it says.
 */
function privateByDefault(c: Context): void {
  const cacheControl = c.res.headers.get('Cache-Control');
  if (cacheControl === null || cacheControl === 'no-store') c.header('Cache-Control', PRIVATE_NO_STORE);
}
