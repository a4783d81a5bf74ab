/**
 * PayPal Pay in 3's rule (UK): purchases of £30 to £2,000, in three interest-free payments. Used where the
 * sentence is baked (product pages), drawn (the basket), offered (the payment step) and checked (the
 * payment bridge refuses Pay in 3 outside the range).
 */

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
