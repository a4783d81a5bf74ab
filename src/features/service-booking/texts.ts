/**
 * The texts of service and repair booking (issue 54): the booking page's form and confirmation, the
 * customer's bookings, what the storefront server answers, the e-mails and the merchant's list.
 */
import { weekdayText } from '../../calendar/day-text.ts';

/** Field names of the booking form, as the server names its problems. */
export type BookingField =
  | 'machine'
  | 'job'
  | 'fault'
  | 'handover'
  | 'street'
  | 'city'
  | 'postcode'
  | 'day'
  | 'name'
  | 'email'
  | 'phone';

export const serviceBookingTexts = {
  title: 'Book a service or repair',
  intro:
    'Choose your machine, what it needs and a day: our service team collects it from you or you bring it to the workshop.',
  machineLegend: 'Your machine',
  machineMine: 'One of my machines',
  machineTyped: 'Its model',
  machineHint: 'For example K 5 or HD 6/15: it is on the machine’s label.',
  jobLegend: 'What it needs',
  faultLabel: 'What is wrong with it',
  faultHint: 'What happens, and since when: the engineer brings the right parts.',
  handoverLegend: 'Collection or drop-off',
  addressLegend: 'Where we collect it',
  street: 'Street address',
  city: 'Town or city',
  postcode: 'Postcode',
  dropOffAt: (place: string) => `Bring it to: ${place}`,
  dayLegend: 'Day',
  dayHint: 'Days the service team is free. Full days can’t be chosen.',
  loadingForm: 'Loading the booking form…',
  loadingDays: 'Loading the free days…',
  full: 'full',
  noDays: 'No day is free in the next weeks. Please call us to arrange one.',
  earlier: 'Earlier days',
  later: 'Later days',
  contactLegend: 'Your details',
  name: 'Full name',
  email: 'Email address',
  phone: 'Phone number',
  submit: 'Book',
  submitting: 'Booking…',
  errorSummary: 'There is a problem',
  noScript: (phone: string) =>
    `Booking online needs JavaScript. Please call us on ${phone} to book a service or repair.`,
  signInHint:
    'Signed in, your machines and details are filled in and your bookings are kept in your account.',

  // What the form and the server say is wrong with a field.
  problems: {
    machine: 'Enter your machine’s model, as it is on its label (up to 60 characters).',
    job: 'Choose what your machine needs.',
    fault: 'Tell us what is wrong with the machine (up to 1000 characters).',
    handover: 'Choose whether we collect the machine or you bring it.',
    street: 'Enter the street address we collect from.',
    city: 'Enter the town or city we collect from.',
    postcode: 'Enter a UK postcode, for example LS11 5QX.',
    day: 'Choose a day from the free days.',
    name: 'Enter your full name.',
    email: 'Enter an email address like name@example.com.',
    phone: 'Enter a phone number we can call you on, for example 0113 496 0000.',
  } satisfies Record<BookingField, string>,
  dayPast: (day: string) => `${weekdayText(day)} has passed. Choose a day from the free days.`,
  dayTooSoon: (first: string) =>
    `The service team needs a little notice: the first day you can book is ${weekdayText(first)}. Choose that day or a later one.`,
  dayClosed: (day: string) =>
    `The service team doesn’t work on ${weekdayText(day)} (a weekend or bank holiday). Choose a working day.`,
  dayTooFar: (last: string) => `Bookings open up to ${weekdayText(last)}. Choose a day before then.`,
  dayFull: 'That day is now full. Everything you typed is kept: choose another day.',
  nextFree: (day: string) => `The next free day is ${day}.`,
  useNextFree: (day: string) => `Choose ${day}`,

  confirmedTitle: 'Your booking is confirmed',
  confirmed: (day: string) =>
    `The service team has you down for ${day}. We have sent you an e-mail with the details.`,
  reference: 'Booking reference',
  addToCalendar: 'Add to calendar (.ics)',
  manage: 'See, move or cancel your bookings',
  bookAnother: 'Book another',

  // The customer's bookings.
  mineTitle: 'My service bookings',
  mineLoading: 'Loading your bookings…',
  mineNone: 'You have no service bookings.',
  mineBook: 'Book a service or repair',
  mineGuestHint: 'This page shows the booking from the link in your e-mail.',
  cancelled: 'Cancelled',
  changeUntil: (day: string) => `You can move or cancel it until ${day}.`,
  tooLateToChange: 'It is too close to the day to move or cancel online: please call us.',
  move: 'Move',
  moveTo: 'Move to',
  moveSubmit: 'Move booking',
  cancel: 'Cancel booking',
  cancelConfirm: 'Yes, cancel it',
  keep: 'Keep it',
  cancelQuestion: (reference: string) => `Cancel booking ${reference}?`,
  moved: (day: string) => `Your booking is moved to ${day}.`,
  wasCancelled: (reference: string) => `Booking ${reference} is cancelled.`,

  // The server's answers.
  signIn: 'Please sign in, or use the link in your booking e-mail, to see your bookings.',
  notFound:
    'We can’t find that booking. Check the link in your e-mail, or sign in to the account you booked with.',
  tooLate:
    'This booking can no longer be moved or cancelled online: that is possible until the day before. Please call us.',
  isCancelled: 'This booking is cancelled already.',
  tooManyBookings:
    'Several bookings have been made from your network in the last hour: to book more now, please call us.',
  changedMeanwhile: 'This booking was changed meanwhile. Look at it again before you move it.',
  busy: 'The booking is being changed already. Please wait a moment and look again.',
  unavailable: 'Bookings can’t be shown right now. Please try again in a moment.',
  notBooked: 'Your booking can’t be made right now. Nothing is lost: please try again in a moment.',
  notChanged: 'Your booking can’t be changed right now. Please try again in a moment.',
  badRange: 'Ask for days as ?from=YYYY-MM-DD&to=YYYY-MM-DD, up to 92 days.',
  badBody:
    'Send the booking as JSON with machine, job, handover, day, name, email, phone and idempotencyKey (made at random once per form: 22 to 100 letters, digits, - or _).',
  keyUsed:
    'This form has made a booking already, with other details or in another browser, so nothing was booked now. The booking’s e-mail has its details; to make another booking, reload the page.',
  badMove: 'Send {"day": "YYYY-MM-DD"}: the day to move the booking to.',

  // E-mails.
  mailBookedSubject: (reference: string) => `Your service booking ${reference}`,
  mailBookedHeading: 'Your service booking is confirmed',
  mailMovedSubject: (reference: string) => `Your service booking ${reference} is moved`,
  mailMovedHeading: 'Your service booking is moved',
  mailCancelledSubject: (reference: string) => `Your service booking ${reference} is cancelled`,
  mailCancelledHeading: 'Your service booking is cancelled',
  mailDay: (day: string) => `The service team has you down for ${day}.`,
  mailCollect: 'We will collect the machine from the address below on that day.',
  mailDropOff: (place: string) => `Please bring the machine to ${place} on that day.`,
  mailCalendar: 'The attached calendar file puts the day in your calendar.',
  mailCancelled: (day: string) =>
    `Your booking for ${day} is cancelled. The attached file removes it from your calendar.`,
  mailChangeUntil: (day: string) => `You can move or cancel it online until ${day}.`,
  mailManage: 'See, move or cancel your booking',
  factReference: 'Booking reference',
  factDay: 'Day',
  factMachine: 'Machine',
  factJob: 'Job',
  factFault: 'Fault',
  factHandover: 'Collection or drop-off',
  factAddress: 'Address',
  calendarSummary: (job: string, machine: string) => `${job}: your ${machine}`,

  // The merchant's list.
  adminBadDate: 'Ask for a day as ?date=YYYY-MM-DD.',
  adminUnavailable:
    'Magento or the shop’s store can’t be reached to check the token or read the bookings. Please try again.',
} as const;
