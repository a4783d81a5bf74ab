/** The door of features/reviews: what the rest of the shop may use of it (eslint/doors.js). */
export { ratesOnlyTheStoresRatings, reviewProblems } from './review.ts';
export type { ReviewDraft, ReviewForm } from './review.ts';
export { ratingTexts, starsOf } from './texts.ts';
