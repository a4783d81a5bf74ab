/**
 * The catalogue's reviews, read from a real embedded back end's GraphQL as from Magento: a full sync
 * reads every rating and approved review; a product read again keeps them; a review check finds a review
 * approved since (Magento sends no event) and changes exactly that product; reviews off show none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncCatalogue } from '../../src/catalogue/sync.ts';
import type { Product } from '../../src/catalogue/types.ts';
import { loadEnv, type Env } from '../../src/config/env.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { adminToken, approvedReview, reviewsOf, writeReview } from '../embedded-magento/review-helpers.ts';

let backend: TestBackend;
let dir: string;
let admin: string;

beforeAll(async () => {
  backend = await startTestBackend({ catalogue: { seed: 11, productCount: 60, brand: 'Clearwater' } });
  dir = mkdtempSync(join(tmpdir(), 'reviews-sync-'));
  admin = await adminToken(backend);
});
afterAll(async () => {
  await backend.stop();
  rmSync(dir, { recursive: true, force: true });
});

const envFor = (url: string, file: string): Env =>
  loadEnv({ MAGENTO_URL: url, MAGENTO_TOKEN: INTEGRATION_TOKEN, CATALOGUE_SNAPSHOT: file });

const withPage = (products: readonly Product[]) =>
  products.filter((product) => product.visibility === 4 && product.urlKey !== '');

describe('reviews in the catalogue', () => {
  it('reads ratings and approved reviews newest first, and finds a review approved since', async () => {
    const file = join(dir, 'catalogue.db');
    const env = envFor(backend.url, file);
    const [chosen] = withPage((await syncCatalogue(env, undefined, {})).snapshot.catalogue.products);
    if (!chosen) throw new Error('the seed has no product with a page');
    await approvedReview(backend, admin, chosen.sku, {
      summary: 'Older',
      stars: { Quality: 3, Value: 3, Price: 3 },
    });
    await approvedReview(backend, admin, chosen.sku, { summary: 'Newer' });

    const first = await syncCatalogue(env, undefined, {});
    const products = withPage(first.snapshot.catalogue.products);
    const rated = products.find((product) => product.sku === chosen.sku);
    const unrated = products.find((product) => !product.rating);
    if (!rated || !unrated) throw new Error('the seed has no unrated product');
    expect(rated.reviews.slice(0, 2).map((review) => review.summary)).toEqual(['Newer', 'Older']);

    // What Magento lists as approved is what the product carries, in Magento's order.
    const approved = (await reviewsOf(backend, admin, rated.sku)).filter((r) => r.status === 'approved');
    expect(rated.rating?.count).toBe(approved.length);
    expect(rated.reviews.map((review) => review.summary)).toEqual(approved.map((r) => r.summary));
    expect(first.snapshot.catalogue.reviewSettings).toMatchObject({ enabled: true, guestsMayWrite: true });
    expect(first.snapshot.catalogue.reviewSettings?.ratings.map((rating) => rating.name)).toEqual([
      'Quality',
      'Value',
      'Price',
    ]);

    // A pending review changes nothing; approved, the next check finds it and changes that product only.
    expect((await writeReview(backend, unrated.sku, { summary: 'Pending still' })).status).toBe(200);
    const quiet = await syncCatalogue(env, undefined, { incremental: true, checkReviews: true });
    expect(quiet).toMatchObject({ changed: false, updated: [] });
    expect(quiet.reviews?.changed).toEqual([]);

    await approvedReview(backend, admin, unrated.sku, {
      summary: 'Brilliant on the patio',
      stars: { Quality: 5, Value: 5, Price: 4 },
    });
    const carried = await syncCatalogue(env, undefined, { incremental: true });
    expect(carried.changed).toBe(false);
    const checked = await syncCatalogue(env, undefined, { incremental: true, checkReviews: true });
    expect(checked).toMatchObject({ changed: true, updated: [unrated.sku] });
    const now = checked.snapshot.catalogue.products.find((product) => product.sku === unrated.sku);
    // Magento keeps a product's summary as a whole percentage (review_entity_summary), a review's average unrounded.
    expect(now?.rating).toEqual({ percent: 93, count: 1 });
    expect(now?.reviews[0]).toMatchObject({
      summary: 'Brilliant on the patio',
      nickname: 'Jo from Leeds',
      percent: 93.3,
      ratings: [
        { name: 'Quality', value: 5 },
        { name: 'Value', value: 5 },
        { name: 'Price', value: 4 },
      ],
    });
  });

  it('shows no reviews where Magento has reviews off', async () => {
    const off = await startTestBackend({
      catalogue: { seed: 11, productCount: 60, brand: 'Clearwater' },
      reviews: { active: false, allowGuest: true },
    });
    try {
      const result = await syncCatalogue(envFor(off.url, join(dir, 'off.db')), undefined, {});
      expect(result.snapshot.catalogue.reviewSettings?.enabled).toBe(false);
      expect(result.snapshot.catalogue.products.filter((product) => product.rating)).toEqual([]);
    } finally {
      await off.stop();
    }
  });
});
