/**
 * A product's special price (`special_price`, `special_from_date`, `special_to_date`, COMMERCE-BASICS §5):
 * how it is stored, and whether it applies now as Magento's runtime pricing decides
 * (`Catalog\Pricing\Price\SpecialPrice`, `Timezone::isScopeDateInInterval`, §5.2). The dates are wall-clock
 * strings in the store's time zone; "now" is the store's wall clock read as UTC (`scopeTimestamp`). The
 * price counts from its from-date's first second through the whole of its to-date: Magento adds a day to
 * the to-date, so one to 30 June still applies at 1 July 00:00:00 and stops at 00:00:01.
 */

/** The attributes that make a special price, as products store them. */
export const SPECIAL_PRICE_ATTRIBUTES = ['special_price', 'special_from_date', 'special_to_date'] as const;

/** A product's special price and its dates (null: no bound). */
export interface SpecialPrice {
  readonly price: number;
  readonly from: string | null;
  readonly to: string | null;
}

const DAY_SECONDS = 86_400;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Seconds since the epoch of a UTC wall-clock reading (four-digit years taken as they are). */
function utcSeconds(parts: readonly number[]): number {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = parts;
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second, 0);
  return at.getTime() / 1000;
}

/** The date's fields as numbers, or undefined when it is not `YYYY-MM-DD[ HH:MM[:SS]]`. */
const dateParts = (value: string): number[] | undefined =>
  DATE_TIME.exec(value.trim())
    ?.slice(1)
    .map((part) => Number(part ?? 0));

/** `DateTime::isEmptyDate`: nothing but zeros and separators. */
const isEmptyDate = (value: string | null): boolean => (value ?? '').replace(/[ 0:-]/g, '') === '';

/**
 * `Timezone::isScopeDateInInterval($store, $from, $to)`: `at` (the store's wall clock as UTC seconds) is not
 * before the from-date and not past the to-date plus a day. A date `strtotime()` cannot read is `false` to
 * PHP: no lower bound as a from-date, the first day of 1970 as a to-date (so the price never applies).
 */
export function inDateInterval(from: string | null, to: string | null, at: number): boolean {
  if (!isEmptyDate(from)) {
    const parts = dateParts(from ?? '');
    if (parts && at < utcSeconds(parts)) return false;
  }
  if (!isEmptyDate(to)) {
    const parts = dateParts(to ?? '');
    if (at > (parts ? utcSeconds(parts) : 0) + DAY_SECONDS) return false;
  }
  return true;
}

/** The special price when it applies at `at`, else undefined. */
export const specialPriceAt = (special: SpecialPrice | undefined, at: number): number | undefined =>
  special && inDateInterval(special.from, special.to, at) ? special.price : undefined;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The special price a product's stored attributes hold, or undefined without a (numeric) price. */
export function specialPriceOf(attributes: {
  readonly special_price?: unknown;
  readonly special_from_date?: unknown;
  readonly special_to_date?: unknown;
}): SpecialPrice | undefined {
  const raw = attributes.special_price;
  if (raw === null || raw === undefined || raw === '') return undefined;
  const price = Number(raw);
  if (!Number.isFinite(price)) return undefined;
  return { price, from: text(attributes.special_from_date), to: text(attributes.special_to_date) };
}

/**
 * `SpecialPriceStorage::isCorrectDateValue`: `date('Y-m-d H:i:s', strtotime($date)) === $date`, so exactly
 * `Y-m-d H:i:s` naming a real moment ("2026-02-30 00:00:00" and "2026-06-01" are refused).
 */
export function isMagentoDateTime(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  return match !== null && isRealMoment(match.slice(1).map(Number));
}

const two = (n: number) => String(n).padStart(2, '0');

/** A wall-clock reading as Magento writes a datetime, `Y-m-d H:i:s`. */
const written = ([year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0]: readonly number[]) =>
  `${String(year).padStart(4, '0')}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}:${two(second)}`;

/** Whether the reading names a moment as it is, not one PHP would roll over into the next ("02-30"). */
const isRealMoment = (parts: readonly number[]): boolean => {
  const at = new Date(utcSeconds(parts) * 1000);
  const back = [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()];
  return written([...back, at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds()]) === written(parts);
};

/**
 * A special-price attribute's value as Magento's EAV storage gives it back: the price as a decimal(20,6)
 * string (`"19.990000"`), a date as `Y-m-d H:i:s` (`"2026-06-01"` gains its `00:00:00`); empty means none
 * (undefined). A value it cannot read, or a date that is no date ("2026-02-30"), is kept as sent.
 */
export function storedSpecialValue(code: string, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  if (code === 'special_price') {
    const price = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN;
    return Number.isFinite(price) && String(value).trim() !== '' ? price.toFixed(6) : value;
  }
  const parts = typeof value === 'string' ? dateParts(value) : undefined;
  return parts && isRealMoment(parts) ? written(parts) : value;
}
