/**
 * The store view every resource answers for (Magento's default store view of website 1): its currency,
 * its time zone and its clock. Cart price rules' dates are days in that zone (`Timezone::scopeDate`);
 * special prices' dates are read against its wall clock (`Timezone::scopeTimeStamp`).
 */
import { systemClock, type Clock } from '@cleaning-shop/kit/clock.ts';
import { wallClockAsUtc } from '@cleaning-shop/kit/wall-clock.ts';

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

/** Today in the store's time zone, `YYYY-MM-DD`: the day a rule's `from_date`/`to_date` are compared with. */
export const storeToday = (timezone: string, now: Date = new Date()): string =>
  new Date(wallClockAsUtc(timezone, now.getTime())).toISOString().slice(0, 10);

/**
 * `Timezone::scopeTimeStamp()`: the store's wall clock now, read as if it were UTC, in whole seconds. A
 * special price's dates (wall-clock strings) are compared with it, so in summer London's midnight is
 * 00:00:00 of the date, not 23:00:00 the day before.
 */
export function scopeTimestamp(store: StoreSettings): number {
  return wallClockAsUtc(store.timezone, storeNow(store).getTime()) / 1000;
}
