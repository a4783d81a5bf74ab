/**
 * Texts of the search page that the spec leaves to us. Its own fixed texts ('Results for: …',
 * 'Results found: N', 'No products found with that keyword') are in `src/strings.ts`.
 */
export const searchTexts = {
  pageTitle: 'Search',
  searching: 'Searching…',
  formLabel: 'Search again',
  placeholder: 'Search products…',
  submit: 'Search',
  results: 'Search results',
  showMore: 'Show more results',
  loadingMore: 'Loading more results…',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total}`,
  unavailable: 'Search is not available right now. Please check your connection and try again.',
  retry: 'Try again',
  noScript: 'Searching needs JavaScript. Please turn it on, or browse the categories in the menu.',
} as const;
