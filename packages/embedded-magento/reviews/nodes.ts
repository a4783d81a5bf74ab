/**
 * A review as GraphQL's `ProductReview` shows it (ReviewGraphQl/Mapper/ReviewDataMapper.php): summary,
 * text, nickname and created_at from the row, the product it is about, and from its votes (read for a
 * whole page of reviews at once) `average_rating` and `ratings_breakdown`.
 */
import type { GraphQlContext } from '../graphql/context.ts';
import type { ReviewRow, ReviewVote } from './reviews.ts';

/**
 * `Resolver/Product/Review/AverageRating.php` over `Rating::getReviewSummary()`: the votes' percents
 * summed and divided by their number, as PHP's number_format(…, 2) rounds it; 0 without votes. So a review
 * rated 3, 2 and 5 out of 5 has 66.67, not 3.33 (the percents of the votes, not their values).
 */
export function averageRating(votes: readonly ReviewVote[]): number {
  const sum = votes.reduce((total, vote) => total + vote.percent, 0);
  if (sum <= 0) return 0;
  return Math.round((sum / votes.length) * 100 + Number.EPSILON) / 100;
}

/**
 * The `ProductReview` of a row; `product` answers the reviewed product's view, or null where Magento's
 * product resolver finds none (graphql-js then fails the non-null field as Magento does).
 */
export function reviewNode(context: GraphQlContext, row: ReviewRow, product: () => unknown) {
  const votes = () => context.reviewLoaders.votes.load(row.review_id);
  return {
    summary: row.title,
    text: row.detail,
    nickname: row.nickname,
    created_at: row.created_at,
    product,
    average_rating: async () => averageRating(await votes()),
    // `Resolver/Product/Review/RatingBreakdown.php`: the rating's name and the vote's value, as text.
    ratings_breakdown: async () =>
      (await votes()).map((vote) => ({ name: vote.ratingCode, value: String(vote.value) })),
  };
}
