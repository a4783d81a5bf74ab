/**
 * What the payments say to the shopper when a payment cannot start or is not known: the bridge's refusals
 * at Pay, and a provider that is down. The checkout's texts take them in (features/checkout/texts.ts), so
 * the shop reads them as `strings.checkout.*` like the rest of the payment step's.
 */
export const paymentTexts = {
  emptyCart: 'Your cart is empty',
  addressesMissing: 'Please confirm your shipping and billing addresses first.',
  startFailed: 'Your payment could not be started. Please try again in a moment; your basket is kept.',
  basketNotPayable:
    'Your basket cannot be paid for as it stands. Please check the quantities in your basket and try again.',
  tooLarge: 'This order is above the limit for card payments. Please call us to order.',
  methodUnavailable:
    'This way to pay is not available at the moment. Please choose another; your basket is kept.',
  payIn3OutOfRange: 'Pay in 3 is for orders from £30 to £2,000. Please choose another way to pay.',
  payPalUnavailable:
    'PayPal is not answering at the moment. You can pay by card, or try PayPal again in a few minutes; your basket is kept.',
  /** At Pay: a line to be delivered is out of stock (nothing is taken). */
  soldOut:
    'Something in your basket has just sold out, so we have not started the payment. Please check your basket.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  unknownPayment: 'This payment is not known.',
} as const;
