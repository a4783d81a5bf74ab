/**
 * The texts of a click & collect order after it is placed (issue 55): the order page's collection block,
 * the confirmation pages and the e-mail. Where, when and what to bring themselves are `collectTexts`
 * (texts.ts); these are the rest. Plain strings and functions, safe for the browser.
 */
export const collectAfterTexts = {
  /** The order page's heading for where it is collected, instead of "Delivery address". */
  collectFromTitle: 'Collect from',
  collectionTitle: 'Collection',
  cancelled: 'Cancelled: nothing to collect',
  /** When the ready day is not known. */
  readyUnknown: 'We e-mail you when it is ready to collect.',
  readyNow: 'It is waiting for you: bring what is listed below.',
  collectedThanks: 'Collected. Thank you.',
  phone: 'Phone',
  mapLink: (name: string) => `Map of ${name}`,
  pointUnreadable: (code: string) => `Collection point: ${code}. Its address can’t be shown right now.`,
  // The e-mail
  mailSubject: (number: string) => `Your order ${number}: click & collect`,
  mailHeading: (name: string) => `Your order is being got ready at ${name}`,
  mailIntro: (number: string) =>
    `Thank you for your order ${number}. We are getting it ready for you to collect; this is where and when.`,
  mailReady: (when: string) => `Ready ${when}: we e-mail you again when it is waiting for you.`,
  mailOrder: 'Order number',
  mailPoint: 'Collect from',
  mailAddress: 'Address',
  mailPhone: 'Phone',
  mailHours: 'Opening hours',
  mailBring: 'What to bring',
  mailKept: 'How long we keep it',
  mailKeptDays: (days: number) => `${days} days from when it is ready`,
  mailLink: 'See your order',
} as const;
