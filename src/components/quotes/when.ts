/** Magento's times (`YYYY-MM-DD HH:MM:SS`, UTC) and days (`YYYY-MM-DD`) as the quote pages show them, in UK words. */
export function when(at: string | null): string {
  if (!at) return '';
  const dayOnly = /^\d{4}-\d\d-\d\d$/.test(at);
  const date = new Date(
    dayOnly ? `${at}T12:00:00Z` : `${at.replace(' ', 'T')}${/Z|[+-]\d\d:?\d\d$/.test(at) ? '' : 'Z'}`,
  );
  if (Number.isNaN(date.getTime())) return at;
  return date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(dayOnly ? {} : { hour: '2-digit', minute: '2-digit' }),
    timeZone: 'Europe/London',
  });
}
