/**
 * "Your data and privacy" (issue 41), as same-origin JSON routes for the signed-in customer
 * (features/privacy/my-data.server.ts does the work). Answers are never cached.
 *
 * - `GET /account/data` → everything the shop holds about the session's customer (MyData): the account
 *   with its addresses, every order, the wish list and the shop's own records of them. The page adds what
 *   the browser keeps and saves it as a file.
 * - `POST /account/delete` `{password}` → checks the password again with Magento (failures counted by the
 *   sign-in throttle, so this cannot be used to guess passwords), removes the shop's own records of the
 *   customer and the customer in Magento, then ends the session: `{deleted: true}` with the session
 *   cookie (and the known-browser mark) cleared. A wrong password: 400, and nothing changes.
 *
 * No session: 401. Magento ran `customers/me` as nobody (expired or revoked token): 401, and the session
 * cookie goes, as the /rest proxy does. Magento or the shop's store down: 503 with a line that says so.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { SessionEnded } from '../../features/orders/orders.server.ts';
import {
  checkPassword,
  customerOf,
  deleteAccount,
  gatherMyData,
  WrongPassword,
  type MyDataSources,
} from '../../features/privacy/my-data.server.ts';
import { DELETE_ACCOUNT_PATH, MY_DATA_PATH } from '../../features/privacy/my-data.ts';
import {
  clearSessionCookie,
  clientAddress,
  errorMessage,
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  methodNotAllowed,
  notCrossSite,
  sameOrigin,
  wellFormedSessionToken,
  type TrustedProxies,
} from '../../http/index.ts';
import type { Customer } from '../../magento/wire/customer.ts';
import { strings } from '../../strings.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

export interface PrivacyRoutesConfig extends Omit<MyDataSources, 'records'> {
  readonly records: Pick<MyDataSources['records'], 'payments'>;
  /** The sign-in throttle the session routes count with: a wrong password here counts as a failed sign-in. */
  readonly throttle: SignInThrottle;
  readonly trustedProxies: TrustedProxies;
  readonly log?: (message: string) => void;
}

const t = strings.myData;
const PRIVATE = { 'Cache-Control': 'private, no-store' } as const;
const MAX_BODY = 4 * 1024;

const deleteBody = z.object({ password: z.string().min(1).max(256) });

export function createPrivacyRoutes(config: PrivacyRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const { siteUrl, throttle } = config;
  const sources: MyDataSources = {
    ...config,
    records: {
      payments: config.records.payments,
      accountFailures: (email) => throttle.accountFailures(email),
      forgetAccount: (email) => throttle.forgetAccount(email),
    },
  };

  const ended = (message: string) =>
    new HttpError(401, message, { ...PRIVATE, 'Set-Cookie': clearSessionCookie(siteUrl) });

  /** The session's token, or 401: without one there is no customer whose data to show. */
  function tokenOf(c: Context): string {
    const token = wellFormedSessionToken(c);
    if (!token) throw ended(t.signIn);
    return token;
  }

  /** `work` with Magento's "this token names nobody" as the end of the session. */
  async function asCustomer<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof SessionEnded) throw ended(strings.shopper.sessionEnded);
      throw error;
    }
  }

  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      const deleting = c.req.method === 'POST';
      log(`${deleting ? 'Account deletion' : 'Data export'} failed: ${errorMessage(error)}`);
      return new HttpError(503, deleting ? t.deleteUnavailable : t.exportUnavailable, PRIVATE);
    }),
  );

  routes.get(MY_DATA_PATH, notCrossSite(siteUrl), async (c) => {
    const token = tokenOf(c);
    return jsonReply(200, await asCustomer(() => gatherMyData(sources, token)), PRIVATE);
  });

  routes.post(
    DELETE_ACCOUNT_PATH,
    sameOrigin(siteUrl),
    limitBody(MAX_BODY),
    jsonOnly,
    jsonBody(deleteBody, t.passwordMissing),
    async (c) => {
      const token = tokenOf(c);
      const { password } = c.req.valid('json');
      const customer = await asCustomer(() => customerOf(config.magento, token));
      await passwordCheck(c, customer, password);
      await deleteAccount(sources, customer);
      log(`Account deleted at the customer's request (customer ${customer.id})`);
      const reply = jsonReply(
        200,
        { deleted: true },
        { ...PRIVATE, 'Set-Cookie': clearSessionCookie(siteUrl) },
      );
      reply.headers.append('Set-Cookie', throttle.forgetKnownBrowserCookie());
      return reply;
    },
  );

  /** The password again, under the sign-in throttle's counts: 429 while held off, 400 when wrong. */
  async function passwordCheck(c: Context, customer: Customer, password: string): Promise<void> {
    const email = customer.email ?? '';
    const client = clientAddress(c, config.trustedProxies);
    try {
      await throttle.check(client, email, false);
    } catch (error) {
      if (error instanceof HttpError && error.status === 429)
        throw new HttpError(429, error.message, { ...PRIVATE, ...error.headers });
      throw error;
    }
    try {
      await checkPassword(config.magento, email, password);
    } catch (error) {
      if (!(error instanceof WrongPassword)) throw error;
      await throttle.failed(client, email, false);
      throw new HttpError(400, t.wrongPassword, PRIVATE);
    }
  }

  routes.all(MY_DATA_PATH, methodNotAllowed('GET, HEAD'));
  routes.all(DELETE_ACCOUNT_PATH, methodNotAllowed('POST'));
  return routes;
}
