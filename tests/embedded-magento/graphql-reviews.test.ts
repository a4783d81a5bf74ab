/**
 * Product reviews and ratings over `/graphql` as Magento 2.4's ReviewGraphQl answers them
 * (COMMERCE-BASICS.md §7.1): the ratings' metadata with encoded ids, the store's two flags, a product's
 * `review_count`, `rating_summary` and `reviews` (approved only, newest first, paged with Magento's
 * messages), and `createProductReview` with every refusal Magento makes, its pending save, and what it
 * accepts that a form would not. Each test writes reviews on products of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { createProduct, expectData, gql, updateProduct } from './graphql-helpers.ts';
import {
  adminToken,
  approvedReview,
  CREATE_MUTATION,
  moderate,
  ratingIds,
  reviewFields,
  reviewsOf,
  writeReview,
} from './review-helpers.ts';

let backend: TestBackend;
let admin: string;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await adminToken(backend);
});
afterAll(() => backend.stop());

const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('the ratings a review form offers', () => {
  it('lists Quality, Value and Price in position order, ids and value ids base64-encoded', async () => {
    const ratings = await ratingIds(backend);
    expect(ratings).toEqual(
      ['Quality', 'Value', 'Price'].map((name, index) => ({
        id: base64(String(index + 1)),
        name,
        values: [1, 2, 3, 4, 5].map((value) => ({
          value_id: base64(String(index * 5 + value)),
          value: String(value),
        })),
      })),
    );
  });

  it('says reviews are on and guests may write them, as Magento’s defaults', async () => {
    const data = expectData(
      await gql(backend, '{ storeConfig { product_reviews_enabled allow_guests_to_write_product_reviews } }'),
    );
    expect(data.storeConfig).toEqual({
      product_reviews_enabled: '1',
      allow_guests_to_write_product_reviews: '1',
    });
  });
});

describe('createProductReview', () => {
  it('answers a guest’s review as Magento does, with the votes’ average in percent', async () => {
    const product = await createProduct(backend);
    // Magento's own api-functional test: Price 3, Quality 2, Value 5 average 66.67 (CreateProductReviewsTest).
    const ratings = [
      { id: 'Mw==', value_id: 'MTM=' },
      { id: 'MQ==', value_id: 'Mg==' },
      { id: 'Mg==', value_id: 'MTA=' },
    ];
    const input = {
      sku: product.sku,
      nickname: 'John Doe',
      summary: 'Summary Test',
      text: 'Text Test',
      ratings,
    };
    const data = expectData(await gql(backend, CREATE_MUTATION, { variables: { input } }));
    expect(data.createProductReview.review).toEqual({
      nickname: 'John Doe',
      summary: 'Summary Test',
      text: 'Text Test',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      average_rating: 66.67,
      ratings_breakdown: [
        { name: 'Price', value: '3' },
        { name: 'Quality', value: '2' },
        { name: 'Value', value: '5' },
      ],
    });
  });

  it('saves the review pending: the product shows nothing until it is approved', async () => {
    const product = await createProduct(backend);
    expectData(await writeReview(backend, product.sku));
    const [saved] = await reviewsOf(backend, admin, product.sku);
    expect(saved).toMatchObject({ status: 'pending', status_label: 'Pending', customer_id: null });
    const fields = await reviewFields(backend, product.sku);
    expect(fields).toMatchObject({ review_count: 0, rating_summary: 0, reviews: { items: [] } });
  });

  it('ties a signed-in customer’s review to the customer', async () => {
    const product = await createProduct(backend);
    const customer = await backend.newCustomer();
    expectData(await writeReview(backend, product.sku, { token: customer.token, nickname: 'Robin' }));
    const [saved] = await reviewsOf(backend, admin, product.sku);
    expect(saved).toMatchObject({ customer_id: customer.id, nickname: 'Robin' });
  });

  it('refuses an unknown sku with Magento’s message, and saves nothing', async () => {
    const reply = await writeReview(backend, 'NO-SUCH-SKU');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      errors: [
        {
          message: 'Could not find a product with SKU "NO-SUCH-SKU"',
          locations: [expect.any(Object)],
          path: ['createProductReview'],
          extensions: { category: 'graphql-no-such-entity' },
        },
      ],
      data: null,
    });
  });

  it('accepts a review of a disabled product, as ProductRepository::get finds any', async () => {
    const product = await createProduct(backend, { status: 2 });
    const reply = await gql(
      backend,
      `mutation { createProductReview(input: {
      sku: "${product.sku}", nickname: "N", summary: "S", text: "T", ratings: [] }) { review { nickname } } }`,
    );
    expect(expectData(reply).createProductReview.review).toEqual({ nickname: 'N' });
  });

  it('saves an empty nickname, summary and text, as Magento’s GraphQL never calls Review::validate()', async () => {
    const product = await createProduct(backend);
    const data = expectData(await writeReview(backend, product.sku, { nickname: '', summary: '', text: '' }));
    expect(data.createProductReview.review).toMatchObject({ nickname: '', summary: '', text: '' });
    const [saved] = await reviewsOf(backend, admin, product.sku);
    expect(saved).toMatchObject({ nickname: '', summary: '', text: '', status: 'pending' });
  });

  it('saves a review without ratings: average 0, no breakdown', async () => {
    const product = await createProduct(backend);
    const data = expectData(await writeReview(backend, product.sku, { stars: {} }));
    expect(data.createProductReview.review).toMatchObject({ average_rating: 0, ratings_breakdown: [] });
  });

  it('fails a value id that names no option as Magento’s PHP warning does, and keeps nothing', async () => {
    const product = await createProduct(backend);
    const input = {
      sku: product.sku,
      nickname: 'N',
      summary: 'S',
      text: 'T',
      ratings: [{ id: base64('1'), value_id: base64('999') }],
    };
    const reply = await gql(backend, CREATE_MUTATION, { variables: { input } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      errors: [
        { message: 'Internal server error', locations: [expect.any(Object)], path: ['createProductReview'] },
      ],
      data: null,
    });
    expect(await reviewsOf(backend, admin, product.sku)).toEqual([]);
  });

  it('drops a vote for a rating id no rating has, keeping the review and its other votes', async () => {
    const product = await createProduct(backend);
    const input = {
      sku: product.sku,
      nickname: 'N',
      summary: 'S',
      text: 'T',
      ratings: [
        { id: base64('42'), value_id: base64('5') },
        { id: base64('1'), value_id: base64('4') },
      ],
    };
    const data = expectData(await gql(backend, CREATE_MUTATION, { variables: { input } }));
    expect(data.createProductReview.review).toMatchObject({
      average_rating: 80,
      ratings_breakdown: [{ name: 'Quality', value: '4' }],
    });
  });

  it('refuses an input without a required field before anything runs (GraphQL validation)', async () => {
    const reply = await gql(
      backend,
      'mutation { createProductReview(input: {sku: "X", summary: "S", text: "T", ratings: []}) { review { nickname } } }',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toBeUndefined();
    expect(reply.body.errors[0].message).toMatch(/CreateProductReviewInput.*nickname/);
  });
});

describe('a product’s review fields', () => {
  it('counts and shows approved reviews only, newest first, with the votes’ summary', async () => {
    const product = await createProduct(backend);
    await approvedReview(backend, admin, product.sku, {
      nickname: 'First',
      stars: { Quality: 5, Value: 5, Price: 5 },
    });
    expectData(await writeReview(backend, product.sku, { nickname: 'Still pending' }));
    await approvedReview(backend, admin, product.sku, {
      nickname: 'Second',
      stars: { Quality: 2, Value: 3, Price: 4 },
    });
    const rejected = await approvedReview(backend, admin, product.sku, { nickname: 'Rejected' });
    expect((await moderate(backend, admin, rejected, 'rejected')).status).toBe(200);

    const fields = await reviewFields(backend, product.sku);
    expect(fields.review_count).toBe(2);
    // Six votes: 100, 100, 100, 40, 60, 80 percent → 80.
    expect(fields.rating_summary).toBe(80);
    expect(fields.reviews.items.map((review) => [review.nickname, review.average_rating])).toEqual([
      ['Second', 60],
      ['First', 100],
    ]);
    expect(fields.reviews.page_info).toEqual({ page_size: 20, current_page: 1, total_pages: 1 });
  });

  it('rounds the summary to a whole percent, halves up, as PHP’s round() does', async () => {
    const product = await createProduct(backend);
    await approvedReview(backend, admin, product.sku, { stars: { Quality: 5, Value: 5 } });
    await approvedReview(backend, admin, product.sku, { stars: { Quality: 4, Value: 5, Price: 4 } });
    // 100, 100, 80, 100, 80 → 92 exactly; then one more 100: 93.33 → 93.
    expect((await reviewFields(backend, product.sku)).rating_summary).toBe(92);
    await approvedReview(backend, admin, product.sku, { stars: { Price: 5 } });
    expect((await reviewFields(backend, product.sku)).rating_summary).toBe(93);
  });

  it('pages reviews: a page past the last is the last again, and a product without any has none', async () => {
    const product = await createProduct(backend);
    for (const nickname of ['One', 'Two', 'Three'])
      await approvedReview(backend, admin, product.sku, { nickname });
    const second = await reviewFields(backend, product.sku, 'pageSize: 2, currentPage: 2');
    expect(second.reviews.items.map((review) => review.nickname)).toEqual(['One']);
    expect(second.reviews.page_info).toEqual({ page_size: 2, current_page: 2, total_pages: 2 });
    const beyond = await reviewFields(backend, product.sku, 'pageSize: 2, currentPage: 9');
    expect(beyond.reviews.items.map((review) => review.nickname)).toEqual(['One']);
    expect(beyond.reviews.page_info).toEqual({ page_size: 2, current_page: 2, total_pages: 2 });

    const quiet = await createProduct(backend);
    const none = await reviewFields(backend, quiet.sku);
    expect(none.reviews).toEqual({
      items: [],
      page_info: { page_size: 20, current_page: 1, total_pages: 0 },
    });
  });

  it('refuses a page number or size below 1 with Magento’s messages, the page number first', async () => {
    const product = await createProduct(backend);
    const ask = (page: string) =>
      gql(
        backend,
        `{ products(filter: { sku: { eq: "${product.sku}" } }) { items { sku reviews(${page}) { items { nickname } } } } }`,
      );
    for (const [page, message] of [
      ['currentPage: 0', 'currentPage value must be greater than 0.'],
      ['pageSize: 0', 'pageSize value must be greater than 0.'],
      ['pageSize: 0, currentPage: -1', 'currentPage value must be greater than 0.'],
      ['currentPage: null', 'currentPage value must be greater than 0.'],
    ] as const) {
      const reply = await ask(page);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        errors: [
          {
            message,
            locations: [expect.any(Object)],
            path: ['products', 'items', 0, 'reviews'],
            extensions: { category: 'graphql-input' },
          },
        ],
        data: { products: { items: [null] } },
      });
    }
  });

  it('reads the review fields of many products in one request', async () => {
    const products = await Promise.all([
      createProduct(backend),
      createProduct(backend),
      createProduct(backend),
    ]);
    await approvedReview(backend, admin, products[0].sku, { stars: { Quality: 5 } });
    await approvedReview(backend, admin, products[2].sku, { stars: { Quality: 1 } });
    await approvedReview(backend, admin, products[2].sku, { stars: { Quality: 2 } });
    const data = expectData(
      await gql(
        backend,
        `query Batch($skus: [String]) { products(filter: { sku: { in: $skus } }, pageSize: 300) {
          items { sku review_count rating_summary reviews(pageSize: 1) { items { average_rating } } } } }`,
        { variables: { skus: products.map((product) => product.sku) } },
      ),
    );
    const bySku = new Map(
      (
        data.products.items as {
          sku: string;
          review_count: number;
          rating_summary: number;
          reviews: unknown;
        }[]
      ).map((item) => [item.sku, item]),
    );
    expect(bySku.get(products[0].sku)).toEqual({
      sku: products[0].sku,
      review_count: 1,
      rating_summary: 100,
      reviews: { items: [{ average_rating: 100 }] },
    });
    expect(bySku.get(products[1].sku)).toMatchObject({
      review_count: 0,
      rating_summary: 0,
      reviews: { items: [] },
    });
    expect(bySku.get(products[2].sku)).toMatchObject({
      review_count: 2,
      rating_summary: 30,
      reviews: { items: [{ average_rating: 40 }] },
    });
  });

  it('keeps a review with its product’s page: a product no longer listed shows none', async () => {
    const product = await createProduct(backend);
    await approvedReview(backend, admin, product.sku);
    await updateProduct(backend, product.sku, { status: 2 });
    const data = expectData(
      await gql(
        backend,
        `{ products(filter: { sku: { eq: "${product.sku}" } }) { total_count items { sku } } }`,
      ),
    );
    expect(data.products).toEqual({ total_count: 0, items: [] });
  });
});

describe('with reviews off (catalog/review/active 0)', () => {
  let off: TestBackend;
  beforeAll(async () => {
    off = await startTestBackend({ reviews: { active: false, allowGuest: true } });
  });
  afterAll(() => off.stop());

  it('says so, lists no rating, and shows every product without reviews', async () => {
    const product = await createProduct(off);
    const data = expectData(
      await gql(
        off,
        `{ storeConfig { product_reviews_enabled } productReviewRatingsMetadata { items { id } }
           products(filter: { sku: { eq: "${product.sku}" } }) { items { review_count rating_summary reviews { items { nickname } } } } }`,
      ),
    );
    expect(data).toEqual({
      storeConfig: { product_reviews_enabled: '0' },
      productReviewRatingsMetadata: { items: [] },
      products: { items: [{ review_count: 0, rating_summary: 0, reviews: { items: [] } }] },
    });
  });

  it('fails `reviews { page_info }` as Magento does: its resolver answers no page_info', async () => {
    const product = await createProduct(off);
    const reply = await gql(
      off,
      `{ products(filter: { sku: { eq: "${product.sku}" } }) { items { sku reviews { page_info { total_pages } } } } }`,
    );
    expect(reply.body.errors).toEqual([
      {
        message: 'Internal server error',
        locations: [expect.any(Object)],
        path: ['products', 'items', 0, 'reviews', 'page_info'],
      },
    ]);
    expect(reply.body.data).toEqual({ products: { items: [null] } });
  });

  it('refuses to create a review, guest or customer, with HTTP 403', async () => {
    const product = await createProduct(off);
    const customer = await off.newCustomer();
    for (const token of [undefined, customer.token]) {
      const reply = await writeReview(off, product.sku, { stars: {}, token });
      expect(reply.status).toBe(403);
      expect(reply.body.errors[0]).toMatchObject({
        message: 'Creating product reviews are not currently available.',
        extensions: { category: 'graphql-authorization' },
      });
      expect(reply.body.data).toBeNull();
    }
  });
});

describe('with guests not allowed to write (catalog/review/allow_guest 0)', () => {
  let members: TestBackend;
  beforeAll(async () => {
    members = await startTestBackend({ reviews: { active: true, allowGuest: false } });
  });
  afterAll(() => members.stop());

  it('refuses a guest (HTTP 403) and takes a customer’s review', async () => {
    const product = await createProduct(members);
    const config = expectData(
      await gql(members, '{ storeConfig { allow_guests_to_write_product_reviews } }'),
    );
    expect(config.storeConfig.allow_guests_to_write_product_reviews).toBe('0');
    const guest = await writeReview(members, product.sku);
    expect(guest.status).toBe(403);
    expect(guest.body.errors[0]).toMatchObject({
      message: "Guest customers aren't allowed to add product reviews.",
      path: ['createProductReview'],
      extensions: { category: 'graphql-authorization' },
    });
    // An unknown sku is not even looked up for a guest: the guest check comes first.
    const unknown = await writeReview(members, 'NO-SUCH-SKU');
    expect(unknown.body.errors[0].message).toBe("Guest customers aren't allowed to add product reviews.");
    const customer = await members.newCustomer();
    expectData(await writeReview(members, product.sku, { token: customer.token }));
  });
});
