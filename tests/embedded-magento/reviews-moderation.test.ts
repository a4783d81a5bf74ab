/**
 * The embedded back end's own moderation routes (`/rest/V1/embedded/reviews`, ACL
 * `Magento_Review::reviews_all`): only an admin or the integration may list and moderate; approving a
 * review shows it on its product at once (count and summary included), rejecting hides it again, and each
 * change is reported to the rebuild hook as a save of the product. Magento's own `/V1/reviews` does not
 * exist in 2.4 and answers as any unknown route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedEntity } from '@cleaning-shop/contracts/rebuild-hook.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { createProduct, expectData } from './graphql-helpers.ts';
import { expectError } from './helpers.ts';
import { adminToken, moderate, reviewFields, reviewsOf, writeReview } from './review-helpers.ts';

let backend: TestBackend;
let admin: string;
const saved: SavedEntity[] = [];

beforeAll(async () => {
  backend = await startTestBackend({ onSaved: (entity) => saved.push(entity) });
  admin = await adminToken(backend);
});
afterAll(() => backend.stop());

const NOT_AUTHORIZED = "The consumer isn't authorized to access %resources.";

describe('who may moderate', () => {
  it('refuses a guest and a customer with Magento’s 401, naming the ACL resource', async () => {
    const product = await createProduct(backend);
    expectData(await writeReview(backend, product.sku));
    const [review] = await reviewsOf(backend, admin, product.sku);
    const customer = await backend.newCustomer();
    for (const token of [undefined, customer.token]) {
      expectError(await backend.call('GET', '/rest/V1/embedded/reviews', { token }), 401, NOT_AUTHORIZED, {
        resources: 'Magento_Review::reviews_all',
      });
      expectError(
        await moderate(backend, token as string, review?.id ?? 0, 'approved'),
        401,
        NOT_AUTHORIZED,
        {
          resources: 'Magento_Review::reviews_all',
        },
      );
    }
    expect((await reviewsOf(backend, admin, product.sku))[0]?.status).toBe('pending');
  });

  it('lets the integration moderate as an admin does', async () => {
    const product = await createProduct(backend);
    expectData(await writeReview(backend, product.sku));
    const [review] = await reviewsOf(backend, INTEGRATION_TOKEN, product.sku);
    expect((await moderate(backend, INTEGRATION_TOKEN, review?.id ?? 0, 'approved')).status).toBe(200);
  });
});

describe('moderating', () => {
  it('approving shows the review and counts it; rejecting hides it again; each is reported', async () => {
    const product = await createProduct(backend);
    expectData(
      await writeReview(backend, product.sku, { nickname: 'Sam', stars: { Quality: 4, Value: 4, Price: 4 } }),
    );
    const [review] = await reviewsOf(backend, admin, product.sku);
    if (!review) throw new Error('no review');
    expect(await reviewFields(backend, product.sku)).toMatchObject({ review_count: 0, rating_summary: 0 });

    saved.length = 0;
    const approved = await moderate(backend, admin, review.id, 'approved');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      id: review.id,
      status: 'approved',
      status_id: 1,
      status_label: 'Approved',
    });
    const shown = await reviewFields(backend, product.sku);
    expect(shown).toMatchObject({ review_count: 1, rating_summary: 80 });
    expect(shown.reviews.items.map((item) => item.nickname)).toEqual(['Sam']);

    expect((await moderate(backend, admin, review.id, 'rejected')).body).toMatchObject({
      status: 'rejected',
      status_label: 'Not Approved',
    });
    expect(await reviewFields(backend, product.sku)).toMatchObject({ review_count: 0, rating_summary: 0 });
    await new Promise((resolve) => setImmediate(resolve));
    // Magento sends the storefront no word of a moderation: the shop's review check finds it.
    expect(saved).toEqual([]);
  });

  it('lists reviews newest first, by status and by product, with their ratings', async () => {
    const product = await createProduct(backend);
    expectData(await writeReview(backend, product.sku, { nickname: 'Older', stars: { Quality: 3 } }));
    expectData(await writeReview(backend, product.sku, { nickname: 'Newer', stars: {} }));
    const listed = await reviewsOf(backend, admin, product.sku);
    expect(listed.map((review) => [review.nickname, review.ratings])).toEqual([
      ['Newer', []],
      ['Older', [{ name: 'Quality', value: 3 }]],
    ]);
    expect(listed[0]).toMatchObject({ sku: product.sku, product_id: product.id, product_name: product.name });
    const older = listed[1];
    if (!older) throw new Error('no review');
    await moderate(backend, admin, older.id, 'approved');
    const pending = await backend.call(
      'GET',
      `/rest/V1/embedded/reviews?status=pending&sku=${encodeURIComponent(product.sku)}`,
      { token: admin },
    );
    expect(pending.body).toMatchObject({ total_count: 1, page_size: 20, current_page: 1 });
    expect(pending.body.items.map((review: { nickname: string }) => review.nickname)).toEqual(['Newer']);
    const paged = await backend.call(
      'GET',
      `/rest/V1/embedded/reviews?sku=${encodeURIComponent(product.sku)}&pageSize=1&currentPage=2`,
      { token: admin },
    );
    expect(paged.body.items.map((review: { nickname: string }) => review.nickname)).toEqual(['Older']);
  });

  it('refuses a status it does not know, a review that does not exist and a body without status', async () => {
    const product = await createProduct(backend);
    expectData(await writeReview(backend, product.sku));
    const [review] = await reviewsOf(backend, admin, product.sku);
    expectError(
      await moderate(backend, admin, review?.id ?? 0, 'published'),
      400,
      'Invalid value of "%value" provided for the %fieldName field.',
      { fieldName: 'status', value: 'published' },
    );
    expectError(
      await moderate(backend, admin, 999999, 'approved'),
      404,
      'No such entity with %fieldName = %fieldValue',
      {
        fieldName: 'id',
        fieldValue: 999999,
      },
    );
    const empty = await backend.call('PUT', `/rest/V1/embedded/reviews/${String(review?.id)}`, {
      token: admin,
      body: {},
    });
    expectError(empty, 400, '"%fieldName" is required. Enter and try again.', { fieldName: 'status' });
    expectError(
      await backend.call('GET', '/rest/V1/embedded/reviews?status=approvd', { token: admin }),
      400,
      'Invalid value of "%value" provided for the %fieldName field.',
      { fieldName: 'status', value: 'approvd' },
    );
  });
});

describe('a customer’s reviews', () => {
  it('stay when the customer is deleted, no longer tied to anyone (review_detail’s SET NULL)', async () => {
    const product = await createProduct(backend);
    const customer = await backend.newCustomer();
    expectData(await writeReview(backend, product.sku, { token: customer.token, nickname: 'Leaving' }));
    expect((await reviewsOf(backend, admin, product.sku))[0]?.customer_id).toBe(customer.id);
    const deleted = await backend.call('DELETE', `/rest/V1/customers/${String(customer.id)}`, {
      token: admin,
    });
    expect(deleted.status).toBe(200);
    expect((await reviewsOf(backend, admin, product.sku))[0]).toMatchObject({
      nickname: 'Leaving',
      customer_id: null,
    });
  });
});

describe('Magento’s own review routes', () => {
  it('do not exist in 2.4: /V1/reviews answers "Request does not match any route."', async () => {
    for (const [method, path] of [
      ['GET', '/rest/V1/reviews'],
      ['POST', '/rest/V1/reviews'],
      ['GET', '/rest/default/V1/reviews/1'],
    ] as const) {
      expectError(
        await backend.call(method, path, { token: admin, ...(method === 'POST' ? { body: {} } : {}) }),
        404,
        'Request does not match any route.',
      );
    }
  });
});
