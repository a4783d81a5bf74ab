/**
 * When goods can be collected from a point, as pure functions of the UK wall clock and the point's
 * settings: the earliest time goods on its shelf are ready (today when it is open and there is time to
 * get them ready before it closes, else its next open day), and the day goods brought over from another
 * point are ready (ordered by the cut-off on a working day, ready that many working days later, on a day
 * the point is open). Bank holidays are closed unless the point says otherwise.
 */
import {
  addDays,
  addWorkingDays,
  isBankHoliday,
  isWorkingDay,
  minutesOf,
  nextWorkingDay,
  weekday,
  type IsoDay,
  type WallClock,
} from '../../calendar/working-days.ts';
import { WEEKDAY_KEYS, type PointSettings } from './settings.ts';

/** Far enough to pass any run of closed days (Christmas, a week's closure) without looping forever. */
export const LOOK_AHEAD_DAYS = 21;

/** The point's opening and closing minute on `day`, or undefined when it is closed all day. */
export function openingOn(
  point: Pick<PointSettings, 'hours' | 'openOnBankHolidays'>,
  day: IsoDay,
): { opens: number; closes: number } | undefined {
  if (isBankHoliday(day) && !point.openOnBankHolidays) return undefined;
  const hours = point.hours[WEEKDAY_KEYS[weekday(day)] ?? 'sun'];
  return hours ? { opens: minutesOf(hours[0]), closes: minutesOf(hours[1]) } : undefined;
}

/** The first day from `day` on (itself included) the point is open, or undefined within three weeks. */
export function nextOpenDay(point: PointSettings, day: IsoDay): IsoDay | undefined {
  for (let ahead = 0; ahead < LOOK_AHEAD_DAYS; ahead += 1) {
    const candidate = addDays(day, ahead);
    if (openingOn(point, candidate)) return candidate;
  }
  return undefined;
}

/** When goods on the point's shelf, ordered at `now`, are ready: a day and the minute of that day. */
export function shelfReadyAt(
  point: PointSettings,
  now: WallClock,
): { day: IsoDay; minutes: number } | undefined {
  const today = openingOn(point, now.day);
  if (today) {
    const ready = Math.max(now.minutes, today.opens) + point.readyMinutes;
    if (ready <= today.closes) return { day: now.day, minutes: ready };
  }
  const day = nextOpenDay(point, addDays(now.day, 1));
  const opening = day && openingOn(point, day);
  return day && opening ? { day, minutes: opening.opens + point.readyMinutes } : undefined;
}

/**
 * Goods brought over from the point's transfer source: the day the order must be in by (`orderByDay`, at
 * the transfer's `orderBy` time) and the day they are ready. Undefined when the point has no transfer.
 */
export function transferReady(
  point: PointSettings,
  now: WallClock,
): { orderBy: string; orderByDay: IsoDay; day: IsoDay } | undefined {
  const { transfer } = point;
  if (!transfer) return undefined;
  const inTime = isWorkingDay(now.day) && now.minutes < minutesOf(transfer.orderBy);
  const orderByDay = inTime ? now.day : nextWorkingDay(now.day);
  const day = nextOpenDay(point, addWorkingDays(orderByDay, transfer.workingDays));
  return day ? { orderBy: transfer.orderBy, orderByDay, day } : undefined;
}
