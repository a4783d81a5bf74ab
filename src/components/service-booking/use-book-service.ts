/**
 * The booking form's state: the account's details for a signed-in customer, the service team's days, the
 * choices made, and the submit: checked here first with the server's own rules (features/service-booking/
 * booking.ts), then booked once per form (one idempotency key), each refusal kept beside its field with
 * everything typed, a day that went full offered the next free day.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { $signedIn } from '../../features/account/index.ts';
import { BookingCallError, loadDays, submitBooking } from '../../features/service-booking/api.ts';
import {
  bookingProblems,
  newIdempotencyKey,
  type BookingDetails,
  type BookingProblems,
  type Offered,
} from '../../features/service-booking/booking.ts';
import type { DayAvailability } from '../../features/service-booking/days.ts';
import { accountPrefill, EMPTY_PREFILL, type Prefill } from '../../features/service-booking/prefill.ts';
import type { BookingView } from '../../features/service-booking/view.ts';
import { serviceBookingTexts as t } from '../../features/service-booking/texts.ts';
import { readFields } from '../../ui/forms/Field.tsx';
import { useBusy } from '../../ui/forms/use-busy.ts';
import { useHydrated } from '../../ui/forms/use-hydrated.ts';
import { ANOTHER } from './BookingFields.tsx';
import { pageOf } from './DayChoice.tsx';

const TEXT_FIELDS = ['machine', 'fault', 'street', 'city', 'postcode', 'name', 'email', 'phone'] as const;

export type DaysState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; days: DayAvailability[]; nextFree: string | undefined };

export interface Booked {
  booking: BookingView;
  calendar: string;
  /** A guest's link to see, move or cancel the booking (the e-mail's too). */
  manage: string | undefined;
}

/** The account's details, once known (a guest's at once: empty). */
function usePrefill(): Prefill | undefined {
  const hydrated = useHydrated();
  const signedIn = useStore($signedIn);
  const [prefill, setPrefill] = useState<Prefill | undefined>();
  useEffect(() => {
    if (!hydrated) return;
    if (!signedIn) setPrefill(EMPTY_PREFILL);
    else void accountPrefill().then(setPrefill);
  }, [hydrated, signedIn]);
  return prefill;
}

function useDays() {
  const [days, setDays] = useState<DaysState>({ status: 'loading' });
  const reload = () =>
    loadDays().then(
      (answer) => setDays({ status: 'ready', ...answer }),
      (error: unknown) => setDays({ status: 'failed', message: error instanceof Error ? error.message : '' }),
    );
  useEffect(() => void reload(), []);
  return { days, reload };
}

/** What the form holds: the fields typed and the choices made. */
function typedDetails(
  form: HTMLFormElement,
  chosen: { machine: string; job: string; handover: string },
): BookingDetails {
  const typed = readFields(form, TEXT_FIELDS);
  return {
    ...typed,
    machine: chosen.machine === ANOTHER ? typed.machine : chosen.machine,
    job: chosen.job,
    handover: chosen.handover,
    address: { street: typed.street, city: typed.city, postcode: typed.postcode },
  };
}

/** The choices made: kept through refusals (radio buttons are the form's state, not the page's). */
function useChoices() {
  const [machine, setMachine] = useState<string | undefined>();
  const [job, setJob] = useState('');
  const [handover, setHandover] = useState('');
  const [day, setDay] = useState('');
  const [page, setPage] = useState(0);
  return { machine, setMachine, job, setJob, handover, setHandover, day, setDay, page, setPage };
}

export function useBookService(offered: Offered) {
  const prefill = usePrefill();
  const { days, reload } = useDays();
  const { machine, setMachine, job, setJob, handover, setHandover, day, setDay, page, setPage } =
    useChoices();
  const [problems, setProblems] = useState<BookingProblems>({});
  const [refusal, setRefusal] = useState('');
  const [nextFree, setNextFree] = useState<string | undefined>();
  const [tries, setTries] = useState(0);
  const [booked, setBooked] = useState<Booked | undefined>();
  const [key, setKey] = useState(newIdempotencyKey);
  const { busy, start, finish } = useBusy();
  const machineChoice = machine ?? prefill?.machines[0] ?? ANOTHER;

  function refused(found: BookingProblems, message = '') {
    setProblems(found);
    setRefusal(message);
    setTries((count) => count + 1);
  }

  async function submitted(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!start(true)) return;
    const details = typedDetails(event.currentTarget, { machine: machineChoice, job, handover });
    const found = bookingProblems(details, offered);
    if (!day) found.day = t.problems.day;
    setNextFree(undefined);
    try {
      if (Object.keys(found).length > 0) return refused(found);
      setBooked(await submitBooking({ ...details, day, idempotencyKey: key }));
    } catch (error) {
      if (!(error instanceof BookingCallError)) throw error;
      refused(error.problems, Object.keys(error.problems).length > 0 ? '' : error.message);
      if (error.status === 409) {
        setNextFree(error.nextFree);
        void reload();
      }
    } finally {
      finish();
    }
  }

  function chooseNextFree() {
    if (!nextFree || days.status !== 'ready') return;
    setDay(nextFree);
    setPage(pageOf(days.days, nextFree));
    setNextFree(undefined);
  }

  function again() {
    setBooked(undefined);
    setKey(newIdempotencyKey());
    setDay('');
    setProblems({});
    void reload();
  }

  return {
    prefill,
    days,
    reloadDays: reload,
    choices: { machine: machineChoice, job, handover, day },
    set: { machine: setMachine, job: setJob, handover: setHandover, day: setDay },
    page,
    setPage,
    problems,
    refusal,
    nextFree,
    tries,
    booked,
    busy,
    submitted,
    chooseNextFree,
    again,
  };
}
