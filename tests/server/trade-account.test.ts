/**
 * Applying for a trade account through the storefront server, against a real embedded back end over HTTP:
 * a new applicant becomes a Magento customer in "Trade (pending)" with `taxvat` and the company address as
 * default billing (with `vat_id` and company); each VAT-number fault is refused with its message before
 * Magento is asked; Magento's own refusal (the e-mail is taken) reaches the applicant; a signed-in customer
 * applies with their account and keeps everything they had; approval is the merchant moving the customer to
 * "Trade"; Magento down says so; applications are counted per client and per e-mail address, and those over
 * the limit are refused before Magento is asked. Each application made is confirmed by e-mail (read from
 * the mail catcher), once; an outbox that cannot queue never fails the application.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningStorefront } from '../../src/server/server.ts';
import { trustedProxies } from '../../src/http/index.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { createTradeAccountRoutes } from '../../src/server/shopper/trade-account.ts';
import { checkUkVatNumber } from '../../src/features/trade/vat-number.ts';
import { tradeAccountTexts } from '../../src/features/trade/account-texts.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeFakeSite, raw, sessionCookie, startFakeSite, type FakeSite } from './helpers.ts';
import { applicationMailTexts } from '../../src/features/trade/application-mail.ts';
import type { ShopMail } from '../../src/mail/shop-mail.ts';
import { eventually, startTestCatcher, testShopMail, type TestCatcher } from '../support/mail.ts';
import { sqliteTestStore, type TestStore } from '../support/stores.ts';

const SITE = 'http://127.0.0.1:4321';
const DOWN = 'http://127.0.0.1:9';
const GROUPS = { pending: 4, trade: 5 };
let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;
let down: RunningStorefront;
let noQueue: RunningStorefront;
let stores: TestStore;
let catcher: TestCatcher;
let shopMail: ReturnType<typeof testShopMail>;

beforeAll(async () => {
  [backend, catcher] = await Promise.all([startTestBackend(), startTestCatcher()]);
  stores = sqliteTestStore();
  shopMail = testShopMail(stores.store, catcher);
  site = makeFakeSite();
  const routes = (baseUrl: string, mail: ShopMail = shopMail.mail) => [
    createSessionRoutes({ magento: { baseUrl }, siteUrl: SITE, tokenLifetime: 3600 }),
    createTradeAccountRoutes({
      magento: { baseUrl, token: INTEGRATION_TOKEN, attempts: 1 },
      groups: () => Promise.resolve(GROUPS),
      siteUrl: SITE,
      // The tests play different clients through X-Forwarded-For from loopback.
      trustedProxies: trustedProxies(['loopback']),
      mail,
    }),
  ];
  shop = await startFakeSite(site, { siteUrl: SITE, routes: routes(backend.url) });
  down = await startFakeSite(site, { siteUrl: SITE, routes: routes(DOWN) });
  // An outbox whose store refuses every message: the applications must stand all the same.
  const refusing = { ...shopMail.mail, outbox: { enqueue: () => Promise.reject(new Error('store down')) } };
  noQueue = await startFakeSite(site, { siteUrl: SITE, routes: routes(backend.url, refusing) });
});
afterAll(async () => {
  await shop.close();
  await down.close();
  await noQueue.close();
  shopMail.stop();
  await catcher.dispose();
  await stores.dispose();
  await backend.stop();
  rmSync(site.root, { recursive: true, force: true });
});

let serial = 0;
const application = (overrides: Record<string, string> = {}) => ({
  company: 'Brightwater Facilities Ltd',
  vat: 'GB 246 8135 93',
  firstname: 'Priya',
  lastname: 'Shah',
  street: '4 Mill Lane',
  city: 'Leeds',
  region: '',
  postcode: 'ls1 4ap',
  telephone: '0113 496 0000',
  email: `trade-${Date.now()}-${++serial}@example.com`,
  password: 'Trade-Pass-123',
  ...overrides,
});

let clients = 0;
/** A client address of its own, so one test's applications never count against another's. */
const newClient = () => `198.51.100.${++clients}`;

const apply = (body: unknown, cookie = '', base = shop.url, client = newClient()) =>
  raw(base, '/trade-account/apply', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: SITE,
      'X-Forwarded-For': client,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  });
const answer = (reply: { body: Buffer }) =>
  JSON.parse(reply.body.toString()) as { outcome?: string; message?: string };

const signIn = (email: string, password: string) => sessionCookie(shop.url, SITE, email, password);

/** The customer as Magento keeps them, read with their own token; undefined when they cannot sign in. */
async function customerOf(form: { email: string; password: string }) {
  const token = await backend.call('POST', '/rest/V1/integration/customer/token', {
    body: { username: form.email, password: form.password },
  });
  if (token.status !== 200) return undefined;
  return (await backend.call('GET', '/rest/V1/customers/me', { token: token.body as string })).body;
}

describe('a new applicant', () => {
  it('becomes a customer in Trade (pending) with taxvat and the company address as default billing', async () => {
    const form = application();
    const reply = await apply(form);
    expect(reply.status).toBe(201);
    expect(answer(reply).outcome).toBe('applied');
    const customer = await customerOf(form);
    expect(customer.group_id).toBe(GROUPS.pending);
    expect(customer.taxvat).toBe('GB246813593');
    const billing = customer.addresses.find(
      (address: { id: number }) => String(address.id) === String(customer.default_billing),
    );
    expect(billing).toMatchObject({
      company: 'Brightwater Facilities Ltd',
      vat_id: 'GB246813593',
      postcode: 'LS1 4AP',
      country_id: 'GB',
    });
    // They can sign in with what they chose.
    expect(await signIn(form.email, form.password)).not.toBe('');
  });

  it('is told by e-mail that the application is with us, in plain words signed by the shop', async () => {
    const form = application();
    expect((await apply(form)).status).toBe(201);
    const [mail] = await eventually(
      async () => (await catcher.messagesTo(form.email)).length > 0 && catcher.messagesTo(form.email),
    );
    expect(mail?.subject).toBe(applicationMailTexts.subject);
    expect(mail?.from).toBe('"Clearwater Cleaning" <shop@example.com>');
    expect(mail?.text).toContain('Hello Priya,');
    expect(mail?.text).toContain('Brightwater Facilities Ltd');
    expect(mail?.text).toContain('VAT number: GB246813593');
    expect(mail?.text).toContain('Unit 4, Riverside Park, Leeds LS10 1AB, United Kingdom');
    expect(mail?.html).toContain('Brightwater Facilities Ltd');
  });

  it('is still applied when the e-mail cannot be queued', async () => {
    const form = application();
    const reply = await apply(form, '', noQueue.url);
    expect(reply.status).toBe(201);
    expect((await customerOf(form))?.group_id).toBe(GROUPS.pending);
  });

  it('needs no VAT number: a business that is not VAT-registered applies without one', async () => {
    const form = application({ vat: '  ' });
    expect((await apply(form)).status).toBe(201);
    const customer = await customerOf(form);
    expect(customer.group_id).toBe(GROUPS.pending);
    expect(customer.taxvat).toBeUndefined();
  });

  it.each([
    ['FR 123 4567 82', 'country'],
    ['GB 123 4567 8', 'length'],
    ['GB 123 4567 83', 'check-digits'],
    ['GB 12O 4567 82', 'letter'],
    ['GB 123/4567/82', 'characters'],
  ])('is refused with the VAT number’s own message for %s, and nothing is created', async (vat, problem) => {
    const form = application({ vat });
    const check = checkUkVatNumber(vat);
    expect(check).toMatchObject({ ok: false, problem });
    const reply = await apply(form);
    expect(reply.status).toBe(400);
    expect(answer(reply).message).toContain(check.ok ? '' : check.message);
    expect(await customerOf(form)).toBeUndefined();
  });

  it('hears Magento’s own refusal when the e-mail is taken', async () => {
    const taken = await backend.newCustomer();
    const reply = await apply(application({ email: taken.email }));
    expect(reply.status).toBe(400);
    expect(answer(reply).message).toMatch(/same email address already exists/);
  });

  it('is told what to change for a postcode outside the UK’s forms and a missing company name', async () => {
    const reply = await apply(application({ postcode: '75001', company: '' }));
    expect(reply.status).toBe(400);
    expect(answer(reply).message).toContain(tradeAccountTexts.postcodeInvalid);
    expect(answer(reply).message).toContain(tradeAccountTexts.companyRequired);
  });
});

describe('the throttle', () => {
  /** Customers in Trade (pending) whose e-mail starts with `prefix`, as the merchant's queue lists them. */
  async function pendingWith(prefix: string): Promise<number> {
    const query = new URLSearchParams({
      'searchCriteria[filterGroups][0][filters][0][field]': 'email',
      'searchCriteria[filterGroups][0][filters][0][value]': `${prefix}%`,
      'searchCriteria[filterGroups][0][filters][0][conditionType]': 'like',
    });
    const found = await backend.call('GET', `/rest/V1/customers/search?${query}`, {
      token: INTEGRATION_TOKEN,
    });
    return (found.body.items as { group_id: number }[]).filter((c) => c.group_id === GROUPS.pending).length;
  }

  it('takes five applications an hour from one address, even sent together, and says how long to wait', async () => {
    const client = newClient();
    const prefix = `burst-${Date.now()}`;
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        apply(application({ email: `${prefix}-${n}@example.com` }), '', shop.url, client),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([
      ...Array(5).fill(201),
      ...Array(7).fill(429),
    ]);
    const [held] = replies.filter((reply) => reply.status === 429);
    if (!held) throw new Error('none held');
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(3000);
    expect(answer(held).message).toMatch(
      /^We have had too many trade account applications from your network\. Please try again in \d+ minutes\.$/,
    );
    expect(await pendingWith(prefix)).toBe(5);
    // Another client is not held.
    expect((await apply(application())).status).toBe(201);
  });

  it('takes three applications an hour with one e-mail address, whatever the client', async () => {
    const form = application();
    const statuses = [];
    for (let n = 0; n < 4; n++) statuses.push((await apply(form)).status);
    // The first creates the customer; Magento refuses the next two (the e-mail is taken); the fourth waits.
    expect(statuses).toEqual([201, 400, 400, 429]);
    const held = await apply({ ...form, email: form.email.toUpperCase() });
    expect(answer(held).message).toMatch(
      /^We have had too many trade account applications with this e-mail address\./,
    );
  });

  it('does not count a form sent back with mistakes', async () => {
    const client = newClient();
    for (let n = 0; n < 6; n++)
      expect((await apply(application({ postcode: 'nowhere' }), '', shop.url, client)).status).toBe(400);
    expect((await apply(application(), '', shop.url, client)).status).toBe(201);
  });
});

describe('a signed-in customer', () => {
  it('applies with their account, keeps their addresses, and is told once it is pending or approved', async () => {
    const customer = await backend.newCustomer();
    const before = (await backend.call('GET', '/rest/V1/customers/me', { token: customer.token })).body;
    const session = await signIn(customer.email, customer.password);
    const form = application({ email: '', password: '' });
    const reply = await apply(form, session);
    expect(reply.status).toBe(201);
    const after = (await backend.call('GET', '/rest/V1/customers/me', { token: customer.token })).body;
    expect(after.group_id).toBe(GROUPS.pending);
    expect(after.taxvat).toBe('GB246813593');
    expect(after.firstname).toBe(before.firstname);
    expect(after.addresses).toHaveLength(before.addresses.length + 1);
    const billing = after.addresses.find(
      (address: { id: number }) => String(address.id) === String(after.default_billing),
    );
    expect(billing.company).toBe('Brightwater Facilities Ltd');
    expect(after.default_shipping).toBe(before.default_shipping);

    expect(answer(await apply(form, session)).outcome).toBe('already-pending');
    // One confirmation, for the application made; none for the one already pending.
    await eventually(async () => (await catcher.messagesTo(customer.email)).length > 0);
    await shopMail.mail.outbox.enqueue('nudge:trade-account-test', {
      to: 'nobody@example.com',
      subject: '',
      text: '',
      html: '',
    });
    await eventually(async () => (await catcher.messagesTo('nobody@example.com')).length > 0);
    expect((await catcher.messagesTo(customer.email)).map((m) => m.subject)).toEqual([
      applicationMailTexts.subject,
    ]);
    // The merchant finds the applicants (the pending group) and approves: the customer moves to Trade.
    const pending = await backend.call(
      'GET',
      `/rest/V1/customers/search?${new URLSearchParams({
        'searchCriteria[filterGroups][0][filters][0][field]': 'group_id',
        'searchCriteria[filterGroups][0][filters][0][value]': String(GROUPS.pending),
      }).toString()}`,
      { token: INTEGRATION_TOKEN },
    );
    expect(pending.status).toBe(200);
    expect(pending.body.items.map((found: { id: number }) => found.id)).toContain(customer.id);
    expect(pending.body.items.every((found: { group_id: number }) => found.group_id === GROUPS.pending)).toBe(
      true,
    );
    expect((await backend.call('GET', '/rest/V1/customers/search', { token: customer.token })).status).toBe(
      401,
    );
    const approved = await backend.call('PUT', `/rest/V1/customers/${customer.id}`, {
      token: INTEGRATION_TOKEN,
      body: { customer: { ...after, group_id: GROUPS.trade } },
    });
    expect(approved.status).toBe(200);
    expect(answer(await apply(form, session)).outcome).toBe('already-trade');
  });
});

it('says plainly when Magento is down, and asks the applicant to try again', async () => {
  const reply = await apply(application(), '', down.url);
  expect(reply.status).toBe(503);
  expect(answer(reply).message).toBe(tradeAccountTexts.cannotApply);
});
