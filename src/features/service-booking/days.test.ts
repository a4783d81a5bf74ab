import { isIsoDay } from '../../calendar/working-days.ts';
import { describe, expect, it } from 'vitest';
import {
  availability,
  canChange,
  firstBookableDay,
  firstOpenDay,
  lowestFreeSlot,
  refusalOf,
  type DayRules,
} from './days.ts';
import { serviceSettings } from './settings.ts';

const rules: DayRules = { leadWorkingDays: 2, slotsPerDay: 4, bookAheadDays: 60, changeUntilDaysBefore: 1 };

describe('the days a service can be booked', () => {
  it('counts the lead time in working days, skipping weekends', () => {
    // Thursday 19 November 2026: two working days on is Monday 23rd.
    expect(firstBookableDay('2026-11-19', rules)).toBe('2026-11-23');
    // Saturday: Tuesday.
    expect(firstBookableDay('2026-11-21', rules)).toBe('2026-11-24');
    expect(firstBookableDay('2026-11-21', { ...rules, leadWorkingDays: 0 })).toBe('2026-11-23');
  });

  it('skips bank holidays: Christmas 2026 is Friday 25th and the Boxing Day holiday Monday 28th', () => {
    expect(firstBookableDay('2026-12-23', rules)).toBe('2026-12-29');
    expect(refusalOf('2026-12-25', '2026-12-01', rules)).toBe('closed');
    expect(refusalOf('2026-12-28', '2026-12-01', rules)).toBe('closed');
    expect(refusalOf('2026-12-05', '2026-12-01', rules)).toBe('closed');
  });

  it('refuses the past, too soon and too far, and takes a day within', () => {
    expect(refusalOf('2026-11-18', '2026-11-19', rules)).toBe('past');
    expect(refusalOf('2026-11-20', '2026-11-19', rules)).toBe('too-soon');
    expect(refusalOf('2026-11-23', '2026-11-19', rules)).toBeUndefined();
    expect(refusalOf('2027-01-18', '2026-11-19', rules)).toBeUndefined();
    expect(refusalOf('2027-01-19', '2026-11-19', rules)).toBe('too-far');
  });

  it('shows full days as full and the first open day after them', () => {
    const taken = new Map([
      ['2026-11-23', 4],
      ['2026-11-24', 3],
    ]);
    const days = availability('2026-11-20', '2026-11-24', taken, '2026-11-19', rules);
    expect(days).toEqual([
      { day: '2026-11-20', state: 'closed', free: 0 },
      { day: '2026-11-21', state: 'closed', free: 0 },
      { day: '2026-11-22', state: 'closed', free: 0 },
      { day: '2026-11-23', state: 'full', free: 0 },
      { day: '2026-11-24', state: 'open', free: 1 },
    ]);
    expect(firstOpenDay(days)).toBe('2026-11-24');
  });

  it('gives the lowest free slot, none when the day is full', () => {
    expect(lowestFreeSlot([], 4)).toBe(0);
    expect(lowestFreeSlot([0, 2], 4)).toBe(1);
    expect(lowestFreeSlot([0, 1, 2, 3], 4)).toBeUndefined();
  });

  it('lets a booking be moved or cancelled until the day before, not on the day', () => {
    expect(canChange('2026-11-24', '2026-11-23', rules)).toBe(true);
    expect(canChange('2026-11-24', '2026-11-24', rules)).toBe(false);
    expect(canChange('2026-11-24', '2026-11-25', rules)).toBe(false);
  });

  it('reads only real days', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('26-2-3')).toBe(false);
  });

  it('reads the shop’s settings file', () => {
    const settings = serviceSettings();
    expect(settings.slotsPerDay).toBeGreaterThan(0);
    expect(settings.jobs.map((job) => job.code)).toEqual(['service', 'repair']);
    expect(settings.jobs.find((job) => job.code === 'repair')?.needsFault).toBe(true);
  });
});
