import { describe, expect, it } from 'vitest';
import { calendarFile, fold, type CalendarEvent } from './ics.ts';

const event: CalendarEvent = {
  uid: 'SB-7KQ4M2XD@shop.example',
  sequence: 0,
  method: 'REQUEST',
  day: '2026-12-31',
  summary: 'Repair: your K 5',
  description: 'Reference: SB-7KQ4M2XD\nFault: stops, then starts; hoses leak',
  location: 'Unit 4, Riverside Trading Estate, Leeds',
  stamp: Date.UTC(2026, 10, 27, 9, 30, 5),
  organizer: { name: 'Clearwater "Cleaning"', email: 'shop@example.com' },
  attendee: { name: 'Ann Smith', email: 'ann@example.com' },
};

describe('a booking as iCalendar (RFC 5545)', () => {
  it('is one all-day event with CRLF lines, escaped text and the request method', () => {
    const file = calendarFile(event);
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = file.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('DTSTART;VALUE=DATE:20261231');
    expect(lines).toContain('DTEND;VALUE=DATE:20270101');
    expect(lines).toContain('DTSTAMP:20261127T093005Z');
    expect(lines).toContain('SEQUENCE:0');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines).toContain('DESCRIPTION:Reference: SB-7KQ4M2XD\\nFault: stops\\, then starts\\; hoses leak');
    expect(lines).toContain('ORGANIZER;CN="Clearwater Cleaning":mailto:shop@example.com');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('cancels with the same UID and a higher SEQUENCE', () => {
    const lines = calendarFile({ ...event, method: 'CANCEL', sequence: 2 }).split('\r\n');
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain('UID:SB-7KQ4M2XD@shop.example');
    expect(lines).toContain('SEQUENCE:2');
    expect(lines).toContain('STATUS:CANCELLED');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const long = `SUMMARY:${'é'.repeat(100)}`;
    const folded = fold(long).split('\r\n');
    for (const line of folded) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(folded.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(long);
    expect(fold('SHORT:line')).toBe('SHORT:line');
  });
});
