/** The door of features/reviews for the server: what the rest of the shop may use of it that runs only in Node. */
export { customerFirstName, reviewSettingsCache, writeReview } from './reviews.server.ts';
export type { ReviewSettingsCache } from './reviews.server.ts';
