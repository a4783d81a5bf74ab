/**
 * The listing's fixed texts (the spec's count and empty texts), as the listing's scripts write them
 * (browser-texts.ts, which holds the rest of the listing's texts). Gathered by src/strings.ts.
 */
import { listingTexts } from './browser-texts.ts';

/** The spec's fixed texts of this feature, word for word (src/strings.ts `spec`). */
export const listingSpec = {
  listing: { count: listingTexts.count, empty: listingTexts.empty },
} as const;
