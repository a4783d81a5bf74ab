/**
 * What a product page says about quantity prices: one line per tier every shopper gets
 * (catalogue/tier-prices.ts), "Buy 4 or more: £X each (save Y %)", in both VAT forms as every price on the
 * page (a style shows the chosen one). A tier no cheaper than the unit price, or for one item, says nothing
 * and is left out.
 */
import { formatPrice } from '../catalogue/money.ts';
import { savePercent } from '../catalogue/tier-prices.ts';
import { ALL_GROUPS, type ProductSummary, type TierPrice } from '../catalogue/types.ts';
import { variantTexts } from '../features/product/index.ts';

export interface TierLine {
  qty: number;
  inclVat: string;
  exclVat: string;
}

export function tierLines(
  tiers: readonly TierPrice[],
  unit: Pick<ProductSummary, 'priceInclVat' | 'priceExclVat'>,
): TierLine[] {
  const { priceInclVat } = unit;
  if (priceInclVat === null) return [];
  const lines: TierLine[] = [];
  // Magento lists its tiers by quantity; a quantity listed twice keeps its lower price.
  const sorted = [...tiers].sort((a, b) => a.qty - b.qty || a.priceInclVat - b.priceInclVat);
  for (const tier of sorted) {
    if (tier.customerGroupId !== ALL_GROUPS || tier.qty <= 1 || tier.priceInclVat >= priceInclVat) continue;
    if (lines.at(-1)?.qty === tier.qty) continue;
    // The same percent in both forms: the excl VAT price is the incl VAT one without VAT.
    const percent = savePercent(priceInclVat, tier.priceInclVat);
    lines.push({
      qty: tier.qty,
      inclVat: variantTexts.tier(tier.qty, formatPrice(tier.priceInclVat), percent),
      exclVat: variantTexts.tier(tier.qty, formatPrice(tier.priceExclVat), percent),
    });
  }
  return lines;
}
