/**
 * UK working days: Monday to Friday except England and Wales bank holidays
 * (`src/content/bank-holidays-england-wales.json`, from gov.uk). Days are plain calendar dates,
 * `YYYY-MM-DD`, with no time zone of their own; `wallClock` turns an instant into the day and time it is
 * in the UK (or another zone), summer time included.
 *
 * Past the last year the file lists, every weekday counts as a working day: estimates then ignore bank
 * holidays and come out early around them. `working-days.test.ts` fails once the list is
 * within a year of running out, so someone adds the next years from https://www.gov.uk/bank-holidays.json
 * long before that happens.
 */
import holidays from '../content/bank-holidays-england-wales.json' with { type: 'json' };
import { wallClockAsUtc } from '@cleaning-shop/kit/wall-clock.ts';

/** A calendar day, `YYYY-MM-DD`. */
export type IsoDay = string;

const BANK_HOLIDAYS: ReadonlySet<IsoDay> = new Set(holidays.events.map((event) => event.date));

/** The last year the bank-holiday list covers. */
export const BANK_HOLIDAYS_LAST_YEAR = Math.max(
  ...holidays.events.map((event) => Number(event.date.slice(0, 4))),
);

export const isBankHoliday = (day: IsoDay): boolean => BANK_HOLIDAYS.has(day);

const DAY_MS = 86_400_000;
const toTime = (day: IsoDay): number => Date.parse(`${day}T00:00:00Z`);
const fromTime = (time: number): IsoDay => new Date(time).toISOString().slice(0, 10);

/** Whether `text` is a real calendar day written `YYYY-MM-DD` (not 2026-02-30, not 2026-13-45). */
export function isIsoDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = toTime(text);
  return Number.isFinite(time) && fromTime(time) === text;
}

/** 0 Sunday … 6 Saturday. */
export const weekday = (day: IsoDay): number => new Date(toTime(day)).getUTCDay();

export const addDays = (day: IsoDay, count: number): IsoDay => fromTime(toTime(day) + count * DAY_MS);

export function isWorkingDay(day: IsoDay): boolean {
  const dayOfWeek = weekday(day);
  return dayOfWeek !== 0 && dayOfWeek !== 6 && !isBankHoliday(day);
}

/** The first working day after `day`. */
export function nextWorkingDay(day: IsoDay): IsoDay {
  let next = addDays(day, 1);
  while (!isWorkingDay(next)) next = addDays(next, 1);
  return next;
}

/** The `count`th working day after `day` (`day` itself for 0). */
export function addWorkingDays(day: IsoDay, count: number): IsoDay {
  let result = day;
  for (let left = count; left > 0; left -= 1) result = nextWorkingDay(result);
  return result;
}

/** What the clock reads in `timeZone` at `now`: the day, and minutes since its midnight. */
export interface WallClock {
  day: IsoDay;
  minutes: number;
}

/** A checked `HH:MM` (a cut-off, an opening time) as minutes since midnight, as `WallClock` counts them. */
export const minutesOf = (time: string): number => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

export function wallClock(now: Date, timeZone = 'Europe/London'): WallClock {
  const wall = new Date(wallClockAsUtc(timeZone, now.getTime()));
  return {
    day: wall.toISOString().slice(0, 10),
    minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
  };
}
