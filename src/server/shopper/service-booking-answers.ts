/**
 * The booking routes' answers to a refused booking or change (service-booking.ts): the status and what to
 * change, beside the day field when the day is at fault, and the next free day.
 */
import {
  takenPerDay,
  todayOf,
  type BookingRefused,
  type BookingStore,
} from '../../features/service-booking/index.server.ts';
import {
  availability,
  firstBookableDay,
  firstOpenDay,
  lastBookableDay,
  serviceBookingTexts as t,
} from '../../features/service-booking/index.ts';
import { jsonReply } from '../../http/index.ts';

/** Refusals of a day as answers: what to change, beside the day field. */
export function refusalAnswer(
  deps: BookingStore,
  error: BookingRefused,
  day: string,
  nextFree: string | undefined,
): Response {
  const today = todayOf(deps);
  const messages: Record<BookingRefused['reason'], [number, string]> = {
    past: [400, t.dayPast(today)],
    'too-soon': [400, t.dayTooSoon(firstBookableDay(today, deps.rules))],
    closed: [400, t.dayClosed(day)],
    'too-far': [400, t.dayTooFar(lastBookableDay(today, deps.rules))],
    full: [409, t.dayFull],
    'too-late': [409, t.tooLate],
    cancelled: [409, t.isCancelled],
    changed: [409, t.changedMeanwhile],
    'key-used': [409, t.keyUsed],
  };
  const [status, message] = messages[error.reason];
  const dayProblem = ['past', 'too-soon', 'closed', 'too-far', 'full'].includes(error.reason);
  return jsonReply(status, {
    message,
    ...(dayProblem ? { problems: { day: message } } : {}),
    ...(nextFree ? { nextFree } : {}),
  });
}

/** The first open day from today to the last bookable one. */
export async function nextFreeDay(deps: BookingStore): Promise<string | undefined> {
  const today = todayOf(deps);
  const from = firstBookableDay(today, deps.rules);
  const to = lastBookableDay(today, deps.rules);
  return firstOpenDay(availability(from, to, await takenPerDay(deps.store, from, to), today, deps.rules));
}
