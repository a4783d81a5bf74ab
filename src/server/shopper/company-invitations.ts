/**
 * A company's invitations (src/server/shopper/company.ts mounts them): a user who may edit users invites
 * someone by e-mail, the invitee reads the invitation and joins with it. Each invitation is signed (so its
 * link cannot be changed or made up), kept in the invitation book (so it works once, and an address has one
 * open invitation to a company), and counted per client (as the trade application is), so neither the outbox
 * nor an address can be flooded.
 */
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { sessionCustomer } from '../../features/account/index.server.ts';
import {
  COMPANY_RESOURCES as R,
  companyTexts as t,
  mayGrant,
  type CompanyAccess,
} from '../../features/company/index.ts';
import * as company from '../../features/company/index.server.ts';
import type { FailureCounter } from '../../http/index.ts';
import {
  clientAddress,
  errorMessage,
  HttpError,
  jsonBody,
  jsonReply,
  notCrossSite,
  tooManyAttempts,
  type customerSession,
  type FailureLimit,
  type jsonOnly,
  type limitBody,
  type sameOrigin,
  type signedIn,
  type TrustedProxies,
} from '../../http/index.ts';
import type { IntegrationConfig } from '../../magento/client.ts';
import type { ShopMail } from '../../mail/shop-mail.ts';
import type { Guarded } from './company-members.ts';

/** A company invites a few colleagues at a time; more from one network in an hour is someone else. */
export const INVITATION_LIMIT: FailureLimit = { failures: 10, windowSeconds: 60 * 60 };

export interface InvitationDeps {
  readonly magento: IntegrationConfig;
  readonly siteUrl: string;
  readonly mail: ShopMail | undefined;
  readonly book: company.InvitationBook;
  readonly perClient: FailureCounter;
  readonly trusted: TrustedProxies;
  readonly write: readonly [ReturnType<typeof sameOrigin>, ReturnType<typeof limitBody>, typeof jsonOnly];
  readonly customer: readonly [ReturnType<typeof customerSession>, ReturnType<typeof signedIn>];
  readonly guarded: Guarded;
  readonly accessFor: (token: string, resource?: string, refusal?: string) => Promise<CompanyAccess>;
  readonly answer: (token: string, status?: number) => Promise<Response>;
  readonly keys: () => Promise<string[]>;
  readonly now: () => number;
  readonly log: (message: string) => void;
}

const uid = z.string().min(1).max(64);
const text = (max: number) => z.string().max(max);
const inviteBody = z.object({
  firstname: text(255),
  lastname: text(255),
  email: text(255),
  jobTitle: text(255).default(''),
  role: uid,
  team: uid.nullish(),
});
type InviteBody = z.infer<typeof inviteBody>;
const joinBody = z.object({ invitation: z.string().min(10).max(4096) });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The invitation read from its text: 400 when it is not one of ours, 410 when it has expired. */
async function checkedInvitation(deps: InvitationDeps, textGiven: string): Promise<company.Invitation> {
  const check = company.readInvitation(await deps.keys(), textGiven, deps.now());
  if (check.ok) return check.invitation;
  throw new HttpError(
    check.problem === 'expired' ? 410 : 400,
    check.problem === 'expired' ? t.expiredInvitation : t.badInvitation,
  );
}

/** The role and team chosen, checked against the company as the inviting user sees it. */
async function chosen(deps: InvitationDeps, token: string, access: CompanyAccess, body: InviteBody) {
  const email = body.email.trim();
  if (!EMAIL.test(email)) throw new HttpError(400, t.badEmail);
  if (!body.firstname.trim() || !body.lastname.trim()) throw new HttpError(400, t.required(t.name));
  const page = await company.readCompanyPage({ baseUrl: deps.magento.baseUrl }, token, access);
  const role = page?.roles?.find((each) => each.uid === body.role);
  if (!role) throw new HttpError(400, t.noSuchRole);
  if (!mayGrant(access, role.allowed)) throw new HttpError(403, t.mayNotGrant);
  if (body.team && !page?.teams?.some((team) => team.uid === body.team))
    throw new HttpError(400, t.noSuchTeam);
  return { email, role };
}

/** Signs, records and e-mails the invitation; an address with an open one gets no second e-mail. */
async function invite(deps: InvitationDeps, c: Context, token: string, body: InviteBody): Promise<Response> {
  const access = await deps.accessFor(token, R.usersEdit, t.mayNotEditUsers);
  const { email, role } = await chosen(deps, token, access, body);
  const mail = deps.mail;
  if (!mail) throw new HttpError(503, t.notSent);
  const wait = await deps.perClient.attempt(clientAddress(c, deps.trusted));
  if (wait > 0) throw tooManyAttempts(t.tooManyInvitations, wait);
  const id = randomBytes(16).toString('base64url');
  const expires = deps.now() + company.INVITATION_DAYS * 24 * 60 * 60 * 1000;
  if (!(await deps.book.open({ id, company: access.companyUid, email, expires }, deps.now())))
    throw new HttpError(409, t.alreadyInvited(email));
  const names = { firstname: body.firstname.trim(), lastname: body.lastname.trim() };
  const invitation = company.signInvitation((await deps.keys())[0] ?? '', {
    ...{ id, company: access.companyUid, companyName: access.companyName, email, ...names },
    ...{ jobTitle: body.jobTitle.trim(), role: role.uid, team: body.team ?? null, expires },
  });
  const me = await sessionCustomer(deps.magento, token);
  const inviter = [me.firstname, me.lastname].filter(Boolean).join(' ') || access.companyName;
  const letter = company.invitationMail(mail.sender, deps.siteUrl, {
    ...{
      email,
      firstname: names.firstname,
      inviter,
      company: access.companyName,
      role: role.name,
      invitation,
    },
  });
  try {
    await mail.outbox.enqueue(letter.key, letter.mail);
  } catch (error) {
    deps.log(`E-mail ${letter.key} not queued: ${errorMessage(error)}`);
    await deps.book.forget(id);
    throw new HttpError(503, t.notSent);
  }
  return jsonReply(201, { email });
}

/** The session's customer, with the invited e-mail and in no company, joins; the invitation is used up. */
async function join(deps: InvitationDeps, token: string, invitation: company.Invitation): Promise<Response> {
  const me = await sessionCustomer(deps.magento, token);
  if ((me.email ?? '').toLowerCase() !== invitation.email.toLowerCase())
    throw new HttpError(403, t.otherEmail);
  const graphql = { baseUrl: deps.magento.baseUrl };
  if (await company.readCompanyAccess(graphql, token)) throw new HttpError(409, t.alreadyInCompany);
  if (!(await deps.book.use(invitation.id))) throw new HttpError(410, t.usedInvitation);
  try {
    await company.joinCompany(deps.magento, me.id, invitation);
  } catch (error) {
    await deps.book.release(invitation.id);
    throw error;
  }
  return deps.answer(token);
}

export function invitationRoutes(routes: Hono, deps: InvitationDeps): void {
  const { write, customer, guarded } = deps;
  routes.post(
    '/company-account/invitations',
    ...write,
    jsonBody(inviteBody, t.badRequest),
    ...customer,
    (c) => guarded(c, () => invite(deps, c, c.var.customerToken, c.req.valid('json'))),
  );

  routes.get('/company-account/invitation', notCrossSite(deps.siteUrl), async (c) => {
    const check = company.readInvitation(await deps.keys(), c.req.query('invitation') ?? '', deps.now());
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
      return join(deps, c.var.customerToken, invitation);
    }),
  );
}
