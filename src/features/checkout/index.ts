/** The door of features/checkout: what the rest of the shop may use of it (eslint/doors.js). */
export { CHECKOUT_PATHS, toQuoteAddress } from './checkout.ts';
export type { CheckoutAddress } from './checkout.ts';
export { payIn3Amount } from './pay-in-3-amount.ts';
export { offersPayIn3, PAY_IN_3_PENCE } from './pay-in-3.ts';
export { PAYMENT_METHODS } from './payment-ways.ts';
export type { PaymentMethod } from './payment-ways.ts';
