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
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  APPLICATION_FIELDS,
  applicationProblems,
  type Application,
} from '../../features/trade/application.ts';
import { applyAsCustomer, applyAsNewCustomer } from '../../features/trade/application.server.ts';
import type { TradeGroups } from '../../features/trade/trade-groups.server.ts';
import { SessionEnded } from '../../features/orders/orders.server.ts';
import {
  clearSessionCookie,
  errorMessage,
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  methodNotAllowed,
  sameOrigin,
  wellFormedSessionToken,
} from '../../http/index.ts';
import { MagentoApiError, type IntegrationConfig } from '../../magento/client.ts';
import { strings } from '../../strings.ts';
import { tradeAccountTexts } from '../../trade-account-strings.ts';

export interface TradeAccountRoutesConfig {
  readonly magento: IntegrationConfig;
  /** The ids of the trade groups, as the shop resolved them. */
  readonly groups: () => Promise<TradeGroups>;
  readonly siteUrl: string;
  readonly log?: (message: string) => void;
}

const PRIVATE = { 'Cache-Control': 'private, no-store' } as const;
const MAX_BODY = 8 * 1024;
const BAD_BODY = `Send the application as JSON with the fields ${APPLICATION_FIELDS.join(', ')}.`;

const field = z.string().max(1024);
const applicationBody = z.object({
  ...Object.fromEntries(APPLICATION_FIELDS.map((name) => [name, field.optional()])),
}) as z.ZodType<Partial<Application>>;

const filledIn = (body: Partial<Application>): Application =>
  Object.fromEntries(APPLICATION_FIELDS.map((name) => [name, body[name] ?? ''])) as Application;

export function createTradeAccountRoutes(config: TradeAccountRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const { magento, siteUrl } = config;
  const routes = new Hono();
  routes.onError(
    jsonErrors((error) => {
      log(`Trade account application failed: ${errorMessage(error)}`);
      return new HttpError(503, tradeAccountTexts.cannotApply, PRIVATE);
    }),
  );

  routes.post(
    '/trade-account/apply',
    sameOrigin(siteUrl),
    limitBody(MAX_BODY),
    jsonOnly,
    jsonBody(applicationBody, BAD_BODY),
    async (c) => {
      const application = filledIn(c.req.valid('json'));
      const token = wellFormedSessionToken(c);
      const problems = Object.values(applicationProblems(application, token !== undefined));
      if (problems.length > 0) throw new HttpError(400, problems.join(' '), PRIVATE);
      const groups = await config.groups();
      try {
        if (token === undefined) {
          await applyAsNewCustomer(magento, groups, application);
          return jsonReply(201, { outcome: 'applied' }, PRIVATE);
        }
        const outcome = await applyAsCustomer(magento, groups, token, application);
        return jsonReply(outcome === 'applied' ? 201 : 200, { outcome }, PRIVATE);
      } catch (error) {
        if (error instanceof SessionEnded)
          throw new HttpError(401, strings.shopper.sessionEnded, {
            ...PRIVATE,
            'Set-Cookie': clearSessionCookie(siteUrl),
          });
        // Magento's refusals of the new customer are meant for the applicant (e-mail taken, weak password).
        if (error instanceof MagentoApiError && error.status === 400 && error.magentoMessage)
          throw new HttpError(400, error.magentoMessage, PRIVATE);
        throw error;
      }
    },
  );
  routes.all('/trade-account/apply', methodNotAllowed('POST'));
  return routes;
}
