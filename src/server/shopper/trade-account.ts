/**
 * The trade account application (issue 38) as a same-origin JSON route:
 *
 * - `POST /trade-account/apply` `{company, vat, firstname, lastname, street, city, region, postcode,
 *   telephone, email?, password?}` → 201 `{outcome: "applied"}`. With a session, the session's customer
 *   applies (e-mail and password are not needed); without one, a new customer is created. 200 with
 *   `already-pending` or `already-trade` when the account is past that step; 400 with what to change
 *   (the form's own checks, run again) or Magento's refusal (the e-mail is taken, the password is weak).
 *
 * A session Magento no longer accepts: 401, and the session cookie goes. Magento down: 503, nothing lost.
 *
 * An application made is confirmed by e-mail (features/trade/application-mail.ts), queued in the shop's
 * outbox; when it cannot be queued the application still stands, and the log says so.
 *
 * Each application that passes the form's checks is counted before it reaches Magento, per client address
 * (behind trusted proxies) and, for a new customer, per e-mail address, in the shared store so every
 * replica counts alike: over TRADE_APPLICATION_LIMITS, 429 with the wait, and nothing is created, so a
 * script cannot fill the merchant's pending queue with made-up customers.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  APPLICATION_FIELDS,
  applicationProblems,
  type Application,
  applicationMail,
  vatNumberOf,
  tradeAccountTexts,
} from '../../features/trade/index.ts';
import { applyAsCustomer, applyAsNewCustomer, type TradeGroups } from '../../features/trade/index.server.ts';
import {
  clientAddress,
  customerSession,
  errorMessage,
  FailureCounter,
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  methodNotAllowed,
  sameOrigin,
  tooManyAttempts,
  trustedProxies,
  type FailureLimit,
  type TrustedProxies,
} from '../../http/index.ts';
import { MagentoApiError, type IntegrationConfig } from '../../magento/client.ts';
import type { Customer } from '../../magento/wire/customer.ts';
import type { ShopMail } from '../../mail/shop-mail.ts';
import type { SharedStore } from '../../store/shared-store.ts';

export interface TradeApplicationLimits {
  readonly perClient: FailureLimit;
  readonly perEmail: FailureLimit;
}

/** A business applies once; a few more allow for a mistake or colleagues behind one office address. */
export const TRADE_APPLICATION_LIMITS: TradeApplicationLimits = {
  perClient: { failures: 5, windowSeconds: 60 * 60 },
  perEmail: { failures: 3, windowSeconds: 60 * 60 },
};

export interface TradeAccountRoutesConfig {
  readonly magento: IntegrationConfig;
  /** The ids of the trade groups, as the shop resolved them. */
  readonly groups: () => Promise<TradeGroups>;
  readonly siteUrl: string;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES). */
  readonly trustedProxies?: TrustedProxies;
  /** Where applications are counted for every replica; without one, in this process. */
  readonly store?: SharedStore | undefined;
  readonly limits?: TradeApplicationLimits;
  /** Where the confirmation is queued; unset: none is sent. */
  readonly mail?: ShopMail | undefined;
  readonly log?: (message: string) => void;
}

const MAX_BODY = 8 * 1024;
const BAD_BODY = `Send the application as JSON with the fields ${APPLICATION_FIELDS.join(', ')}.`;

const field = z.string().max(1024);
const applicationBody = z.object({
  ...Object.fromEntries(APPLICATION_FIELDS.map((name) => [name, field.optional()])),
}) as z.ZodType<Partial<Application>>;

const filledIn = (body: Partial<Application>): Application =>
  Object.fromEntries(APPLICATION_FIELDS.map((name) => [name, body[name] ?? ''])) as Application;

/** The e-mail address's key in the counts: a hash, never the address itself. */
const emailKey = (email: string): string =>
  createHash('sha256').update(`trade-application:${email.trim().toLowerCase()}`).digest('base64url');

/** Queues the "application received" e-mail; a failure is logged, never the applicant's. */
async function confirmByMail(
  config: TradeAccountRoutesConfig,
  customer: Customer,
  application: Application,
  log: (message: string) => void,
): Promise<void> {
  if (!config.mail || !customer.email) return;
  const { key, mail } = applicationMail(config.mail.sender, config.siteUrl, {
    customerId: customer.id,
    email: customer.email,
    firstname: customer.firstname ?? '',
    company: application.company.trim(),
    vat: vatNumberOf(application) ?? '',
    at: new Date(),
  });
  try {
    await config.mail.outbox.enqueue(key, mail);
  } catch (error) {
    log(`E-mail ${key} not queued (the application stands): ${errorMessage(error)}`);
  }
}

export function createTradeAccountRoutes(config: TradeAccountRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const { magento, siteUrl, store } = config;
  const trusted = config.trustedProxies ?? trustedProxies([]);
  const limits = config.limits ?? TRADE_APPLICATION_LIMITS;
  const perClient = new FailureCounter(limits.perClient, { name: 'trade-application-client', store });
  const perEmail = new FailureCounter(limits.perEmail, { name: 'trade-application-email', store });

  /** Counts this application; 429 with the wait when it is one too many from its client or address. */
  async function counted(c: Context, email: string | undefined): Promise<void> {
    const clientWait = await perClient.attempt(clientAddress(c, trusted));
    if (clientWait > 0) throw tooManyAttempts(tradeAccountTexts.tooManyFromNetwork, clientWait);
    const emailWait = email === undefined ? 0 : await perEmail.attempt(emailKey(email));
    if (emailWait > 0) throw tooManyAttempts(tradeAccountTexts.tooManyForEmail, emailWait);
  }

  const routes = new Hono();
  routes.onError(
    jsonErrors((error) => {
      log(`Trade account application failed: ${errorMessage(error)}`);
      return new HttpError(503, tradeAccountTexts.cannotApply);
    }),
  );

  routes.post(
    '/trade-account/apply',
    sameOrigin(siteUrl),
    limitBody(MAX_BODY),
    jsonOnly,
    jsonBody(applicationBody, BAD_BODY),
    customerSession({ siteUrl }),
    async (c) => {
      const application = filledIn(c.req.valid('json'));
      const token = c.var.customerToken;
      const problems = Object.values(applicationProblems(application, token !== undefined));
      if (problems.length > 0) throw new HttpError(400, problems.join(' '));
      await counted(c, token === undefined ? application.email : undefined);
      const groups = await config.groups();
      try {
        if (token === undefined) {
          const customer = await applyAsNewCustomer(magento, groups, application);
          await confirmByMail(config, customer, application, log);
          return jsonReply(201, { outcome: 'applied' });
        }
        const { outcome, customer } = await applyAsCustomer(magento, groups, token, application);
        if (outcome === 'applied') await confirmByMail(config, customer, application, log);
        return jsonReply(outcome === 'applied' ? 201 : 200, { outcome });
      } catch (error) {
        // Magento's refusals of the new customer are meant for the applicant (e-mail taken, weak password).
        if (error instanceof MagentoApiError && error.status === 400 && error.magentoMessage)
          throw new HttpError(400, error.magentoMessage);
        throw error;
      }
    },
  );
  routes.all('/trade-account/apply', methodNotAllowed('POST'));
  return routes;
}
