/**
 * The texts of ratings and reviews (cards' stars, the product page's reviews and their script), in a module
 * of their own: features/shell/browser-texts.ts is bundled with every page's shell, and these load only with what draws
 * them. They belong to strings.ts, which re-exports them.
 */

/** What the stars of a card and of a product page say to a screen reader, and the count beside them. */
export const ratingTexts = {
  /** `percent` is Magento's 0–100: "Rated 4.2 out of 5". */
  rated: (percent: number) => `Rated ${starsOf(percent)} out of 5`,
  reviews: (n: number) => `${n} ${ratingTexts.word(n)}`,
  word: (n: number) => (n === 1 ? 'review' : 'reviews'),
} as const;

/** The texts of a product page's reviews that its script writes too ("Show more", sorting). */
export const reviewTexts = {
  /** One rating of a review: "Quality: 4 out of 5". */
  ratingOf: (name: string, value: number) => `${name}: ${value} out of 5`,
  by: 'By',
  sortBy: 'Sort reviews',
  sorts: { newest: 'Newest first', highest: 'Highest rated first', lowest: 'Lowest rated first' },
  showMore: 'Show more reviews',
  shown: (shown: number, total: number) => `Showing ${shown} of ${total} reviews`,
  loadFailed: 'More reviews could not be loaded just now. Please try again.',
} as const;

/** Magento's percentage as stars out of 5, to one decimal: 84 → "4.2", 80 → "4". */
export const starsOf = (percent: number): string => String(Math.round(percent / 2) / 10);
