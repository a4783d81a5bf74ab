/**
 * The table of service bookings in the shop's store (bookings.server.ts keeps and changes them) and its
 * rows read back with zod: PostgreSQL gives BIGINT columns as text, and the details are kept as JSON.
 * `request_check` is what a repeat of the booking's idempotency key must match (its booker, day and
 * details, hashed); older tables gain it (LATER_COLUMNS).
 */
import { z } from 'zod';
import type { BookingDetails } from './booking.ts';
import type { IsoDay } from '../../calendar/working-days.ts';

/** A booking as the shop keeps it. */
export interface Booking {
  /** What the customer and the team call it, e.g. "SB-7KQ4M2XD". */
  readonly reference: string;
  readonly day: IsoDay;
  /** The day's slot it holds (0-based); null once cancelled. */
  readonly slot: number | null;
  /** 0 when booked, one more for each move or cancellation (the calendar's SEQUENCE). */
  readonly sequence: number;
  readonly status: 'booked' | 'cancelled';
  /** Magento's customer id when booked signed in; null for a guest. */
  readonly customerId: number | null;
  readonly details: BookingDetails;
  /** ms since 1970, by the shop's clock. */
  readonly bookedAt: number;
}

export const TABLES = [
  `CREATE TABLE IF NOT EXISTS service_bookings (
    reference TEXT PRIMARY KEY,
    idempotency_key TEXT NOT NULL UNIQUE,
    customer_id BIGINT,
    token_hash TEXT UNIQUE,
    day TEXT NOT NULL,
    slot INTEGER,
    sequence INTEGER NOT NULL,
    details TEXT NOT NULL,
    booked_at BIGINT NOT NULL,
    request_check TEXT,
    UNIQUE (day, slot)
  )`,
  'CREATE INDEX IF NOT EXISTS service_bookings_customer ON service_bookings (customer_id)',
] as const;

/** Columns added since the table was first made, which an older store gains (src/store/later-columns.ts). */
export const LATER_COLUMNS = { request_check: 'TEXT' } as const;

const addressSchema = z.object({ street: z.string(), city: z.string(), postcode: z.string() });
const detailsSchema = z.object({
  machine: z.string(),
  job: z.string(),
  fault: z.string(),
  handover: z.string(),
  address: addressSchema.nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});

const rowSchema = z.object({
  reference: z.string(),
  day: z.string(),
  slot: z.coerce.number().int().nullable(),
  sequence: z.coerce.number().int(),
  customer_id: z.coerce.number().int().nullable(),
  details: z.string().transform((text, ctx) => {
    const parsed = detailsSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: `details: ${parsed.error.message}` });
    return z.NEVER;
  }),
  booked_at: z.coerce.number(),
});

export const COLUMNS = 'reference, day, slot, sequence, customer_id, details, booked_at';

export function toBooking(row: unknown): Booking {
  const r = rowSchema.parse(row);
  return {
    reference: r.reference,
    day: r.day,
    slot: r.slot,
    sequence: r.sequence,
    status: r.slot === null ? 'cancelled' : 'booked',
    customerId: r.customer_id,
    details: r.details,
    bookedAt: r.booked_at,
  };
}

/** The details of a request as kept, without what is not theirs to keep (the day, the idempotency key). */
export const detailsOf = (request: BookingDetails): BookingDetails => detailsSchema.parse(request);
