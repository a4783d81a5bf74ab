/**
 * An approved review goes live by itself: Magento sends no event when a merchant approves one, so the shop
 * checks the ratings (every REVIEWS_CHECK_MINUTES, nightly, and the status page's "Check reviews now") and
 * republishes the pages concerned. Here a guest's review is written through Magento's GraphQL, stays off the
 * page while pending, is approved through the embedded back end's moderation route, and the editor's
 * "Check reviews now" brings it onto the product page and the product's card in its listing. Runs after
 * the other journeys (playwright.config.ts): it changes what a product page shows.
 */
import { DEMO_STATUS_PASSWORD } from '../src/config/publishing.ts';
import { admin } from './support/admin.ts';
import { MAGENTO } from './support/checkout.ts';
import { listings, PAGE_SIZE, type Product } from './support/catalogue.ts';
import { SHOP_URL } from './support/ports.ts';
import { expect, test } from './support/test.ts';

/** An unreviewed simple product on the first page of a listing. */
function candidate(): { product: Product; listing: string } {
  for (const listing of listings()) {
    const product = listing.products
      .slice(0, PAGE_SIZE)
      .find((found) => !found.rating && !found.configurable && found.urlKey !== '');
    if (product) return { product, listing: listing.path };
  }
  throw new Error('no unreviewed product on the first page of a listing');
}

interface Metadata {
  productReviewRatingsMetadata: { items: { id: string; values: { value_id: string; value: string }[] }[] };
}

async function graphql(query: string, variables: Record<string, unknown> = {}): Promise<unknown> {
  const response = await fetch(`${MAGENTO}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/** A guest's five-star review, written as a storefront writes it. */
async function writeReview(sku: string, summary: string): Promise<void> {
  const metadata = (await graphql(
    '{ productReviewRatingsMetadata { items { id values { value_id value } } } }',
  )) as Metadata;
  const ratings = metadata.productReviewRatingsMetadata.items.map((rating) => ({
    id: rating.id,
    value_id: rating.values.find((value) => value.value === '5')?.value_id,
  }));
  await graphql(
    'mutation ($input: CreateProductReviewInput!) { createProductReview(input: $input) { review { summary } } }',
    {
      input: {
        sku,
        nickname: 'Priya in Bristol',
        summary,
        text: 'Took the moss off the drive in an hour.',
        ratings,
      },
    },
  );
}

test('a review approved in Magento shows on the product page and its card once the shop checks', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { product, listing } = candidate();
  const summary = `Spotless patio ${Date.now().toString(36)}`;
  await writeReview(product.sku, summary);

  const pending = (await admin(`/embedded/reviews?status=pending&sku=${encodeURIComponent(product.sku)}`, {
    method: 'GET',
  })) as { items: { id: number; summary: string }[] };
  const review = pending.items.find((item) => item.summary === summary);
  if (!review) throw new Error('the review is not pending in Magento');
  await page.goto(`/${product.urlKey}`);
  await expect(page.getByText(summary)).toHaveCount(0);

  await admin(`/embedded/reviews/${review.id}`, { method: 'PUT', body: { status: 'approved' } });
  const asked = await fetch(`${SHOP_URL}/rebuild/status`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${DEMO_STATUS_PASSWORD}`,
      Origin: SHOP_URL,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'run=reviews',
    redirect: 'manual',
  });
  expect(asked.status).toBe(303);

  await expect(async () => {
    await page.goto(`/${product.urlKey}`);
    await expect(page.getByRole('heading', { name: summary })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'Rated 5 out of 5 1 review' })).toBeVisible();

  await page.goto(listing);
  const card = page.locator('.product-card', {
    has: page.getByRole('link', { name: product.name, exact: true }),
  });
  await expect(card.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();

  const status = (await (
    await fetch(`${SHOP_URL}/rebuild/status`, {
      headers: { Authorization: `Bearer ${DEMO_STATUS_PASSWORD}` },
    })
  ).json()) as { history: { sync?: { reviews?: { changed: number } } }[] };
  expect(status.history.find((run) => run.sync?.reviews)?.sync?.reviews?.changed).toBeGreaterThanOrEqual(1);
});
