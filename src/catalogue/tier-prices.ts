/**
 * Quantity prices as a rule: the tiers of Magento's `tier_prices` for ALL GROUPS (32000, the tiers every
 * shopper gets, which a pre-rendered page can promise) and what a tier saves. `publicTiers` is the one list
 * of those tiers the build writes out (the product facts, the basket's products file); what a product page
 * says of them is site/tier-lines.ts.
 */
import { ALL_GROUPS, type Product, type TierPrice } from './types.ts';

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

/** The whole percent a tier price saves against the unit price (Magento rounds it: `TierPrice::getSavePercent`). */
export const savePercent = (unit: number, tier: number): number => Math.round(100 - (100 / unit) * tier);
