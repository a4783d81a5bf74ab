/**
 * The compare tray's and the /compare page's pre-rendered texts; what their scripts write is in
 * browser-texts.ts, loaded with them. Gathered by src/strings.ts.
 */
import { productToolTexts } from '../shell/index.ts';

/** The texts of this feature that the spec leaves to us (src/strings.ts `ours`). */
export const compareOurs = {
  /** The compare tray (every page) and the /compare page; what their scripts write is `compareTexts`. */
  compare: {
    tray: 'Products to compare',
    trayLink: 'Compare',
    clear: 'Clear',
    clearWhat: 'the comparison',
    pageTitle: 'Compare products',
    description: 'Compare cleaning machines side by side: prices, stock and every specification.',
    intro:
      'Up to four products side by side, with every figure we hold for them. The address of this page shows the same table to anyone you send it to.',
    loading: 'Loading the products…',
    empty: 'You have no products to compare yet.',
    emptyHint: `Choose up to 4 products with “${productToolTexts.addToCompare}” on any product or list, then come back here.`,
    emptyLink: 'Browse the shop',
    retry: 'Try again',
    differencesOnly: 'Show differences only',
    tableRegion: 'Comparison table',
    noScript: 'Comparing products needs JavaScript. Please turn it on, or open each product’s page.',
  },
} as const;
