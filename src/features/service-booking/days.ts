/**
 * Which days the service team can be booked, as pure functions of the shop's day, the settings and the
 * slots already taken: UK working days (src/calendar/working-days.ts: weekends and England and Wales bank
 * holidays are closed), no sooner than the lead time, no further ahead than the settings allow, and no more
 * jobs a day than its slots. The storefront server answers by them; tests give them any day.
 */
import {
  addDays,
  addWorkingDays,
  isWorkingDay,
  nextWorkingDay,
  type IsoDay,
} from '../../calendar/working-days.ts';
import type { ServiceSettings } from './settings.ts';

export type { IsoDay };

/** The rules' part of the settings. */
export type DayRules = Pick<
  ServiceSettings,
  'leadWorkingDays' | 'slotsPerDay' | 'bookAheadDays' | 'changeUntilDaysBefore'
>;

/** Why a day cannot be booked. */
export type DayRefusal = 'past' | 'too-soon' | 'closed' | 'too-far';

/** The first day one may book: `leadWorkingDays` working days after today, on a working day. */
export function firstBookableDay(today: IsoDay, rules: DayRules): IsoDay {
  const day = addWorkingDays(today, rules.leadWorkingDays);
  return isWorkingDay(day) ? day : nextWorkingDay(day);
}

/** The last day one may book. */
export const lastBookableDay = (today: IsoDay, rules: DayRules): IsoDay =>
  addDays(today, rules.bookAheadDays);

/** Why `day` cannot be booked today, whatever is taken; undefined when it can. */
export function refusalOf(day: IsoDay, today: IsoDay, rules: DayRules): DayRefusal | undefined {
  if (day < today) return 'past';
  if (!isWorkingDay(day)) return 'closed';
  if (day < firstBookableDay(today, rules)) return 'too-soon';
  if (day > lastBookableDay(today, rules)) return 'too-far';
  return undefined;
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: IsoDay, to: IsoDay): IsoDay[] {
  const days: IsoDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A day as the booking form shows it. */
export interface DayAvailability {
  readonly day: IsoDay;
  /** `open`: slots left; `full`: every slot taken; `closed`: not bookable (weekend, bank holiday, too soon…). */
  readonly state: 'open' | 'full' | 'closed';
  /** Slots left (0 unless open). */
  readonly free: number;
}

/** The days from `from` to `to`, with `taken` the number of slots booked on each day. */
export function availability(
  from: IsoDay,
  to: IsoDay,
  taken: ReadonlyMap<IsoDay, number>,
  today: IsoDay,
  rules: DayRules,
): DayAvailability[] {
  return daysFrom(from, to).map((day) => {
    if (refusalOf(day, today, rules)) return { day, state: 'closed', free: 0 };
    const free = Math.max(0, rules.slotsPerDay - (taken.get(day) ?? 0));
    return free > 0 ? { day, state: 'open', free } : { day, state: 'full', free: 0 };
  });
}

/** The first open day among `days`, if any. */
export const firstOpenDay = (days: readonly DayAvailability[]): IsoDay | undefined =>
  days.find((day) => day.state === 'open')?.day;

/** The lowest slot (0-based) of a day not in `taken`, or undefined when all `slotsPerDay` are. */
export function lowestFreeSlot(taken: Iterable<number>, slotsPerDay: number): number | undefined {
  const used = new Set(taken);
  for (let slot = 0; slot < slotsPerDay; slot += 1) if (!used.has(slot)) return slot;
  return undefined;
}

/** Whether a booking on `day` may still be moved or cancelled today (until `changeUntilDaysBefore`). */
export const canChange = (day: IsoDay, today: IsoDay, rules: DayRules): boolean =>
  today <= addDays(day, -rules.changeUntilDaysBefore);
