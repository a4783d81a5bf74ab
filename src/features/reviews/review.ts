/**
 * Writing a review: its pure rules, shared by the form in the browser (review-form.client.ts) and the
 * storefront server's `POST /reviews` (server/shopper/reviews.ts), so both refuse the same drafts with the
 * same words. Magento's GraphQL checks none of them (`createProductReview` saves empty texts and no
 * ratings); its own product page asks for all three texts (Review::validate, whose messages these are)
 * and one value of every rating ("validate-rating"). Lengths are its columns' (review_detail: nickname
 * varchar(128), title varchar(255)); the text is a MySQL TEXT, bounded here well inside its 64 KB.
 *
 * No zod and no Node imports: the form's bundle stays small (DESIGN.md §4).
 */
import { reviewFormTexts as t } from './form-texts.ts';
import type { ReviewSettings } from '../../catalogue/types.ts';

/** Longest texts, in characters (code points, as MySQL's utf8mb4 columns count them). */
export const REVIEW_LIMITS = { nickname: 128, summary: 255, text: 10_000 } as const;

export type ReviewTextField = keyof typeof REVIEW_LIMITS;
export const REVIEW_TEXT_FIELDS: readonly ReviewTextField[] = ['nickname', 'summary', 'text'];

/** What `GET /reviews/form` answers: the store's settings as they are now, and who is asking. */
export interface ReviewForm extends ReviewSettings {
  /** The session's token is one Magento accepts: the review is the customer's. */
  signedIn: boolean;
  /** The customer's first name, for the nickname; absent for a guest or when Magento did not say. */
  nickname?: string;
}

/** One rating chosen: Magento's ids, base64, as `productReviewRatingsMetadata` gives them. */
export interface RatingChoice {
  id: string;
  value_id: string;
}

/** What the form sends to `POST /reviews`: the product, the three texts, one value of each rating. */
export interface ReviewDraft extends Record<ReviewTextField, string> {
  sku: string;
  ratings: RatingChoice[];
}

/** A field at fault: a text field by name, or a rating by its id; in the order the form shows them. */
export type ReviewField = ReviewTextField | { rating: string };

export interface ReviewProblem {
  field: ReviewField;
  message: string;
}

const length = (value: string): number => [...value].length;

/**
 * What is wrong with the draft, ratings first (they come first in the form): a rating of the store with
 * no value, or with a value it does not have; a text empty once trimmed, or too long. Empty: it may go.
 */
export function reviewProblems(draft: ReviewDraft, ratings: ReviewSettings['ratings']): ReviewProblem[] {
  const problems: ReviewProblem[] = [];
  for (const rating of ratings) {
    const chosen = draft.ratings.find((choice) => choice.id === rating.id);
    if (!chosen || !rating.values.some((value) => value.id === chosen.value_id))
      problems.push({ field: { rating: rating.id }, message: t.chooseRating(rating.name) });
  }
  const missing = { nickname: t.nicknameMissing, summary: t.summaryMissing, text: t.textMissing };
  for (const field of REVIEW_TEXT_FIELDS) {
    const value = draft[field].trim();
    const max = REVIEW_LIMITS[field];
    if (value === '') problems.push({ field, message: missing[field] });
    else if (length(value) > max) problems.push({ field, message: t.tooLong(max, length(value)) });
  }
  return problems;
}

/**
 * Whether the draft names only the store's ratings, each once: what the form sends. A draft naming another
 * rating (retired, or made up) would reach Magento as a vote it cannot decode.
 */
export const ratesOnlyTheStoresRatings = (
  draft: ReviewDraft,
  ratings: ReviewSettings['ratings'],
): boolean => {
  const known = new Set(ratings.map((rating) => rating.id));
  const named = new Set(draft.ratings.map((choice) => choice.id));
  return named.size === draft.ratings.length && [...named].every((id) => known.has(id));
};

/** The draft as Magento is sent it: texts trimmed. */
export const trimmedDraft = (draft: ReviewDraft): ReviewDraft => ({
  ...draft,
  nickname: draft.nickname.trim(),
  summary: draft.summary.trim(),
  text: draft.text.trim(),
});

/** Where sign-in sends the shopper back to: this product page, with its review form open. */
export const WRITE_REVIEW_HASH = '#write-review';
