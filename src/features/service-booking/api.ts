/**
 * The booking islands' calls to the storefront server's booking routes (src/server/shopper/service-booking.ts),
 * same origin. Answers are read by hand (no zod in the browser); a refusal becomes BookingCallError with
 * the server's message, what it found wrong by field and, when the day went full, the next free day, so
 * the form says it beside the field and keeps everything typed.
 */
import { ShopApiError, shopFetch, UNAVAILABLE } from '../../shop-api/shop-api.ts';
import { asListOf, asNumber, asString, handReader, isRecord } from '@cleaning-shop/kit/reader.ts';
import type { BookingRequest } from './booking.ts';
import type { DayAvailability } from './days.ts';
import type { BookingField } from './texts.ts';
import { bookingViewReader, type BookingView } from './view.ts';

export const BOOKINGS_PATH = '/service-bookings';
/** The header a guest's link token travels in (the route's BOOKING_TOKEN_HEADER). */
const TOKEN_HEADER = 'Booking-Token';

export class BookingCallError extends Error {
  readonly status: number;
  readonly problems: Partial<Record<BookingField, string>>;
  readonly nextFree: string | undefined;
  constructor(
    status: number,
    message: string,
    problems: Partial<Record<BookingField, string>> = {},
    nextFree?: string,
  ) {
    super(message);
    this.name = 'BookingCallError';
    this.status = status;
    this.problems = problems;
    this.nextFree = nextFree;
  }
}

const FIELDS: readonly BookingField[] = [
  'machine',
  'job',
  'fault',
  'handover',
  'street',
  'city',
  'postcode',
  'day',
  'name',
  'email',
  'phone',
];

function problemsOf(value: unknown): Partial<Record<BookingField, string>> {
  if (!isRecord(value)) return {};
  const problems: Partial<Record<BookingField, string>> = {};
  for (const field of FIELDS) {
    const message = asString(value[field]);
    if (message) problems[field] = message;
  }
  return problems;
}

const anyRecord = handReader((value) => (isRecord(value) ? value : undefined));

async function call(
  path: string,
  {
    token,
    ...request
  }: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; token?: string | undefined } = {},
) {
  try {
    return await shopFetch(path, {
      ...request,
      ...(token ? { headers: { [TOKEN_HEADER]: token } } : {}),
      schema: anyRecord,
    });
  } catch (error) {
    if (!(error instanceof ShopApiError)) throw error;
    const body = isRecord(error.answer) ? error.answer : {};
    throw new BookingCallError(
      error.status,
      error.status >= 500 ? UNAVAILABLE : error.message,
      problemsOf(body['problems']),
      asString(body['nextFree']),
    );
  }
}

const dayOf = (value: unknown): DayAvailability | undefined => {
  if (!isRecord(value)) return undefined;
  const day = asString(value['day']);
  const state = value['state'];
  const free = asNumber(value['free']);
  if (!day || free === undefined || (state !== 'open' && state !== 'full' && state !== 'closed'))
    return undefined;
  return { day, state, free };
};

const bookingOf = (value: unknown): BookingView => {
  const read = bookingViewReader.safeParse(value);
  if (!read.success) throw new BookingCallError(502, UNAVAILABLE);
  return read.data;
};

/** The free, full and closed days from `from` to `to` (the server's default range without them). */
export async function loadDays(
  from?: string,
  to?: string,
): Promise<{ days: DayAvailability[]; nextFree: string | undefined }> {
  const query = from && to ? `?from=${from}&to=${to}` : '';
  const answer = await call(`${BOOKINGS_PATH}/days${query}`);
  const days = asListOf(answer['days'], dayOf);
  if (!days) throw new BookingCallError(502, UNAVAILABLE);
  return { days, nextFree: asString(answer['nextFree']) };
}

/** Books; the booking, its calendar file and, for a guest, the link to see, move or cancel it. */
export async function submitBooking(
  request: BookingRequest,
): Promise<{ booking: BookingView; calendar: string; manage: string | undefined }> {
  const answer = await call(BOOKINGS_PATH, { method: 'POST', body: request });
  return {
    booking: bookingOf(answer['booking']),
    calendar: asString(answer['calendar']) ?? '',
    manage: asString(answer['manage']),
  };
}

/** The signed-in customer's bookings, or the one a guest's `token` names. */
export async function loadMine(token?: string): Promise<BookingView[]> {
  const answer = await call(`${BOOKINGS_PATH}/mine`, { token });
  const list = Array.isArray(answer['bookings']) ? answer['bookings'] : undefined;
  if (!list) throw new BookingCallError(502, UNAVAILABLE);
  return list.map(bookingOf);
}

export const moveMine = async (reference: string, day: string, token?: string): Promise<BookingView> =>
  bookingOf(
    (await call(`${BOOKINGS_PATH}/${reference}/move`, { method: 'POST', body: { day }, token }))['booking'],
  );

export const cancelMine = async (reference: string, token?: string): Promise<BookingView> =>
  bookingOf((await call(`${BOOKINGS_PATH}/${reference}/cancel`, { method: 'POST', token }))['booking']);

/** A guest's token from the e-mail's link (`#token=…`), if the page was opened by it. */
export function linkToken(hash: string): string | undefined {
  const match = /(?:^#|&)token=([\w-]{20,64})(?:&|$)/.exec(hash);
  return match?.[1];
}
