/**
 * Plumbing for the review tests: a review written as a storefront writes it (`createProductReview` with
 * the ratings' encoded ids from `productReviewRatingsMetadata`), moderated as an admin does through the
 * back end's own route, and a product's review fields read through `products`.
 */
import { expect } from 'vitest';
import { ADMIN, type Reply, type TestBackend } from '../support/backend.ts';
import { expectData, gql } from './graphql-helpers.ts';

/** Rating name → stars (1-5), e.g. `{ Quality: 5, Value: 4, Price: 3 }`. */
export type Stars = Readonly<Record<string, number>>;

export interface ReviewInput {
  readonly nickname?: string;
  readonly summary?: string;
  readonly text?: string;
  readonly stars?: Stars;
  readonly token?: string | undefined;
}

export const REVIEW_SELECTION =
  'nickname summary text created_at average_rating ratings_breakdown { name value }';

export const CREATE_MUTATION = `mutation Write($input: CreateProductReviewInput!) {
  createProductReview(input: $input) { review { ${REVIEW_SELECTION} } }
}`;

interface Metadata {
  items: { id: string; name: string; values: { value_id: string; value: string }[] }[];
}

/** The encoded ids of each rating and of each of its values, read as a storefront reads them. */
export async function ratingIds(backend: TestBackend): Promise<Metadata['items']> {
  const data = expectData(
    await gql(backend, '{ productReviewRatingsMetadata { items { id name values { value_id value } } } }'),
  );
  return (data.productReviewRatingsMetadata as Metadata).items;
}

/** `createProductReview`'s `ratings` for the stars given. */
export async function ratingsInput(backend: TestBackend, stars: Stars) {
  const ratings = await ratingIds(backend);
  return Object.entries(stars).map(([name, value]) => {
    const rating = ratings.find((candidate) => candidate.name === name);
    const option = rating?.values.find((candidate) => candidate.value === String(value));
    if (!rating || !option) throw new Error(`no rating ${name} with a value ${String(value)}`);
    return { id: rating.id, value_id: option.value_id };
  });
}

/** Writes a review through GraphQL and returns the reply as it came. */
export async function writeReview(
  backend: TestBackend,
  sku: string,
  review: ReviewInput = {},
): Promise<Reply> {
  const input = {
    sku,
    nickname: review.nickname ?? 'Jo from Leeds',
    summary: review.summary ?? 'Does the job',
    text: review.text ?? 'Cleaned the patio in an afternoon.',
    ratings: await ratingsInput(backend, review.stars ?? { Quality: 5, Value: 4, Price: 4 }),
  };
  return gql(backend, CREATE_MUTATION, { token: review.token, variables: { input } });
}

export async function adminToken(backend: TestBackend): Promise<string> {
  const reply = await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN });
  expect(reply.status).toBe(200);
  return reply.body as string;
}

export interface ModeratedReview {
  id: number;
  status: string;
  status_id: number;
  status_label: string;
  product_id: number;
  sku: string;
  product_name: string;
  customer_id: number | null;
  nickname: string;
  summary: string;
  text: string;
  created_at: string;
  ratings: { name: string; value: number }[];
}

/** The reviews of one product as the moderation route lists them, newest first. */
export async function reviewsOf(
  backend: TestBackend,
  token: string,
  sku: string,
): Promise<ModeratedReview[]> {
  const reply = await backend.call('GET', `/rest/V1/embedded/reviews?sku=${encodeURIComponent(sku)}`, {
    token,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.items as ModeratedReview[];
}

export async function moderate(
  backend: TestBackend,
  token: string,
  id: number,
  status: string,
): Promise<Reply> {
  return backend.call('PUT', `/rest/V1/embedded/reviews/${String(id)}`, { token, body: { status } });
}

/** Writes a review and approves it; returns its id. */
export async function approvedReview(
  backend: TestBackend,
  token: string,
  sku: string,
  review: ReviewInput = {},
): Promise<number> {
  expectData(await writeReview(backend, sku, review));
  const [newest] = await reviewsOf(backend, token, sku);
  if (!newest) throw new Error(`no review of ${sku}`);
  expect((await moderate(backend, token, newest.id, 'approved')).status).toBe(200);
  return newest.id;
}

export interface ReviewFields {
  sku: string;
  review_count: number;
  rating_summary: number;
  reviews: {
    items: {
      nickname: string;
      summary: string;
      text: string;
      created_at: string;
      average_rating: number;
      ratings_breakdown: { name: string; value: string }[];
    }[];
    page_info: { page_size: number; current_page: number; total_pages: number };
  };
}

/** One product's review fields through `products(filter: {sku: {eq}})`. */
export async function reviewFields(
  backend: TestBackend,
  sku: string,
  page = 'pageSize: 20, currentPage: 1',
): Promise<ReviewFields> {
  const data = expectData(
    await gql(
      backend,
      `query One($sku: String) { products(filter: { sku: { eq: $sku } }) { items {
        sku review_count rating_summary
        reviews(${page}) { items { ${REVIEW_SELECTION} } page_info { page_size current_page total_pages } }
      } } }`,
      { variables: { sku } },
    ),
  );
  expect(data.products.items, `${sku} is listed`).toHaveLength(1);
  return data.products.items[0] as ReviewFields;
}
