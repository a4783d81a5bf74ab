/**
 * The store view's product-review settings, configured in code as Magento's `catalog/review/*` paths
 * configure them (Stores > Configuration > Catalog > Catalog > Product Reviews), and checked at start-up
 * (`server.ts`) so that a wrong value stops the back end with the field named. GraphQL's `storeConfig`
 * answers them as `product_reviews_enabled` and `allow_guests_to_write_product_reviews`
 * (ReviewGraphQl/etc/graphql/di.xml).
 */
import { z } from 'zod';

export const reviewSettings = z.strictObject({
  /**
   * `catalog/review/active` ("Enable Reviews", `Review\Model\Review\Config::isEnabled()`). Off, every product
   * answers `rating_summary` 0, `review_count` 0 and no reviews, `productReviewRatingsMetadata` lists no
   * rating, and `createProductReview` is refused ("Creating product reviews are not currently available.").
   * @example true
   */
  active: z.boolean('must be true (reviews shown and written) or false (reviews off)'),
  /**
   * `catalog/review/allow_guest` ("Allow Guests to Write Reviews", `Review\Helper\Data::getIsGuestAllowToWrite()`).
   * Off, a review needs a customer token ("Guest customers aren't allowed to add product reviews.").
   * @example true
   */
  allowGuest: z.boolean('must be true (guests may write reviews) or false (only signed-in customers)'),
});
export type ReviewSettings = z.output<typeof reviewSettings>;

/**
 * Magento's defaults: `allow_guest` 1 is Review/etc/config.xml's; `active` 1 is what a new 2.4 store shows
 * (the reviews tab on every product page). The demo shop keeps both.
 */
export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = { active: true, allowGuest: true };

/** The settings, or an error naming each wrong field (`reviews.<field>: <what is wrong>`). */
export function checkReviewSettings(value: unknown): ReviewSettings {
  const parsed = reviewSettings.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `reviews.${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`The embedded back end's review settings are not valid:\n${problems.join('\n')}`);
}
