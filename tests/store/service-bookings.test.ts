/**
 * Service bookings in the shared store, on SQLite and PostgreSQL, with two replicas (two connections): a
 * day's slots are given out once each, the last one raced gives one booking and one "full", the same
 * idempotency key books once and answers only its booker's repeat, and moving and cancelling free the slot
 * for the next shopper.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '@cleaning-shop/kit/clock.ts';
import type { BookingRequest } from '../../src/features/service-booking/booking.ts';
import {
  book,
  BookingRefused,
  bookingsOf,
  bookingsOn,
  cancelBooking,
  forgetCustomerBookings,
  moveBooking,
  type BookingStore,
} from '../../src/features/service-booking/bookings.server.ts';
import { TABLES } from '../../src/features/service-booking/rows.server.ts';
import { BOTH_STORES, type TestStore } from '../support/stores.ts';

// Thursday 19 November 2026, 10:00 in London: the first bookable day is Monday 23rd.
const clock = manualClock('2026-11-19T10:00:00Z');
const rules = { leadWorkingDays: 2, slotsPerDay: 2, bookAheadDays: 60, changeUntilDaysBefore: 1 };
const DAY = '2026-11-23';
/** A guest's browser, as its private cookie names it. */
const GUEST = { guest: 'kT3vQ9xL2mN8pR4sW6yZ1aB5cD7eF0gH2jK4lM6nP8q' };

let keys = 0;
const request = (day = DAY): BookingRequest => ({
  machine: 'K 5',
  job: 'service',
  fault: '',
  handover: 'drop-off',
  address: null,
  name: 'Ann Smith',
  email: 'ann@example.com',
  phone: '0113 496 0000',
  day,
  idempotencyKey: `key-${process.pid}-${(keys += 1)}`,
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'booked',
    (error: unknown) => (error instanceof BookingRefused ? error.reason : Promise.reject(error)),
  );

describe.each(BOTH_STORES)('service bookings on %s', (_name, make) => {
  let test: TestStore;
  let one: BookingStore;
  let two: BookingStore;
  beforeEach(() => {
    test = make();
    one = { store: test.store, clock, rules };
    two = { store: test.open(), clock, rules };
  });
  afterEach(() => test.dispose());

  it('gives the last slot raced by two replicas to one booking; the other is told the day is full', async () => {
    await book(one, request(), { customerId: 7 });
    const answers = await Promise.all([
      refusal(book(one, request(), { customerId: 8 })),
      refusal(book(two, request(), GUEST)),
    ]);
    expect(answers.sort()).toEqual(['booked', 'full']);
    const day = await bookingsOn(test.store, DAY);
    expect(day.map((booking) => booking.slot)).toEqual([0, 1]);
  });

  it('books once for a double submit, whichever replica each reaches', async () => {
    const form = request();
    const [first, second] = await Promise.all([book(one, form, GUEST), book(two, form, GUEST)]);
    expect(first.booking.reference).toBe(second.booking.reference);
    expect([first.fresh, second.fresh].sort()).toEqual([false, true]);
    expect(await bookingsOn(test.store, DAY)).toHaveLength(1);
  });

  it('answers a key again only to its booker with the same details, on either replica', async () => {
    const form = request();
    const { booking } = await book(one, form, GUEST);
    expect((await book(two, form, GUEST)).booking.reference).toBe(booking.reference);
    const otherGuest = { guest: 'Zz9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gF9eD8cB7aZ6y' };
    expect(await refusal(book(two, form, otherGuest))).toBe('key-used');
    expect(await refusal(book(one, form, { customerId: 7 }))).toBe('key-used');
    expect(await refusal(book(one, { ...form, phone: '0113 496 0999' }, GUEST))).toBe('key-used');
    expect(await refusal(book(two, { ...form, day: '2026-11-24' }, GUEST))).toBe('key-used');
    expect(await bookingsOn(test.store, DAY)).toHaveLength(1);
  });

  it('brings a table made before keys were checked up to date, and books in it', async () => {
    const [table = ''] = TABLES;
    await test.store.run(table.replace(/\s*request_check TEXT,/, ''));
    const form = request();
    const { booking } = await book(one, form, GUEST);
    expect((await book(two, form, GUEST)).booking.reference).toBe(booking.reference);
    expect(await refusal(book(two, form, { customerId: 7 }))).toBe('key-used');
  });

  it('moves to a free slot and frees the old one; cancelling frees it too', async () => {
    const { booking } = await book(one, request(), { customerId: 7 });
    await book(one, request(), { customerId: 8 });
    const moved = await moveBooking(two, booking, '2026-11-24');
    expect(moved).toMatchObject({ day: '2026-11-24', slot: 0, sequence: 1 });
    expect(await refusal(book(one, request(), { customerId: 9 }))).toBe('booked');
    expect(await refusal(book(one, request(), { customerId: 10 }))).toBe('full');
    const { booking: cancelled } = await cancelBooking(one, moved);
    expect(cancelled).toMatchObject({ status: 'cancelled', slot: null, sequence: 2 });
    expect(await bookingsOn(test.store, '2026-11-24')).toHaveLength(0);
    expect(await refusal(moveBooking(one, cancelled, DAY))).toBe('cancelled');
  });

  it('gives the last slot raced by two moves to one; the other keeps its own day', async () => {
    await book(one, request(), { customerId: 7 });
    const { booking: first } = await book(one, request('2026-11-24'), { customerId: 8 });
    const { booking: second } = await book(one, request('2026-11-25'), { customerId: 9 });
    const answers = await Promise.all([
      refusal(moveBooking(one, first, DAY)),
      refusal(moveBooking(two, second, DAY)),
    ]);
    expect([...answers].sort()).toEqual(['booked', 'full']);
    expect((await bookingsOn(test.store, DAY)).map((booking) => booking.slot)).toEqual([0, 1]);
    const stayed = answers[0] === 'full' ? first : second;
    expect((await bookingsOn(test.store, stayed.day)).map((booking) => booking.reference)).toEqual([
      stayed.reference,
    ]);
  });

  it('refuses to move into a full day and forgets a customer’s bookings', async () => {
    const { booking } = await book(one, request('2026-11-24'), { customerId: 7 });
    await book(one, request(), { customerId: 8 });
    await book(one, request(), { customerId: 9 });
    expect(await refusal(moveBooking(one, booking, DAY))).toBe('full');
    expect(await bookingsOf(test.store, { customerId: 7 })).toHaveLength(1);
    expect(await forgetCustomerBookings(test.store, 7)).toBe(1);
    expect(await bookingsOf(test.store, { customerId: 7 })).toHaveLength(0);
  });
});
