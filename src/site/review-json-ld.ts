/**
 * A product's reviews for search engines: schema.org `aggregateRating` and the reviews the page shows,
 * added to its Product (or ProductGroup) only when it has approved reviews, with the figures the page
 * shows, as Google's review snippets ask (a rating out of 5, each review's author, rating and date).
 */
import { starsOf } from '../features/reviews/index.ts';
import { reviewDay, type ReviewsSection } from './review-section.ts';

const ratingValue = (percent: number): number => Number(starsOf(percent));

export function reviewsJsonLd(section: ReviewsSection | null): Record<string, unknown> {
  const rating = section?.rating;
  if (!section || !rating) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: ratingValue(rating.percent),
      bestRating: 5,
      worstRating: 1,
      reviewCount: rating.count,
    },
    review: section.shown.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.nickname },
      ...(reviewDay(review.createdAt) ? { datePublished: reviewDay(review.createdAt) } : {}),
      name: review.summary,
      reviewBody: review.text,
      reviewRating: {
        '@type': 'Rating',
        ratingValue: ratingValue(review.percent),
        bestRating: 5,
        worstRating: 1,
      },
    })),
  };
}
