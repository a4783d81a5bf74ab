/**
 * The booking made: its reference and day, focused so a screen reader reads it at once, the calendar
 * file to save ("Add to calendar"), the way to the customer's bookings (a guest's: the link their e-mail
 * also carries) and a button to book another.
 */
import { useEffect, useRef } from 'react';
import { weekdayText } from '../../calendar/day-text.ts';
import { serviceBookingTexts as t } from '../../features/service-booking/texts.ts';
import type { BookingView } from '../../features/service-booking/view.ts';
import { saveFile } from '../../ui/forms/save-file.ts';

export const MY_BOOKINGS_PAGE = '/customer/service-bookings';

export function BookingConfirmation({
  booking,
  calendar,
  manage,
  signedIn,
  onAgain,
}: {
  booking: BookingView;
  calendar: string;
  manage: string | undefined;
  signedIn: boolean;
  onAgain: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const addToCalendar = () =>
    saveFile({ name: `${booking.reference}.ics`, blob: new Blob([calendar], { type: 'text/calendar' }) });
  return (
    <section className="booking-confirmation" aria-labelledby="booking-confirmed">
      <h2 id="booking-confirmed" ref={heading} tabIndex={-1}>
        {t.confirmedTitle}
      </h2>
      <p>{t.confirmed(weekdayText(booking.day))}</p>
      <dl className="booking-facts">
        <dt>{t.reference}</dt>
        <dd>{booking.reference}</dd>
        <dt>{t.factMachine}</dt>
        <dd>{booking.details.machine}</dd>
      </dl>
      <div className="form-actions">
        <button type="button" className="button" onClick={addToCalendar}>
          {t.addToCalendar}
        </button>
        {(signedIn || manage) && (
          <a className="button button--secondary" href={signedIn ? MY_BOOKINGS_PAGE : manage}>
            {t.manage}
          </a>
        )}
        <button type="button" className="button button--secondary" onClick={onAgain}>
          {t.bookAnother}
        </button>
      </div>
    </section>
  );
}
