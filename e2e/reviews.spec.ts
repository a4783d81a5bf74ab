/**
 * Reviews on the product page as a shopper reads them (issue "Reviews and ratings from Magento"): the rating
 * by the name, the spread and the newest ten, "Show more" and sorting from the review file, nothing where a
 * product has no reviews but a note while reviews are on, and JSON-LD that says what the page shows.
 */
import type { Page } from '@playwright/test';
import { starsOf } from '../src/features/reviews/texts.ts';
import { productPages, type Product } from './support/catalogue.ts';
import { wcagViolations } from './support/axe.ts';
import { expect, shellReady, test } from './support/test.ts';

const withPage = () => productPages().filter((product) => product.urlKey !== '' && product.visibility === 4);

/** The product with the most reviews: more than the page shows. */
function muchReviewed(): Product & { rating: NonNullable<Product['rating']> } {
  const [most] = withPage()
    .filter((product) => product.rating)
    .sort((a, b) => (b.rating?.count ?? 0) - (a.rating?.count ?? 0));
  if (!most?.rating || most.rating.count <= 10)
    throw new Error('the demo has no product with over 10 reviews');
  return { ...most, rating: most.rating };
}

function unreviewed(): Product {
  const found = withPage().find((product) => !product.rating && !product.configurable);
  if (!found) throw new Error('the demo has no product without reviews');
  return found;
}

const reviewsOf = (page: Page) => page.getByRole('region', { name: 'Reviews' });

/** The Product (or ProductGroup) object of the page's JSON-LD. */
async function productLd(page: Page): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = blocks
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((item) => item['@type'] === 'Product' || item['@type'] === 'ProductGroup');
  if (!product) throw new Error('no Product in the JSON-LD');
  return product;
}

test('a reviewed product shows its rating, the spread, the newest ten, more on request and sorted', async ({
  page,
}) => {
  const product = muchReviewed();
  const { count, percent } = product.rating;
  await page.goto(`/${product.urlKey}`);
  await shellReady(page);
  const stars = starsOf(percent);
  // By the name: stars and the number, a link to the reviews.
  const link = page.getByRole('link', { name: `Rated ${stars} out of 5 ${count} reviews` });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/#reviews$/);

  const section = reviewsOf(page);
  await expect(section.getByText(`${stars} out of 5`, { exact: true })).toBeVisible();
  await expect(section.getByText(`Based on ${count} reviews`)).toBeVisible();
  const spread = section.getByRole('table', { name: 'How the reviews rate it' });
  const rows = await spread.getByRole('row').allInnerTexts();
  expect(rows.map((row) => row.split(/\s+/)[0])).toEqual(['5', '4', '3', '2', '1']);
  expect(rows.reduce((sum, row) => sum + Number(row.trim().split(/\s+/).at(-1)), 0)).toBe(count);

  const reviews = section.locator('.review');
  await expect(reviews).toHaveCount(10);
  const newest = product.reviews.slice(0, 10).map((review) => review.summary);
  expect((await reviews.locator('h3').allInnerTexts()).map((text) => text.trim())).toEqual(newest);
  await expect(section.getByText(`Showing 10 of ${count} reviews`)).toBeVisible();

  await section.getByRole('button', { name: 'Show more reviews' }).click();
  const after = Math.min(20, count);
  await expect(reviews).toHaveCount(after);
  await expect(section.getByText(`Showing ${after} of ${count} reviews`)).toBeVisible();
  await expect(reviews.nth(10).locator('h3')).toBeFocused();

  await section.getByLabel('Sort reviews').selectOption({ label: 'Lowest rated first' });
  const lowest = Math.min(...product.reviews.map((review) => review.percent));
  await expect(reviews.first()).toHaveAttribute('data-r', String(lowest));
  await section.getByLabel('Sort reviews').selectOption({ label: 'Highest rated first' });
  const highest = Math.max(...product.reviews.map((review) => review.percent));
  await expect(reviews.first()).toHaveAttribute('data-r', String(highest));
  expect(await wcagViolations(page)).toEqual([]);
});

test('the JSON-LD rates the product as the page does and lists the reviews the page shows', async ({
  page,
}) => {
  const product = muchReviewed();
  await page.goto(`/${product.urlKey}`);
  const ld = await productLd(page);
  expect(ld['aggregateRating']).toEqual({
    '@type': 'AggregateRating',
    ratingValue: Number(starsOf(product.rating.percent)),
    bestRating: 5,
    worstRating: 1,
    reviewCount: product.rating.count,
  });
  const listed = ld['review'] as {
    name: string;
    author: { name: string };
    reviewRating: { ratingValue: number };
  }[];
  const shown = await reviewsOf(page).locator('.review h3').allInnerTexts();
  expect(listed.map((review) => review.name)).toEqual(shown.map((text) => text.trim()));
  for (const review of listed) {
    expect(review.author.name.length).toBeGreaterThan(0);
    expect(review.reviewRating.ratingValue).toBeGreaterThanOrEqual(1);
    expect(review.reviewRating.ratingValue).toBeLessThanOrEqual(5);
  }
});

test('a product without reviews says so, draws no stars and rates nothing in its JSON-LD', async ({
  page,
}) => {
  const product = unreviewed();
  await page.goto(`/${product.urlKey}`);
  await expect(reviewsOf(page).getByText('No reviews yet.')).toBeVisible();
  await expect(page.locator('.stars')).toHaveCount(await page.locator('.product-card .stars').count());
  const ld = await productLd(page);
  expect(ld['aggregateRating']).toBeUndefined();
  expect(ld['review']).toBeUndefined();
});
