/**
 * Writing a review on a product page: the form's code loads only when the shopper reaches for it; a guest
 * rates, writes and sends, and reads that the review is submitted for moderation (Magento holds it
 * pending, so the page does not show it); what is missing is said beside its field and nothing typed is
 * lost; a guest where only customers may write is sent to sign in and comes back to the form, signed in,
 * with their name as the nickname; a shop that cannot be reached says so, and the review goes once it can.
 * Without JavaScript there is no button to press.
 */
import { DatabaseSync } from 'node:sqlite';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Route } from '@playwright/test';
import { reviewFormTexts as t } from '../src/features/reviews/form-texts.ts';
import { productPages, type Product } from './support/catalogue.ts';
import { wcagViolations } from './support/axe.ts';
import { E2E_DIR, MAGENTO_URL } from './support/ports.ts';
import { expect, hydrated, test } from './support/test.ts';

/**
 * Products with a page, from the middle of the catalogue (other journeys take theirs from its ends), one
 * per test: a review of one never shows on another's page anyway, but each test reads its own.
 */
function product(n: number): Product {
  const pages = productPages().filter((p) => p.visibility === 4 && p.urlKey !== '');
  const picked = pages[Math.floor(pages.length / 2) + n];
  if (!picked) throw new Error('The e2e catalogue has too few products with a page.');
  return picked;
}

const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * The reviews the e2e back end holds with this summary (its SQLite file): Magento shows a review only once
 * a merchant has approved it (status 1); the form's reviews are pending (2).
 */
function storedReviews(summary: string): { status: number; customer: number | null; nickname: string }[] {
  const file = resolve(fileURLToPath(new URL('..', import.meta.url)), E2E_DIR, 'magento.sqlite');
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db
      .prepare('SELECT status_id AS status, customer_id AS customer, nickname FROM review WHERE title = ?')
      .all(summary) as { status: number; customer: number | null; nickname: string }[];
  } finally {
    db.close();
  }
}

/** A customer of the e2e back end nobody else uses. */
async function newCustomer(firstname: string): Promise<{ email: string; password: string }> {
  const customer = {
    email: `${unique('e2e-review').replace(' ', '-')}@example.com`,
    password: 'Scrub!Brush42',
  };
  const response = await fetch(`${MAGENTO_URL}/rest/V1/customers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      customer: { email: customer.email, firstname, lastname: 'Reviewer' },
      password: customer.password,
    }),
  });
  if (!response.ok) throw new Error(`customer not created: ${await response.text()}`);
  return customer;
}

const writeButton = (page: Page) => page.getByRole('button', { name: t.write });
const form = (page: Page) => page.locator('.review-form');
const rating = (page: Page, name: string) => page.getByRole('group', { name });
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });

/** Opens the product's page and its review form, as a shopper does: a press on "Write a review". */
async function openForm(page: Page, of: Product): Promise<void> {
  await page.goto(`/${of.urlKey}`);
  await writeButton(page).click();
  await expect(page.getByRole('heading', { name: t.heading(of.name) })).toBeFocused();
  await expect(writeButton(page)).toBeHidden();
}

/** Rates every rating of the store and fills the three texts. */
async function fillReview(page: Page, review: { nickname?: string; summary: string; text: string }) {
  for (const [name, stars] of [
    ['Quality', '4 stars'],
    ['Value', '5 stars'],
    ['Price', '3 stars'],
  ] as const)
    await rating(page, name).getByRole('radio', { name: stars }).check();
  if (review.nickname !== undefined) await field(page, t.nickname).fill(review.nickname);
  await field(page, t.summary).fill(review.summary);
  await field(page, t.text).fill(review.text);
}

const submit = (page: Page) => form(page).getByRole('button', { name: t.submit }).click();

/**
 * Each test its own client address (the e2e shop trusts loopback's X-Forwarded-For), so the guests'
 * review throttle counts the journeys apart, however often they run against one server.
 */
test.beforeEach(async ({ page }) => {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` });
});

test.describe('writing a review', () => {
  test('the form loads only once the shopper reaches for it', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const of = product(0);
    await page.goto(`/${of.urlKey}`);
    await page.waitForLoadState('networkidle');
    expect(asked.filter((path) => /reviews\.client|review-form|\/reviews\/form/.test(path))).toEqual([]);

    await writeButton(page).click();
    await expect(page.getByRole('heading', { name: t.heading(of.name) })).toBeFocused();
    expect(asked).toContain('/reviews/form');
  });

  test('a guest rates and writes a review: it is submitted for moderation and not shown yet', async ({
    page,
  }) => {
    const of = product(1);
    await openForm(page, of);
    await expect(form(page).getByText(t.moderated)).toBeVisible();
    await expect(field(page, t.nickname)).toHaveValue('');
    const review = {
      nickname: 'Sam from Leeds',
      summary: unique('Patio like new'),
      text: 'Moss gone in an hour.',
    };
    await fillReview(page, review);
    await submit(page);

    const thanks = page.getByText(t.thanks);
    await expect(thanks).toBeVisible();
    await expect(page.getByText(t.thanksDetail)).toBeVisible();
    await expect(field(page, t.summary)).toHaveCount(0);
    expect(storedReviews(review.summary)).toEqual([{ status: 2, customer: null, nickname: review.nickname }]);

    // Pending: the page, opened again, does not show it.
    await page.reload();
    await expect(writeButton(page)).toBeVisible();
    await expect(page.getByText(review.summary)).toHaveCount(0);
  });

  test('what is missing is said beside its field, focus goes to the first, nothing typed is lost', async ({
    page,
  }) => {
    const of = product(2);
    await openForm(page, of);
    const summary = unique('Quiet and strong');
    await field(page, t.summary).fill(summary);
    await rating(page, 'Value').getByRole('radio', { name: '5 stars' }).check();
    await submit(page);

    // Quality is the first problem: its first star has focus, and reads what is wrong.
    const quality = rating(page, 'Quality').getByRole('radio', { name: '1 star' });
    await expect(quality).toBeFocused();
    await expect(quality).toHaveAccessibleDescription(t.chooseRating('Quality'));
    await expect(rating(page, 'Price').getByRole('radio', { name: '1 star' })).toHaveAccessibleDescription(
      t.chooseRating('Price'),
    );
    await expect(rating(page, 'Value').getByRole('radio', { name: '5 stars' })).not.toHaveAttribute(
      'aria-invalid',
    );
    await expect(field(page, t.nickname)).toHaveAccessibleDescription(
      `${t.nicknameHint} ${t.nicknameMissing}`,
    );
    await expect(field(page, t.text)).toHaveAccessibleDescription(t.textMissing);
    await expect(field(page, t.summary)).not.toHaveAttribute('aria-invalid');
    expect(await wcagViolations(page)).toEqual([]);

    // Kept: what was typed and chosen.
    await expect(field(page, t.summary)).toHaveValue(summary);
    await expect(rating(page, 'Value').getByRole('radio', { name: '5 stars' })).toBeChecked();

    // The stars work from the keyboard: the arrow keys move along a rating's group.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(rating(page, 'Quality').getByRole('radio', { name: '3 stars' })).toBeChecked();
    await expect(rating(page, 'Quality').getByText(t.chooseRating('Quality'))).toBeHidden();

    // Only spaces are no nickname.
    await field(page, t.nickname).fill('   ');
    await submit(page);
    await expect(rating(page, 'Price').getByRole('radio', { name: '1 star' })).toBeFocused();
    await rating(page, 'Price').getByRole('radio', { name: '2 stars' }).check();
    await submit(page);
    await expect(field(page, t.nickname)).toBeFocused();
    await expect(form(page).getByText(t.nicknameMissing)).toBeVisible();
    expect(storedReviews(summary)).toEqual([]);

    await field(page, t.nickname).fill('Jo');
    await field(page, t.text).fill('Does the drive in ten minutes.');
    await submit(page);
    await expect(page.getByText(t.thanks)).toBeVisible();
    expect(storedReviews(summary)).toEqual([{ status: 2, customer: null, nickname: 'Jo' }]);
  });

  test('Cancel hides the form and keeps what was typed for the next press', async ({ page }) => {
    await openForm(page, product(3));
    await field(page, t.summary).fill('Half written');
    await form(page).getByRole('button', { name: t.cancel }).click();
    await expect(form(page)).toBeHidden();
    await expect(writeButton(page)).toBeFocused();
    await writeButton(page).click();
    await expect(field(page, t.summary)).toHaveValue('Half written');
  });

  test('a guest where only customers may write signs in, comes back to the form and writes as themselves', async ({
    page,
  }) => {
    // The e2e shop lets guests write (Magento's default); this store does not: the server's answer for it,
    // as GET /reviews/form gives it where `allow_guests_to_write_product_reviews` is off (tests/server).
    const onlyCustomers = async (route: Route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { signedIn: boolean };
      await route.fulfill({ response, json: { ...answer, guestsMayWrite: false } });
    };
    await page.route('**/reviews/form', onlyCustomers);
    const of = product(4);
    await openForm(page, of);
    await expect(form(page).getByText(t.signInWhy)).toBeVisible();
    await expect(field(page, t.summary)).toHaveCount(0);
    expect(await wcagViolations(page)).toEqual([]);

    const customer = await newCustomer('Morgan');
    await form(page).getByRole('link', { name: t.signIn }).click();
    await expect(page).toHaveURL(/\/customer\/sign-in\?next=/);
    await hydrated(page, 'SignInForm');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // Back on the product, the form open at once, with the customer's first name as the nickname.
    await expect(page).toHaveURL(`/${of.urlKey}`);
    await expect(page.getByRole('heading', { name: t.heading(of.name) })).toBeFocused();
    await expect(field(page, t.nickname)).toHaveValue('Morgan');
    const summary = unique('Worth every penny');
    await fillReview(page, { summary, text: 'Starts first time, every time.' });
    await submit(page);
    await expect(page.getByText(t.thanks)).toBeVisible();
    const [review] = storedReviews(summary);
    expect(review).toMatchObject({ status: 2, nickname: 'Morgan' });
    expect(review?.customer).toEqual(expect.any(Number));
  });

  test('a shop that cannot be reached says so, keeps the review, and sends it once it can', async ({
    page,
  }) => {
    const of = product(5);
    await page.route('**/reviews/form', (route) => route.abort('internetdisconnected'));
    await page.goto(`/${of.urlKey}`);
    await writeButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: t.formUnavailable })).toBeVisible();
    await expect(writeButton(page)).toBeVisible();
    await page.unroute('**/reviews/form');
    await writeButton(page).click();
    await expect(page.getByRole('heading', { name: t.heading(of.name) })).toBeFocused();

    const review = {
      nickname: 'Alex',
      summary: unique('Survived the winter'),
      text: 'No leaks after a year.',
    };
    await fillReview(page, review);
    await page.route('**/reviews', (route) => route.abort('internetdisconnected'));
    await submit(page);
    await expect(form(page).getByRole('alert')).toHaveText(t.sendUnavailable);
    await expect(field(page, t.summary)).toHaveValue(review.summary);
    await expect(field(page, t.text)).toHaveValue(review.text);
    await expect(rating(page, 'Value').getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(storedReviews(review.summary)).toEqual([]);

    await page.unroute('**/reviews');
    await submit(page);
    await expect(page.getByText(t.thanks)).toBeVisible();
    expect(storedReviews(review.summary)).toHaveLength(1);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('there is no button that could not work', async ({ page }) => {
    await page.goto(`/${product(0).urlKey}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(writeButton(page)).toBeHidden();
  });
});
