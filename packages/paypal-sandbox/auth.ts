/**
 * PayPal's OAuth 2.0 client-credentials grant (`POST /v1/oauth2/token`, HTTP Basic client id and
 * secret, form body `grant_type=client_credentials`) and the bearer check in front of every REST call.
 * Refusals as PayPal's identity service gives them: `invalid_client` (401) for unknown credentials,
 * `unsupported_grant_type` (400) for another grant; a missing, unknown or expired bearer token is the
 * REST APIs' 401 AUTHENTICATION_FAILURE.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { payPalError, sendError, sendJson, type Api } from './errors.ts';
import { newAccessToken } from './ids.ts';
import type { PayPalStore } from './db.ts';

export interface AuthOptions {
  readonly store: PayPalStore;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Access token lifetime, seconds. */
  readonly tokenTtlS: number;
  readonly now: () => number;
}

/** The scopes a REST app with Checkout and webhooks holds. */
const SCOPE = [
  'https://uri.paypal.com/services/payments/payment/authcapture',
  'https://uri.paypal.com/services/payments/refund',
  'https://uri.paypal.com/services/applications/webhooks',
  'https://uri.paypal.com/services/payments/realtimepayment',
  'openid',
].join(' ');

const APP_ID = 'APP-80W284485P519543T';

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function createTokenRoute(options: AuthOptions) {
  return async (c: Context): Promise<Response> => {
    const credentials = basicCredentials(c.req.header('Authorization'));
    if (credentials?.id !== options.clientId || credentials.secret !== options.clientSecret)
      return sendJson(c, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    const grant = new URLSearchParams(await c.req.text()).get('grant_type');
    if (grant === null)
      return sendJson(c, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    if (grant !== 'client_credentials')
      return sendJson(c, 400, {
        error: 'unsupported_grant_type',
        error_description: 'unsupported grant_type',
      });
    const now = options.now();
    const token = newAccessToken();
    options.store.addToken(token, now + options.tokenTtlS * 1000);
    return sendJson(c, 200, {
      scope: SCOPE,
      access_token: token,
      token_type: 'Bearer',
      app_id: APP_ID,
      expires_in: options.tokenTtlS,
      nonce: `${new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z')}${newAccessToken().slice(5, 48)}`,
    });
  };
}

/** Lets a request through only with `Authorization: Bearer <live token>`. */
export function requireBearer(options: AuthOptions, api: Api): MiddlewareHandler {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '');
    if (!match?.[1] || !options.store.isLiveToken(match[1], options.now()))
      return sendError(c, payPalError('AUTHENTICATION_FAILURE', api));
    await next();
    return undefined;
  };
}
