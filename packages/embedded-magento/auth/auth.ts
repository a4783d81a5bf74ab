/**
 * Who is calling (CONTRACT.md §2): tokens, their lifetimes and the sign-in throttle. An invalid, expired
 * or malformed token is not an error in itself: the caller is simply a guest (§2.2). An integration signs
 * in with OAuth 1.0a (`oauth.ts`), or sends its token as a bearer token where that is allowed.
 */
import { z } from 'zod';
import type { Caller } from '../caller.ts';
import { randomString, verifyPassword } from '../crypto.ts';
import { sqlNumber, type Database } from '../db.ts';
import { errors, MagentoError } from '../errors.ts';
import { isAccessToken, oauthCaller, type ReceivedRequest } from './oauth.ts';

/** Magento's user types (`Magento\Authorization\Model\UserContextInterface`). */
export const USER_TYPE = { integration: 1, admin: 2, customer: 3 } as const;

export interface TokenLifetimes {
  /** Seconds; Magento's default `oauth/access_token_lifetime/customer` is 1 hour. */
  readonly customer: number;
  /** Seconds; Magento's default `oauth/access_token_lifetime/admin` is 4 hours. */
  readonly admin: number;
}

/** Magento's `oauth/authentication_lock` defaults. */
const MAX_FAILURES = 6;
const LOCK_SECONDS = 1800;

const now = (): number => Math.floor(Date.now() / 1000);

export function issueToken(
  db: Database,
  userType: number,
  userId: number,
  lifetimeSeconds: number | null,
): string {
  const token = randomString(32);
  const issued = now();
  db.run(
    'INSERT INTO tokens (token, user_type, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    token,
    userType,
    userId,
    issued,
    lifetimeSeconds === null ? null : issued + lifetimeSeconds,
  );
  return token;
}

/** A long-lived integration token, as created in Magento's admin under System → Integrations. */
export function ensureIntegrationToken(db: Database, token: string): void {
  db.run(
    `INSERT INTO tokens (token, user_type, user_id, created_at, expires_at) VALUES (?, ?, 0, ?, NULL)
     ON CONFLICT (token) DO NOTHING`,
    token,
    USER_TYPE.integration,
    now(),
  );
}

/**
 * Every token of the customer stops working at once, on every device: Magento 2.4's
 * `CustomerTokenService::revokeCustomerAccessToken` revokes all tokens issued to the user, and answers
 * `true` even when there were none.
 */
export function revokeCustomerTokens(db: Database, customerId: number): true {
  db.run('DELETE FROM tokens WHERE user_type = ? AND user_id = ?', USER_TYPE.customer, customerId);
  return true;
}

const tokenRow = z.object({ user_type: sqlNumber, user_id: sqlNumber, expires_at: sqlNumber.nullable() });

export interface CallerOptions {
  /**
   * Magento's `oauth/consumer/enable_integration_as_bearer` (default true here; false in Magento 2.4.4+):
   * when false an integration's token sent as a bearer token is not read, so the caller is a guest
   * (`Integration\Model\OpaqueToken\Reader::validateUserType()` throws, `TokenUserContext` gives up).
   */
  readonly integrationAsBearer?: boolean;
  /** The request as received, to check an `Authorization: OAuth …` header; without it such a header is a guest. */
  readonly request?: ReceivedRequest;
  /**
   * The route is `anonymous`: a failed OAuth check leaves a guest instead of failing the request, since
   * Magento's GuestAuthorization plugin lets anonymous resources through before any user context is asked.
   */
  readonly anonymous?: boolean;
}

const GUEST: Caller = { kind: 'guest' };

export function resolveCaller(
  db: Database,
  authorization: string | undefined,
  options: CallerOptions = {},
): Caller {
  if (!authorization) return GUEST;
  const parts = authorization.trim().split(/\s+/);
  if (parts.length === 2 && parts[0]?.toLowerCase() === 'bearer' && parts[1])
    return bearerCaller(db, parts[1], options.integrationAsBearer ?? true);
  if (!options.request) return GUEST;
  try {
    return oauthCaller(db, authorization, options.request) ?? GUEST;
  } catch (error) {
    if (options.anonymous && error instanceof MagentoError) return GUEST;
    throw error;
  }
}

function bearerCaller(db: Database, token: string, integrationAsBearer: boolean): Caller {
  const row = db.get(tokenRow, 'SELECT user_type, user_id, expires_at FROM tokens WHERE token = ?', token);
  if (!row) return integrationAsBearer && isAccessToken(db, token) ? { kind: 'integration' } : GUEST;
  if (row.expires_at !== null && row.expires_at <= now()) return GUEST;
  switch (row.user_type) {
    case USER_TYPE.customer:
      return { kind: 'customer', customerId: row.user_id };
    case USER_TYPE.admin:
      return { kind: 'admin', adminId: row.user_id };
    case USER_TYPE.integration:
      return integrationAsBearer ? { kind: 'integration' } : GUEST;
    default:
      return GUEST;
  }
}

/** `anonymous`, `self`, or an admin ACL resource such as `Magento_Catalog::products`. */
export function authorize(caller: Caller, resource: string): void {
  if (resource === 'anonymous') return;
  if (resource === 'self') {
    if (caller.kind === 'customer') return;
    throw errors.unauthorized('self');
  }
  if (caller.kind === 'admin' || caller.kind === 'integration') return;
  throw errors.unauthorized(resource);
}

const loginFailuresRow = z.object({ failures: sqlNumber, locked_until: sqlNumber.nullable() });

/**
 * Checks credentials with Magento's throttle: six failures lock the user name for 30 minutes, and a
 * locked account gets the same message as a wrong password.
 */
export async function checkCredentials(
  db: Database,
  userType: number,
  username: string,
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  const lock = db.get(
    loginFailuresRow,
    'SELECT failures, locked_until FROM login_failures WHERE user_type = ? AND username = ?',
    userType,
    username,
  );
  if (lock?.locked_until && lock.locked_until > now()) throw errors.invalidCredentials();
  const valid = passwordHash !== undefined && (await verifyPassword(password, passwordHash));
  if (valid) {
    db.run('DELETE FROM login_failures WHERE user_type = ? AND username = ?', userType, username);
    return true;
  }
  const failures = (lock && !(lock.locked_until && lock.locked_until <= now()) ? lock.failures : 0) + 1;
  db.run(
    `INSERT INTO login_failures (user_type, username, failures, locked_until) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_type, username) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until`,
    userType,
    username,
    failures >= MAX_FAILURES ? 0 : failures,
    failures >= MAX_FAILURES ? now() + LOCK_SECONDS : null,
  );
  return false;
}
