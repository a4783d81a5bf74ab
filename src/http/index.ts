/**
 * HTTP plumbing shared by every part that answers on the storefront server (the server itself, the REST
 * proxy and session, the payment routes, the rebuild hook): `HttpError` and the one way errors are
 * rendered, the guards (same origin, bounded bodies, JSON only, zod-validated JSON), the session cookie,
 * the customer session of the per-shopper routes, and the log's one-line writer. Below the features: it
 * imports only the shared store and the catalogue's picture sizes, so any part can use it without an
 * import cycle.
 */
export { clientAddress, trustedProxies, type TrustedProxies } from './client-address.ts';
export { FailureCounter, tooManyAttempts, type FailureLimit } from './throttle.ts';
export { describeError, errorMessage, HttpError, jsonErrors, jsonReply, textReply } from './errors.ts';
export { escapeControls, lineLog, warnLog } from './log-line.ts';
export {
  isSameOrigin,
  jsonBody,
  jsonOnly,
  limitBody,
  methodNotAllowed,
  notCrossSite,
  sameOrigin,
} from './guards.ts';
export {
  customerSession,
  endSession,
  PRIVATE_NO_STORE,
  SessionEnded,
  signedIn,
  type CustomerSession,
  type CustomerSessionOptions,
  type SignedIn,
} from './customer-session.ts';
export {
  clearSessionCookie,
  privateCookie,
  SESSION_COOKIE,
  sessionCookie,
  sessionToken,
  wellFormedSessionToken,
} from './session-cookie.ts';
