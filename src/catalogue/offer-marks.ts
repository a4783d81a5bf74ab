/**
 * What the data files the browser draws cards from (the facts files, the fit files) write of a product's
 * offer besides its price and stock: "from" when the price is the cheapest of a configurable's children,
 * which differ; its regular price while a sale price applies ("Was"); and its rating while it has reviews.
 * Each is left out when the product has none, to keep the files small.
 */
import type { Product, Rating } from './types.ts';

export interface OfferMarks {
  from?: true;
  was?: { inclVat: number | null; exclVat: number | null };
  rating?: Rating;
}

export const offerMarks = (
  product: Pick<Product, 'priceFrom' | 'wasInclVat' | 'wasExclVat' | 'rating'>,
): OfferMarks => {
  const { rating } = product;
  return {
    ...(product.priceFrom ? { from: true as const } : {}),
    ...(product.wasInclVat !== null || product.wasExclVat !== null
      ? { was: { inclVat: product.wasInclVat, exclVat: product.wasExclVat } }
      : {}),
    ...(rating && rating.count > 0 ? { rating: { percent: rating.percent, count: rating.count } } : {}),
  };
};
