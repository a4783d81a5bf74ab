import { describe, expect, it } from 'vitest';
import { generateCatalogue } from './catalogue.ts';
import { FAMILY_REVIEWS } from './data/reviews.ts';
import { FAMILIES } from './data/families.ts';
import { catalogueProducts, productReviews, type SeedReview } from './reviews.ts';

const NOW = new Date(Date.UTC(2026, 10, 20, 12));
const DAY_MS = 24 * 60 * 60 * 1000;

const catalogue = generateCatalogue({ seed: 1, productCount: 3000, brand: 'Clearwater' });
const products = catalogueProducts(
  catalogue,
  new Map(catalogue.products.map((p, index) => [p.sku, index + 1])),
);
const reviewsByProduct = products.map((product) => ({ product, reviews: productReviews(product, NOW) }));
const reviewed = reviewsByProduct.filter(({ reviews }) => reviews.length > 0);
const all: SeedReview[] = reviewed.flatMap(({ reviews }) => reviews);
const approved = all.filter((review) => review.statusId === 1);
const when = (review: SeedReview) => Date.parse(`${review.createdAt.replace(' ', 'T')}Z`);

describe('the demo reviews', () => {
  it('go to products with a page only, about a third of them', () => {
    const withPages = catalogue.products.filter((p) => p.status === 1 && p.visibility !== 1);
    expect(products).toHaveLength(withPages.length);
    expect(reviewed.length / products.length).toBeGreaterThan(0.28);
    expect(reviewed.length / products.length).toBeLessThan(0.38);
  });

  it('are the same for the same product, whenever and however often they are made', () => {
    const [first] = reviewed;
    if (!first) throw new Error('no reviewed product');
    expect(productReviews(first.product, NOW)).toEqual(first.reviews);
    // A day later the same reviews, a day later in time.
    const later = productReviews(first.product, new Date(NOW.getTime() + DAY_MS));
    expect(later.map((review) => [review.nickname, review.title, review.detail])).toEqual(
      first.reviews.map((review) => [review.nickname, review.title, review.detail]),
    );
  });

  it('give most reviewed products a few and some many (25 to 40)', () => {
    const counts = reviewed.map(({ reviews }) => reviews.filter((review) => review.statusId === 1).length);
    const few = counts.filter((count) => count >= 1 && count <= 6).length;
    expect(few / counts.length).toBeGreaterThan(0.7);
    expect(counts.some((count) => count >= 25 && count <= 40)).toBe(true);
    expect(Math.max(...counts)).toBeLessThanOrEqual(40);
  });

  it('rate mostly 4 and 5, with some 1 to 3, each rating within a star of the others', () => {
    const stars = approved.map((review) => Math.round(review.votes.reduce((sum, [, v]) => sum + v, 0) / 3));
    const high = stars.filter((value) => value >= 4).length / stars.length;
    expect(high).toBeGreaterThan(0.7);
    expect(stars.filter((value) => value <= 2).length).toBeGreaterThan(0);
    for (const review of approved) {
      expect(review.votes.map(([ratingId]) => ratingId)).toEqual([1, 2, 3]);
      const values = review.votes.map(([, value]) => value);
      expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(2);
      for (const value of values) expect(value).toBeGreaterThanOrEqual(1);
    }
  });

  it('are dated over the two years before the seed, never before their product was created', () => {
    for (const { product, reviews } of reviewed) {
      const created = Date.parse(`${product.createdAt.replace(' ', 'T')}Z`);
      for (const review of reviews) {
        expect(when(review)).toBeLessThan(NOW.getTime());
        expect(when(review)).toBeGreaterThan(NOW.getTime() - 731 * DAY_MS);
        if (review.statusId === 1)
          expect(when(review)).toBeGreaterThanOrEqual(Math.floor(created / DAY_MS) * DAY_MS);
      }
    }
    const spread = approved.map(when);
    expect(Math.max(...spread) - Math.min(...spread)).toBeGreaterThan(600 * DAY_MS);
  });

  it('include a few pending ones, all from the last week, and a very few rejected', () => {
    const pending = all.filter((review) => review.statusId === 2);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.length / all.length).toBeLessThan(0.05);
    for (const review of pending) expect(when(review)).toBeGreaterThan(NOW.getTime() - 7 * DAY_MS);
    expect(all.filter((review) => review.statusId === 3).length / all.length).toBeLessThan(0.01);
  });

  it('vary their nicknames, titles and texts, and never leave a placeholder', () => {
    expect(new Set(approved.map((review) => review.nickname)).size).toBeGreaterThan(150);
    expect(new Set(approved.map((review) => review.title)).size).toBeGreaterThan(60);
    expect(new Set(approved.map((review) => review.detail)).size / approved.length).toBeGreaterThan(0.95);
    for (const review of all) {
      expect(review.detail).not.toMatch(/\{|\}|\s\s|undefined/);
      expect(review.title.length).toBeGreaterThan(0);
    }
  });

  it('have words for every product family', () => {
    for (const family of Object.keys(FAMILIES) as (keyof typeof FAMILIES)[]) {
      const text = FAMILY_REVIEWS[family];
      expect(text.praise.length, family).toBeGreaterThanOrEqual(4);
      expect(text.complaints.length, family).toBeGreaterThanOrEqual(3);
      expect(text.good.length, family).toBeGreaterThanOrEqual(3);
      expect(text.bad.length, family).toBeGreaterThanOrEqual(2);
    }
  });

  it('complain about pressure washers in pressure washers’ terms', () => {
    const washers = reviewed.filter(({ product }) => product.family === 'pressure');
    const poor = washers.flatMap(({ reviews }) => reviews).filter((review) => review.votes[0]?.[1] === 1);
    const complaints = new Set<string>(FAMILY_REVIEWS.pressure.complaints);
    for (const review of poor)
      expect([...complaints].some((complaint) => review.detail.includes(complaint))).toBe(true);
  });
});
