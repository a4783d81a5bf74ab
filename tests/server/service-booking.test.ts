/**
 * Service and repair booking through the storefront server, against a real embedded back end over HTTP
 * and the shop's store on SQLite (tests/store/service-bookings.test.ts runs the store on PostgreSQL too):
 * book the next free day, the last slot raced, refusals with their messages, move and cancel until the day
 * before, another's booking Not Found, the e-mails queued with their calendar files, and the merchant's
 * list of the day behind Magento's ACL. The idempotency key (a double submit, whose key it is):
 * service-booking-keys.test.ts.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '@cleaning-shop/kit/clock.ts';
import { newIdempotencyKey } from '../../src/features/service-booking/booking.ts';
import { serviceSettings } from '../../src/features/service-booking/settings.ts';
import { weekdayText } from '../../src/calendar/day-text.ts';
import { serviceBookingTexts as t } from '../../src/features/service-booking/texts.ts';
import type { Outbox, OutgoingMail } from '../../src/mail/outbox.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createServiceBookingAdminRoutes } from '../../src/server/shopper/service-booking-admin.ts';
import { createServiceBookingRoutes } from '../../src/server/shopper/service-booking.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { createPrivacyRoutes } from '../../src/server/shopper/privacy.ts';
import { SignInThrottle } from '../../src/server/shopper/sign-in-throttle.ts';
import { customerBookings } from '../../src/features/service-booking/bookings.server.ts';
import { customerPayments } from '../../src/payments/customer-records.ts';
import { trustedProxies } from '../../src/http/index.ts';
import { ADMIN, INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { sqliteTestStore, unreachablePostgresStore, type TestStore } from '../support/stores.ts';
import { makeFakeSite, raw, sessionCookie, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
// Thursday 19 November 2026, 10:00 in London: with two working days' notice the first free day is Monday 23rd.
const START = '2026-11-19T10:00:00Z';
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const clock = manualClock(START);
const settings = { ...serviceSettings(), slotsPerDay: 2 };

/** The outbox as the mail branch's queue behaves for a caller: once per key. */
const queued = new Map<string, OutgoingMail>();
const outbox: Outbox = {
  enqueue: async (key, mail) => void (queued.has(key) || queued.set(key, mail)),
};

let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;
let store: TestStore;

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  store = sqliteTestStore();
  const magento = { baseUrl: backend.url, token: INTEGRATION_TOKEN };
  shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [
      createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
      createServiceBookingRoutes({
        magento,
        store: store.store,
        clock,
        settings,
        outbox,
        sender: {
          name: 'Clearwater',
          address: '1 High St, Leeds',
          email: 'shop@example.com',
          phone: '0113 000',
        },
        siteUrl: SITE,
        trustedProxies: trustedProxies([]),
        // The file books for many guests from one address; the limit itself is tested below.
        guestLimit: { failures: 1000, windowSeconds: 3600 },
      }),
      createServiceBookingAdminRoutes({ magento: { baseUrl: backend.url }, store: store.store }),
      createPrivacyRoutes({
        magento,
        graphql: { baseUrl: backend.url },
        records: { payments: customerPayments(store.store), serviceBookings: customerBookings(store.store) },
        siteUrl: SITE,
        trustedProxies: trustedProxies([]),
        throttle: new SignInThrottle(SITE, { store: store.store }),
      }),
    ],
  });
});
afterAll(async () => {
  await shop.close();
  await backend.stop();
  await store.dispose();
  rmSync(site.root, { recursive: true, force: true });
});
beforeEach(async () => {
  clock.set(START);
  // Each test books on days of its own clock: the store starts empty.
  await store.store.run('DELETE FROM service_bookings').catch(() => undefined);
});

interface Answer {
  message?: string;
  problems?: Record<string, string>;
  nextFree?: string;
  booking?: { reference: string; day: string; status: string; changeable: boolean };
  bookings?: { reference: string }[];
  calendar?: string;
  manage?: string;
  days?: { day: string; state: string; free: number }[];
}

const parse = (reply: { body: Buffer }) => JSON.parse(reply.body.toString()) as Answer;
const form = (day: string, extra: Record<string, unknown> = {}) => ({
  machine: 'K 5',
  job: 'repair',
  fault: 'Stops after a minute; the hose leaks',
  handover: 'collection',
  address: { street: '2 Mill Lane', city: 'Leeds', postcode: 'ls1 4ap' },
  day,
  name: 'Ann Smith',
  email: 'ann@example.com',
  phone: '0113 496 0000',
  idempotencyKey: newIdempotencyKey(),
  ...extra,
});
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  raw(shop.url, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE, ...headers },
    body: JSON.stringify(body),
  });
const get = (path: string, headers: Record<string, string> = {}) => raw(shop.url, path, { headers });
const mailsTo = (reference: string) => [...queued.entries()].filter(([key]) => key.includes(reference));

async function customer() {
  const { email, password, token } = await backend.newCustomer();
  return { token, password, cookie: await sessionCookie(shop.url, SITE, email, password) };
}

describe('booking a service', () => {
  it('books the next free day, confirms it with a reference and queues the e-mail with the calendar file', async () => {
    const days = await get('/service-bookings/days');
    expect(days.status).toBe(200);
    expect(days.headers['cache-control']).toBe('no-store');
    const { nextFree, days: list } = parse(days);
    expect(nextFree).toBe(MONDAY);
    expect(list?.find((day) => day.day === '2026-11-20')?.state).toBe('closed');

    const reply = await post('/service-bookings', form(MONDAY));
    expect(reply.status).toBe(201);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const { booking, calendar, manage } = parse(reply);
    expect(booking).toMatchObject({ day: MONDAY, status: 'booked', changeable: true });
    // A guest's way back is on the confirmation too, should the e-mail not come.
    expect(manage).toMatch(/\/customer\/service-bookings#token=[\w-]{20,}$/);
    expect(booking?.reference).toMatch(/^SB-[A-Z0-9]{8}$/);
    expect(calendar).toContain('DTSTART;VALUE=DATE:20261123');

    const [[, mail] = []] = mailsTo(booking?.reference ?? '');
    expect(mail?.to).toBe('ann@example.com');
    expect(mail?.subject).toBe(t.mailBookedSubject(booking?.reference ?? ''));
    expect(mail?.text).toContain(weekdayText(MONDAY));
    expect(mail?.text).toContain('LS1 4AP');
    const [ics] = mail?.attachments ?? [];
    expect(ics?.filename).toBe(`${booking?.reference}.ics`);
    expect(ics?.contentType).toBe('text/calendar; method=REQUEST; charset=utf-8');
    expect(String(ics?.content)).toContain(`UID:${booking?.reference}@127.0.0.1`);
  });

  it('gives the last slot raced by two shoppers to one; the other is told the day is full and the next free day', async () => {
    expect((await post('/service-bookings', form(MONDAY))).status).toBe(201);
    const replies = await Promise.all([
      post('/service-bookings', form(MONDAY)),
      post('/service-bookings', form(MONDAY)),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    const full = parse(replies.find((reply) => reply.status === 409) ?? { body: Buffer.from('{}') });
    expect(full).toEqual({ message: t.dayFull, problems: { day: t.dayFull }, nextFree: TUESDAY });
    const days = parse(await get(`/service-bookings/days?from=${MONDAY}&to=${TUESDAY}`)).days;
    expect(days).toEqual([
      { day: MONDAY, state: 'full', free: 0 },
      { day: TUESDAY, state: 'open', free: 2 },
    ]);
  });

  it('refuses a past day, a day too soon and a repair without its fault, saying what to change', async () => {
    const past = await post('/service-bookings', form('2026-11-18'));
    expect(past.status).toBe(400);
    expect(parse(past).problems?.['day']).toBe(t.dayPast('2026-11-19'));
    const soon = await post('/service-bookings', form('2026-11-20'));
    expect(parse(soon).message).toBe(t.dayTooSoon(MONDAY));
    const noFault = await post(
      '/service-bookings',
      form(MONDAY, { fault: ' ', postcode: undefined, phone: 'x' }),
    );
    expect(noFault.status).toBe(400);
    expect(parse(noFault).problems).toEqual({ fault: t.problems.fault, phone: t.problems.phone });
    expect(parse(await get(`/service-bookings/days?from=${MONDAY}&to=${MONDAY}`)).days?.[0]?.free).toBe(2);
  });
});

describe('a guest booking from one address', () => {
  it('is held after the limit, with the wait in words, so nobody fills the calendar', async () => {
    // A store of its own: this file's other guests counted in the shared one.
    const own = sqliteTestStore();
    const limited = await startFakeSite(site, {
      siteUrl: SITE,
      routes: [
        createServiceBookingRoutes({
          magento: { baseUrl: backend.url, token: INTEGRATION_TOKEN },
          store: own.store,
          clock,
          settings,
          outbox,
          sender: { name: 'Clearwater', address: '1 High St', email: 'shop@example.com', phone: '0113 000' },
          siteUrl: SITE,
          trustedProxies: trustedProxies([]),
          guestLimit: { failures: 2, windowSeconds: 3600 },
        }),
      ],
    });
    try {
      const book = (day: string) =>
        raw(limited.url, '/service-bookings', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: SITE },
          body: JSON.stringify(form(day)),
        });
      expect((await book(MONDAY)).status).toBe(201);
      expect((await book(TUESDAY)).status).toBe(201);
      const held = await book(TUESDAY);
      expect(held.status).toBe(429);
      expect(parse(held).message).toMatch(new RegExp(`^${t.tooManyBookings} Please try again in `));
      expect(held.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
      await own.dispose();
    }
  });
});

describe('a customer’s bookings', () => {
  it('moves and cancels until the day before, not on the day, each with its e-mail', async () => {
    const { cookie } = await customer();
    const booked = parse(await post('/service-bookings', form(MONDAY), { Cookie: cookie })).booking;
    const reference = booked?.reference ?? '';
    const mine = parse(await get('/service-bookings/mine', { Cookie: cookie }));
    expect(mine.bookings?.map((booking) => booking.reference)).toEqual([reference]);

    const moved = await post(`/service-bookings/${reference}/move`, { day: TUESDAY }, { Cookie: cookie });
    expect(moved.status).toBe(200);
    expect(parse(moved).booking).toMatchObject({ day: TUESDAY, status: 'booked' });
    const movedMail = mailsTo(reference).find(([key]) => key.startsWith('service-booking-moved'))?.[1];
    expect(movedMail?.subject).toBe(t.mailMovedSubject(reference));
    expect(String(movedMail?.attachments?.[0]?.content)).toContain('SEQUENCE:1');

    clock.set('2026-11-24T08:00:00Z');
    const late = await post(`/service-bookings/${reference}/cancel`, {}, { Cookie: cookie });
    expect(late.status).toBe(409);
    expect(parse(late).message).toBe(t.tooLate);
    expect(
      (await post(`/service-bookings/${reference}/move`, { day: '2026-11-30' }, { Cookie: cookie })).status,
    ).toBe(409);

    clock.set('2026-11-23T22:00:00Z');
    const cancelled = await post(`/service-bookings/${reference}/cancel`, {}, { Cookie: cookie });
    expect(parse(cancelled).booking?.status).toBe('cancelled');
    const cancelMail = mailsTo(reference).find(([key]) => key.startsWith('service-booking-cancelled'))?.[1];
    expect(cancelMail?.attachments?.[0]?.contentType).toBe('text/calendar; method=CANCEL; charset=utf-8');
    expect(String(cancelMail?.attachments?.[0]?.content)).toContain('SEQUENCE:2');
  });

  it('answers another customer’s booking as Not Found, and a guest’s through the link in their e-mail', async () => {
    const owner = await customer();
    const other = await customer();
    const reference = parse(await post('/service-bookings', form(MONDAY), { Cookie: owner.cookie })).booking
      ?.reference;
    for (const reply of [
      await post(`/service-bookings/${reference}/cancel`, {}, { Cookie: other.cookie }),
      await post(`/service-bookings/${reference}/move`, { day: TUESDAY }, { Cookie: other.cookie }),
      await get(`/service-bookings/${reference}/calendar.ics`, { Cookie: other.cookie }),
    ]) {
      expect(reply.status).toBe(404);
      expect(parse(reply).message).toBe(t.notFound);
    }
    expect(parse(await get('/service-bookings/mine', { Cookie: other.cookie })).bookings).toEqual([]);
    expect((await get('/service-bookings/mine')).status).toBe(401);

    const guest = parse(await post('/service-bookings', form(TUESDAY))).booking?.reference ?? '';
    const link = /#token=([\w-]+)/.exec(mailsTo(guest)[0]?.[1].text ?? '')?.[1] ?? '';
    const theirs = parse(await get('/service-bookings/mine', { 'Booking-Token': link }));
    expect(theirs.bookings?.map((booking) => booking.reference)).toEqual([guest]);
    const ics = await get(`/service-bookings/${guest}/calendar.ics`, { 'Booking-Token': link });
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect((await get(`/service-bookings/${reference}/calendar.ics`, { 'Booking-Token': link })).status).toBe(
      404,
    );
  });
});

describe('the shop’s store down', () => {
  it('says so plainly, and the form keeps what was typed', async () => {
    const down = await unreachablePostgresStore();
    const downShop = await startFakeSite(site, {
      siteUrl: SITE,
      routes: [
        createServiceBookingRoutes({
          magento: { baseUrl: backend.url, token: INTEGRATION_TOKEN },
          store: down,
          clock,
          settings,
          outbox,
          sender: { name: 'Clearwater', address: '1 High St', email: 'shop@example.com', phone: '0113 000' },
          siteUrl: SITE,
          trustedProxies: trustedProxies([]),
        }),
      ],
    });
    try {
      const booked = await raw(downShop.url, '/service-bookings', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: SITE },
        body: JSON.stringify(form(MONDAY)),
      });
      expect(booked.status).toBe(503);
      expect(parse(booked).message).toBe(t.notBooked);
      const days = await raw(downShop.url, '/service-bookings/days');
      expect([days.status, parse(days).message]).toEqual([503, t.unavailable]);
    } finally {
      await downShop.close();
      await down.close();
    }
  });
});

describe('the customer’s data', () => {
  it('holds their bookings in the export, and the account’s deletion removes them', async () => {
    const { cookie, password } = await customer();
    const reference = parse(await post('/service-bookings', form(MONDAY), { Cookie: cookie })).booking
      ?.reference;
    const exported = JSON.parse((await get('/account/data', { Cookie: cookie })).body.toString()) as {
      shopRecords: { serviceBookings?: { reference: string; details: { machine: string } }[] };
    };
    expect(exported.shopRecords.serviceBookings).toMatchObject([{ reference, details: { machine: 'K 5' } }]);
    expect((await post('/account/delete', { password }, { Cookie: cookie })).status).toBe(200);
    const left = await store.store.query('SELECT reference FROM service_bookings WHERE reference = ?', [
      reference,
    ]);
    expect(left).toEqual([]);
  });
});

describe('the merchant’s list of the day', () => {
  const REFUSED = "The consumer isn't authorized to access Magento_Customer::customer.";

  it('lists the day’s bookings as JSON and CSV for an admin or integration token', async () => {
    await post('/service-bookings', form(MONDAY, { name: '=HYPERLINK("x")' }));
    const admin = (await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN }))
      .body as string;
    for (const token of [INTEGRATION_TOKEN, admin]) {
      const json = await get(`/admin/service-bookings?date=${MONDAY}`, { Authorization: `Bearer ${token}` });
      expect(json.status).toBe(200);
      expect(json.headers['cache-control']).toBe('no-store');
      const list = JSON.parse(json.body.toString()) as { bookings: { details: { machine: string } }[] };
      expect(list.bookings.map((booking) => booking.details.machine)).toEqual(['K 5']);
    }
    for (const path of [
      `/admin/service-bookings.csv?date=${MONDAY}`,
      `/admin/service-bookings?date=${MONDAY}&format=csv`,
    ]) {
      const csv = await get(path, { Authorization: `Bearer ${INTEGRATION_TOKEN}` });
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['cache-control']).toBe('no-store');
      const [header, row] = csv.body.toString().split('\r\n');
      expect(header).toMatch(/^Reference,Day,Slot,Machine/);
      expect(row).toContain(`${MONDAY},1,K 5,repair`);
      expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    }
  });

  it('answers 401 without a token or with a bad one, 403 for a customer’s, in Magento’s words', async () => {
    const { token } = await customer();
    const path = `/admin/service-bookings?date=${MONDAY}`;
    for (const headers of [{}, { Authorization: 'Bearer not-a-token' }, { Authorization: 'Basic abc' }]) {
      const reply = await get(path, headers);
      expect(reply.status).toBe(401);
      expect(parse(reply).message).toBe(REFUSED);
      expect(reply.headers['www-authenticate']).toBe('Bearer');
    }
    const forbidden = await get(path, { Authorization: `Bearer ${token}` });
    expect(forbidden.status).toBe(403);
    expect(parse(forbidden).message).toBe(REFUSED);
    expect(
      (await get('/admin/service-bookings?date=tomorrow', { Authorization: `Bearer ${INTEGRATION_TOKEN}` }))
        .status,
    ).toBe(400);
  });
});
