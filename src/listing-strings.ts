/**
 * The texts of the listing's rating sort and filter, which the listing tools, the search results and the
 * build write. Apart from browser-strings.ts because that module is one chunk the shell of every page loads:
 * these load with the tools. They belong to strings.ts, which re-exports them, and follow its rules.
 */
export const ratingToolTexts = {
  /** The sort: highest average first. */
  sort: 'Rating: high to low',
  /** The filter and its values, whole stars and up. */
  filter: 'Rating',
  starsAndUp: (stars: number) => (stars === 1 ? '1 star & up' : `${stars} stars & up`),
} as const;
