/**
 * The Pay in 3 sentence's payment, written out, from a price or a total incl VAT: one function for the
 * build (the product pages' price text, site/price-lines.ts) and the browser (the basket's total), so the
 * two cannot round or format it two ways. The rule itself is the payments' (src/payments/methods.ts).
 */
import { formatPrice } from '../../catalogue/money.ts';
import { payIn3Instalment } from '../../payments/methods.ts';

/** '£33.33' for £99.99; null without a price or outside Pay in 3's £30–£2,000. */
export function payIn3Amount(pounds: number | null | undefined): string | null {
  const instalment = pounds === null || pounds === undefined ? undefined : payIn3Instalment(pounds);
  return instalment === undefined ? null : formatPrice(instalment);
}
