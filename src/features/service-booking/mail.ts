/**
 * The e-mails of a booking (issue 54): confirmed, moved or cancelled, each in the shop's one layout
 * (src/mail/compose.ts) with the booking's iCalendar file attached (REQUEST, or CANCEL with the same UID and
 * a higher SEQUENCE), and the outbox key that queues each once: a booking, each of its moves (by SEQUENCE),
 * its cancellation.
 */
import { composeMail, type MailSender } from '../../mail/compose.ts';
import type { OutgoingMail, Outbox } from '../../mail/outbox.ts';
import { addDays } from '../../calendar/working-days.ts';
import type { Booking } from './bookings.server.ts';
import { calendarContentType, calendarFile } from './ics.ts';
import type { ServiceSettings } from './settings.ts';
import { weekdayText } from '../../calendar/day-text.ts';
import { serviceBookingTexts as t } from './texts.ts';

export type BookingChange = 'booked' | 'moved' | 'cancelled';

export interface BookingMailContext {
  readonly sender: MailSender;
  readonly settings: ServiceSettings;
  /** The shop's public URL, for the link and the calendar's UID. */
  readonly siteUrl: string;
  /** ms since 1970 (the calendar's DTSTAMP). */
  readonly now: number;
}

const labelOf = (list: readonly { code: string; label: string }[], code: string): string =>
  list.find((item) => item.code === code)?.label ?? code;

const workshop = (settings: ServiceSettings): string =>
  [settings.shop.name, ...settings.shop.address].join(', ');

/** Where the job happens, as the calendar's LOCATION: the collection address, else the workshop. */
function location(booking: Booking, settings: ServiceSettings): string {
  const address = booking.details.address;
  return address ? [address.street, address.city, address.postcode].join(', ') : workshop(settings);
}

/** The booking's calendar file, for the e-mail and "Add to calendar". */
export function bookingCalendar(booking: Booking, context: BookingMailContext): string {
  const { settings } = context;
  const job = labelOf(settings.jobs, booking.details.job);
  return calendarFile({
    uid: `${booking.reference}@${new URL(context.siteUrl).hostname}`,
    sequence: booking.sequence,
    method: booking.status === 'cancelled' ? 'CANCEL' : 'REQUEST',
    day: booking.day,
    summary: t.calendarSummary(job, booking.details.machine),
    description: [
      `${t.factReference}: ${booking.reference}`,
      labelOf(settings.handovers, booking.details.handover),
    ]
      .concat(booking.details.fault ? [`${t.factFault}: ${booking.details.fault}`] : [])
      .join('\n'),
    location: location(booking, settings),
    stamp: context.now,
    organizer: { name: context.sender.name, email: context.sender.email },
    attendee: { name: booking.details.name, email: booking.details.email },
  });
}

function facts(booking: Booking, settings: ServiceSettings): [string, string][] {
  const { details } = booking;
  return [
    [t.factReference, booking.reference],
    [t.factDay, weekdayText(booking.day)],
    [t.factMachine, details.machine],
    [t.factJob, labelOf(settings.jobs, details.job)],
    ...(details.fault ? ([[t.factFault, details.fault]] as [string, string][]) : []),
    [t.factHandover, labelOf(settings.handovers, details.handover)],
    ...(details.address
      ? ([
          [
            t.factAddress,
            [details.address.street, details.address.city, details.address.postcode].join(', '),
          ],
        ] as [string, string][])
      : []),
  ];
}

const HEADINGS: Record<BookingChange, { subject: (reference: string) => string; heading: string }> = {
  booked: { subject: t.mailBookedSubject, heading: t.mailBookedHeading },
  moved: { subject: t.mailMovedSubject, heading: t.mailMovedHeading },
  cancelled: { subject: t.mailCancelledSubject, heading: t.mailCancelledHeading },
};

function paragraphs(booking: Booking, change: BookingChange, settings: ServiceSettings): string[] {
  if (change === 'cancelled') return [t.mailCancelled(weekdayText(booking.day))];
  const handover = booking.details.address ? t.mailCollect : t.mailDropOff(workshop(settings));
  const lastChange = weekdayText(addDays(booking.day, -settings.changeUntilDaysBefore));
  return [t.mailDay(weekdayText(booking.day)), handover, t.mailChangeUntil(lastChange), t.mailCalendar];
}

/** The outbox's key for this change: one e-mail per booking, per move and per cancellation. */
export const bookingMailKey = (booking: Booking, change: BookingChange): string =>
  `service-booking-${change}:${booking.reference}:${booking.sequence}`;

/** The e-mail for `change` of `booking`; `manageUrl` is where the customer sees, moves or cancels it. */
export function bookingMail(
  booking: Booking,
  change: BookingChange,
  context: BookingMailContext,
  manageUrl: string,
): OutgoingMail {
  const { settings } = context;
  const { subject, heading } = HEADINGS[change];
  const method = change === 'cancelled' ? 'CANCEL' : 'REQUEST';
  return composeMail(context.sender, {
    to: booking.details.email,
    subject: subject(booking.reference),
    heading,
    paragraphs: paragraphs(booking, change, settings),
    facts: facts(booking, settings),
    ...(change === 'cancelled' ? {} : { link: { label: t.mailManage, url: manageUrl } }),
    attachments: [
      {
        filename: `${booking.reference}.ics`,
        contentType: calendarContentType(method),
        content: bookingCalendar(booking, context),
      },
    ],
  });
}

/** The page's "see, move or cancel" link: a guest's carries their token after `#`, never sent to servers. */
export const manageUrl = (siteUrl: string, token: string | undefined): string =>
  new URL(`/customer/service-bookings${token ? `#token=${token}` : ''}`, siteUrl).href;

export interface QueuedChange {
  readonly booking: Booking;
  readonly change: BookingChange;
  /** The guest's token, for their link. */
  readonly token?: string | undefined;
  readonly log?: ((message: string) => void) | undefined;
}

/** Queues the e-mail of a change; a store that cannot take it is logged, never the shopper's failure. */
export async function queueBookingMail(outbox: Outbox, context: BookingMailContext, queued: QueuedChange) {
  const { booking, change } = queued;
  const mail = bookingMail(booking, change, context, manageUrl(context.siteUrl, queued.token));
  try {
    await outbox.enqueue(bookingMailKey(booking, change), mail);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    queued.log?.(`Service booking ${booking.reference}: the ${change} e-mail was not queued: ${reason}`);
  }
}
