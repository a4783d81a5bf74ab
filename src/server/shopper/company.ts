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
 * Writes answer the company afresh. No session: 401; Magento ran the call as a guest (the token was
 * revoked, e.g. the user was removed): 401 and the cookie goes. Magento's refusals: 400 in its words.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { sessionCustomer } from '../../features/account/index.server.ts';
import {
  COMPANY_RESOURCES as R,
  companyTexts as t,
  mayUse,
  REGISTRATION_FIELDS,
  registrationProblems,
  type CompanyAccess,
  type Registration,
} from '../../features/company/index.ts';
import * as company from '../../features/company/index.server.ts';
import {
  customerSession,
  errorMessage,
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
} from '../../http/index.ts';
import { MagentoApiError, type IntegrationConfig } from '../../magento/client.ts';
import { MagentoGraphqlError, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import type { ShopMail } from '../../mail/shop-mail.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import { sharedSecret } from '../../store/secrets.ts';
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
  readonly store?: SharedStore | undefined;
  /** Now, in milliseconds (tests move it to expire an invitation). */
  readonly now?: () => number;
  readonly log?: (message: string) => void;
}

const uid = z.string().min(1).max(64);
const text = (max: number) => z.string().max(max);

const registrationBody = z.object(
  Object.fromEntries(REGISTRATION_FIELDS.map((name) => [name, text(512).optional()])),
) as z.ZodType<Partial<Registration>>;
const inviteBody = z.object({
  firstname: text(255),
  lastname: text(255),
  email: text(255),
  jobTitle: text(255).default(''),
  role: uid,
  team: uid.nullish(),
});
const joinBody = z.object({ invitation: z.string().min(10).max(4096) });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

  /** Runs `work` with Magento's failures read for the shopper. */
  const guarded = async (c: Context, work: () => Promise<Response>): Promise<Response> => {
    try {
      return await work();
    } catch (error) {
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

  registerRoute(routes, config, { write, guarded });
  invitationRoutes(routes, config, { write, customer, guarded, accessFor, answer, keys, now, log });
  memberRoutes(routes, graphql, siteUrl, { write, customer, guarded, accessFor, answer });
  return routes;
}

type Middlewares = readonly [ReturnType<typeof sameOrigin>, ReturnType<typeof limitBody>, typeof jsonOnly];

function registerRoute(
  routes: Hono,
  config: CompanyRoutesConfig,
  { write, guarded }: { write: Middlewares; guarded: Guarded },
): void {
  const graphql = { baseUrl: config.magento.baseUrl };
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
        if (token === undefined) await company.registerAsGuest(config.magento, graphql, form);
        else await company.registerAsCustomer(config.magento, graphql, token, form);
        return jsonReply(201, { outcome: 'registered' });
      }),
  );
}

interface InvitationDeps {
  readonly write: Middlewares;
  readonly customer: readonly [ReturnType<typeof customerSession>, ReturnType<typeof signedIn>];
  readonly guarded: Guarded;
  readonly accessFor: (token: string, resource?: string, refusal?: string) => Promise<CompanyAccess>;
  readonly answer: (token: string, status?: number) => Promise<Response>;
  readonly keys: () => Promise<string[]>;
  readonly now: () => number;
  readonly log: (message: string) => void;
}

/** The invitation read from its text: 400 when it is not one of ours, 410 when it has expired. */
async function checkedInvitation(deps: InvitationDeps, textGiven: string): Promise<company.Invitation> {
  const check = company.readInvitation(await deps.keys(), textGiven, deps.now());
  if (check.ok) return check.invitation;
  throw new HttpError(
    check.problem === 'expired' ? 410 : 400,
    check.problem === 'expired' ? t.expiredInvitation : t.badInvitation,
  );
}

function invitationRoutes(routes: Hono, config: CompanyRoutesConfig, deps: InvitationDeps): void {
  const { write, customer, guarded, accessFor, answer, keys, now, log } = deps;
  const graphql = { baseUrl: config.magento.baseUrl };
  routes.post(
    '/company-account/invitations',
    ...write,
    jsonBody(inviteBody, t.badRequest),
    ...customer,
    (c) =>
      guarded(c, async () => {
        const body = c.req.valid('json');
        const token = c.var.customerToken;
        const access = await accessFor(token, R.usersEdit, t.mayNotEditUsers);
        const email = body.email.trim();
        if (!EMAIL.test(email)) throw new HttpError(400, t.badEmail);
        if (!body.firstname.trim() || !body.lastname.trim()) throw new HttpError(400, t.required(t.name));
        const page = await company.readCompanyPage(graphql, token, access);
        const role = page?.roles?.find((each) => each.uid === body.role);
        if (!role) throw new HttpError(400, t.noSuchRole);
        if (body.team && !page?.teams?.some((team) => team.uid === body.team))
          throw new HttpError(400, t.noSuchTeam);
        if (!config.mail) throw new HttpError(503, t.notSent);
        const invitation = company.signInvitation((await keys())[0] ?? '', {
          company: access.companyUid,
          companyName: access.companyName,
          email,
          firstname: body.firstname.trim(),
          lastname: body.lastname.trim(),
          jobTitle: body.jobTitle.trim(),
          role: role.uid,
          team: body.team ?? null,
          expires: now() + company.INVITATION_DAYS * 24 * 60 * 60 * 1000,
        });
        const me = await sessionCustomer(config.magento, token);
        const inviter = [me.firstname, me.lastname].filter(Boolean).join(' ') || access.companyName;
        const { key, mail } = company.invitationMail(config.mail.sender, config.siteUrl, {
          email,
          firstname: body.firstname.trim(),
          inviter,
          company: access.companyName,
          role: role.name,
          invitation,
        });
        try {
          await config.mail.outbox.enqueue(key, mail);
        } catch (error) {
          log(`E-mail ${key} not queued: ${errorMessage(error)}`);
          throw new HttpError(503, t.notSent);
        }
        return jsonReply(201, { email });
      }),
  );

  routes.get('/company-account/invitation', notCrossSite(config.siteUrl), async (c) => {
    const check = company.readInvitation(await keys(), c.req.query('invitation') ?? '', now());
    // An expired invitation still says whose it was, so the page can say to ask for a new one.
    const { invitation } = check;
    if (!invitation) throw new HttpError(400, t.badInvitation);
    return jsonReply(200, {
      companyName: invitation.companyName,
      email: invitation.email,
      expired: !check.ok,
    });
  });

  routes.post('/company-account/join', ...write, jsonBody(joinBody, t.badRequest), ...customer, (c) =>
    guarded(c, async () => {
      const invitation = await checkedInvitation(deps, c.req.valid('json').invitation);
      const token = c.var.customerToken;
      const me = await sessionCustomer(config.magento, token);
      if ((me.email ?? '').toLowerCase() !== invitation.email.toLowerCase())
        throw new HttpError(403, t.otherEmail);
      if (await company.readCompanyAccess(graphql, token)) throw new HttpError(409, t.alreadyInCompany);
      await company.joinCompany(config.magento, me.id, invitation);
      return answer(token);
    }),
  );
}
