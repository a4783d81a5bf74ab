/**
 * The demo reviews as a storefront meets them: seeded with the catalogue, read through `products` in one
 * batch, a few pending for the moderation route; and a database from before reviews existed gets the
 * tables, the ratings and the demo reviews on its next start, once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { expectData, gql } from './graphql-helpers.ts';
import { ratingIds } from './review-helpers.ts';

interface Listed {
  sku: string;
  review_count: number;
  rating_summary: number;
  reviews: { items: { nickname: string; average_rating: number; created_at: string }[] };
}

/** Every listed product of the catalogue with its review fields, 300 at a time, as a storefront reads them. */
async function everyProduct(backend: TestBackend): Promise<Listed[]> {
  const skus = (
    await backend.call('GET', '/rest/V1/products?searchCriteria[pageSize]=0&fields=items[sku]', {
      token: INTEGRATION_TOKEN,
    })
  ).body.items.map((item: { sku: string }) => item.sku) as string[];
  const listed: Listed[] = [];
  for (let start = 0; start < skus.length; start += 300) {
    const data = expectData(
      await gql(
        backend,
        `query Batch($skus: [String]) { products(filter: { sku: { in: $skus } }, pageSize: 300) { items {
          sku review_count rating_summary reviews(pageSize: 50) { items { nickname average_rating created_at } } } } }`,
        { variables: { skus: skus.slice(start, start + 300) } },
      ),
    );
    listed.push(...data.products.items);
  }
  return listed;
}

describe('a freshly seeded shop', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend.stop());

  it('shows reviews on about a third of its products, newest first, some with many', async () => {
    const products = await everyProduct(backend);
    const reviewed = products.filter((product) => product.review_count > 0);
    expect(reviewed.length / products.length).toBeGreaterThan(0.2);
    expect(reviewed.length / products.length).toBeLessThan(0.5);
    expect(reviewed.some((product) => product.review_count >= 25)).toBe(true);
    for (const product of reviewed) {
      expect(product.reviews.items).toHaveLength(Math.min(50, product.review_count));
      expect(product.rating_summary).toBeGreaterThanOrEqual(20);
      expect(product.rating_summary).toBeLessThanOrEqual(100);
      const dates = product.reviews.items.map((review) => review.created_at);
      expect(dates).toEqual([...dates].sort().reverse());
    }
    for (const product of products.filter((p) => p.review_count === 0)) {
      expect(product).toMatchObject({ rating_summary: 0, reviews: { items: [] } });
    }
  });

  it('has a few reviews waiting for moderation', async () => {
    const pending = await backend.call('GET', '/rest/V1/embedded/reviews?status=pending', {
      token: INTEGRATION_TOKEN,
    });
    expect(pending.status).toBe(200);
    expect(pending.body.total_count).toBeGreaterThan(0);
    expect(pending.body.items[0]).toMatchObject({ status: 'pending', customer_id: null });
  });
});

describe('starting on a database from before reviews', () => {
  const dir = mkdtempSync(join(tmpdir(), 'magento-reviews-upgrade-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Takes a seeded file back to the shape the release before reviews wrote. */
  function downgrade(file: string): void {
    const db = new DatabaseSync(file);
    db.exec(`
      DROP TABLE rating_option_vote;
      DROP TABLE review;
      DROP TABLE rating_store;
      DROP TABLE rating_option;
      DROP TABLE rating;
      DELETE FROM meta WHERE key = 'demo_reviews_at';
    `);
    db.close();
  }

  const count = (file: string): number => {
    const db = new DatabaseSync(file);
    const row = db.prepare('SELECT COUNT(*) AS n FROM review').get();
    db.close();
    return Number(row?.['n']);
  };

  it('creates the tables and the ratings, and writes the demo reviews once', async () => {
    const file = join(dir, 'magento.sqlite');
    const first = await startTestBackend({}, dir);
    await first.stop();
    const seeded = count(file);
    downgrade(file);

    const upgraded = await startTestBackend({}, dir);
    try {
      expect((await ratingIds(upgraded)).map((rating) => rating.name)).toEqual(['Quality', 'Value', 'Price']);
      const reviewed = (await everyProduct(upgraded)).filter((product) => product.review_count > 0);
      expect(reviewed.length).toBeGreaterThan(0);
    } finally {
      await upgraded.stop();
    }
    expect(count(file)).toBe(seeded);

    const again = await startTestBackend({}, dir);
    await again.stop();
    expect(count(file)).toBe(seeded);
  });
});
