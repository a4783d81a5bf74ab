/**
 * The checkout's texts: the spec's payment outcome and ours for the shipping, payment, paid and
 * failed-payment steps. Gathered by src/strings.ts; the spec's texts are kept word for word.
 */
import { paymentTexts } from '../../payments/texts.ts';

/** The spec's fixed texts of this feature, word for word (src/strings.ts `spec`). */
export const checkoutSpec = {
  payment: {
    pay: 'Pay',
    paid: 'Your payment was successfull',
    thanks: 'Thank you to have chosen us!',
    failed: 'Your payment failed! :(',
    failedDetail: 'Unfortunately your payment was not accepted. Please try again.',
    payAgain: 'Pay Again',
    homepage: 'Homepage',
  },
} as const;

/** The texts of this feature that the spec leaves to us (src/strings.ts `ours`). */
export const checkoutOurs = {
  /** Texts of the shipping, payment, paid and failed-payment steps that the spec leaves to us. */
  checkout: {
    ...paymentTexts,
    /** How measurement (GA4's `payment_type`) names paying on the provider's card page. */
    cardPayment: 'Card',
    subtotal: 'Subtotal',
    delivery: 'Delivery',
    deliveryLoading: 'Finding delivery options…',
    noDelivery: 'We cannot deliver to this address. We deliver to addresses in the United Kingdom.',
    estimatedDelivery: (date: string) => `Estimated delivery: ${date}`,
    shippingTitle: 'Shipping',
    paymentTitle: 'Payment',
    paidTitle: 'Payment successful',
    failedTitle: 'Payment failed',
    shippingAddress: 'Shipping address',
    billingAddress: 'Billing address',
    copyShipping: 'Same as shipping address',
    telephoneHint: 'More than 8 characters',
    emailHint: "Containing '@' and '.'",
    saving: 'Saving…',
    paying: 'Starting your payment…',
    loading: 'Loading…',
    checking: 'Checking your payment…',
    pending: 'Your payment is being confirmed. This page updates by itself.',
    /** The ways to pay at the payment step (also GA4's `payment_type`, except the card's). */
    payWith: 'How would you like to pay?',
    payByCard: 'Pay by card',
    payPal: 'PayPal',
    payIn3: 'Pay in 3 with PayPal',
    payIn3Hint: (instalment: string) => `3 interest-free payments of ${instalment}`,
    payPalHint: 'You approve the payment on PayPal, then come back here.',
    /** How measurement names the PayPal ways (GA4's `payment_type`). */
    payPalPayment: 'PayPal',
    payIn3Payment: 'Pay in 3',
    goToPayPal: 'Continue to PayPal',
    /** Back from PayPal without an order: why, and what to do. */
    payPalDeclined:
      'PayPal could not take this payment from the card or account you chose. Please choose another way to pay; your basket is kept.',
    payPalCancelled:
      'You cancelled the payment on PayPal. Your basket is kept: choose how you would like to pay.',
    payPalExpired:
      'The PayPal approval expired before it was completed. Please pay again; your basket is kept.',
    /** PayPal's refusals (`details[].issue`) in plain words; any other is `payPalTurnedDown`. */
    payPalIssues: {
      PAYER_CANNOT_PAY: 'PayPal cannot take this payment from the PayPal account used.',
      PAYER_ACCOUNT_RESTRICTED: 'the PayPal account used is restricted.',
      PAYER_ACCOUNT_LOCKED_OR_CLOSED: 'the PayPal account used is locked or closed.',
      TRANSACTION_REFUSED: 'PayPal refused the transaction.',
      MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED: 'there were too many attempts to pay.',
      ORDER_NOT_APPROVED: 'the payment was not approved on PayPal.',
      COMPLIANCE_VIOLATION: 'PayPal could not approve this payment.',
      DUPLICATE_INVOICE_ID: 'PayPal has already seen a payment for this order.',
      PAYEE_ACCOUNT_RESTRICTED: 'our PayPal account cannot take payments at the moment.',
    } as Readonly<Record<string, string>>,
    payPalTurnedDown: 'PayPal turned the payment down.',
    payPalUnknown: 'We could not find that PayPal payment. Please choose how you would like to pay.',
    payPalRefused: (reason: string) =>
      `PayPal could not complete this payment: ${reason} Please choose another way to pay; your basket is kept.`,
    /** Back from PayPal, nothing taken: the order could no longer be placed as approved. */
    payPalNotTaken: {
      changed:
        'Your basket changed while you were on PayPal, so we have not taken the payment. Please check your basket and pay again.',
      stock:
        'Something in your basket sold out while you were on PayPal, so we have not taken the payment. Please check your basket and pay again.',
      collection:
        'Your collection can no longer be made as you chose it, so we have not taken the payment. Please choose where to collect again.',
    },
    /** The failed-payment page, when the provider had taken the money for an order that could not be placed. */
    refunded: (way: string, amount: string) =>
      `We could not place your order, so we have refunded your ${way} payment of ${amount} in full. It can take a few days to show on your statement.`,
    refunding: (way: string, amount: string) =>
      `We could not place your order, so your ${way} payment of ${amount} is being refunded in full. You do not need to do anything.`,
    summary: 'Order summary',
    myAccount: 'My Account',
    /** The paid page, under the spec's texts (issue 14); `{number}` is the order's number, in bold. */
    orderNumber: 'Your order number is {number}.',
    viewOrder: 'View your order',
    checkOrderStatus: 'Check your order status',
  },
} as const;
