/**
 * The texts of click & collect (issue 55): availability on product pages and cards, the point chooser, the
 * checkout's collection option and its refusals, and where, when and what to bring on the confirmation,
 * the order page and the e-mail.
 */
import { addDays, weekday, type IsoDay } from '../../calendar/working-days.ts';
import { formatTime } from '../../delivery/format.ts';
import { dayText, WEEKDAYS } from '../../calendar/day-text.ts';
import type { Availability } from './availability.ts';
import { callToCheck } from './browser-texts.ts';

/** "today", "tomorrow", "Monday" within the week ahead, else "Monday 7 December 2026". */
export function collectDayText(day: IsoDay, today: IsoDay): string {
  if (day === today) return 'today';
  if (day === addDays(today, 1)) return 'tomorrow';
  const name = WEEKDAYS[weekday(day)] ?? '';
  return day <= addDays(today, 6) ? name : `${name} ${dayText(day)}`;
}

/** A point as the texts name it. */
export interface NamedPoint {
  readonly name: string;
  readonly phone: string | undefined;
}

/** The availability line of a product page or card. */
export function availabilityText(availability: Availability, point: NamedPoint, today: IsoDay): string {
  switch (availability.kind) {
    case 'shelf': {
      const when = collectDayText(availability.day, today);
      return `Collect ${when} from ${point.name}: ${availability.free} in stock`;
    }
    case 'transfer': {
      const by = formatTime(availability.orderBy);
      const collect = collectDayText(availability.day, today);
      return availability.orderByDay === today
        ? `Order by ${by}, collect ${collect}`
        : `Order by ${by} ${collectDayText(availability.orderByDay, today)}, collect ${collect}`;
    }
    case 'none':
      return collectTexts.deliveryOnly;
    case 'unknown':
      return callToCheck(point.name, point.phone);
  }
}

export const collectTexts = {
  deliveryOnly: 'Delivery only',
  pointsUnavailable: 'Collection points can’t be shown right now. Please try again.',
  availabilityTitle: (name: string) => `Collect from ${name}`,
  availabilityOf: (product: string) => `Collection of ${product}`,
  noSuchProduct: 'We can’t find that product.',
  noSuchPoint: 'That is not one of our collection points.',
  hours: 'Opening hours',
  closed: 'Closed',
  map: 'Map',
  // Checkout
  collectFrom: (name: string) => `Collect from ${name}`,
  collectOn: (when: string) => `Ready to collect ${when}`,
  free: 'Free',
  notAllCollectable: 'Not everything in your basket is here',
  collectUnavailable:
    'Collecting from our shop can’t be offered just now. Choose delivery, or call us and we’ll reserve it for you.',
  collectNotReady: 'Please wait while we check the shelf, or choose delivery.',
  collectNotHeld: 'Your items could not be reserved here. Choose delivery or another collection point.',
  reservedUntil: (time: string) => `Reserved for you until ${time}`,
  reserving: 'Checking the shelf…',
  noAddressNeeded: 'No delivery address needed: we only ask for your billing address.',
  shortAtPoint: (name: string) => `Not everything in your basket can be collected from ${name}:`,
  shortLine: (product: string, free: number) =>
    free > 0 ? `${product}: only ${free} free to collect` : `${product}: not available to collect`,
  /** A line for more than one basket may collect (`mostPerLine`). */
  overLine: (product: string, most: number) => `${product}: you can collect up to ${most} in one order`,
  holdSpent: (name: string, minutes: number) =>
    `Your items have been reserved at ${name} for ${minutes} minutes, the longest we can hold a basket, so they’re back on the shelf for other shoppers. Choose delivery instead.`,
  tooManyToCollect: (name: string, most: number) =>
    `You can collect up to ${most} of each product from ${name} in one order. Nothing has been charged. Reduce the quantity in your basket, or choose delivery.`,
  notPointAddress: (name: string) =>
    `The collection address on your order isn’t ${name}’s. Nothing has been charged. Please go back to Shipping and choose ${name} again.`,
  soldOutWhilePaying: (name: string) =>
    `Sorry, something in your basket has just gone from ${name}’s shelf. Nothing has been charged. Choose delivery or another collection point.`,
  deliverAll: 'Deliver everything instead',
  collectElsewhere: (name: string) => `Collect from ${name} instead`,
  split: 'Collect what can be collected, deliver the rest later',
  splitDone: (count: number) =>
    count === 1
      ? '1 item is waiting in your basket for delivery after this order.'
      : `${count} items are waiting in your basket for delivery after this order.`,
  backInBasket: 'The items you set aside for delivery are back in your basket.',
  busy: 'Someone is reserving at the same moment. Please try again.',
  tooManyHolds: 'Too many reservations from here just now. Please try again later, or choose delivery.',
  holdFailed: 'We couldn’t check the shelf right now. Please try again, or choose delivery.',
  // After the order
  where: (name: string) => `Collect from ${name}`,
  when: (when: string) => `Ready ${when}: we e-mail you when it is waiting for you.`,
  bring: 'What to bring',
  keptFor: (days: number) => `We keep it for you for ${days} days.`,
  shippingTier: 'Click & collect',
} as const;
