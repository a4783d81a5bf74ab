/**
 * A product page's reviews as it shows them and tells search engines of them: the spread over the stars,
 * each rating's average, the newest ten with the rest in the review file, and JSON-LD only with reviews.
 */
import { describe, expect, it } from 'vitest';
import { reviewDay, reviewsSection } from '../../../src/site/review-section.ts';
import { reviewsJsonLd } from '../../../src/site/review-json-ld.ts';
import type { Review } from '../../../src/catalogue/types.ts';
import { product } from '../catalogue/fixtures.ts';

const review = (at: number, percent: number, overrides: Partial<Review> = {}): Review => ({
  nickname: `Shopper ${at}`,
  summary: `Summary ${at}`,
  text: `Text ${at}`,
  createdAt: `2025-06-${String(30 - at).padStart(2, '0')} 12:00:00`,
  percent,
  ratings: [
    { name: 'Quality', value: Math.round(percent / 20) },
    { name: 'Value', value: 3 },
  ],
  ...overrides,
});

describe('a product page’s reviews', () => {
  it('shows nothing for a product without reviews while reviews are off, and an empty section while on', () => {
    const plain = product({ sku: 'A' });
    expect(reviewsSection(plain, { enabled: false })).toBeNull();
    expect(reviewsSection(plain, undefined)).toBeNull();
    expect(reviewsSection(plain, { enabled: true })).toMatchObject({
      rating: null,
      shown: [],
      writable: true,
    });
  });

  it('spreads the reviews over the stars, averages each rating, and shows the newest ten', () => {
    const reviews = Array.from({ length: 12 }, (_, at) => review(at, at < 8 ? 100 : 40));
    const section = reviewsSection(
      product({ sku: 'B', urlKey: 'k-5', rating: { percent: 80, count: 12 }, reviews }),
      { enabled: false },
    );
    expect(section?.byStars).toEqual([8, 0, 0, 4, 0]);
    expect(section?.averages).toEqual([
      { name: 'Quality', percent: 80 },
      { name: 'Value', percent: 60 },
    ]);
    expect(section?.shown.map((shown) => shown.nickname)).toEqual(
      reviews.slice(0, 10).map((r) => r.nickname),
    );
    expect(section?.more).toBe('/review-data/k-5.json');
  });

  it('needs no review file when the page shows them all', () => {
    const section = reviewsSection(
      product({ sku: 'C', rating: { percent: 100, count: 1 }, reviews: [review(1, 100)] }),
      { enabled: true },
    );
    expect(section?.more).toBeNull();
  });

  it('dates a review by the day in London', () => {
    expect(reviewDay('2025-06-30 23:30:00')).toBe('2025-07-01');
    expect(reviewDay('2025-01-31 23:30:00')).toBe('2025-01-31');
    expect(reviewDay('not a date')).toBeNull();
  });
});

describe('reviews in the product’s JSON-LD', () => {
  it('carries the rating out of 5 and the reviews the page shows, with the figures it shows', () => {
    const reviews = Array.from({ length: 11 }, (_, at) => review(at, 80));
    const section = reviewsSection(product({ sku: 'D', rating: { percent: 84, count: 11 }, reviews }), {
      enabled: true,
    });
    const ld = reviewsJsonLd(section);
    expect(ld['aggregateRating']).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.2,
      bestRating: 5,
      worstRating: 1,
      reviewCount: 11,
    });
    const listed = ld['review'] as Record<string, unknown>[];
    expect(listed).toHaveLength(10);
    expect(listed[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Shopper 0' },
      datePublished: '2025-06-30',
      name: 'Summary 0',
      reviewBody: 'Text 0',
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
    });
  });

  it('adds nothing without approved reviews', () => {
    expect(reviewsJsonLd(reviewsSection(product({ sku: 'E' }), { enabled: true }))).toEqual({});
    expect(reviewsJsonLd(null)).toEqual({});
  });
});
