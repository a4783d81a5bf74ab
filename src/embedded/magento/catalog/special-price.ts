/**
 * A product's special price, as Magento's runtime pricing applies it (`Catalog\Pricing\Price\SpecialPrice`
 * and `Timezone::isScopeDateInInterval`, COMMERCE-BASICS §5.2): it counts while the store's wall clock, read
 * as if it were UTC and in whole seconds, is not before `special_from_date` and not past
 * `special_to_date` + 86,400 s (the to-date lasts through its day). The dates are the product's datetime
 * attributes, `YYYY-MM-DD HH:MM:SS` in the store's time zone.
 */
import type { StoreClock } from '../db.ts';

/** The store's wall clock now, as seconds of a UTC time reading the same (`scopeTimeStamp`). */
function scopeTimeStamp(store: StoreClock): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: store.timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(store.clock.now()))
      .map((part) => [part.type, part.value]),
  );
  const at = Date.UTC(
    +(parts['year'] ?? 0),
    +(parts['month'] ?? 1) - 1,
    +(parts['day'] ?? 1),
    +(parts['hour'] ?? 0),
    +(parts['minute'] ?? 0),
    +(parts['second'] ?? 0),
  );
  return Math.floor(at / 1000);
}

/** PHP's `strtotime` of a Magento datetime, in seconds, as UTC; undefined for an empty or unreadable date. */
function timestamp(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour, minute, second) / 1000;
}

/** The product's custom attributes that decide its special price. */
export interface SpecialPriceAttributes {
  readonly special_price?: unknown;
  readonly special_from_date?: unknown;
  readonly special_to_date?: unknown;
}

/** The special price when it applies now, else undefined (none set, 0, or outside its dates). */
export function specialPriceNow(attributes: SpecialPriceAttributes, store: StoreClock): number | undefined {
  const price = Number(attributes.special_price);
  if (
    attributes.special_price === undefined ||
    attributes.special_price === null ||
    attributes.special_price === ''
  )
    return undefined;
  if (!Number.isFinite(price) || price < 0) return undefined;
  const now = scopeTimeStamp(store);
  const from = timestamp(attributes.special_from_date);
  const to = timestamp(attributes.special_to_date);
  if (from !== undefined && now < from) return undefined;
  if (to !== undefined && now > to + 86_400) return undefined;
  return price;
}
