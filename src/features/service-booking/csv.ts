/**
 * The merchant's list of a day's bookings as CSV (RFC 4180): CRLF line ends, a header row, a field quoted
 * when it holds a comma, a quote or a line break (quotes doubled). Safe to open in a spreadsheet: a cell a
 * spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return, as OWASP's
 * "CSV Injection" lists them) gets a leading apostrophe, so a shopper's "=HYPERLINK(…)" stays text.
 */
import type { Booking } from './bookings.server.ts';

const FORMULA = /^[=+\-@\t\r]/;

/** One cell as text a spreadsheet shows as typed. */
export function csvCell(value: string): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvFile = (rows: readonly (readonly string[])[]): string =>
  rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

const HEADER = [
  'Reference',
  'Day',
  'Slot',
  'Machine',
  'Job',
  'Fault',
  'Handover',
  'Street',
  'Town',
  'Postcode',
  'Name',
  'Email',
  'Phone',
  'Customer ID',
  'Booked at',
] as const;

/** The day's bookings, one row each in slot order, slots counted from 1 as people count them. */
export function bookingsCsv(bookings: readonly Booking[]): string {
  return csvFile([
    HEADER,
    ...bookings.map(({ reference, day, slot, details, customerId, bookedAt }) => [
      reference,
      day,
      slot === null ? '' : String(slot + 1),
      details.machine,
      details.job,
      details.fault,
      details.handover,
      details.address?.street ?? '',
      details.address?.city ?? '',
      details.address?.postcode ?? '',
      details.name,
      details.email,
      details.phone,
      customerId === null ? '' : String(customerId),
      new Date(bookedAt).toISOString(),
    ]),
  ]);
}

/** The file's name for a day, e.g. `service-bookings-2026-12-01.csv`. */
export const csvName = (day: string): string => `service-bookings-${day}.csv`;
