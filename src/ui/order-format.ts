/** How the order pages write dates and amounts: UK dates in the shop's time zone, pounds with pence. */
import { formatPrice } from '../catalogue/money.ts';

const day = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** "24 November 2026"; the text as given when it is not a date. */
export function orderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}

/** The machine-readable date for `<time datetime>`. */
export const isoDay = (iso: string): string => iso.slice(0, 10);

/** £1,249.50, in the order's currency. */
export function orderMoney(amount: number, currency: string): string {
  if (currency === 'GBP') return formatPrice(amount);
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
  } catch {
    return formatPrice(amount);
  }
}
