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
 *   cookie (and the known-browser mark) cleared. A wrong password: 400, and nothing changes. The
 *   deletion is confirmed by e-mail to the address the account had (features/privacy/deleted-mail.ts);
 *   when that cannot be queued the deletion still stands, and the log says so.
 *
 * No session: 401. Magento ran `customers/me` as nobody (expired or revoked token): 401, and the session
 * cookie goes, as the /rest proxy does. Magento or the shop's store down: 503 with a line that says so.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  checkPassword,
  customerOf,
  deleteAccount,
  gatherMyData,
  WrongPassword,
  type MyDataSources,
} from '../../features/privacy/index.server.ts';
import { accountDeletedMail, DELETE_ACCOUNT_PATH, MY_DATA_PATH } from '../../features/privacy/index.ts';
import {
  clientAddress,
  customerSession,
  endSession,
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
  signedIn,
  type TrustedProxies,
} from '../../http/index.ts';
import type { Customer } from '../../magento/wire/customer.ts';
import type { ShopMail } from '../../mail/shop-mail.ts';
import { strings } from '../../strings.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

export interface PrivacyRoutesConfig extends Omit<MyDataSources, 'records'> {
  readonly records: Pick<MyDataSources['records'], 'payments' | 'serviceBookings' | 'guarantees'>;
  /** The sign-in throttle the session routes count with: a wrong password here counts as a failed sign-in. */
  readonly throttle: SignInThrottle;
  readonly trustedProxies: TrustedProxies;
  /** Where the confirmation is queued; unset: none is sent. */
  readonly mail?: ShopMail | undefined;
  readonly log?: (message: string) => void;
}

/** What the handlers use: the routes' settings and where the customer's data is found. */
interface PrivacyDeps {
  readonly config: PrivacyRoutesConfig;
  readonly sources: MyDataSources;
  readonly log: (message: string) => void;
}

const t = strings.myData;
const MAX_BODY = 4 * 1024;

const deleteBody = z.object({ password: z.string().min(1).max(256) });

/** `GET /account/data`: everything the shop holds about the session's customer. */
async function myData(deps: PrivacyDeps, token: string): Promise<Response> {
  return jsonReply(200, await gatherMyData(deps.sources, token));
}

/** `POST /account/delete`: the password again, then the customer's records and account go, and the session. */
async function deleteMine(c: Context, deps: PrivacyDeps, token: string, password: string): Promise<Response> {
  const { config, log } = deps;
  const customer = await customerOf(config.magento, token);
  await passwordCheck(c, config, customer, password);
  await deleteAccount(deps.sources, customer);
  log(`Account deleted at the customer's request (customer ${customer.id})`);
  await confirmByMail(config, customer, log);
  endSession(c);
  const reply = jsonReply(200, { deleted: true });
  reply.headers.append('Set-Cookie', config.throttle.forgetKnownBrowserCookie());
  return reply;
}

/** Queues the "account deleted" e-mail; a failure is logged, never the customer's. */
async function confirmByMail(
  config: PrivacyRoutesConfig,
  customer: Customer,
  log: (message: string) => void,
): Promise<void> {
  if (!config.mail || !customer.email) return;
  const { key, mail } = accountDeletedMail(config.mail.sender, {
    id: customer.id,
    email: customer.email,
    firstname: customer.firstname ?? '',
  });
  try {
    await config.mail.outbox.enqueue(key, mail);
  } catch (error) {
    log(`E-mail ${key} not queued (the account is deleted): ${errorMessage(error)}`);
  }
}

/** The password again, under the sign-in throttle's counts: 429 while held off, 400 when wrong. */
async function passwordCheck(
  c: Context,
  config: PrivacyRoutesConfig,
  customer: Customer,
  password: string,
): Promise<void> {
  const { throttle } = config;
  const email = customer.email ?? '';
  const client = clientAddress(c, config.trustedProxies);
  await throttle.check(client, email, false);
  try {
    await checkPassword(config.magento, email, password);
  } catch (error) {
    if (!(error instanceof WrongPassword)) throw error;
    await throttle.failed(client, email, false);
    throw new HttpError(400, t.wrongPassword);
  }
}

function privacyDeps(config: PrivacyRoutesConfig): PrivacyDeps {
  const { throttle } = config;
  const sources: MyDataSources = {
    ...config,
    records: {
      payments: config.records.payments,
      ...(config.records.serviceBookings ? { serviceBookings: config.records.serviceBookings } : {}),
      ...(config.records.guarantees ? { guarantees: config.records.guarantees } : {}),
      accountFailures: (email) => throttle.accountFailures(email),
      forgetAccount: (email) => throttle.forgetAccount(email),
    },
  };
  return { config, sources, log: config.log ?? (() => undefined) };
}

export function createPrivacyRoutes(config: PrivacyRoutesConfig): Hono {
  const { siteUrl } = config;
  const deps = privacyDeps(config);
  const customer = [customerSession({ siteUrl }), signedIn(t.signIn)] as const;

  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      const deleting = c.req.method === 'POST';
      deps.log(`${deleting ? 'Account deletion' : 'Data export'} failed: ${errorMessage(error)}`);
      return new HttpError(503, deleting ? t.deleteUnavailable : t.exportUnavailable);
    }),
  );
  routes.get(MY_DATA_PATH, notCrossSite(siteUrl), ...customer, (c) => myData(deps, c.var.customerToken));
  routes.post(
    DELETE_ACCOUNT_PATH,
    sameOrigin(siteUrl),
    limitBody(MAX_BODY),
    jsonOnly,
    jsonBody(deleteBody, t.passwordMissing),
    ...customer,
    (c) => deleteMine(c, deps, c.var.customerToken, c.req.valid('json').password),
  );
  routes.all(MY_DATA_PATH, methodNotAllowed('GET, HEAD'));
  routes.all(DELETE_ACCOUNT_PATH, methodNotAllowed('POST'));
  return routes;
}
