/**
 * Calendar days (`2026-11-23`, no zone) as shoppers read them, for the after-sale pages, certificates and
 * e-mails. Spelt out here rather than by Intl, so the server's PDFs and e-mails, the browser and the tests
 * write a day alike whatever their ICU data.
 */
/** The days of the week, Sunday first (as `Date.getUTCDay()` numbers them). */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const dateOf = (day: string): Date | undefined => {
  const date = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** "23 November 2026"; a value that is not a day comes back as it is. */
export function dayText(day: string): string {
  const date = dateOf(day);
  return date ? `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}` : day;
}

/** "Monday 23 November 2026". */
export function weekdayText(day: string): string {
  const date = dateOf(day);
  return date ? `${WEEKDAYS[date.getUTCDay()]} ${dayText(day)}` : day;
}
