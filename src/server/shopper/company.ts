/**
 * Company accounts (issue 68, B2B for Adobe Commerce; docs/company-accounts.md) as same-origin JSON routes
 * that call Magento's GraphQL with the session's customer token, always on the customer's own company and
 * only as far as their role allows (checked here too, so a refusal reads as one, never as a session ended):
 *
 * - `GET /company-account` → `{company: CompanyAnswer | null}` (null: in no approved company)
 * - `POST /company-account/register` (the form's fields) → 201 `{outcome: "registered"}`, pending approval
 * - `POST /company-account/invitations` `{firstname, lastname, email, jobTitle, role, team}` (users_edit) →
 *   201 `{email}`; the signed link (7 days) is e-mailed through the shop's outbox
 * - `GET /company-account/invitation?invitation=…` → `{companyName, email, expired}`
 * - `POST /company-account/join` `{invitation}`: the session's customer, with the invited e-mail, joins
 * - `PUT|DELETE /company-account/users/:uid` (users_edit): role, team, status; removal ends their session
 * - `POST /company-account/teams`, `PUT|DELETE /company-account/teams/:uid` (users_edit)
 * - `POST /company-account/roles`, `PUT|DELETE /company-account/roles/:uid` (roles_edit)
 *   (users, teams and roles: ./company-members.ts)
 *
 * Registrations and invitations are counted per client (and registrations per company e-mail) in the shared
 * store, as trade applications are: over the limit, 429 with the wait. An invitation works once
 * (./company-invitations.ts).
 *
 * Writes answer the company afresh. No session: 401; Magento ran the call as a guest (the token was
 * revoked, e.g. the user was removed): 401 and the cookie goes. Magento's refusals: 400 in its words.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  companyTexts as t,
  mayUse,
  REGISTRATION_FIELDS,
  registrationProblems,
  type CompanyAccess,
  type Registration,
} from '../../features/company/index.ts';
import * as company from '../../features/company/index.server.ts';
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
  notCrossSite,
  sameOrigin,
  SessionEnded,
  signedIn,
  tooManyAttempts,
  trustedProxies,
  type FailureLimit,
  type TrustedProxies,
} from '../../http/index.ts';
import { MagentoApiError, type IntegrationConfig } from '../../magento/client.ts';
import { MagentoGraphqlError, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import type { ShopMail } from '../../mail/shop-mail.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import { sharedSecret } from '../../store/secrets.ts';
import { INVITATION_LIMIT, invitationRoutes } from './company-invitations.ts';
import { memberRoutes, type Guarded } from './company-members.ts';
import { strings } from '../../strings.ts';

export interface CompanyRoutesConfig {
  /** Magento as the integration: a guest's registration and an accepted invitation's admin calls. */
  readonly magento: IntegrationConfig;
  readonly siteUrl: string;
  /** Where invitations are queued; unset: none is sent (the route says so). */
  readonly mail?: ShopMail | undefined;
  /** SIGN_IN_KEY and SIGN_IN_KEY_PREVIOUS: what signs invitations (else the shared store's key). */
  readonly signInKey?: string | undefined;
  readonly signInKeyPrevious?: string | undefined;
  /** Where invitations are kept and registrations and invitations counted; without one, in this process. */
  readonly store?: SharedStore | undefined;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES). */
  readonly trustedProxies?: TrustedProxies | undefined;
  /** Now, in milliseconds (tests move it to expire an invitation). */
  readonly now?: () => number;
  readonly log?: (message: string) => void;
}

const text = (max: number) => z.string().max(max);

const registrationBody = z.object(
  Object.fromEntries(REGISTRATION_FIELDS.map((name) => [name, text(512).optional()])),
) as z.ZodType<Partial<Registration>>;

/** A business registers once; a few more allow for a mistake or colleagues behind one office address. */
export const REGISTRATION_LIMITS = {
  perClient: { failures: 5, windowSeconds: 60 * 60 },
  perEmail: { failures: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, FailureLimit>;

/** The key that signs invitations, and the previous one while it is rotated. */
function invitationKeys(config: CompanyRoutesConfig): () => Promise<string[]> {
  let current: Promise<string> | undefined;
  const fallback = randomBytes(32).toString('base64url');
  return async () => {
    current ??=
      config.signInKey !== undefined
        ? Promise.resolve(config.signInKey)
        : config.store
          ? sharedSecret(config.store, 'sign-in-key')
          : Promise.resolve(fallback);
    const key = await current;
    return config.signInKeyPrevious ? [key, config.signInKeyPrevious] : [key];
  };
}

/** The session's token as the routes' middleware left it, if any. */
const sessionToken = z.string().optional().catch(undefined);

const isUnauthorized = (error: unknown): boolean =>
  error instanceof MagentoGraphqlError && error.kind === 'unauthorized';

/** Magento's failures as the shopper reads them. */
function failure(error: unknown, method: string, log: (message: string) => void): never {
  if (error instanceof MagentoGraphqlError) {
    if (error.kind === 'unauthorized') throw new SessionEnded(strings.shopper.sessionEnded);
    if (error.kind === 'refused' && error.magentoMessage) throw new HttpError(400, error.magentoMessage);
  }
  if (error instanceof MagentoApiError && error.status === 400 && error.magentoMessage)
    throw new HttpError(400, error.magentoMessage);
  if (error instanceof HttpError) throw error;
  log(`Company: ${errorMessage(error)}`);
  throw new HttpError(503, method === 'GET' ? t.unavailable : t.notChanged);
}

export function createCompanyRoutes(config: CompanyRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const { siteUrl } = config;
  const graphql: MagentoGraphqlConfig = { baseUrl: config.magento.baseUrl };
  const keys = invitationKeys(config);
  const now = config.now ?? Date.now;
  const customer = [customerSession({ siteUrl }), signedIn(t.signInFirst)] as const;
  const write = [sameOrigin(siteUrl), limitBody(16 * 1024), jsonOnly] as const;
  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      log(`Company failed: ${errorMessage(error)}`);
      return new HttpError(503, c.req.method === 'GET' ? t.unavailable : t.notChanged);
    }),
  );

  /**
   * Runs `work` with Magento's failures read for the shopper. Adobe words a refusal of the company's
   * (a user out of the caller's reach) as it words an ended session, so the session is asked after: still
   * good, it was a refusal (403), and the shopper stays signed in.
   */
  const guarded = async (c: Context, work: () => Promise<Response>): Promise<Response> => {
    try {
      return await work();
    } catch (error) {
      const token = sessionToken.parse(c.get('customerToken'));
      if (isUnauthorized(error) && token !== undefined && (await company.stillSignedIn(graphql, token)))
        throw new HttpError(403, t.refused);
      return failure(error, c.req.method, log);
    }
  };

  /** The customer's company access; 403 when they are in none or lack `resource`. */
  const accessFor = async (token: string, resource?: string, refusal?: string): Promise<CompanyAccess> => {
    const access = await company.readCompanyAccess(graphql, token);
    if (!access) throw new HttpError(403, t.notInCompany);
    if (resource !== undefined && !mayUse(access, resource))
      throw new HttpError(403, refusal ?? t.notInCompany);
    return access;
  };

  /** The company as the page shows it, for the reply to a read or a write. */
  const answer = async (token: string, status = 200) => {
    const access = await company.readCompanyAccess(graphql, token);
    const page = access ? await company.readCompanyPage(graphql, token, access) : undefined;
    return jsonReply(status, { company: page ?? null });
  };

  routes.get('/company-account', notCrossSite(siteUrl), ...customer, (c) =>
    guarded(c, () => answer(c.var.customerToken)),
  );

  const trusted = config.trustedProxies ?? trustedProxies([]);
  registerRoute(routes, config, { write, guarded, trusted });
  invitationRoutes(routes, {
    ...{ magento: config.magento, siteUrl, mail: config.mail, trusted, keys, now, log },
    ...{ write, customer, guarded, accessFor, answer },
    book: config.store ? company.storedInvitationBook(config.store) : company.memoryInvitationBook(),
    perClient: new FailureCounter(INVITATION_LIMIT, {
      name: 'company-invitation-client',
      store: config.store,
    }),
  });
  memberRoutes(routes, graphql, siteUrl, { write, customer, guarded, accessFor, answer });
  return routes;
}

type Middlewares = readonly [ReturnType<typeof sameOrigin>, ReturnType<typeof limitBody>, typeof jsonOnly];

/** The company e-mail as a throttle key: hashed, so the store holds no address. */
const emailKey = (email: string): string =>
  createHash('sha256').update(`company-registration:${email.trim().toLowerCase()}`).digest('base64url');

/** Counts a registration per client and per company e-mail: 429 with the wait when it is one too many. */
function registrationCounter(config: CompanyRoutesConfig, trusted: TrustedProxies) {
  const store = config.store;
  const perClient = new FailureCounter(REGISTRATION_LIMITS.perClient, {
    name: 'company-registration-client',
    store,
  });
  const perEmail = new FailureCounter(REGISTRATION_LIMITS.perEmail, {
    name: 'company-registration-email',
    store,
  });
  return async (c: Context, email: string): Promise<void> => {
    const clientWait = await perClient.attempt(clientAddress(c, trusted));
    if (clientWait > 0) throw tooManyAttempts(t.tooManyRegistrations, clientWait);
    const emailWait = await perEmail.attempt(emailKey(email));
    if (emailWait > 0) throw tooManyAttempts(t.tooManyRegistrationsForEmail, emailWait);
  };
}

function registerRoute(
  routes: Hono,
  config: CompanyRoutesConfig,
  { write, guarded, trusted }: { write: Middlewares; guarded: Guarded; trusted: TrustedProxies },
): void {
  const graphql = { baseUrl: config.magento.baseUrl };
  const counted = registrationCounter(config, trusted);
  routes.post(
    '/company-account/register',
    ...write,
    jsonBody(registrationBody, t.badRequest),
    customerSession({ siteUrl: config.siteUrl }),
    (c) =>
      guarded(c, async () => {
        const given = c.req.valid('json');
        const form = Object.fromEntries(
          REGISTRATION_FIELDS.map((name) => [name, given[name] ?? '']),
        ) as unknown as Registration;
        const token = c.var.customerToken;
        const problems = Object.values(registrationProblems(form, token !== undefined));
        if (problems.length > 0) throw new HttpError(400, problems.join(' '));
        await counted(c, form.companyEmail);
        if (token === undefined) await company.registerAsGuest(config.magento, graphql, form);
        else await company.registerAsCustomer(config.magento, graphql, token, form);
        return jsonReply(201, { outcome: 'registered' });
      }),
  );
}
