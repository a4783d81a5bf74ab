/**
 * A booking as the storefront server answers it to its customer (the booking page's confirmation, the
 * account's list): the booking with the last day it may be moved or cancelled, and whether that is still
 * so today. A hand reader (no zod) reads it in the browser.
 */
import { addDays, type IsoDay } from '../../calendar/working-days.ts';
import { asString, handReader, isRecord, type Reader } from '@cleaning-shop/kit/reader.ts';
import type { BookingDetails } from './booking.ts';
import type { Booking } from './bookings.server.ts';
import { canChange, type DayRules } from './days.ts';

export interface BookingView {
  readonly reference: string;
  readonly day: IsoDay;
  readonly status: 'booked' | 'cancelled';
  readonly details: BookingDetails;
  /** The last day it may be moved or cancelled. */
  readonly changeUntil: IsoDay;
  /** Booked, and today is not past `changeUntil`. */
  readonly changeable: boolean;
}

export function bookingView(booking: Booking, today: IsoDay, rules: DayRules): BookingView {
  return {
    reference: booking.reference,
    day: booking.day,
    status: booking.status,
    details: booking.details,
    changeUntil: addDays(booking.day, -rules.changeUntilDaysBefore),
    changeable: booking.status === 'booked' && canChange(booking.day, today, rules),
  };
}

const text = (value: unknown): string => asString(value) ?? '';

function detailsOf(value: unknown): BookingDetails | undefined {
  if (!isRecord(value)) return undefined;
  const address = value['address'];
  return {
    machine: text(value['machine']),
    job: text(value['job']),
    fault: text(value['fault']),
    handover: text(value['handover']),
    address: isRecord(address)
      ? { street: text(address['street']), city: text(address['city']), postcode: text(address['postcode']) }
      : null,
    name: text(value['name']),
    email: text(value['email']),
    phone: text(value['phone']),
  };
}

/** One booking as the server sent it; undefined when it is not one. */
export const bookingViewReader: Reader<BookingView> = handReader((value) => {
  if (!isRecord(value)) return undefined;
  const reference = asString(value['reference']);
  const day = asString(value['day']);
  const changeUntil = asString(value['changeUntil']);
  const details = detailsOf(value['details']);
  const status = value['status'];
  if (!reference || !day || !changeUntil || !details || (status !== 'booked' && status !== 'cancelled'))
    return undefined;
  return { reference, day, status, details, changeUntil, changeable: value['changeable'] === true };
});
