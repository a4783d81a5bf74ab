/**
 * The store view every resource answers for (Magento's default store view of website 1): its currency,
 * its time zone and its clock. Cart price rules' dates are days in that zone (`Timezone::scopeDate`);
 * special prices' dates are read against its wall clock (`Timezone::scopeTimeStamp`).
 */
import { systemClock, type Clock } from '../../config/clock.ts';

export interface StoreSettings {
  /** ISO currency of the store, e.g. GBP. */
  readonly currency: string;
  /** The store's `general/locale/timezone`, e.g. Europe/London. */
  readonly timezone: string;
  /**
   * What "now" is for the store's dates (src/config/clock.ts), injectable so tests and demos need not wait
   * for midnight; the system's when left out.
   */
  readonly clock?: Clock;
}

/** The website the store view belongs to (Magento's "Main Website"). */
export const WEBSITE_ID = 1;

/** The store's current instant, by its clock. */
export const storeNow = (store: StoreSettings): Date => new Date((store.clock ?? systemClock).now());

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `timezone` at `at`, as numbers (formatters are costly to make, so one per zone). */
function wallClock(timezone: string, at: Date) {
  let format = wallClocks.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timezone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Today in the store's time zone, `YYYY-MM-DD`: the day a rule's `from_date`/`to_date` are compared with. */
export function storeToday(timezone: string, now: Date = new Date()): string {
  const { year, month, day } = wallClock(timezone, now);
  return `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)}`;
}

/**
 * `Timezone::scopeTimeStamp()`: the store's wall clock now, read as if it were UTC, in whole seconds. A
 * special price's dates (wall-clock strings) are compared with it, so in summer London's midnight is
 * 00:00:00 of the date, not 23:00:00 the day before.
 */
export function scopeTimestamp(store: StoreSettings): number {
  const clock = wallClock(store.timezone, storeNow(store));
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) / 1000;
}
