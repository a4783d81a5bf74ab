/** The door of features/service-booking for the server: what the rest of the shop may use of it that runs only in Node. */
export {
  book,
  BookingRefused,
  bookingsOf,
  bookingsOn,
  cancelBooking,
  customerBookings,
  moveBooking,
  ownedBooking,
  takenPerDay,
  todayOf,
} from './bookings.server.ts';
export type { BookingStore, CustomerBookings, Owner } from './bookings.server.ts';
export { bearerToken, MERCHANT_RESOURCE, merchantAccess } from './merchant.server.ts';
export type { Booking } from './rows.server.ts';
