/**
 * What a product page says about quantity prices: one line per tier of Magento's `tier_prices` for ALL
 * GROUPS (32000, the tiers every shopper gets, which a pre-rendered page can promise), "Buy 4 or more: £X
 * each (save Y %)", in both VAT forms as every price on the page (a style shows the chosen one). A tier no
 * cheaper than the unit price, or for one item, says nothing and is left out. `publicTiers` is the one list
 * of those tiers the build writes out (the product facts, the basket's products file).
 */
import { variantTexts } from '../features/product/variant-texts.ts';
import { formatPrice } from './money.ts';
import { ALL_GROUPS, type Product, type ProductSummary, type TierPrice } from './types.ts';

/** One quantity price every shopper gets. */
export type PublicTier = Pick<TierPrice, 'qty' | 'priceInclVat' | 'priceExclVat'>;

/**
 * The quantity prices every shopper gets: Magento's ALL GROUPS tiers, fewest first, the cheapest where two
 * share a quantity (a group's own tiers are the trade account's business, not the public files').
 */
export function publicTiers(product: Pick<Product, 'tierPrices'>): PublicTier[] {
  const byQty = new Map<number, PublicTier>();
  for (const tier of product.tierPrices) {
    if (tier.customerGroupId !== ALL_GROUPS) continue;
    const known = byQty.get(tier.qty);
    if (!known || tier.priceInclVat < known.priceInclVat)
      byQty.set(tier.qty, {
        qty: tier.qty,
        priceInclVat: tier.priceInclVat,
        priceExclVat: tier.priceExclVat,
      });
  }
  return [...byQty.values()].sort((a, b) => a.qty - b.qty);
}

export interface TierLine {
  qty: number;
  inclVat: string;
  exclVat: string;
}

/** The whole percent a tier price saves against the unit price (Magento rounds it: `TierPrice::getSavePercent`). */
export const savePercent = (unit: number, tier: number): number => Math.round(100 - (100 / unit) * tier);

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
