import { describe, expect, it } from 'vitest';
import holidays from '../content/bank-holidays-england-wales.json' with { type: 'json' };
import {
  addWorkingDays,
  BANK_HOLIDAYS_LAST_YEAR,
  isBankHoliday,
  isWorkingDay,
  nextWorkingDay,
  wallClock,
  weekday,
} from './working-days.ts';

describe('the bank holiday list', () => {
  it('still covers the coming year: refresh it from https://www.gov.uk/bank-holidays.json', () => {
    const runsOut = Date.parse(`${BANK_HOLIDAYS_LAST_YEAR + 1}-01-01T00:00:00Z`);
    const aYearFromNow = Date.now() + 365 * 86_400_000;
    expect(
      runsOut,
      `src/content/bank-holidays-england-wales.json ends with ${BANK_HOLIDAYS_LAST_YEAR}: add the next years from gov.uk`,
    ).toBeGreaterThan(aYearFromNow);
  });

  it('holds well-formed dates, in order, each a weekday (substitute days stand in for weekends)', () => {
    const dates = holidays.events.map((event) => event.date);
    for (const date of dates) {
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
      expect([0, 6], `${date} falls on a weekend`).not.toContain(weekday(date));
    }
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
  });

  it('has the eight England and Wales bank holidays of every year from 2025 to 2028', () => {
    const byYear = Map.groupBy(holidays.events, (event) => event.date.slice(0, 4));
    expect([...byYear.keys()]).toEqual(['2025', '2026', '2027', '2028']);
    for (const events of byYear.values()) expect(events).toHaveLength(8);
  });

  it('has Easter where the calendar puts it, and the substitutes for weekend Christmases and New Years', () => {
    const easterSundays = ['2025-04-20', '2026-04-05', '2027-03-28', '2028-04-16'];
    for (const sunday of easterSundays) {
      const time = Date.parse(`${sunday}T00:00:00Z`);
      const day = (offset: number) => new Date(time + offset * 86_400_000).toISOString().slice(0, 10);
      expect(isBankHoliday(day(-2)), `Good Friday before ${sunday}`).toBe(true);
      expect(isBankHoliday(day(1)), `Easter Monday after ${sunday}`).toBe(true);
    }
    for (const day of ['2026-12-28', '2027-12-27', '2027-12-28', '2028-01-03'])
      expect(isBankHoliday(day)).toBe(true);
    // The weekend days they stand in for are not listed.
    for (const day of ['2026-12-26', '2027-12-25', '2027-12-26', '2028-01-01'])
      expect(isBankHoliday(day)).toBe(false);
  });

  it('puts the May and August holidays on the right Mondays', () => {
    for (const day of ['2025-05-05', '2025-05-26', '2025-08-25', '2026-05-04', '2026-05-25', '2026-08-31'])
      expect(isBankHoliday(day), day).toBe(true);
    for (const day of ['2027-05-03', '2027-05-31', '2027-08-30', '2028-05-01', '2028-05-29', '2028-08-28'])
      expect(isBankHoliday(day), day).toBe(true);
  });
});

describe('working days', () => {
  it('are Monday to Friday except bank holidays', () => {
    expect(isWorkingDay('2026-08-28')).toBe(true); // Friday
    expect(isWorkingDay('2026-08-29')).toBe(false); // Saturday
    expect(isWorkingDay('2026-08-30')).toBe(false); // Sunday
    expect(isWorkingDay('2026-08-31')).toBe(false); // Summer bank holiday
    expect(isWorkingDay('2026-09-01')).toBe(true);
  });

  it('count past weekends and bank holidays', () => {
    expect(nextWorkingDay('2026-08-28')).toBe('2026-09-01');
    expect(addWorkingDays('2026-08-28', 0)).toBe('2026-08-28');
    expect(addWorkingDays('2026-08-28', 3)).toBe('2026-09-03');
    expect(addWorkingDays('2026-12-24', 1)).toBe('2026-12-29');
    expect(addWorkingDays('2027-12-24', 1)).toBe('2027-12-29');
    expect(addWorkingDays('2027-12-31', 1)).toBe('2028-01-04');
  });

  it('beyond the list treat every weekday as a working day', () => {
    expect(isWorkingDay(`${BANK_HOLIDAYS_LAST_YEAR + 1}-12-25`)).toBe(
      ![0, 6].includes(weekday(`${BANK_HOLIDAYS_LAST_YEAR + 1}-12-25`)),
    );
  });
});

describe('wallClock', () => {
  it('reads British Summer Time in summer: 13:30 UTC is 14:30 in London', () => {
    expect(wallClock(new Date('2026-08-28T13:30:00Z'))).toEqual({ day: '2026-08-28', minutes: 14 * 60 + 30 });
  });

  it('reads GMT in winter', () => {
    expect(wallClock(new Date('2026-11-26T13:30:00Z'))).toEqual({ day: '2026-11-26', minutes: 13 * 60 + 30 });
  });

  it('changes day at London midnight, not UTC midnight', () => {
    expect(wallClock(new Date('2026-06-30T23:30:00Z')).day).toBe('2026-07-01');
    expect(wallClock(new Date('2026-12-31T23:30:00Z')).day).toBe('2026-12-31');
  });

  it('follows the clocks going forward and back', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST. 25 October 2026: 02:00 BST becomes 01:00 GMT.
    expect(wallClock(new Date('2026-03-29T00:59:00Z')).minutes).toBe(59);
    expect(wallClock(new Date('2026-03-29T01:00:00Z')).minutes).toBe(2 * 60);
    expect(wallClock(new Date('2026-10-25T00:59:00Z')).minutes).toBe(60 + 59);
    expect(wallClock(new Date('2026-10-25T01:00:00Z')).minutes).toBe(60);
  });
});
