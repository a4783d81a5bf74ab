/**
 * `components/service-booking/`: the booking page's island (this file, its state in use-book-service.ts)
 * and the customer's bookings (MyServiceBookings.tsx). The rules, the calls and the texts live in
 * `features/service-booking/`.
 *
 * "Book a service or repair" (issue 54, /services/book): the machine, the job, collection or drop-off, a
 * day from the service team's free days and the contact, filled from the account when signed in. A refused
 * booking keeps everything typed, says why beside each field and in the summary at the top (focused); a day
 * that went full offers the next free day. The booking made is confirmed with its reference and calendar file.
 */
import { useStore } from '@nanostores/react';
import { $signedIn } from '../../features/account/index.ts';
import type { Offered } from '../../features/service-booking/booking.ts';
import type { BookingField } from '../../features/service-booking/texts.ts';
import { weekdayText } from '../../calendar/day-text.ts';
import { serviceBookingTexts as t } from '../../features/service-booking/texts.ts';
import { ErrorSummary } from '../../ui/forms/ErrorSummary.tsx';
import { fieldId, FormError } from '../../ui/forms/Field.tsx';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import '../../styles/forms.css';
import './service-booking.css';
import { BookingConfirmation } from './BookingConfirmation.tsx';
import {
  ContactFields,
  FORM,
  HandoverFields,
  JobFields,
  MachineFields,
  type Choice,
} from './BookingFields.tsx';
import { DayChoice, dayInputId } from './DayChoice.tsx';
import { useBookService, type DaysState } from './use-book-service.ts';

export interface BookServiceProps {
  jobs: (Choice & { needsFault: boolean })[];
  handovers: (Choice & { needsAddress: boolean })[];
  /** The workshop's name and address, one line. */
  workshop: string;
}

/** Where each field's summary link goes. */
function summaryId(field: BookingField, day: string, days: DaysState): string {
  if (field === 'day') {
    const first =
      days.status === 'ready' ? days.days.find((entry) => entry.state === 'open')?.day : undefined;
    return dayInputId(`${FORM}-day`, day || first || '');
  }
  return fieldId(FORM, field);
}

function Days({ form }: { form: ReturnType<typeof useBookService> }) {
  const { days, choices, set, page, setPage, problems } = form;
  if (days.status !== 'ready')
    return (
      <LoadStatus
        state={days}
        className="account-status"
        text={t.loadingDays}
        onRetry={() => void form.reloadDays()}
      />
    );
  return (
    <DayChoice
      name={`${FORM}-day`}
      legend={t.dayLegend}
      days={days.days}
      chosen={choices.day}
      onChoose={set.day}
      page={page}
      onPage={setPage}
      error={problems.day}
    />
  );
}

export default function BookService({ jobs, handovers, workshop }: BookServiceProps) {
  const offered: Offered = { jobs, handovers };
  const form = useBookService(offered);
  const signedIn = useStore($signedIn);
  const { prefill, choices, set, problems } = form;
  if (form.booked) return <BookingConfirmation {...form.booked} signedIn={signedIn} onAgain={form.again} />;
  if (!prefill)
    return (
      <LoadStatus
        state={{ status: 'loading' }}
        className="account-status"
        text={t.loadingForm}
        onRetry={() => undefined}
      />
    );
  const summary = (Object.entries(problems) as [BookingField, string][]).map(([field, message]) => ({
    id: summaryId(field, choices.day, form.days),
    message,
  }));
  return (
    <form className="booking-form account-form" onSubmit={(event) => void form.submitted(event)} noValidate>
      <ErrorSummary title={t.errorSummary} problems={summary} focusKey={form.tries} />
      <p>{t.intro}</p>
      {!signedIn && <p className="field-hint">{t.signInHint}</p>}
      <MachineFields
        machines={prefill.machines}
        chosen={choices.machine}
        onChoose={set.machine}
        problems={problems}
      />
      <JobFields jobs={jobs} chosen={choices.job} onChoose={set.job} problems={problems} />
      <HandoverFields
        handovers={handovers}
        chosen={choices.handover}
        onChoose={set.handover}
        workshop={workshop}
        prefill={prefill}
        problems={problems}
      />
      <Days form={form} />
      {form.nextFree && (
        <p className="booking-next-free">
          {t.nextFree(weekdayText(form.nextFree))}{' '}
          <button type="button" className="button button--secondary" onClick={form.chooseNextFree}>
            {t.useNextFree(weekdayText(form.nextFree))}
          </button>
        </p>
      )}
      <ContactFields prefill={prefill} problems={problems} />
      <FormError id={`${FORM}-error`} message={form.refusal} />
      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={form.busy || undefined}>
          {form.busy ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}
