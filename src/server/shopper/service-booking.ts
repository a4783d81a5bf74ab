/**
 * Service and repair booking (issue 54) as same-origin JSON routes of the storefront server, over the
 * bookings in the shop's store (features/service-booking/bookings.server.ts). Answers are never cached.
 *
 * - `GET /service-bookings/days?from=&to=` → `{days: [{day, state: open|full|closed, free}], nextFree}`:
 *   up to 92 days (by default from today to the last bookable day); `nextFree` is the first open day.
 * - `POST /service-bookings` `{machine, job, fault, handover, address, day, name, email, phone,
 *   idempotencyKey}` → 201 `{booking, calendar}` (200 with the same booking when its booker sends the same
 *   key and details again); 400 `{message, problems: {field: why}}` for what was typed wrong or a day that
 *   cannot be booked; 409 with `nextFree` when the day went full, and 409 alone for a key that booked for
 *   another booker (customer, or guest's browser: service-booking-guest.ts) or with other details. Signed in,
 *   the booking is the customer's; a guest's is reached through the link in the e-mail, whose token the
 *   page sends back as `Booking-Token`.
 * - `GET /service-bookings/mine` → `{bookings}`: the customer's, or the one the `Booking-Token` names.
 * - `GET /service-bookings/{reference}/calendar.ics`: the booking's iCalendar file.
 * - `POST /service-bookings/{reference}/move` `{day}` and `POST …/cancel` → `{booking}`: until the day
 *   before (409 after); the new day's refusals as when booking.
 *
 * No session and no token: 401. Another's booking, or none: 404. The store or Magento down: 503, and the
 * form keeps what was typed. Booking, moving and cancelling each queue an e-mail with the calendar file.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Clock } from '@cleaning-shop/kit/clock.ts';
import { customerIdOf, type OrdersMagento } from '../../features/orders/index.server.ts';
import {
  bookingProblems,
  IDEMPOTENCY_KEY,
  keptDetails,
  MAX_FAULT,
  MAX_LINE,
  type BookingRequest,
  availability,
  firstOpenDay,
  lastBookableDay,
  bookingCalendar,
  manageUrl,
  queueBookingMail,
  type BookingChange,
  type BookingMailContext,
  type ServiceSettings,
  serviceBookingTexts as t,
  bookingView,
} from '../../features/service-booking/index.ts';
import {
  book,
  BookingRefused,
  bookingsOf,
  cancelBooking,
  moveBooking,
  ownedBooking,
  takenPerDay,
  todayOf,
  type Booking,
  type BookingStore,
  type Owner,
} from '../../features/service-booking/index.server.ts';
import {
  clientAddress,
  customerSession,
  errorMessage,
  FailureCounter,
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  methodNotAllowed,
  notCrossSite,
  sameOrigin,
  tooManyAttempts,
  type CustomerSession,
  type FailureLimit,
  type TrustedProxies,
} from '../../http/index.ts';
import type { MailSender } from '../../mail/compose.ts';
import type { Outbox } from '../../mail/outbox.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import { addDays, isIsoDay } from '../../calendar/working-days.ts';
import { nextFreeDay, refusalAnswer } from './service-booking-answers.ts';
import { bookingGuest, type BookingGuest } from './service-booking-guest.ts';

export interface ServiceBookingRoutesConfig {
  /** Magento: the session's customer is named by `customers/me` with their own token. */
  readonly magento: OrdersMagento;
  readonly store: SharedStore;
  /** The shop's clock (shopClock): "today" for the lead time and the cut-off. */
  readonly clock: Clock;
  readonly settings: ServiceSettings;
  readonly outbox: Outbox;
  /** Who signs the e-mails. */
  readonly sender: MailSender;
  readonly siteUrl: string;
  readonly trustedProxies: TrustedProxies;
  /** New bookings a guest may make from one address (default 5 an hour): a guest cannot fill the calendar. */
  readonly guestLimit?: FailureLimit;
  readonly log?: (message: string) => void;
}

/** The guest's token of the e-mail's link, sent back by the page. */
export const BOOKING_TOKEN_HEADER = 'Booking-Token';
const MAX_BODY = 8 * 1024;
const MAX_RANGE_DAYS = 92;
const GUEST_BOOKINGS: FailureLimit = { failures: 5, windowSeconds: 60 * 60 };

const line = z.string().max(MAX_LINE * 2);
const bookBody = z.object({
  machine: line,
  job: z.string().max(40),
  fault: z
    .string()
    .max(MAX_FAULT * 2)
    .default(''),
  handover: z.string().max(40),
  address: z
    .object({ street: line, city: line, postcode: z.string().max(20) })
    .nullable()
    .default(null),
  day: z.string().max(10),
  name: line,
  email: z.string().max(254),
  phone: z.string().max(40),
  idempotencyKey: z.string().regex(IDEMPOTENCY_KEY),
});
const moveBody = z.object({ day: z.string().max(10) });

type Env = CustomerSession;

/** Whose bookings the request may see: the session's customer, else the guest's token; 401 for neither. */
async function ownerOf(config: ServiceBookingRoutesConfig, c: Context<Env>): Promise<Owner> {
  const token = c.req.header(BOOKING_TOKEN_HEADER);
  if (token && /^[A-Za-z0-9_-]{20,64}$/.test(token)) return { token };
  const session = c.var.customerToken;
  if (!session) throw new HttpError(401, t.signIn);
  return { customerId: await customerIdOf(config.magento, session) };
}

const mailContext = (config: ServiceBookingRoutesConfig): BookingMailContext => ({
  sender: config.sender,
  settings: config.settings,
  siteUrl: config.siteUrl,
  now: config.clock.now(),
});

const mail = (config: ServiceBookingRoutesConfig, booking: Booking, change: BookingChange, token?: string) =>
  queueBookingMail(config.outbox, mailContext(config), { booking, change, token, log: config.log });

const view = (deps: BookingStore, booking: Booking) => bookingView(booking, todayOf(deps), deps.rules);

/** `POST /service-bookings`. */
async function bookOne(
  config: ServiceBookingRoutesConfig,
  { deps, guests }: { deps: BookingStore; guests: FailureCounter },
  c: Context<Env & BookingGuest>,
  body: z.infer<typeof bookBody>,
) {
  const offered = config.settings;
  const problems = bookingProblems(body, offered);
  if (!isIsoDay(body.day)) problems.day = t.problems.day;
  if (Object.keys(problems).length > 0)
    return jsonReply(400, { message: Object.values(problems)[0], problems });
  const session = c.var.customerToken;
  const customerId = session ? await customerIdOf(config.magento, session) : null;
  if (customerId === null) {
    const wait = await guests.attempt(clientAddress(c, config.trustedProxies));
    if (wait > 0) throw tooManyAttempts(t.tooManyBookings, wait);
  }
  const request: BookingRequest = {
    ...keptDetails(body, offered),
    day: body.day,
    idempotencyKey: body.idempotencyKey,
  };
  try {
    const booker = customerId === null ? { guest: c.var.bookingGuest } : { customerId };
    const { booking, fresh, token } = await book(deps, request, booker);
    if (fresh) await mail(config, booking, 'booked', token);
    return jsonReply(fresh ? 201 : 200, {
      booking: view(deps, booking),
      calendar: bookingCalendar(booking, mailContext(config)),
      // A guest's way back, as the e-mail gives it: the page shows it too, should the e-mail not come.
      ...(token ? { manage: manageUrl(config.siteUrl, token) } : {}),
    });
  } catch (error) {
    if (!(error instanceof BookingRefused)) throw error;
    return refusalAnswer(
      deps,
      error,
      request.day,
      error.reason === 'full' ? await nextFreeDay(deps) : undefined,
    );
  }
}

/** `GET /service-bookings/days`. */
async function days(deps: BookingStore, c: Context) {
  const today = todayOf(deps);
  const from = c.req.query('from') ?? today;
  const to = c.req.query('to') ?? lastBookableDay(today, deps.rules);
  if (!isIsoDay(from) || !isIsoDay(to) || to < from || addDays(from, MAX_RANGE_DAYS - 1) < to)
    throw new HttpError(400, t.badRange);
  const list = availability(from, to, await takenPerDay(deps.store, from, to), today, deps.rules);
  return jsonReply(200, { days: list, nextFree: firstOpenDay(list) ?? (await nextFreeDay(deps)) ?? null });
}

/** The owner's booking named in the path, or 404. */
async function owned(config: ServiceBookingRoutesConfig, c: Context<Env>): Promise<Booking> {
  const booking = await ownedBooking(config.store, c.req.param('reference') ?? '', await ownerOf(config, c));
  if (!booking) throw new HttpError(404, t.notFound);
  return booking;
}

/** A move or a cancellation, answered with the booking as it now is and its e-mail queued. */
async function change(config: ServiceBookingRoutesConfig, deps: BookingStore, c: Context<Env>, to?: string) {
  const booking = await owned(config, c);
  const guestToken = c.req.header(BOOKING_TOKEN_HEADER);
  try {
    if (to === undefined) {
      const { booking: cancelled, fresh } = await cancelBooking(deps, booking);
      if (fresh) await mail(config, cancelled, 'cancelled', guestToken);
      return jsonReply(200, { booking: view(deps, cancelled) });
    }
    if (!isIsoDay(to)) return jsonReply(400, { message: t.problems.day, problems: { day: t.problems.day } });
    const moved = await moveBooking(deps, booking, to);
    if (moved.sequence !== booking.sequence) await mail(config, moved, 'moved', guestToken);
    return jsonReply(200, { booking: view(deps, moved) });
  } catch (error) {
    if (!(error instanceof BookingRefused)) throw error;
    return refusalAnswer(
      deps,
      error,
      to ?? booking.day,
      error.reason === 'full' ? await nextFreeDay(deps) : undefined,
    );
  }
}

export function createServiceBookingRoutes(config: ServiceBookingRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const { siteUrl } = config;
  const deps: BookingStore = { store: config.store, clock: config.clock, rules: config.settings };
  const guests = new FailureCounter(config.guestLimit ?? GUEST_BOOKINGS, {
    name: 'service-booking-guest',
    store: config.store,
  });
  const session = customerSession({ siteUrl });
  const guest = bookingGuest(siteUrl);
  const write = [sameOrigin(siteUrl), limitBody(MAX_BODY), jsonOnly] as const;

  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      log(`Service booking failed: ${errorMessage(error)}`);
      if (c.req.method !== 'POST') return new HttpError(503, t.unavailable);
      return new HttpError(503, c.req.path === '/service-bookings' ? t.notBooked : t.notChanged);
    }),
  );

  // The days give a guest's browser its id before it books (a double submit then shares it).
  routes.get('/service-bookings/days', guest, (c) => days(deps, c));
  routes.post('/service-bookings', ...write, jsonBody(bookBody, t.badBody), session, guest, (c) =>
    bookOne(config, { deps, guests }, c, c.req.valid('json')),
  );
  routes.get('/service-bookings/mine', notCrossSite(siteUrl), session, async (c) => {
    const bookings = await bookingsOf(config.store, await ownerOf(config, c));
    return jsonReply(200, { bookings: bookings.map((booking) => view(deps, booking)) });
  });
  routes.get('/service-bookings/:reference/calendar.ics', notCrossSite(siteUrl), session, async (c) => {
    const booking = await owned(config, c);
    return new Response(bookingCalendar(booking, mailContext(config)), {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="${booking.reference}.ics"`,
        'Cache-Control': 'no-store',
      },
    });
  });
  routes.post('/service-bookings/:reference/move', ...write, jsonBody(moveBody, t.badMove), session, (c) =>
    change(config, deps, c, c.req.valid('json').day),
  );
  routes.post('/service-bookings/:reference/cancel', sameOrigin(siteUrl), limitBody(1024), session, (c) =>
    change(config, deps, c),
  );
  routes.all('/service-bookings', methodNotAllowed('POST'));
  routes.all('/service-bookings/days', methodNotAllowed('GET, HEAD'));
  routes.all('/service-bookings/mine', methodNotAllowed('GET, HEAD'));
  return routes;
}
