/**
 * What the basket needs of the catalogue that the cart lacks: each line's page, thumbnail, list prices and
 * the quantity prices every shopper gets (Magento's ALL GROUPS tiers, which tell a tier price Magento
 * applied from a price cut since the build: lines.ts `isTierPrice`). They are the lines' facts
 * (features/product-data), from the facts files of the basket's skus only, each file fetched once for the
 * page: a basket of three lines reads three files of a few hundred products at most, not a file of the
 * whole catalogue (1.5 MB at 10,000 products, made again at every save). A configurable's cart line
 * carries its child's sku: its facts link to the parent's page with the child chosen
 * (`/car-shampoo?volume=5-l`), with the parent's picture when it has none of its own.
 */
import { factsCache, type ProductFacts } from '../product-data/index.ts';
import type { PublicTier } from '../../catalogue/tier-prices.ts';

export interface BasketProduct {
  /** Where the line links: its product page, or its parent's page with it chosen; null when none. */
  href: string | null;
  /** Path under `catalog/product`, e.g. `/h/g/hg-pw-00012-1.jpg`. */
  thumbnail: string | null;
  /** The catalogue's unit price excl VAT; null when unknown. */
  priceExclVat: number | null;
  /** The catalogue's unit price incl VAT (before any tier price); null when unknown. */
  priceInclVat: number | null;
  /** Its quantity prices every shopper gets, fewest first; empty for none. */
  tiers: readonly PublicTier[];
}

/** The basket's products by sku. */
export type BasketProducts = ReadonlyMap<string, BasketProduct>;

/** What the basket shows of a product's facts. */
export const basketProductOf = (facts: ProductFacts): BasketProduct => ({
  href: facts.href,
  thumbnail: facts.image?.file ?? null,
  priceExclVat: facts.priceExclVat,
  priceInclVat: facts.priceInclVat,
  tiers: facts.tierPrices ?? [],
});

/**
 * The basket's products, asked for by sku as lines come: each facts file fetched once for the page (one
 * that failed is asked again next time). `of` answers those found; a sku whose file has no entry (no longer
 * sold with a page) is left out, and its line shows without a picture or link. Rejects when a file could
 * not be had, so the basket asks again on the cart's next change.
 */
export function basketProducts(): { of(skus: readonly string[]): Promise<BasketProducts> } {
  const facts = factsCache();
  return {
    async of(skus) {
      const found = new Map<string, BasketProduct>();
      const results = await Promise.all(skus.map(async (sku) => [sku, await facts(sku)] as const));
      for (const [sku, result] of results) {
        if (result.status === 'failed') throw new Error(`The facts of ${sku} could not be had.`);
        if (result.status === 'found') found.set(sku, basketProductOf(result.facts));
      }
      return found;
    },
  };
}
