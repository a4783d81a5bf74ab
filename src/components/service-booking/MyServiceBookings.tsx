/**
 * "My service bookings" (issue 54, /customer/service-bookings): the signed-in customer's bookings, or the
 * one a guest's e-mail link names (`#token=…`), each with its day, machine and job; until the day before,
 * each can be moved to another free day or cancelled (after a second, explicit confirmation). What was
 * done, or why not, is announced; a signed-out visitor without a link is asked to sign in.
 */
import { useEffect, useState } from 'react';
import {
  BookingCallError,
  cancelMine,
  linkToken,
  loadDays,
  loadMine,
  moveMine,
} from '../../features/service-booking/api.ts';
import type { DayAvailability } from '../../features/service-booking/days.ts';
import { weekdayText } from '../../calendar/day-text.ts';
import { serviceBookingTexts as t } from '../../features/service-booking/texts.ts';
import type { BookingView } from '../../features/service-booking/view.ts';
import { signInAndBack } from '../../shop-api/navigation.ts';
import { strings } from '../../strings.ts';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { useBusy } from '../../ui/forms/use-busy.ts';
import '../../styles/forms.css';
import './service-booking.css';
import { DayChoice } from './DayChoice.tsx';
import type { Choice } from './BookingFields.tsx';

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; message: string; signIn: boolean }
  | { status: 'ready'; bookings: BookingView[] };

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : '');

function MoveForm({
  booking,
  token,
  onDone,
}: {
  booking: BookingView;
  token: string | undefined;
  onDone: (said: string, next?: BookingView) => void;
}) {
  const [days, setDays] = useState<DayAvailability[] | undefined>();
  const [day, setDay] = useState('');
  const [page, setPage] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const { busy, start, finish } = useBusy();
  useEffect(
    () =>
      void loadDays().then(
        (answer) => setDays(answer.days),
        (failure: unknown) => setError(messageOf(failure)),
      ),
    [],
  );
  async function move() {
    if (!day) return setError(t.problems.day);
    if (!start(true)) return;
    try {
      const moved = await moveMine(booking.reference, day, token);
      onDone(t.moved(weekdayText(moved.day)), moved);
    } catch (failure) {
      setError(
        failure instanceof BookingCallError ? (failure.problems.day ?? failure.message) : messageOf(failure),
      );
      if (failure instanceof BookingCallError && failure.status === 409)
        void loadDays().then((answer) => setDays(answer.days));
    } finally {
      finish();
    }
  }
  if (!days)
    return error ? (
      <p className="form-error" role="alert">
        {error}
      </p>
    ) : (
      <p role="status">{t.loadingDays}</p>
    );
  return (
    <div className="booking-move">
      <DayChoice
        name={`move-${booking.reference}`}
        legend={t.moveTo}
        days={days}
        chosen={day}
        onChoose={setDay}
        page={page}
        onPage={setPage}
        error={error}
      />
      <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void move()}>
        {t.moveSubmit}
      </button>
      <p className="visually-hidden" role="alert">
        {error}
      </p>
    </div>
  );
}

function BookingFacts({ booking, job }: { booking: BookingView; job: string }) {
  return (
    <dl className="booking-facts">
      <dt>{t.reference}</dt>
      <dd>{booking.reference}</dd>
      <dt>{t.factMachine}</dt>
      <dd>{booking.details.machine}</dd>
      <dt>{t.factJob}</dt>
      <dd>{booking.status === 'cancelled' ? `${job} (${t.cancelled})` : job}</dd>
    </dl>
  );
}

function CancelConfirm(props: {
  reference: string;
  busy: boolean;
  onCancel: () => void;
  onKeep: () => void;
}) {
  const { reference, busy, onCancel, onKeep } = props;
  return (
    <div className="booking-cancel" role="group" aria-label={t.cancelQuestion(reference)}>
      <p>{t.cancelQuestion(reference)}</p>
      <div className="form-actions">
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={onCancel}>
          {t.cancelConfirm}
        </button>
        <button type="button" className="button button--secondary" onClick={onKeep}>
          {t.keep}
        </button>
      </div>
    </div>
  );
}

function BookingItem({
  booking,
  labels,
  token,
  onChanged,
}: {
  booking: BookingView;
  labels: readonly Choice[];
  token: string | undefined;
  onChanged: (said: string, next: BookingView) => void;
}) {
  const [mode, setMode] = useState<'view' | 'move' | 'cancel'>('view');
  const [error, setError] = useState('');
  const { busy, start, finish } = useBusy();
  const job = labels.find((label) => label.code === booking.details.job)?.label ?? booking.details.job;
  async function cancel() {
    if (!start(true)) return;
    try {
      const cancelled = await cancelMine(booking.reference, token);
      setMode('view');
      onChanged(t.wasCancelled(booking.reference), cancelled);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      finish();
    }
  }
  const headingId = `booking-${booking.reference}`;
  return (
    <li className="booking-item">
      <h2 id={headingId}>{weekdayText(booking.day)}</h2>
      <BookingFacts booking={booking} job={job} />
      {booking.status === 'booked' && (
        <p>{booking.changeable ? t.changeUntil(weekdayText(booking.changeUntil)) : t.tooLateToChange}</p>
      )}
      {booking.changeable && mode === 'view' && (
        <div className="form-actions">
          <button
            type="button"
            className="button button--secondary"
            aria-describedby={headingId}
            onClick={() => setMode('move')}
          >
            {t.move}
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-describedby={headingId}
            onClick={() => setMode('cancel')}
          >
            {t.cancel}
          </button>
        </div>
      )}
      {mode === 'move' && (
        <MoveForm
          booking={booking}
          token={token}
          onDone={(said, next) => {
            setMode('view');
            if (next) onChanged(said, next);
          }}
        />
      )}
      {mode === 'cancel' && (
        <CancelConfirm
          reference={booking.reference}
          busy={busy}
          onCancel={() => void cancel()}
          onKeep={() => setMode('view')}
        />
      )}
      <p className="form-error" role="alert">
        {error}
      </p>
    </li>
  );
}

export default function MyServiceBookings({ jobs }: { jobs: Choice[] }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [token, setToken] = useState<string | undefined>();
  const [said, setSaid] = useState('');
  const load = (from: string | undefined) =>
    loadMine(from).then(
      (bookings) => setLoaded({ status: 'ready', bookings }),
      (error: unknown) =>
        setLoaded({
          status: 'failed',
          message: messageOf(error),
          signIn: error instanceof BookingCallError && error.status === 401,
        }),
    );
  useEffect(() => {
    const found = linkToken(window.location.hash);
    setToken(found);
    void load(found);
  }, []);
  if (loaded.status === 'failed' && loaded.signIn)
    return (
      <p>
        {loaded.message} <a href={signInAndBack('/customer/service-bookings')}>{strings.account.signIn}</a>
      </p>
    );
  if (loaded.status !== 'ready')
    return (
      <LoadStatus
        state={loaded}
        className="account-status"
        text={t.mineLoading}
        onRetry={() => void load(token)}
      />
    );
  const changed = (message: string, next: BookingView) => {
    setSaid(message);
    setLoaded({
      status: 'ready',
      bookings: loaded.bookings.map((booking) => (booking.reference === next.reference ? next : booking)),
    });
  };
  return (
    <div className="my-bookings">
      {token && <p className="field-hint">{t.mineGuestHint}</p>}
      <p role="status" className="booking-said">
        {said}
      </p>
      {loaded.bookings.length === 0 ? (
        <p>{t.mineNone}</p>
      ) : (
        <ul className="booking-list">
          {loaded.bookings.map((booking) => (
            <BookingItem
              key={booking.reference}
              booking={booking}
              labels={jobs}
              token={token}
              onChanged={changed}
            />
          ))}
        </ul>
      )}
      <p>
        <a href="/services/book">{t.mineBook}</a>
      </p>
    </div>
  );
}
