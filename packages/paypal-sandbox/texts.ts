/** What the approval page's message pages say to the shopper, with the HTTP status each is sent with. */
import type { MessagePage } from './pages.ts';

export interface Message extends MessagePage {
  readonly status: 200 | 400 | 404 | 410;
}

const PAY_IN_3_RANGE = 'Pay in 3 is available for purchases of £30 to £2,000.';

export const MESSAGES = {
  notFound: {
    status: 404,
    title: 'We can’t find this payment',
    paragraphs: ['The link may be wrong. Go back to the shop and try again.'],
  },
  paid: {
    status: 200,
    title: 'This order is already paid',
    paragraphs: ['You have already paid for this order. There is nothing more to do here.'],
  },
  expired: {
    status: 410,
    title: 'This payment session has expired',
    paragraphs: ['It was not approved in time. Go back to the shop to start the payment again.'],
  },
  approved: {
    status: 200,
    title: 'You have approved this payment',
    paragraphs: ['The shop will complete the payment. You can close this page.'],
  },
  cancelled: {
    status: 200,
    title: 'Payment cancelled',
    paragraphs: ['You cancelled the payment. You can close this page.'],
  },
  // Without a return_url PayPal has nowhere to send the payer, and shows its own error.
  noReturnUrl: {
    status: 200,
    title: 'Things don’t appear to be working at the moment',
    paragraphs: ['You approved the payment, but the shop gave PayPal no return_url to send you back to.'],
  },
  chooseAgain: (href: string): Message => ({
    status: 400,
    title: 'Choose how to pay',
    paragraphs: ['Pick one of the buttons on the payment page.'],
    link: { href, text: 'Back to the payment page' },
  }),
  payIn3Unavailable: (href: string): Message => ({
    status: 400,
    title: 'Pay in 3 is not available',
    paragraphs: [PAY_IN_3_RANGE],
    link: { href, text: 'Choose another way to pay' },
  }),
  payIn3Range: PAY_IN_3_RANGE,
} as const satisfies Record<string, Message | string | ((href: string) => Message)>;
