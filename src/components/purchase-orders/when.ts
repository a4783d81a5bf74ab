/** Magento's times (`YYYY-MM-DD HH:MM:SS`, UTC) as the company pages show them: a UK date and time. */
export function when(at: string): string {
  const date = new Date(`${at.replace(' ', 'T')}${/Z|[+-]\d\d:?\d\d$/.test(at) ? '' : 'Z'}`);
  return Number.isNaN(date.getTime())
    ? at
    : date.toLocaleString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Europe/London',
      });
}
