/**
 * Writing a review through the storefront server, against real embedded back ends and their GraphQL: the
 * form's settings are the store's (ratings, guests, reviews on or off) and say who is signed in; a review
 * reaches Magento as the customer or as a guest and is kept pending, shown nowhere until a merchant
 * approves it; what the form would refuse is refused in its words, Magento's refusals come back in
 * Magento's, a guest where only customers may write is told to sign in, an ended session ends, a flood of
 * guest reviews waits, and Magento down says so.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { reviewFormTexts as t } from '../../src/features/reviews/form-texts.ts';
import type { ReviewDraft, ReviewForm } from '../../src/features/reviews/review.ts';
import { SESSION_COOKIE } from '../../src/http/index.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createReviewRoutes, type ReviewRoutesConfig } from '../../src/server/shopper/reviews.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
/** Nothing listens there: Magento "down". */
const DOWN = 'http://127.0.0.1:9';
const GUEST_REFUSED = "Guest customers aren't allowed to add product reviews.";
const REVIEWS_OFF = 'Creating product reviews are not currently available.';

/** A back end, and a storefront whose review routes use it (with `routes` changing their settings). */
interface Shop {
  backend: TestBackend;
  site: FakeSite;
  server: RunningStorefront;
  /** The back end's GraphQL calls, with the Authorization header each carried (none: a guest's). */
  graphqlCalls: { authorization: string | null }[];
}

async function startShop(
  reviews: { active: boolean; allowGuest: boolean },
  routes: Partial<ReviewRoutesConfig> = {},
): Promise<Shop> {
  const backend = await startTestBackend({
    reviews,
    catalogue: { seed: 7, productCount: 20, brand: 'Clearwater' },
  });
  const graphqlCalls: Shop['graphqlCalls'] = [];
  const counting: typeof fetch = (input, init) => {
    if (String(input).endsWith('/graphql'))
      graphqlCalls.push({ authorization: new Headers(init?.headers).get('authorization') });
    return fetch(input, init);
  };
  const site = makeFakeSite();
  const server = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [
      createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
      createReviewRoutes({ magento: { baseUrl: backend.url, fetch: counting }, siteUrl: SITE, ...routes }),
    ],
  });
  return { backend, site, server, graphqlCalls };
}

async function stopShop(shop: Shop | undefined): Promise<void> {
  if (!shop) return;
  await shop.server.close();
  await shop.backend.stop();
  rmSync(shop.site.root, { recursive: true, force: true });
}

let open: Shop;
let guestsRefused: Shop;
let reviewsOff: Shop;
let throttled: Shop;

beforeAll(async () => {
  [open, guestsRefused, reviewsOff, throttled] = await Promise.all([
    startShop({ active: true, allowGuest: true }),
    startShop({ active: true, allowGuest: false }),
    startShop({ active: false, allowGuest: true }),
    startShop({ active: true, allowGuest: true }, { guestLimit: { failures: 2, windowSeconds: 3600 } }),
  ]);
});
afterAll(async () => {
  await Promise.all([open, guestsRefused, reviewsOff, throttled].map(stopShop));
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'Content-Type': 'application/json', Origin: SITE, ...headers },
  body: JSON.stringify(body),
});
const parse = <T = { message?: string }>(reply: { body: Buffer }) => JSON.parse(reply.body.toString()) as T;

const formOf = (shop: Shop, session = '') =>
  raw(shop.server.url, '/reviews/form', { headers: session ? { Cookie: session } : {} });
const post = (shop: Shop, draft: unknown, session = '', headers: Record<string, string> = {}) =>
  raw(shop.server.url, '/reviews', {
    method: 'POST',
    ...json(draft, session ? { Cookie: session, ...headers } : headers),
  });

/** A customer of `shop`'s back end, signed in to the shop: their session cookie and first name. */
async function newSession(shop: Shop): Promise<{ session: string; firstname: string; id: number }> {
  const customer = await shop.backend.newCustomer();
  const reply = await raw(shop.server.url, '/session', {
    method: 'POST',
    ...json({ email: customer.email, password: customer.password }),
  });
  const cookie = (reply.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (reply.status !== 200 || !cookie) throw new Error(`not signed in: ${reply.body.toString()}`);
  return { session: cookie.split(';')[0] ?? '', firstname: 'Robin', id: customer.id };
}

/** A product of the back end's catalogue, each call another, so no two tests review the same one. */
const skuRow = z.object({ sku: z.string() });
let taken = 0;
function productOf(shop: Shop): string {
  const rows = shop.backend.db.all(skuRow, 'SELECT sku FROM products WHERE visibility = 4 ORDER BY id');
  const row = rows[taken++ % rows.length];
  if (!row) throw new Error('The test catalogue has no product with a page');
  return row.sku;
}

/** The store's ratings, read through the shop as the form reads them. */
async function ratingsOf(shop: Shop): Promise<ReviewForm['ratings']> {
  return parse<ReviewForm>(await formOf(shop)).ratings;
}

/** A complete draft for `sku`: every rating of the store given `stars`. */
async function draftFor(shop: Shop, sku: string, changes: Partial<ReviewDraft> = {}): Promise<ReviewDraft> {
  const ratings = await ratingsOf(shop);
  const summary = `Summary ${Math.random().toString(36).slice(2, 10)}`;
  return {
    sku,
    nickname: 'Sam',
    summary,
    text: 'Took the moss off the patio in an afternoon.',
    ratings: ratings.map((rating) => ({
      id: rating.id,
      value_id: rating.values.find((value) => value.value === '4')?.id ?? '',
    })),
    ...changes,
  };
}

/** The reviews Magento holds with this summary: their status (1 approved, 2 pending) and customer. */
const reviewRow = z.object({
  review_id: z.number(),
  status_id: z.number(),
  customer_id: z.number().nullable(),
  nickname: z.string(),
  title: z.string(),
  detail: z.string(),
});
const stored = (shop: Shop, summary: string) =>
  shop.backend.db.all(
    reviewRow,
    'SELECT review_id, status_id, customer_id, nickname, title, detail FROM review WHERE title = ?',
    summary,
  );

/** What the catalogue shows of a product's reviews: its count and the summaries of its approved reviews. */
const shown = z.object({
  products: z.object({
    items: z.array(
      z.object({
        review_count: z.number(),
        reviews: z.object({ items: z.array(z.object({ summary: z.string() })) }),
      }),
    ),
  }),
});
async function shownReviews(shop: Shop, sku: string): Promise<{ count: number; summaries: string[] }> {
  const response = await fetch(`${shop.backend.url}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query: `query Shown($sku: String) { products(filter: {sku: {eq: $sku}}) {
        items { review_count reviews { items { summary } } } } }`,
      variables: { sku },
    }),
  });
  const { data } = z.object({ data: shown }).parse(await response.json());
  const item = data.products.items[0];
  return {
    count: item?.review_count ?? 0,
    summaries: item?.reviews.items.map((review) => review.summary) ?? [],
  };
}

describe('the review form’s settings (GET /reviews/form)', () => {
  it('are the store’s ratings and rules, for a guest, never cached', async () => {
    const reply = await formOf(open);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const form = parse<ReviewForm>(reply);
    expect(form).toMatchObject({ enabled: true, guestsMayWrite: true, signedIn: false });
    expect(form).not.toHaveProperty('nickname');
    expect(form.ratings.map((rating) => rating.name)).toEqual(['Quality', 'Value', 'Price']);
    for (const rating of form.ratings)
      expect(rating.values.map((value) => value.value)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('say who is signed in, with their first name for the nickname', async () => {
    const { session, firstname } = await newSession(open);
    const form = parse<ReviewForm>(await formOf(open, session));
    expect(form).toMatchObject({ signedIn: true, nickname: firstname });
  });

  it('end a session Magento no longer accepts, and answer as for a guest', async () => {
    const reply = await formOf(open, `${SESSION_COOKIE}=revoked-or-made-up-token`);
    expect(reply.status).toBe(200);
    expect(parse<ReviewForm>(reply)).toMatchObject({ signedIn: false });
    expect(reply.headers['set-cookie']?.join()).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
  });

  it('tell a guest when only customers may write, and when reviews are off', async () => {
    expect(parse<ReviewForm>(await formOf(guestsRefused))).toMatchObject({
      enabled: true,
      guestsMayWrite: false,
    });
    expect(parse<ReviewForm>(await formOf(reviewsOff))).toMatchObject({ enabled: false, ratings: [] });
  });

  it('are kept a minute: a second shopper’s first click costs no call to Magento', async () => {
    const before = open.graphqlCalls.length;
    await formOf(open);
    await formOf(open);
    expect(open.graphqlCalls.length).toBe(before);
  });

  it('refuse another site’s page', async () => {
    const reply = await raw(open.server.url, '/reviews/form', {
      headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://elsewhere.example' },
    });
    expect(reply.status).toBe(403);
  });
});

describe('a review sent (POST /reviews)', () => {
  it('from a guest reaches Magento pending, sent without a token, and shows nowhere until approved', async () => {
    const sku = productOf(open);
    const draft = await draftFor(open, sku, { nickname: '  Sam  ' });
    const calls = open.graphqlCalls.length;

    const reply = await post(open, draft);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(parse(reply)).toEqual({ ok: true });
    expect(open.graphqlCalls.slice(calls)).toEqual([{ authorization: null }]);

    const [review] = stored(open, draft.summary);
    expect(review).toMatchObject({ status_id: 2, customer_id: null, nickname: 'Sam', detail: draft.text });
    expect(await shownReviews(open, sku)).toEqual({ count: 0, summaries: [] });

    // A merchant approves it: then, and only then, the product shows it.
    open.backend.db.run('UPDATE review SET status_id = 1 WHERE review_id = ?', review?.review_id ?? 0);
    expect(await shownReviews(open, sku)).toEqual({ count: 1, summaries: [draft.summary] });
  });

  it('from a customer is theirs, where guests may not write', async () => {
    const { session, id } = await newSession(guestsRefused);
    const draft = await draftFor(guestsRefused, productOf(guestsRefused));
    const reply = await post(guestsRefused, draft, session);
    expect(reply.status).toBe(200);
    expect(stored(guestsRefused, draft.summary)).toMatchObject([{ status_id: 2, customer_id: id }]);
  });

  it('from a guest where only customers may write: 401 with Magento’s words, nothing saved', async () => {
    const draft = await draftFor(guestsRefused, productOf(guestsRefused));
    const reply = await post(guestsRefused, draft);
    expect(reply.status).toBe(401);
    expect(parse(reply).message).toBe(GUEST_REFUSED);
    expect(reply.headers['set-cookie']).toBeUndefined();
    expect(stored(guestsRefused, draft.summary)).toEqual([]);
  });

  it('with a session Magento no longer accepts, where only customers may write: the session ends', async () => {
    const draft = await draftFor(guestsRefused, productOf(guestsRefused));
    const reply = await post(guestsRefused, draft, `${SESSION_COOKIE}=revoked-or-made-up-token`);
    expect(reply.status).toBe(401);
    expect(parse(reply).message).toBe(t.sessionEnded);
    expect(reply.headers['set-cookie']?.join()).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
  });

  it('while reviews are off: 403 with Magento’s words', async () => {
    const draft = await draftFor(reviewsOff, productOf(reviewsOff));
    const reply = await post(reviewsOff, draft);
    expect(reply.status).toBe(403);
    expect(parse(reply).message).toBe(REVIEWS_OFF);
  });

  it('for a product Magento does not have: 422 with Magento’s words', async () => {
    const reply = await post(open, await draftFor(open, 'NO-SUCH-SKU'));
    expect(reply.status).toBe(422);
    expect(parse(reply).message).toBe('Could not find a product with SKU "NO-SUCH-SKU"');
  });

  it.each([
    [
      'a rating left out',
      (d: ReviewDraft) => ({ ...d, ratings: d.ratings.slice(1) }),
      t.chooseRating('Quality'),
    ],
    ['an empty nickname', (d: ReviewDraft) => ({ ...d, nickname: ' ' }), 'Please enter a nickname.'],
    ['an empty summary', (d: ReviewDraft) => ({ ...d, summary: '' }), 'Please enter a review summary.'],
    ['an empty review', (d: ReviewDraft) => ({ ...d, text: '\n' }), 'Please enter a review.'],
    [
      'a summary longer than Magento keeps',
      (d: ReviewDraft) => ({ ...d, summary: 'x'.repeat(256) }),
      'Please shorten this to 255 characters or fewer (it has 256).',
    ],
    [
      'a value of another rating',
      (d: ReviewDraft) => ({
        ...d,
        ratings: d.ratings.map((choice, at) =>
          at === 0 ? { ...choice, value_id: d.ratings[1]?.value_id ?? '' } : choice,
        ),
      }),
      t.chooseRating('Quality'),
    ],
    [
      'a rating the store does not have',
      (d: ReviewDraft) => ({ ...d, ratings: [...d.ratings, { id: btoa('99'), value_id: btoa('99') }] }),
      t.badBody,
    ],
    ['no ratings at all', (d: ReviewDraft) => ({ ...d, ratings: undefined }), t.badBody],
  ])('with %s: 400 saying what to change, nothing sent to Magento', async (_name, change, message) => {
    const draft = await draftFor(open, productOf(open));
    const calls = open.graphqlCalls.length;
    const reply = await post(open, change(draft));
    expect(reply.status).toBe(400);
    expect(parse(reply).message).toBe(message);
    expect(open.graphqlCalls.length).toBe(calls);
    expect(stored(open, draft.summary)).toEqual([]);
  });

  it('from another site, or not as JSON, is refused', async () => {
    const draft = await draftFor(open, productOf(open));
    expect((await post(open, draft, '', { Origin: 'https://elsewhere.example' })).status).toBe(403);
    const form = await raw(open.server.url, '/reviews', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE },
      body: 'sku=x',
    });
    expect(form.status).toBe(415);
    expect((await raw(open.server.url, '/reviews', { headers: { Origin: SITE } })).status).toBe(405);
  });

  it('from one guest many times: after the limit, 429 with the wait; a customer is not held up', async () => {
    for (let n = 0; n < 2; n++) {
      const reply = await post(throttled, await draftFor(throttled, productOf(throttled)));
      expect(reply.status).toBe(200);
    }
    const draft = await draftFor(throttled, productOf(throttled));
    const held = await post(throttled, draft);
    expect(held.status).toBe(429);
    expect(parse(held).message).toMatch(
      /^You have sent several reviews in a short time\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(stored(throttled, draft.summary)).toEqual([]);

    const { session } = await newSession(throttled);
    expect((await post(throttled, draft, session)).status).toBe(200);
  });
});

describe('with Magento down', () => {
  let down: { site: FakeSite; server: RunningStorefront };
  beforeAll(async () => {
    const site = makeFakeSite();
    const server = await startFakeSite(site, {
      siteUrl: SITE,
      routes: [
        createReviewRoutes({ magento: { baseUrl: DOWN, attempts: 1, timeoutMs: 2_000 }, siteUrl: SITE }),
      ],
    });
    down = { site, server };
  });
  afterAll(async () => {
    await down.server.close();
    rmSync(down.site.root, { recursive: true, force: true });
  });

  it('the form says it cannot be shown, and a review that it cannot be sent: never a blank', async () => {
    const form = await raw(down.server.url, '/reviews/form');
    expect(form.status).toBe(503);
    expect(parse(form).message).toBe(t.formUnavailable);

    const sent = await raw(down.server.url, '/reviews', {
      method: 'POST',
      ...json({ sku: 'HG-PW-1', nickname: 'Sam', summary: 'Good', text: 'Good.', ratings: [] }),
    });
    expect(sent.status).toBe(503);
    expect(parse(sent).message).toBe(t.sendUnavailable);
  });
});
