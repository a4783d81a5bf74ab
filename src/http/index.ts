/**
 * HTTP plumbing shared by every part that answers on the storefront server (the server itself, the REST
 * proxy and session, the payment routes, the rebuild hook): `HttpError` and the one way errors are
 * rendered, the guards (same origin, bounded bodies, JSON only, zod-validated JSON), and the session
 * cookie. It imports no part of the shop, so any part can use it without an import cycle.
 */
export { clientAddress, trustedProxies, type TrustedProxies } from './client-address.ts';
export { SERVER_DEADLINES } from './deadlines.ts';
export { FailureCounter, tooManyAttempts, type FailureLimit } from './throttle.ts';
export { describeError, errorMessage, HttpError, jsonErrors, jsonReply, textReply } from './errors.ts';
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
  clearSessionCookie,
  privateCookie,
  SESSION_COOKIE,
  sessionCookie,
  sessionToken,
  wellFormedSessionToken,
} from './session-cookie.ts';
