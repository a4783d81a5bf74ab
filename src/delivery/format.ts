/**
 * Delivery days and times as shoppers read them: "Thursday 26 November", "Wednesday 25 – Friday
 * 27 November", "2–3 working days", "2 pm". Day and month names come from Intl (en-GB); the wording
 * around them is `deliveryTexts`.
 */
import { deliveryTexts } from './texts.ts';
import type { WorkingDayRange } from './config.ts';
import type { DeliveryEstimate } from './delivery.ts';
import type { IsoDay } from '../calendar/working-days.ts';

// Days carry no zone: read as midnight UTC and named in UTC, they are the same date everywhere.
const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });

function named(day: IsoDay): { weekday: string; date: number; month: string } {
  const date = new Date(`${day}T00:00:00Z`);
  return { weekday: WEEKDAY.format(date), date: date.getUTCDate(), month: MONTH.format(date) };
}

/** "Thursday 26 November". */
export function formatDeliveryDay(day: IsoDay): string {
  const { weekday, date, month } = named(day);
  return deliveryTexts.day(weekday, date, month);
}

/**
 * One day, or a range naming the month once when both days share it: "Wednesday 25 – Friday 27 November",
 * "Wednesday 30 September – Friday 2 October".
 */
export function formatEstimate({ earliest, latest }: DeliveryEstimate): string {
  if (earliest === latest) return formatDeliveryDay(earliest);
  const first = named(earliest);
  const sameMonth = earliest.slice(0, 7) === latest.slice(0, 7);
  return deliveryTexts.range(
    sameMonth ? deliveryTexts.dayOfMonth(first.weekday, first.date) : formatDeliveryDay(earliest),
    formatDeliveryDay(latest),
  );
}

/**
 * No estimate is longer than this: the longest weekday, date and month on either side of a range (one
 * across two months ends in the first days of the second). What shows an estimate after the first paint
 * keeps room for it, so writing the estimate moves nothing.
 */
export const longestEstimate = (): string =>
  deliveryTexts.range(formatDeliveryDay('2026-09-30'), formatDeliveryDay('2027-09-01'));

/** "2–3 working days", "1 working day": a transit time without dates. */
export const formatWorkingDays = ({ min, max }: WorkingDayRange): string =>
  min === max ? deliveryTexts.workingDays(min) : deliveryTexts.workingDayRange(min, max);

/** A cut-off `HH:MM` as the UK says it: "2 pm", "9.30 am", "12 pm". */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const hour = hours % 12 || 12;
  const clock = minutes === 0 ? String(hour) : `${hour}.${String(minutes).padStart(2, '0')}`;
  return hours < 12 ? deliveryTexts.am(clock) : deliveryTexts.pm(clock);
}
