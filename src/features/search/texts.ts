/**
 * The search page's texts: the spec's heading and counts (as the results' script writes them,
 * browser-texts.ts) and the page's own, with its help after "No products found". Gathered by src/strings.ts.
 */
import { searchTexts } from './browser-texts.ts';

/** The spec's fixed texts of this feature, word for word (src/strings.ts `spec`). */
export const searchSpec = {
  search: {
    resultsFor: searchTexts.resultsFor,
    found: searchTexts.found,
    none: searchTexts.none,
  },
} as const;

/** The texts of this feature that the spec leaves to us (src/strings.ts `ours`). */
export const searchOurs = {
  /** The search page (its fixed texts are `spec.search`; its form reuses `shell.search`). */
  searchPage: {
    pageTitle: 'Search',
    searching: searchTexts.searching,
    formLabel: 'Search again',
    results: searchTexts.results,
    unavailable: searchTexts.unavailable,
    retry: searchTexts.retry,
    noScript: 'Searching needs JavaScript. Please turn it on, or browse the categories in the menu.',
    /** Below "No products found" (issue 37): where to go instead, who to call, how to search again. */
    help: {
      label: 'Help with your search',
      categories: 'Browse our categories',
      tips: 'Search tips',
      spelling: 'Check the spelling, or try another word for the same thing.',
      fewerWords: 'Use fewer words: one or two say enough.',
      modelNumber: 'Try the model number on the machine’s label, or a product type, such as',
      example: 'pressure washer',
    },
  },
} as const;
