/**
 * The texts the /compare page's script writes, and the product texts it shares with the product page.
 * They belong to strings.ts, which re-exports them, and follow its rules (the spec's are marked). Apart
 * from features/shell/browser-texts.ts because that module is one chunk the shell of every page loads: these are for
 * one page only.
 */

/** A product's stock and add to cart as the product page words them (the spec's are marked). */
export const productTexts = {
  /** Spec: in stock. */
  inStock: 'In Stock',
  /** Spec: out of stock. */
  unavailable: 'Unavailable',
  addToCart: 'Add to cart',
} as const;

/** The texts the /compare page's script writes; its fixed texts are in its markup (strings.ts `compare`). */
export const comparePageTexts = {
  caption: (count: number) => (count === 1 ? 'Comparing 1 product' : `Comparing ${count} products`),
  price: 'Price',
  stock: 'Stock',
  /** The row of stars and number of reviews, and what its "–" reads for a product without any. */
  rating: 'Rating',
  noReviews: 'No reviews yet',
  addToCart: productTexts.addToCart,
  remove: 'Remove',
  /** After a value that is the best of its row (not shown by colour alone). */
  best: 'Best',
  /** Read out for a "–" (no value). */
  missing: 'Not stated',
  differentKinds: (kinds: readonly string[]) =>
    `These products are of different kinds (${kinds.join(', ')}): some rows apply to only one of them.`,
  gone: (skus: readonly string[]) =>
    skus.length === 1
      ? `The product ${skus[0]} is no longer available, so it was taken off your comparison.`
      : `The products ${skus.join(', ')} are no longer available, so they were taken off your comparison.`,
  removed: (name: string) => `${name} was taken off your comparison`,
  failed: 'The products could not be loaded just now. Please check your connection and try again.',
} as const;
