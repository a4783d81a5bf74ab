/**
 * Company accounts through the storefront server (issue 68), against a real embedded back end over HTTP:
 * the administrator invites a buyer (the e-mail queued in the outbox with the link), the invitee creates an
 * account and joins with the role, team and job title chosen, and appears among the users; a buyer whose role
 * may not edit users is refused; a removed user's next call ends their session; an invitation for another
 * address, changed or expired is refused; and a company registered (by a guest or a signed-in customer)
 * waits for the merchant's approval.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '@cleaning-shop/embedded-magento/seed/company.ts';
import { companyTexts, type CompanyAnswer } from '../../src/features/company/index.ts';
import type { OutgoingMail } from '../../src/mail/outbox.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createCompanyRoutes } from '../../src/server/shopper/company.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { trustedProxies } from '../../src/http/index.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeFakeSite, raw, sessionCookie, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
const KEY = 'test-sign-in-key-for-company-invitations';
let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;
let later: RunningStorefront;
const sent: { key: string; mail: OutgoingMail }[] = [];

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  const mail = {
    sender: { name: 'Test Shop', address: '1 Test Street', email: 'shop@example.com', phone: '0100' },
    outbox: {
      enqueue: (key: string, message: OutgoingMail) => {
        sent.push({ key, mail: message });
        return Promise.resolve();
      },
    },
  };
  const routes = (now: () => number) => [
    createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
    createCompanyRoutes({
      magento: { baseUrl: backend.url, token: INTEGRATION_TOKEN, attempts: 1 },
      siteUrl: SITE,
      mail,
      signInKey: KEY,
      now,
      // Each throttle test names its own client in X-Forwarded-For; the others are 127.0.0.1.
      trustedProxies: trustedProxies(['127.0.0.1']),
    }),
  ];
  shop = await startFakeSite(site, { siteUrl: SITE, routes: routes(Date.now) });
  // Eight days on: every invitation made now has expired.
  later = await startFakeSite(site, {
    siteUrl: SITE,
    routes: routes(() => Date.now() + 8 * 24 * 3600 * 1000),
  });
});
afterAll(async () => {
  await Promise.all([shop.close(), later.close()]);
  await backend.stop();
  rmSync(site.root, { recursive: true, force: true });
});

const send = (method: string, path: string, cookie: string, body?: unknown, base = shop.url, from?: string) =>
  raw(base, path, {
    method,
    headers: {
      Origin: SITE,
      Cookie: cookie,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(from === undefined ? {} : { 'X-Forwarded-For': from }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const parse = <T>(reply: { body: Buffer }) => JSON.parse(reply.body.toString()) as T;
const companyOf = async (cookie: string) =>
  parse<{ company: CompanyAnswer | null }>(await send('GET', '/company-account', cookie)).company;

const admin = () => sessionCookie(shop.url, SITE, DEMO_COMPANY.admin.email, DEMO_COMPANY.admin.password);
const buyer = () => sessionCookie(shop.url, SITE, DEMO_COMPANY.buyer.email, DEMO_COMPANY.buyer.password);

/** The invitation of the last e-mail to `email`, from its link. */
function invitationTo(email: string): string {
  const mail = sent.filter((each) => each.mail.to === email).at(-1);
  const link = /\/company\/join\?invitation=([^\s"<]+)/.exec(mail?.mail.text ?? '');
  return decodeURIComponent(link?.[1] ?? '');
}

let serial = 0;
const newEmail = () => `invitee.${String(Date.now())}.${String(++serial)}@example.com`;

async function invite(
  cookie: string,
  email: string,
  role = 'Buyer',
  team: string | null = null,
  from?: string,
) {
  const company = await companyOf(cookie);
  const roleUid = company?.roles?.find((each) => each.name === role)?.uid ?? '';
  const body = { firstname: 'Ivy', lastname: 'Nash', email, jobTitle: 'Cleaner', role: roleUid, team };
  return send('POST', '/company-account/invitations', cookie, body, shop.url, from);
}

describe('an invitation', () => {
  it('is e-mailed with its link; the invitee makes an account, joins, and is a user with the role', async () => {
    const cookie = await admin();
    const company = await companyOf(cookie);
    expect(company).toMatchObject({ name: DEMO_COMPANY.name, isAdmin: true, mayEditUsers: true });
    const team = parse<{ company: CompanyAnswer }>(
      await send('POST', '/company-account/teams', cookie, { name: `Nights ${String(++serial)}` }),
    ).company.teams?.at(-1);
    const email = newEmail();
    const invited = await invite(cookie, email, 'Buyer', team?.uid ?? null);
    expect(invited.status, invited.body.toString()).toBe(201);
    const mail = sent.at(-1);
    expect(mail?.mail).toMatchObject({
      to: email,
      subject: `You are invited to buy for ${DEMO_COMPANY.name}`,
    });
    expect(mail?.mail.text).toContain(`${SITE}/company/join?invitation=`);
    const invitation = invitationTo(email);
    const preview = await raw(
      shop.url,
      `/company-account/invitation?invitation=${encodeURIComponent(invitation)}`,
    );
    expect(parse(preview)).toEqual({ companyName: DEMO_COMPANY.name, email, expired: false });

    const joiner = await backend.newCustomer(email);
    const session = await sessionCookie(shop.url, SITE, joiner.email, joiner.password);
    const joined = await send('POST', '/company-account/join', session, { invitation });
    expect(joined.status, joined.body.toString()).toBe(200);
    expect(parse<{ company: CompanyAnswer }>(joined).company.name).toBe(DEMO_COMPANY.name);
    const row = (await companyOf(cookie))?.users?.find((user) => user.email === email);
    expect(row).toMatchObject({ roleName: 'Buyer', jobTitle: 'Cleaner', active: true, teamUid: team?.uid });
  });

  it('is refused to a buyer whose role may not edit users', async () => {
    const roles = (await companyOf(await admin()))?.roles ?? [];
    const reply = await send('POST', '/company-account/invitations', await buyer(), {
      firstname: 'Ivy',
      lastname: 'Nash',
      email: newEmail(),
      role: roles[1]?.uid,
    });
    expect(reply.status).toBe(403);
    expect(parse(reply)).toEqual({ message: companyTexts.mayNotEditUsers });
  });

  it('is refused to another address, when changed, and once expired', async () => {
    const email = newEmail();
    await invite(await admin(), email);
    const invitation = invitationTo(email);
    const other = await backend.newCustomer();
    const session = await sessionCookie(shop.url, SITE, other.email, other.password);
    const wrong = await send('POST', '/company-account/join', session, { invitation });
    expect([wrong.status, parse(wrong)]).toEqual([403, { message: companyTexts.otherEmail }]);
    const changed = `${invitation.slice(0, 10)}x${invitation.slice(11)}`;
    expect((await send('POST', '/company-account/join', session, { invitation: changed })).status).toBe(400);
    const expired = await send('POST', '/company-account/join', session, { invitation }, later.url);
    expect([expired.status, parse(expired)]).toEqual([410, { message: companyTexts.expiredInvitation }]);
  });
});

describe('an invitation, kept', () => {
  it('works once: a removed user does not rejoin with their old link', async () => {
    const cookie = await admin();
    const email = newEmail();
    await invite(cookie, email);
    const invitation = invitationTo(email);
    const joiner = await backend.newCustomer(email);
    const join = async () =>
      send('POST', '/company-account/join', await sessionCookie(shop.url, SITE, email, joiner.password), {
        invitation,
      });
    expect((await join()).status).toBe(200);
    const uid = (await companyOf(cookie))?.users?.find((user) => user.email === email)?.uid ?? '';
    expect((await send('DELETE', `/company-account/users/${encodeURIComponent(uid)}`, cookie)).status).toBe(
      200,
    );
    const again = await join();
    expect([again.status, parse(again)]).toEqual([410, { message: companyTexts.usedInvitation }]);
    expect((await companyOf(cookie))?.users?.some((user) => user.email === email)).toBe(false);
  });

  it('is e-mailed once while it is open: inviting the address again is refused', async () => {
    const cookie = await admin();
    const email = newEmail();
    expect((await invite(cookie, email)).status).toBe(201);
    const second = await invite(cookie, email, 'Approver');
    expect([second.status, parse(second)]).toEqual([409, { message: companyTexts.alreadyInvited(email) }]);
    expect(sent.filter((each) => each.mail.to === email)).toHaveLength(1);
  });

  it('is counted per client: the eleventh in an hour from one network waits', async () => {
    const cookie = await admin();
    const from = '198.51.100.7';
    for (let n = 0; n < 10; n++)
      expect((await invite(cookie, newEmail(), 'Buyer', null, from)).status).toBe(201);
    const email = newEmail();
    const over = await invite(cookie, email, 'Buyer', null, from);
    expect(over.status).toBe(429);
    expect(parse<{ message: string }>(over).message).toContain(companyTexts.tooManyInvitations);
    expect(sent.some((each) => each.mail.to === email)).toBe(false);
  });
});

describe('a user who may edit users and roles, but is not the administrator', () => {
  const LEAD = [
    ...['Magento_Company::index', 'Magento_Company::view', 'Magento_Company::user_management'],
    ...['Magento_Company::users_view', 'Magento_Company::users_edit'],
    ...['Magento_Company::roles_view', 'Magento_Company::roles_edit'],
  ];

  /** A team lead, joined through an invitation: their session. */
  async function teamLead(): Promise<string> {
    const cookie = await admin();
    const made = await send('POST', '/company-account/roles', cookie, {
      name: `Team lead ${String(++serial)}`,
      permissions: LEAD,
    });
    const role = parse<{ company: CompanyAnswer }>(made).company.roles?.at(-1)?.name ?? '';
    const email = newEmail();
    expect((await invite(cookie, email, role)).status).toBe(201);
    const joiner = await backend.newCustomer(email);
    const session = await sessionCookie(shop.url, SITE, email, joiner.password);
    expect(
      (await send('POST', '/company-account/join', session, { invitation: invitationTo(email) })).status,
    ).toBe(200);
    return session;
  }

  it('changes neither the administrator nor anyone upward, themself included, and is refused without being signed out', async () => {
    const lead = await teamLead();
    const page = await companyOf(lead);
    const approver = page?.roles?.find((role) => role.name === 'Approver')?.uid ?? '';
    const adminRow = page?.users?.find((user) => user.isAdmin);
    const mine = page?.users?.find((user) => !user.isAdmin && user.roleName?.startsWith('Team lead'));
    const raiseAdmin = await send(
      'PUT',
      `/company-account/users/${encodeURIComponent(adminRow?.uid ?? '')}`,
      lead,
      {
        active: false,
      },
    );
    expect([raiseAdmin.status, parse(raiseAdmin)]).toEqual([403, { message: companyTexts.mayNotChangeUser }]);
    const raiseSelf = await send(
      'PUT',
      `/company-account/users/${encodeURIComponent(mine?.uid ?? '')}`,
      lead,
      {
        role: approver,
      },
    );
    expect([raiseSelf.status, parse(raiseSelf)]).toEqual([403, { message: companyTexts.mayNotGrant }]);
    const inviteApprover = await invite(lead, newEmail(), 'Approver');
    expect([inviteApprover.status, parse(inviteApprover)]).toEqual([
      403,
      { message: companyTexts.mayNotGrant },
    ]);
    const role = await send('POST', '/company-account/roles', lead, {
      name: `Approvals ${String(++serial)}`,
      permissions: [...LEAD, 'Magento_PurchaseOrderRule::super_approve_purchase_order'],
    });
    expect([role.status, parse(role)]).toEqual([403, { message: companyTexts.mayNotGrant }]);
    // Refused, not signed out: the session goes on.
    expect((await companyOf(lead))?.roleName).toMatch(/^Team lead/);
  });
});

describe('a removed user', () => {
  it('is signed out at once: their next call is refused as a session ended', async () => {
    const cookie = await admin();
    const email = newEmail();
    await invite(cookie, email);
    const joiner = await backend.newCustomer(email);
    const session = await sessionCookie(shop.url, SITE, joiner.email, joiner.password);
    await send('POST', '/company-account/join', session, { invitation: invitationTo(email) });
    expect((await companyOf(session))?.name).toBe(DEMO_COMPANY.name);
    const uid = (await companyOf(cookie))?.users?.find((user) => user.email === email)?.uid ?? '';
    const removed = await send('DELETE', `/company-account/users/${encodeURIComponent(uid)}`, cookie);
    expect(removed.status, removed.body.toString()).toBe(200);
    expect(
      parse<{ company: CompanyAnswer }>(removed).company.users?.some((user) => user.email === email),
    ).toBe(false);
    const after = await send('GET', '/company-account', session);
    expect(after.status).toBe(401);
  });

  it("is not found when the uid is another company's", async () => {
    const other = await sessionCookie(
      shop.url,
      SITE,
      DEMO_COMPANY.other.admin.email,
      DEMO_COMPANY.other.admin.password,
    );
    const uid = (await companyOf(await admin()))?.users?.find(
      (user) => user.email === DEMO_COMPANY.buyer.email,
    )?.uid;
    const reply = await send('DELETE', `/company-account/users/${encodeURIComponent(uid ?? '')}`, other);
    expect(reply.status).toBe(404);
  });
});

describe('roles', () => {
  it('are made with permissions from the tree, and refused to a role without roles_edit', async () => {
    const cookie = await admin();
    const made = await send('POST', '/company-account/roles', cookie, {
      name: `Viewer ${String(++serial)}`,
      permissions: ['Magento_Company::index', 'Magento_Company::view'],
    });
    expect(made.status, made.body.toString()).toBe(201);
    const role = parse<{ company: CompanyAnswer }>(made).company.roles?.at(-1);
    expect(role?.allowed).toEqual(['Magento_Company::index', 'Magento_Company::view']);
    const refused = await send(
      'DELETE',
      `/company-account/roles/${encodeURIComponent(role?.uid ?? '')}`,
      await buyer(),
    );
    expect([refused.status, parse(refused)]).toEqual([403, { message: companyTexts.mayNotEditRoles }]);
    expect(
      (await send('DELETE', `/company-account/roles/${encodeURIComponent(role?.uid ?? '')}`, cookie)).status,
    ).toBe(200);
  });
});

const registration = (overrides: Record<string, string> = {}) => ({
  companyName: `Kestrel Cleaning ${String(++serial)}`,
  legalName: 'Kestrel Cleaning Ltd',
  companyEmail: `office.${String(Date.now())}.${String(serial)}@kestrel.example.com`,
  vatNumber: 'GB 246 8135 93',
  registrationNumber: '09123456',
  street: '1 Mill Lane',
  city: 'York',
  postcode: 'YO1 7HH',
  telephone: '01904 000000',
  ...overrides,
});

describe('registering a company', () => {
  it('by a guest makes their account and a pending company the merchant finds', async () => {
    const form = {
      ...registration(),
      firstname: 'Kit',
      lastname: 'Moor',
      email: newEmail(),
      password: 'Kestrel-Pass-123',
    };
    const reply = await send('POST', '/company-account/register', '', form);
    expect(reply.status, reply.body.toString()).toBe(201);
    const session = await sessionCookie(shop.url, SITE, form.email, form.password);
    expect(await companyOf(session)).toBeNull();
    const pending = await backend.call(
      'GET',
      `/rest/V1/company/?searchCriteria[filterGroups][0][filters][0][field]=company_name&searchCriteria[filterGroups][0][filters][0][value]=${encodeURIComponent(form.companyName)}`,
      { token: INTEGRATION_TOKEN },
    );
    expect(pending.body.items[0]).toMatchObject({
      status: 0,
      vat_tax_id: 'GB246813593',
      reseller_id: '09123456',
    });
  });

  it('is counted per client and per company e-mail, as trade applications are', async () => {
    const customer = await backend.newCustomer();
    const session = await sessionCookie(shop.url, SITE, customer.email, customer.password);
    const form = registration();
    const register = (from: string) =>
      send('POST', '/company-account/register', session, form, shop.url, from);
    expect((await register('198.51.100.20')).status).toBe(201);
    // The same company e-mail again: Magento refuses it, and each try counts.
    expect((await register('198.51.100.21')).status).toBe(400);
    expect((await register('198.51.100.22')).status).toBe(400);
    const over = await register('198.51.100.23');
    expect(over.status).toBe(429);
    expect(parse<{ message: string }>(over).message).toContain(companyTexts.tooManyRegistrationsForEmail);
    const network = '198.51.100.30';
    for (let n = 0; n < 5; n++)
      await send('POST', '/company-account/register', session, registration(), shop.url, network);
    const sixth = await send('POST', '/company-account/register', session, registration(), shop.url, network);
    expect(sixth.status).toBe(429);
    expect(parse<{ message: string }>(sixth).message).toContain(companyTexts.tooManyRegistrations);
  });

  it('by a signed-in customer; a bad VAT number is refused first', async () => {
    const customer = await backend.newCustomer();
    const session = await sessionCookie(shop.url, SITE, customer.email, customer.password);
    const bad = await send(
      'POST',
      '/company-account/register',
      session,
      registration({ vatNumber: 'GB123' }),
    );
    expect(bad.status).toBe(400);
    const reply = await send('POST', '/company-account/register', session, registration());
    expect(reply.status, reply.body.toString()).toBe(201);
    expect(await companyOf(session)).toBeNull();
  });
});
