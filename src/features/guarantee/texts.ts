/**
 * The texts of guarantee registration (issue 54): the form, its messages, the result, the list in My
 * machines, the certificate and the confirmation e-mail. Plain strings and functions, safe for the browser.
 */
import { dayText } from '../../calendar/day-text.ts';

export const guaranteeTexts = {
  title: 'Register your machine',
  intro:
    'Register a Home & Garden machine within 30 days of delivery and we add one extra year to its guarantee. You get a certificate to keep.',
  signIn: 'Please sign in to register your machine.',
  boughtHere: 'A machine you bought from us',
  boughtHereHint: 'We take the dates from your order.',
  noneBoughtHere: 'None of your orders has a machine we can register. Enter the machine below.',
  elsewhere: 'A machine bought elsewhere',
  choose: 'Which machine?',
  fromOrder: (name: string, order: string, day: string) => `${name}, order ${order} of ${dayText(day)}`,
  model: 'Model',
  modelHint: 'As on the type plate, for example K 5 or HD 6/15.',
  serial: 'Serial number',
  serialHint: 'On the type plate, near the model. We check it has the shape of your model’s serial numbers.',
  purchaseDate: 'Purchase date',
  receipt: 'Receipt photo (optional)',
  receiptHint: 'A JPEG, PNG or PDF of up to 5 MB.',
  submit: 'Register machine',
  submitting: 'Registering…',
  errorsHeading: 'Please correct the following:',
  registered: 'Your machine is registered',
  download: 'Download certificate',
  registerAnother: 'Register another machine',
  listTitle: 'Registered machines',
  loading: 'Loading your registered machines…',
  loadingForm: 'Loading the registration form…',
  noScript: 'Registering a machine needs JavaScript. Please turn it on, or call us to register your machine.',
  listNone: 'You have not registered a machine yet.',
  registerLink: 'Register a machine for its guarantee',
  productLink: 'Register this machine for its guarantee',

  endsOn: (day: string) => `Guaranteed until ${dayText(day)}`,
  withExtraYear: 'Includes the extra year for registering within 30 days of delivery.',
  late: (registerBy: string) =>
    `Registered after ${dayText(registerBy)}, more than 30 days after delivery: the guarantee is kept without the extra year.`,
  professional:
    'Professional machines are registered with their standard guarantee: the extra year is for Home & Garden machines.',

  modelMissing: 'Enter your machine’s model as on its type plate, for example K 5.',
  modelUnknown: (model: string) =>
    `We don’t know the model “${model}”. Enter it as on the type plate, for example K 5 or HD 6/15.`,
  notAMachine: 'Only machines can be registered for a guarantee; this product is not a machine.',
  serialMissing: (example: string) => `Enter the serial number from the type plate, for example ${example}.`,
  serialShape: (model: string, example: string) =>
    `That is not a serial number of a ${model}: it looks like ${example}. Check the type plate and enter it again.`,
  dateMissing: 'Enter the date you bought the machine.',
  dateInvalid: 'Enter the purchase date as a date, for example 2026-03-14.',
  dateFuture: 'The purchase date can’t be in the future. Enter the day you bought the machine.',
  dateBeforeModel: (day: string) =>
    `This model came out on ${dayText(day)}: the purchase date can’t be earlier. Check your receipt.`,
  orderUnknown:
    'We can’t find that machine in your orders. Choose it again, or enter it as bought elsewhere.',
  duplicate: (phone: string) =>
    `This serial number is already registered. If the machine is yours, call us on ${phone} with your proof of purchase and we will sort it out.`,
  tooMany: (count: number, phone: string) =>
    `You have registered ${count} machines, as many as an account keeps. Call us on ${phone} to register more.`,
  receiptType: 'The receipt must be a JPEG, PNG or PDF file. Choose another file.',
  receiptSize: 'The receipt is larger than 5 MB. Choose a smaller photo or scan.',
  cannotRegister:
    'Your machine can’t be registered right now. Nothing is lost: please try again in a moment.',
  noSuchCertificate: 'There is no such certificate among your registered machines.',
  cannotShow: 'Your registered machines can’t be shown right now. Please try again in a moment.',
  badBody:
    'Send the registration as a form with sku or model, serial and purchaseDate (or order and sku), and an optional receipt file.',

  manualsTitle: 'Manuals by model',
  manualsNone: 'No manuals are online yet. Call us and we will send you the one you need.',
  manualOf: (model: string) => `for the ${model}`,

  certificateTitle: 'Guarantee certificate',
  certificateNumber: 'Certificate number',
  customer: 'Customer',
  machine: 'Machine',
  purchasedOn: 'Purchased on',
  deliveredOn: 'Delivered on',
  registeredOn: 'Registered on',
  guaranteeEnds: 'Guarantee ends on',
  order: 'Order',
  mailSubject: (model: string) => `Your ${model} is registered: guarantee certificate`,
  mailIntro: (model: string, serial: string) =>
    `Thank you for registering your ${model} (serial number ${serial}). Your guarantee certificate is attached.`,
} as const;

/** The result's sentence about the extra year. */
export function extraYearText(terms: { noExtraYear: string | null; registerBy: string | null }): string {
  if (terms.noExtraYear === 'professional') return guaranteeTexts.professional;
  if (terms.noExtraYear === 'late') return guaranteeTexts.late(terms.registerBy ?? '');
  return guaranteeTexts.withExtraYear;
}
