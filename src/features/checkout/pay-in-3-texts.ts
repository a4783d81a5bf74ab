/**
 * The Pay in 3 sentence under a product's price and the basket's total (PayPal Pay Later, UK), in a module
 * of its own: the basket's script and the product page's option picker write it, and they must not load
 * every checkout text. Gathered by src/strings.ts with the rest.
 */

/**
 * Where "Learn more" leads: the section of the online shop's help page (src/content/pages/
 * online-shop-support.md) that says what Pay in 3 is and what PayPal requires us to say about it; the
 * fragment is the id Astro gives that section's heading.
 */
export const PAY_IN_3_INFO_HREF = '/services/online-shop-support#pay-in-3-with-paypal';

export const payIn3Texts = {
  /** `amount` is one of the three payments of the price incl VAT, written out: "£33.33". */
  sentence: (amount: string) => `or 3 interest-free payments of ${amount} with PayPal`,
  /** After the sentence while the shopper sees prices excl VAT first: PayPal takes the price incl VAT. */
  inclVat: '(incl VAT)',
  learnMore: 'Learn more',
  /** Read after "Learn more" by screen readers, so the link says where it leads out of its sentence too. */
  learnMoreAbout: 'about paying in 3 with PayPal',
} as const;
