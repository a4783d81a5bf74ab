/**
 * What a time zone's wall clock reads at an instant, for the server and the browser alike (no file or
 * process here): the shop's clock (clock.ts) and the delivery promises (src/calendar/working-days.ts).
 */
const wallFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall clock of `timeZone` at `at`, read as if it were UTC, in ms (whole seconds): Magento's
 * `Timezone::scopeTimeStamp()`, against which wall-clock dates such as a special price's are compared.
 * Formatters are costly to make, so one is kept per zone.
 */
export function wallClockAsUtc(timeZone: string, at: number): number {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  return Date.UTC(
    Number(parts['year']),
    Number(parts['month']) - 1,
    Number(parts['day']),
    Number(parts['hour']),
    Number(parts['minute']),
    Number(parts['second']),
  );
}
