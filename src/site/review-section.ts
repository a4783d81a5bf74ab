/**
 * What a product page shows of its reviews (ReviewsSection.astro) and tells search engines of them
 * (reviewsJsonLd): the rating, how the reviews spread over one to five stars, each rating's average, and
 * the newest reviews; the rest are in the product's review file (`/review-data/{url key}.json`), which the
 * page's "Show more" and sorting read. Worked out from the product alone, so the page's model (and its
 * fingerprint) changes exactly when its reviews do.
 */
import type { Product, Rating, Review, ReviewSettings } from '../catalogue/types.ts';

/** Reviews pre-rendered on the page, and added by each "Show more". */
export const REVIEWS_SHOWN = 10;

/** Where a product's reviews are for the page's script, when the page does not show them all. */
export const reviewFile = (urlKey: string): string => `/review-data/${urlKey}.json`;

export interface ReviewsSection {
  readonly rating: Rating | null;
  /** How many reviews gave five stars, four, … one (each review's average, to the nearest star). */
  readonly byStars: readonly number[];
  /** Each rating's average over the reviews that gave it (Quality, Value, …), 0–100, in first-seen order. */
  readonly averages: readonly { readonly name: string; readonly percent: number }[];
  /** The newest reviews, as many as the page shows. */
  readonly shown: readonly Review[];
  /** The review file, when the page does not show them all. */
  readonly more: string | null;
  /** Shoppers may write one: reviews are on in Magento. */
  readonly writable: boolean;
}

const londonDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/London',
});

/**
 * The day a review was written, in the shop's time zone (`2025-03-12`), from Magento's `created_at`
 * (`YYYY-MM-DD HH:MM:SS`, UTC); null when it does not read as a time.
 */
export function reviewDay(createdAt: string): string | null {
  const at = new Date(`${createdAt.replace(' ', 'T')}Z`);
  return Number.isNaN(at.getTime()) ? null : londonDay.format(at);
}

/** A review's stars to the nearest whole star, 1 to 5. */
export const starsOfReview = (review: Pick<Review, 'percent'>): number =>
  Math.min(5, Math.max(1, Math.round(review.percent / 20)));

/**
 * The section of a product's page; null when there is nothing to show and nothing to write (reviews are off
 * and it has none).
 */
export function reviewsSection(
  product: Pick<Product, 'rating' | 'reviews' | 'urlKey'>,
  settings: Pick<ReviewSettings, 'enabled'> | undefined,
): ReviewsSection | null {
  const writable = settings?.enabled === true;
  if (!product.rating && !writable) return null;
  const byStars = [0, 0, 0, 0, 0];
  const sums = new Map<string, { total: number; count: number }>();
  for (const review of product.reviews) {
    const at = 5 - starsOfReview(review);
    byStars[at] = (byStars[at] ?? 0) + 1;
    for (const { name, value } of review.ratings) {
      const sum = sums.get(name) ?? { total: 0, count: 0 };
      sums.set(name, { total: sum.total + value, count: sum.count + 1 });
    }
  }
  return {
    rating: product.rating,
    byStars,
    averages: [...sums].map(([name, sum]) => ({
      name,
      percent: Math.round((sum.total / sum.count) * 200) / 10,
    })),
    shown: product.reviews.slice(0, REVIEWS_SHOWN),
    more: product.reviews.length > REVIEWS_SHOWN ? reviewFile(product.urlKey) : null,
    writable,
  };
}
