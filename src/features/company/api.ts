/**
 * The company pages' calls to the storefront server's /company-account routes
 * (src/server/shopper/company.ts), each answer read with zod (these are shell-only pages, not catalogue
 * ones). A 401 means the session is over: the shopper is a guest again.
 */
import { z } from 'zod';
import { sessionExpired } from '../account/index.ts';
import { ShopApiError, shopFetch } from '../../shop-api/shop-api.ts';
import type { AclNode, CompanyAnswer, InvitationPreview } from './answer.ts';
import type { Registration } from './registration.ts';

const money = z.object({ value: z.number(), currency: z.string() }).nullable();
const acl: z.ZodType<AclNode> = z.lazy(() =>
  z.object({ id: z.string(), label: z.string(), children: z.array(acl) }),
);

const companyAnswer = z.object({
  uid: z.string(),
  name: z.string(),
  legalName: z.string(),
  email: z.string(),
  vatNumber: z.string(),
  registrationNumber: z.string(),
  address: z.array(z.string()).nullable(),
  administrator: z.string(),
  isAdmin: z.boolean(),
  roleName: z.string().nullable(),
  credit: z.object({ limit: money, available: money, outstanding: money }).nullable(),
  history: z
    .array(
      z.object({ date: z.string(), type: z.string(), amount: money, by: z.string(), reference: z.string() }),
    )
    .nullable(),
  users: z
    .array(
      z.object({
        uid: z.string(),
        name: z.string(),
        email: z.string(),
        jobTitle: z.string(),
        active: z.boolean(),
        isAdmin: z.boolean(),
        roleUid: z.string().nullable(),
        roleName: z.string().nullable(),
        teamUid: z.string().nullable(),
      }),
    )
    .nullable(),
  teams: z.array(z.object({ uid: z.string(), name: z.string(), description: z.string() })).nullable(),
  roles: z
    .array(
      z.object({ uid: z.string(), name: z.string(), usersCount: z.number(), allowed: z.array(z.string()) }),
    )
    .nullable(),
  acl: z.array(acl).nullable(),
  allowed: z.array(z.string()),
  mayEditUsers: z.boolean(),
  mayEditRoles: z.boolean(),
}) satisfies z.ZodType<CompanyAnswer>;

const companyReply = z.object({ company: companyAnswer.nullable() });

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 401) sessionExpired();
    throw error;
  }
}

type Method = 'POST' | 'PUT' | 'DELETE';

/** A change to the company; answers the company as it now is. */
export const changeCompany = (method: Method, path: string, body?: unknown): Promise<CompanyAnswer | null> =>
  call(() =>
    shopFetch(`/company-account${path}`, {
      method,
      ...(body === undefined ? {} : { body }),
      schema: companyReply,
    }),
  ).then((reply) => reply.company);

export const readMyCompany = (): Promise<CompanyAnswer | null> =>
  call(() => shopFetch('/company-account', { method: 'GET', schema: companyReply })).then(
    (reply) => reply.company,
  );

export interface InvitationForm {
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
  readonly jobTitle: string;
  readonly role: string;
  readonly team: string | null;
}

export const sendInvitation = (form: InvitationForm): Promise<{ email: string }> =>
  call(() =>
    shopFetch('/company-account/invitations', {
      method: 'POST',
      body: form,
      schema: z.object({ email: z.string() }),
    }),
  );

export const registerCompany = (form: Registration): Promise<{ outcome: string }> =>
  shopFetch('/company-account/register', {
    method: 'POST',
    body: form,
    schema: z.object({ outcome: z.string() }),
  });

export const previewInvitation = (invitation: string): Promise<InvitationPreview> =>
  shopFetch(`/company-account/invitation?invitation=${encodeURIComponent(invitation)}`, {
    method: 'GET',
    schema: z.object({ companyName: z.string(), email: z.string(), expired: z.boolean() }),
  });

export const acceptInvitation = (invitation: string): Promise<CompanyAnswer | null> =>
  call(() =>
    shopFetch('/company-account/join', { method: 'POST', body: { invitation }, schema: companyReply }),
  ).then((reply) => reply.company);

/** Where the join page keeps the invitation while the shopper signs in or creates an account. */
export const INVITATION_KEY = 'company-invitation';
export const COMPANY_PAGE = '/company';
export const REGISTER_PAGE = '/company/register';
export const JOIN_PAGE = '/company/join';
