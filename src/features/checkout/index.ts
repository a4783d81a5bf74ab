/** The door of features/checkout: what the rest of the shop may use of it (eslint/doors.js). */
export { CHECKOUT_PATHS, toQuoteAddress } from './checkout.ts';
export type { CheckoutAddress } from './checkout.ts';
export { payIn3Amount } from './pay-in-3-amount.ts';
