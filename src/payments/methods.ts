/**
 * The ways a shopper can pay a provider, and the range PayPal offers Pay in 3 for (UK: purchases of £30
 * to £2,000, in three interest-free payments). The payments own them; the checkout offers them, the
 * product pages and the basket say the Pay in 3 sentence from them, and the bridge refuses Pay in 3
 * outside the range. Paying on account is Magento's, not a provider's: it is no method here.
 */

/** How a shopper can choose to pay a provider: Opayo's card page, PayPal, or PayPal's Pay in 3. */
export const PAYMENT_METHODS = ['card', 'paypal', 'paylater'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The purchase range PayPal offers Pay in 3 for, in pence, both ends included. */
export const PAY_IN_3_PENCE = { min: 3_000, max: 200_000 } as const;

/** Whether a purchase of `pounds` (incl VAT, with delivery where it is the order) can be paid in 3. */
export const offersPayIn3 = (pounds: number): boolean => {
  const pence = Math.round(pounds * 100);
  return Number.isFinite(pence) && pence >= PAY_IN_3_PENCE.min && pence <= PAY_IN_3_PENCE.max;
};

/** One of the three payments in pounds (to the nearest penny, as PayPal's message shows it), or undefined. */
export const payIn3Instalment = (pounds: number): number | undefined =>
  offersPayIn3(pounds) ? Math.round((pounds * 100) / 3) / 100 : undefined;
