/**
 * The ways a shopper can pay at the payment step, and what the payment step says when PayPal sends the
 * shopper back (`?paypal=<why>&issue=<PayPal's reason>`, set by the PayPal return and cancel routes).
 */
import { checkoutOurs } from './texts.ts';
import { offersPayIn3, type PaymentMethod } from '../../payments/methods.ts';

const c = checkoutOurs.checkout;

/** A way to pay: a provider's method, or on account (a Trade customer's, placed by Magento). */
export type PaymentWay = PaymentMethod | 'account';

/** The ways offered for a grand total: card and PayPal always, Pay in 3 in its range, on account if allowed. */
export function paymentWays(total: number, onAccount: boolean): PaymentWay[] {
  return [
    'card',
    'paypal',
    ...(offersPayIn3(total) ? (['paylater'] as const) : []),
    ...(onAccount ? (['account'] as const) : []),
  ];
}

/** GA4's `payment_type` for a way. */
export const paymentType = (way: PaymentMethod): string =>
  way === 'card' ? c.cardPayment : way === 'paypal' ? c.payPalPayment : c.payIn3Payment;

/** What to tell a shopper PayPal sent back, or undefined when the page was not reached from PayPal. */
export function payPalMessage(query: URLSearchParams): string | undefined {
  switch (query.get('paypal')) {
    case 'declined':
      return c.payPalDeclined;
    case 'cancelled':
      return c.payPalCancelled;
    case 'expired':
      return c.payPalExpired;
    case 'unknown':
      return c.payPalUnknown;
    case 'changed':
      return c.payPalNotTaken.changed;
    case 'stock':
      return c.payPalNotTaken.stock;
    case 'collection':
      return c.payPalNotTaken.collection;
    case 'refused': {
      const issue = query.get('issue') ?? '';
      return c.payPalRefused(upperFirst(c.payPalIssues[issue] ?? c.payPalTurnedDown));
    }
    default:
      return undefined;
  }
}

const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
