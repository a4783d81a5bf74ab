/**
 * A booking as an iCalendar object (RFC 5545) for the e-mail's attachment and "Add to calendar": one all-day
 * event (`DTSTART;VALUE=DATE`, the day after as `DTEND`), `METHOD:REQUEST` for a booking or a move and
 * `METHOD:CANCEL` with the same UID and a higher SEQUENCE for a cancellation, as iTIP (RFC 5546) asks, so a
 * calendar updates or removes the one event. Lines end in CRLF and are folded at 75 octets, never inside a
 * UTF-8 character.
 */
import { addDays, type IsoDay } from '../../calendar/working-days.ts';

export interface CalendarEvent {
  /** Unique and stable for the booking, e.g. `SB-7KQ4M2XD@shop.example`. */
  readonly uid: string;
  /** 0 when booked, one more for each change. */
  readonly sequence: number;
  readonly method: 'REQUEST' | 'CANCEL';
  readonly day: IsoDay;
  readonly summary: string;
  readonly description: string;
  readonly location: string;
  /** When the object was made (DTSTAMP), in ms since 1970. */
  readonly stamp: number;
  readonly organizer: { readonly name: string; readonly email: string };
  readonly attendee: { readonly name: string; readonly email: string };
}

/** TEXT as RFC 5545 §3.3.11 escapes it. */
const text = (value: string): string =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A parameter value (§3.2): quoted, without the quotes and control characters it cannot hold. */
const param = (value: string): string => `"${value.replace(/["\p{Cc}]/gu, '')}"`;

const date = (day: IsoDay): string => day.replace(/-/g, '');
const stamp = (ms: number): string => `${new Date(ms).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** One content line folded at 75 octets (§3.1): continuation lines start with a space. */
export function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The whole object, CRLF line ends. */
export function calendarFile(event: CalendarEvent): string {
  const cancel = event.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Shop//Service booking//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${stamp(event.stamp)}`,
    `DTSTART;VALUE=DATE:${date(event.day)}`,
    `DTEND;VALUE=DATE:${date(addDays(event.day, 1))}`,
    `SUMMARY:${text(event.summary)}`,
    `DESCRIPTION:${text(event.description)}`,
    `LOCATION:${text(event.location)}`,
    `ORGANIZER;CN=${param(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;CN=${param(event.attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${event.attendee.email}`,
    `STATUS:${cancel ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** The attachment's content type, with the method as iTIP asks. */
export const calendarContentType = (method: CalendarEvent['method']): string =>
  `text/calendar; method=${method}; charset=utf-8`;
