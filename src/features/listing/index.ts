/** The door of features/listing: what the rest of the shop may use of it (eslint/doors.js). */
export {
  attributeSortKey,
  DEFAULT_SORT,
  DEFAULT_STATE,
  facetKeys,
  isPlainPaging,
  parseState,
  RATING_SORT,
  sortKeys,
  stateQuery,
} from './browse-state.ts';
export type { BrowseState } from './browse-state.ts';
export { browse, pageWindow } from './browse.ts';
export type { Browsed, BrowseOptions, Counts } from './browse.ts';
export { listingTexts, ratingToolTexts } from './browser-texts.ts';
export { attributeIndex } from './attribute-index.ts';
export type { AttributeIndex, ValueProblem } from './attribute-index.ts';
export { buildListingIndex } from './build-index.ts';
export { P, parseListingIndex, PRICE, RATING } from './listing-index.ts';
export { joinListingIndex, partUrlsOf, ROWS_PER_PART, splitListingIndex } from './index-parts.ts';
export type { ListingIndexHead, ListingIndexPart } from './index-parts.ts';
export type {
  AttributeSort,
  ColumnValue,
  Facet,
  IndexedProduct,
  ListingIndex,
  RatingPair,
} from './listing-index.ts';
export { niceBands, parseNumber, splitUnit } from './numbers.ts';
export { DEFAULT_PAGE_SIZE, isPageSize, PAGE_SIZES } from './page-size.ts';
export { bakedFacets, drawnByTools, pagePath } from './pages.ts';
