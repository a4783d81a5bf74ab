/**
 * A booking as the form sends it and the shop keeps it, and the checks of its fields: pure, no zod, so the
 * booking island checks what was typed with the same rules the storefront server applies before it
 * books (the server parses the body's shape with zod first, in bookings.server.ts).
 */
import type { IsoDay } from '../../calendar/working-days.ts';
import type { BookingField } from './texts.ts';
import { serviceBookingTexts as t } from './texts.ts';

export const MAX_MACHINE = 60;
export const MAX_FAULT = 1000;
export const MAX_LINE = 120;

/** The address a machine is collected from. */
export interface CollectionAddress {
  readonly street: string;
  readonly city: string;
  readonly postcode: string;
}

/** What the shopper tells the service team; kept with the booking. */
export interface BookingDetails {
  /** The machine's model, e.g. "K 5". */
  readonly machine: string;
  /** A job's code from the settings, e.g. "repair". */
  readonly job: string;
  /** What is wrong ('' unless the job needs it). */
  readonly fault: string;
  /** A handover's code from the settings, e.g. "collection". */
  readonly handover: string;
  /** Where to collect from, for a handover that needs an address; null otherwise. */
  readonly address: CollectionAddress | null;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
}

/** What the form sends to book. */
export interface BookingRequest extends BookingDetails {
  readonly day: IsoDay;
  /** Made once per form (`newIdempotencyKey`): a double submit books once. */
  readonly idempotencyKey: string;
}

/**
 * The idempotency keys the server takes: 22 to 100 base64url characters, room for 128 random bits as the
 * form makes them (a UUID fits too). Keys are scoped to their booker anyway; the length keeps them from
 * being short enough to guess or to meet by chance.
 */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{22,100}$/;

/** A form's key: 128 random bits, 22 base64url characters (getRandomValues works outside secure contexts). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The jobs and handovers on offer, as the settings list them. */
export interface Offered {
  readonly jobs: readonly { readonly code: string; readonly needsFault: boolean }[];
  readonly handovers: readonly { readonly code: string; readonly needsAddress: boolean }[];
}

export type BookingProblems = Partial<Record<BookingField, string>>;

const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s()-]+$/;

const filled = (value: string, most: number): boolean =>
  value.trim() !== '' && [...value.trim()].length <= most;
const digits = (value: string): number => value.replace(/\D/g, '').length;

/** What is wrong with each field, by name; none when the booking can be made as typed. */
export function bookingProblems(details: BookingDetails, offered: Offered): BookingProblems {
  const problems: BookingProblems = {};
  const job = offered.jobs.find((candidate) => candidate.code === details.job);
  const handover = offered.handovers.find((candidate) => candidate.code === details.handover);
  if (!filled(details.machine, MAX_MACHINE)) problems.machine = t.problems.machine;
  if (!job) problems.job = t.problems.job;
  if (job?.needsFault && !filled(details.fault, MAX_FAULT)) problems.fault = t.problems.fault;
  if (!handover) problems.handover = t.problems.handover;
  if (handover?.needsAddress) {
    const address = details.address;
    if (!address || !filled(address.street, MAX_LINE)) problems.street = t.problems.street;
    if (!address || !filled(address.city, MAX_LINE)) problems.city = t.problems.city;
    if (!address || !POSTCODE.test(address.postcode.trim())) problems.postcode = t.problems.postcode;
  }
  if (!filled(details.name, MAX_LINE)) problems.name = t.problems.name;
  if (!EMAIL.test(details.email.trim()) || details.email.length > 254) problems.email = t.problems.email;
  const phone = details.phone.trim();
  if (!PHONE.test(phone) || digits(phone) < 7 || digits(phone) > 15) problems.phone = t.problems.phone;
  return problems;
}

/** The details as kept: trimmed, the fault only for a job that needs one, the address only for collection. */
export function keptDetails(details: BookingDetails, offered: Offered): BookingDetails {
  const job = offered.jobs.find((candidate) => candidate.code === details.job);
  const handover = offered.handovers.find((candidate) => candidate.code === details.handover);
  const address = handover?.needsAddress && details.address ? details.address : null;
  return {
    machine: details.machine.trim(),
    job: details.job,
    fault: job?.needsFault ? details.fault.trim() : '',
    handover: details.handover,
    address: address
      ? {
          street: address.street.trim(),
          city: address.city.trim(),
          postcode: address.postcode.trim().toUpperCase(),
        }
      : null,
    name: details.name.trim(),
    email: details.email.trim(),
    phone: details.phone.trim(),
  };
}
