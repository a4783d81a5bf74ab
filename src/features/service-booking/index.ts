/** The door of features/service-booking: what the rest of the shop may use of it (eslint/doors.js). */
export { bookingProblems, IDEMPOTENCY_KEY, keptDetails, MAX_FAULT, MAX_LINE } from './booking.ts';
export type { BookingRequest } from './booking.ts';
export { bookingsCsv, csvName } from './csv.ts';
export { availability, firstBookableDay, firstOpenDay, lastBookableDay } from './days.ts';
export { bookingCalendar, manageUrl, queueBookingMail } from './mail.ts';
export type { BookingChange, BookingMailContext } from './mail.ts';
export { serviceSettings } from './settings.ts';
export type { ServiceSettings } from './settings.ts';
export { serviceBookingTexts } from './texts.ts';
export { bookingView } from './view.ts';
