/**
 * The purchase panel's price text, written out at build time from the product's prices: each VAT form,
 * the "Was" of a sale, and the Pay in 3 sentence's payment. They come from the same numbers in the same
 * call, so whatever re-renders a page for its price (its fingerprint hashes the product: fingerprint.ts)
 * renders the sentence anew with it: a price that crosses £30 or £2,000 shows or drops the sentence, and
 * any other change of price changes its payment. A configurable product's children are written the same
 * way (variant-page.ts), and the option picker shows the chosen one's.
 */
import { formatPrice } from '../catalogue/money.ts';
import type { ProductSummary } from '../catalogue/types.ts';
import { payIn3Amount } from '../features/checkout/index.ts';

export interface PriceLines {
  /** '£149.99', or null when the price is hidden. */
  inclVat: string | null;
  exclVat: string | null;
  /** The regular price while a sale price applies ("Was £199.99"), in each form; null otherwise. */
  wasInclVat: string | null;
  wasExclVat: string | null;
  /**
   * One of the three payments of PayPal's Pay in 3 for the price incl VAT (what PayPal takes, whichever
   * form the shopper sees first), e.g. '£33.33'; null when PayPal offers none for it (outside £30–£2,000).
   */
  payIn3: string | null;
}

const written = (amount: number | null | undefined): string | null =>
  amount === null || amount === undefined ? null : formatPrice(amount);

/** The purchase panel's prices, each hidden (null) when Magento has none (0 or empty), with their "was". */
export const priceLines = (
  product: Pick<ProductSummary, 'priceInclVat' | 'priceExclVat'> &
    Partial<Pick<ProductSummary, 'wasInclVat' | 'wasExclVat'>>,
): PriceLines => ({
  inclVat: written(product.priceInclVat),
  exclVat: written(product.priceExclVat),
  wasInclVat: written(product.wasInclVat),
  wasExclVat: written(product.wasExclVat),
  payIn3: payIn3Amount(product.priceInclVat),
});

/**
 * What the purchase panel says of Pay in 3 under the price, from what the page model holds: the payment
 * for the product's price, or for a configurable's chosen child (null: the sentence is there but hidden,
 * for the picker to show when a child in range is chosen); undefined when no price on the page is in range,
 * and the panel has no sentence at all.
 */
export function panelPayIn3({
  product,
  variants,
}: {
  product: Pick<ProductSummary, 'priceInclVat' | 'priceExclVat'>;
  variants: { chosen: Pick<PriceLines, 'payIn3'>; data: { variants: Pick<PriceLines, 'payIn3'>[] } } | null;
}): string | null | undefined {
  if (!variants) return priceLines(product).payIn3 ?? undefined;
  return variants.data.variants.some((variant) => variant.payIn3 !== null)
    ? variants.chosen.payIn3
    : undefined;
}
