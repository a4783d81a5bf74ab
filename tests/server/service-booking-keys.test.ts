/**
 * A service booking's idempotency key over HTTP, against a real embedded back end and the shop's store on
 * SQLite: a double submit from one browser books once, the key is answered again only to the browser (or
 * customer) that booked with it and only for the same details, anyone else gets a refusal with nothing of
 * the booking in it, and a key short enough to guess is not taken.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@cleaning-shop/kit/clock.ts';
import { newIdempotencyKey } from '../../src/features/service-booking/booking.ts';
import { serviceSettings } from '../../src/features/service-booking/settings.ts';
import { serviceBookingTexts as t } from '../../src/features/service-booking/texts.ts';
import { trustedProxies } from '../../src/http/index.ts';
import type { Outbox, OutgoingMail } from '../../src/mail/outbox.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createServiceBookingRoutes } from '../../src/server/shopper/service-booking.ts';
import { GUEST_COOKIE } from '../../src/server/shopper/service-booking-guest.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { sqliteTestStore, type TestStore } from '../support/stores.ts';
import { makeFakeSite, raw, sessionCookie, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
// Thursday 19 November 2026 in London: the first bookable day is Monday 23rd.
const clock = manualClock('2026-11-19T10:00:00Z');
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';

const queued = new Map<string, OutgoingMail>();
const outbox: Outbox = { enqueue: async (key, mail) => void (queued.has(key) || queued.set(key, mail)) };

let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;
let store: TestStore;

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  store = sqliteTestStore();
  shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [
      createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
      createServiceBookingRoutes({
        magento: { baseUrl: backend.url, token: INTEGRATION_TOKEN },
        store: store.store,
        clock,
        settings: serviceSettings(),
        outbox,
        sender: {
          name: 'Clearwater',
          address: '1 High St, Leeds',
          email: 'shop@example.com',
          phone: '0113 000',
        },
        siteUrl: SITE,
        trustedProxies: trustedProxies([]),
        guestLimit: { failures: 1000, windowSeconds: 3600 },
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

const ann = {
  machine: 'K 5',
  job: 'repair',
  fault: 'Stops after a minute',
  handover: 'collection',
  address: { street: '2 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' },
  day: MONDAY,
  name: 'Ann Smith',
  email: 'ann@example.com',
  phone: '0113 496 0000',
};
const bob = {
  ...ann,
  address: { street: '9 Kirk Road', city: 'York', postcode: 'YO1 7HH' },
  name: 'Bob Jones',
  email: 'bob@example.com',
  phone: '0190 496 0111',
};

/** A browser on the booking page: the free days it loads first give it its guest cookie, as the form's do. */
async function browser(): Promise<string> {
  const days = await raw(shop.url, '/service-bookings/days');
  expect(days.status).toBe(200);
  const cookie = (days.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${GUEST_COOKIE}=`));
  expect(cookie).toMatch(/; Path=\/service-bookings; HttpOnly; SameSite=Lax; /);
  return cookie?.split(';')[0] ?? '';
}

const book = (body: object, cookie?: string) =>
  raw(shop.url, '/service-bookings', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });

const parse = (reply: { body: Buffer }) =>
  JSON.parse(reply.body.toString()) as { message?: string; booking?: { reference: string; day: string } };

const mailsFor = (reference: string) => [...queued.keys()].filter((key) => key.includes(reference));

describe('a booking’s idempotency key', () => {
  it('books once for a double submit from one browser', async () => {
    const cookie = await browser();
    const body = { ...ann, idempotencyKey: newIdempotencyKey() };
    const [first, second] = await Promise.all([book(body, cookie), book(body, cookie)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const reference = parse(first).booking?.reference ?? '';
    expect(parse(second).booking?.reference).toBe(reference);
    expect(mailsFor(reference)).toHaveLength(1);
  });

  it('refuses another guest’s key and shows them nothing of that booking; its own guest gets it once', async () => {
    const [annBrowser, bobBrowser] = [await browser(), await browser()];
    const idempotencyKey = newIdempotencyKey();
    const booked = await book({ ...ann, idempotencyKey }, annBrowser);
    expect(booked.status).toBe(201);
    const reference = parse(booked).booking?.reference ?? '';

    for (const reply of [
      await book({ ...bob, idempotencyKey }, bobBrowser),
      // Nor with Ann's details copied, nor from a browser with no cookie yet.
      await book({ ...ann, idempotencyKey }, bobBrowser),
      await book({ ...bob, idempotencyKey }),
    ]) {
      expect(reply.status).toBe(409);
      expect(JSON.parse(reply.body.toString())).toEqual({ message: t.keyUsed });
      for (const theirs of [reference, 'Ann', 'ann@example.com', '496 0000', 'Mill Lane', 'LS1'])
        expect(reply.body.toString()).not.toContain(theirs);
    }

    const again = await book({ ...ann, idempotencyKey }, annBrowser);
    expect(again.status).toBe(200);
    expect(parse(again).booking).toMatchObject({ reference, day: MONDAY });
    expect(mailsFor(reference)).toHaveLength(1);
    const changed = await book({ ...ann, phone: '0113 496 0999', idempotencyKey }, annBrowser);
    expect([changed.status, parse(changed).message]).toEqual([409, t.keyUsed]);
  });

  it('refuses a customer’s key to a guest, and a guest’s to a customer', async () => {
    const { email, password } = await backend.newCustomer();
    const customer = await sessionCookie(shop.url, SITE, email, password);
    const guest = await browser();
    const [customerKey, guestKey] = [newIdempotencyKey(), newIdempotencyKey()];
    expect((await book({ ...ann, day: TUESDAY, idempotencyKey: customerKey }, customer)).status).toBe(201);
    expect((await book({ ...ann, day: TUESDAY, idempotencyKey: customerKey }, guest)).status).toBe(409);
    expect((await book({ ...bob, day: TUESDAY, idempotencyKey: guestKey }, guest)).status).toBe(201);
    expect((await book({ ...bob, day: TUESDAY, idempotencyKey: guestKey }, customer)).status).toBe(409);
  });

  it('takes only a key with room for 128 random bits, as the form makes', async () => {
    const cookie = await browser();
    for (const idempotencyKey of ['abcd1234', 'form-1-1763546400000', `${newIdempotencyKey()}!`]) {
      const reply = await book({ ...ann, idempotencyKey }, cookie);
      expect([reply.status, parse(reply).message]).toEqual([400, t.badBody]);
    }
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect((await book({ ...ann, day: WEDNESDAY, idempotencyKey: uuid }, cookie)).status).toBe(201);
  });
});
