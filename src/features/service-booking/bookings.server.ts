/**
 * Service bookings in the shop's own store (PostgreSQL or SQLite, src/store/shared-store.ts), safe across
 * replicas without a lock: a booking holds one of its day's numbered slots, and the table's UNIQUE (day,
 * slot) lets only one booking have each. Booking takes the lowest free slot; when another replica took it
 * in between, the next; when none is left, the day is full. Moving takes the new day's slot and lets the
 * old one go in one UPDATE; cancelling lets it go (a cancelled booking keeps its day, with no slot).
 *
 * The same idempotency key (one per form) books once, for the booker who sent it with the same details:
 * the key is kept with a hash of who booked (a customer's id, a guest's browser id) and what they asked for,
 * and the key arriving from anyone else, or with other details, is refused, never answered with the booking.
 * A signed-in customer's bookings are theirs by Magento's customer id; a guest's by a token sent in the
 * e-mail's link, of which only a SHA-256 is kept.
 * "Today" is the shop's clock (src/config/clock.ts) in the UK, never the process's own.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '@cleaning-shop/kit/clock.ts';
import { wallClock, type IsoDay } from '../../calendar/working-days.ts';
import { addLaterColumns } from '../../store/later-columns.ts';
import { onceUntilFailure, type SharedStore } from '../../store/shared-store.ts';
import type { BookingDetails, BookingRequest } from './booking.ts';
import { COLUMNS, detailsOf, LATER_COLUMNS, TABLES, toBooking, type Booking } from './rows.server.ts';
import { canChange, lowestFreeSlot, refusalOf, type DayRefusal, type DayRules } from './days.ts';

export type { Booking } from './rows.server.ts';

/** Whose bookings: a customer by id, or a guest by the token of their e-mail's link. */
export type Owner = { readonly customerId: number } | { readonly token: string };

/** Who books: a signed-in customer by Magento's id, or a guest by their browser's id (a private cookie's). */
export type Booker = { readonly customerId: number } | { readonly guest: string };

/**
 * Why a booking was not made or changed; `key-used`: its idempotency key booked already, for another booker
 * or with other details.
 */
export type BookingRefusal = DayRefusal | 'full' | 'too-late' | 'cancelled' | 'changed' | 'key-used';

export class BookingRefused extends Error {
  readonly reason: BookingRefusal;
  constructor(reason: BookingRefusal) {
    super(`Booking refused: ${reason}`);
    this.name = 'BookingRefused';
    this.reason = reason;
  }
}

export interface BookingStore {
  readonly store: SharedStore;
  readonly clock: Clock;
  readonly rules: DayRules;
}

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');
const REFERENCE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newReference = (): string =>
  `SB-${Array.from({ length: 8 }, () => REFERENCE_LETTERS[randomInt(REFERENCE_LETTERS.length)]).join('')}`;

/** A second replica's insert of the same slot: PostgreSQL's 23505, SQLite's "UNIQUE constraint failed". */
const isUniqueViolation = (error: unknown): boolean =>
  (typeof error === 'object' && error !== null && 'code' in error && error.code === '23505') ||
  (error instanceof Error && /UNIQUE constraint failed/i.test(error.message));

/** The shop's day now, in the UK. */
export const todayOf = (deps: Pick<BookingStore, 'clock'>): IsoDay =>
  wallClock(new Date(deps.clock.now())).day;

const prepared = new WeakMap<SharedStore, () => Promise<void>>();

/** The table as this version has it, made (or brought up to date) once per store. */
function ready(store: SharedStore): Promise<void> {
  let prepare = prepared.get(store);
  if (!prepare) {
    prepare = onceUntilFailure(async () => {
      await store.ensure(TABLES);
      await addLaterColumns(store, 'service_bookings', LATER_COLUMNS);
    });
    prepared.set(store, prepare);
  }
  return prepare();
}

/** Slots booked per day from `from` to `to`. */
export async function takenPerDay(
  store: SharedStore,
  from: IsoDay,
  to: IsoDay,
): Promise<Map<IsoDay, number>> {
  await ready(store);
  const rows = await store.query(
    'SELECT day, COUNT(*) AS taken FROM service_bookings WHERE day >= ? AND day <= ? AND slot IS NOT NULL GROUP BY day',
    [from, to],
  );
  const counts = z.array(z.object({ day: z.string(), taken: z.coerce.number() })).parse(rows);
  return new Map(counts.map(({ day, taken }) => [day, taken]));
}

const takenSlots = async (store: SharedStore, day: IsoDay): Promise<number[]> =>
  z
    .array(z.object({ slot: z.coerce.number() }))
    .parse(await store.query('SELECT slot FROM service_bookings WHERE day = ? AND slot IS NOT NULL', [day]))
    .map(({ slot }) => slot);

/**
 * What a repeat of the key must match: the booker, the day and the details asked for, as a SHA-256 (the row
 * keeps no guest's id). The day is the one asked for, so a booking moved since still answers its form.
 */
const requestCheck = (booker: Booker, day: IsoDay, details: BookingDetails): string =>
  hashOf(
    JSON.stringify([
      'customerId' in booker ? `customer:${booker.customerId}` : `guest:${booker.guest}`,
      day,
      details,
    ]),
  );

const checkRow = z.object({ request_check: z.string().nullable() });

/** The booking the key made, for its booker's same request again; refused for anyone or anything else. */
async function byKey(store: SharedStore, key: string, check: string): Promise<Booked | undefined> {
  const [row] = await store.query(
    `SELECT ${COLUMNS}, request_check FROM service_bookings WHERE idempotency_key = ?`,
    [key],
  );
  if (!row) return undefined;
  if (checkRow.parse(row).request_check !== check) throw new BookingRefused('key-used');
  return { booking: toBooking(row), fresh: false };
}

/** A booking made: `token` is the guest's link token (only on the first answer); `fresh` false for a replay. */
export interface Booked {
  readonly booking: Booking;
  readonly fresh: boolean;
  readonly token?: string;
}

/**
 * Books the lowest free slot of `request.day`, or answers the booking the same idempotency key made for
 * the same booker and request. Throws BookingRefused: the key used by another booker or with other details;
 * the day is past, too soon, closed or too far, or full.
 */
export async function book(deps: BookingStore, request: BookingRequest, booker: Booker): Promise<Booked> {
  const { store, rules } = deps;
  await ready(store);
  const { day, idempotencyKey: key } = request;
  const details = detailsOf(request);
  const check = requestCheck(booker, day, details);
  const earlier = await byKey(store, key, check);
  if (earlier) return earlier;
  const refusal = refusalOf(day, todayOf(deps), rules);
  if (refusal) throw new BookingRefused(refusal);
  const customerId = 'customerId' in booker ? booker.customerId : null;
  const token = customerId === null ? randomBytes(24).toString('base64url') : undefined;
  // Each round either books, finds the key's booking, or sees one more slot taken: it ends within slotsPerDay + 1.
  for (let round = 0; round <= rules.slotsPerDay + 1; round += 1) {
    const slot = lowestFreeSlot(await takenSlots(store, day), rules.slotsPerDay);
    if (slot === undefined) throw new BookingRefused('full');
    const reference = newReference();
    const inserted = await store.run(
      `INSERT INTO service_bookings (reference, idempotency_key, customer_id, token_hash, day, slot, sequence, details, booked_at, request_check)
       VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [
        reference,
        key,
        customerId,
        token ? hashOf(token) : null,
        day,
        slot,
        JSON.stringify(details),
        deps.clock.now(),
        check,
      ],
    );
    if (inserted === 1)
      return { booking: await mustRead(store, reference), fresh: true, ...(token ? { token } : {}) };
    const replay = await byKey(store, key, check);
    if (replay) return replay;
  }
  throw new BookingRefused('full');
}

async function read(store: SharedStore, reference: string): Promise<Booking | undefined> {
  const [row] = await store.query(`SELECT ${COLUMNS} FROM service_bookings WHERE reference = ?`, [reference]);
  return row ? toBooking(row) : undefined;
}

async function mustRead(store: SharedStore, reference: string): Promise<Booking> {
  const booking = await read(store, reference);
  if (!booking) throw new Error(`Booking ${reference} is not in the store`);
  return booking;
}

/** The owner's bookings, soonest first; a guest's token names one booking. */
export async function bookingsOf(store: SharedStore, owner: Owner): Promise<Booking[]> {
  await ready(store);
  const rows =
    'customerId' in owner
      ? await store.query(
          `SELECT ${COLUMNS} FROM service_bookings WHERE customer_id = ? ORDER BY day, booked_at`,
          [owner.customerId],
        )
      : await store.query(`SELECT ${COLUMNS} FROM service_bookings WHERE token_hash = ?`, [
          hashOf(owner.token),
        ]);
  return rows.map(toBooking);
}

/** The booking if it is the owner's; undefined for another's or none (answered alike: Not Found). */
export async function ownedBooking(
  store: SharedStore,
  reference: string,
  owner: Owner,
): Promise<Booking | undefined> {
  return (await bookingsOf(store, owner)).find((booking) => booking.reference === reference);
}

function changeable(deps: BookingStore, booking: Booking): void {
  if (booking.status === 'cancelled') throw new BookingRefused('cancelled');
  if (!canChange(booking.day, todayOf(deps), deps.rules)) throw new BookingRefused('too-late');
}

/**
 * Moves the booking to `day`'s lowest free slot, letting its old slot go in the same UPDATE. Moving to its
 * own day changes nothing. Throws BookingRefused: too late to change, cancelled, the new day not bookable
 * or full.
 */
export async function moveBooking(deps: BookingStore, booking: Booking, day: IsoDay): Promise<Booking> {
  const { store, rules } = deps;
  changeable(deps, booking);
  if (day === booking.day) return booking;
  const refusal = refusalOf(day, todayOf(deps), rules);
  if (refusal) throw new BookingRefused(refusal);
  for (let round = 0; round <= rules.slotsPerDay + 1; round += 1) {
    const slot = lowestFreeSlot(await takenSlots(store, day), rules.slotsPerDay);
    if (slot === undefined) throw new BookingRefused('full');
    try {
      const moved = await store.run(
        'UPDATE service_bookings SET day = ?, slot = ?, sequence = sequence + 1 WHERE reference = ? AND day = ? AND slot IS NOT NULL',
        [day, slot, booking.reference, booking.day],
      );
      const now = await mustRead(store, booking.reference);
      // Not moved: moved or cancelled by another request meanwhile; say so rather than answer its new day.
      if (moved === 0 && now.day !== day) {
        changeable(deps, now);
        throw new BookingRefused('changed');
      }
      return now;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new BookingRefused('full');
}

/** Cancels the booking, letting its slot go; a booking cancelled already is answered as it is. */
export async function cancelBooking(
  deps: BookingStore,
  booking: Booking,
): Promise<{ booking: Booking; fresh: boolean }> {
  if (booking.status === 'cancelled') return { booking, fresh: false };
  changeable(deps, booking);
  const cancelled = await deps.store.run(
    'UPDATE service_bookings SET slot = NULL, sequence = sequence + 1 WHERE reference = ? AND slot IS NOT NULL',
    [booking.reference],
  );
  return { booking: await mustRead(deps.store, booking.reference), fresh: cancelled === 1 };
}

/** The day's bookings (not cancelled), by slot: the merchant's list. */
export async function bookingsOn(store: SharedStore, day: IsoDay): Promise<Booking[]> {
  await ready(store);
  const rows = await store.query(
    `SELECT ${COLUMNS} FROM service_bookings WHERE day = ? AND slot IS NOT NULL ORDER BY slot`,
    [day],
  );
  return rows.map(toBooking);
}

/** A customer's bookings for their data export and their account's deletion (features/privacy). */
export interface CustomerBookings {
  of(customerId: number): Promise<readonly Booking[]>;
  forget(customerId: number): Promise<void>;
}

export const customerBookings = (store: SharedStore): CustomerBookings => ({
  of: (customerId) => bookingsOf(store, { customerId }),
  forget: async (customerId) => void (await forgetCustomerBookings(store, customerId)),
});

/** Removes the customer's bookings (their account's deletion); how many there were. */
export async function forgetCustomerBookings(store: SharedStore, customerId: number): Promise<number> {
  await ready(store);
  return store.run('DELETE FROM service_bookings WHERE customer_id = ?', [customerId]);
}
