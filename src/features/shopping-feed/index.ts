/** The door of features/shopping-feed: what the rest of the shop may use of it (eslint/doors.js). */
export { googleCategoriesSchema, googleCategoryOf } from './categories.ts';
export type { GoogleCategories } from './categories.ts';
export {
  FEED_BASE,
  FEED_FILES,
  FEED_INDEX_NAME,
  FEED_INDEX_PATH,
  feedFileName,
  feedFileOf,
  feedFilePath,
  feedIndexText,
} from './files.ts';
export { cutText, FEED_LIMITS, feedItems } from './item.ts';
export type { Availability, FeedContext, FeedEntry, FeedItem, FeedShipping } from './item.ts';
export {
  feedEffectivePrice,
  feedPrice,
  googleDateTime,
  googleInterval,
  parseGoogleInterval,
} from './sale.ts';
export type { FeedPrice, SaleWindow } from './sale.ts';
export { feedFileXml, GOOGLE_NAMESPACE, itemXml, xmlText } from './xml.ts';
export type { FeedFile } from './xml.ts';
