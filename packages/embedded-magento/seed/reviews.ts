/**
 * Demo reviews: about a third of the products that have a page (enabled, visible) get some, most a few
 * (1–6), some many (7–15, and 25–40 for a few), written over the two years before the seed (never before the
 * product was created), rated mostly 4 and 5 with honest 1–3s, worded for the product's kind
 * (`data/reviews.ts`) and signed with varied nicknames. Each product's reviews come from its own stream
 * (`seedFor` its sku), so the same catalogue always gets the same reviews, at the same distances from the
 * seed's day. A few more are pending (just in) and a very few rejected (not reviews at all), for the
 * moderation route to show.
 *
 * Reviews are generated from the products in the database, so an older database gets them on its next start
 * (`ensureDemoReviews`, once), and written with multi-row inserts, so seeding 100,000 products stays
 * quick.
 */
import { z } from 'zod';
import { countRow, magentoDate, sqlNumber, type Database } from '../db.ts';
import { ensureRatings, STORE_ID } from '../reviews/ratings.ts';
import { REVIEW_STATUS, type ReviewStatusId } from '../reviews/reviews.ts';
import { SUB_CATEGORY_DEFS } from './data/categories.ts';
import {
  CLOSERS,
  CONTEXTS,
  FAMILY_REVIEWS,
  FIRST_IMPRESSIONS,
  FIRST_NAMES,
  HANDLES,
  NOT_REVIEWS,
  OPENERS,
  ROLES,
  SUMMARIES,
  TOWNS,
} from './data/reviews.ts';
import type { Audience, FamilyName } from './data/shape.ts';
import type { SeedCatalogue } from './types.ts';
import { insertRows, withoutIndexes } from './bulk.ts';
import { createRandom, seedFor, type Random } from './random.ts';

/** The reviews' own seed: the same for every catalogue, whose skus then decide everything. */
const REVIEW_SEED = 2024;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back the reviews go. */
const REVIEW_DAYS = 730;
const SHARE_REVIEWED = 1 / 3;
/** Ratings 1 Quality, 2 Value, 3 Price (`../reviews/ratings.ts`). */
const RATING_IDS = [1, 2, 3] as const;

/** A product with a page, as the reviews need it. */
export interface ReviewedProduct {
  readonly id: number;
  readonly sku: string;
  /** `YYYY-MM-DD HH:MM:SS` UTC. */
  readonly createdAt: string;
  readonly family: FamilyName;
  readonly audience: Audience;
  /** The product's kind in lower case, e.g. `pressure washer`. */
  readonly kind: string;
}

export interface SeedReview {
  readonly productId: number;
  readonly createdAt: string;
  readonly statusId: ReviewStatusId;
  readonly nickname: string;
  readonly title: string;
  readonly detail: string;
  /** [rating id, stars] in the order given. */
  readonly votes: readonly (readonly [number, number])[];
}

type Mood = 'great' | 'good' | 'mixed' | 'poor';
type Tone = keyof typeof OPENERS;

/** How likely each product mood is, and the stars (5 to 1) its reviewers give. */
const MOODS: readonly (readonly [Mood, number])[] = [
  ['great', 0.68],
  ['good', 0.2],
  ['mixed', 0.09],
  ['poor', 0.03],
];
const STARS: Readonly<Record<Mood, readonly number[]>> = {
  great: [0.62, 0.28, 0.06, 0.02, 0.02],
  good: [0.3, 0.45, 0.15, 0.06, 0.04],
  mixed: [0.12, 0.25, 0.33, 0.18, 0.12],
  poor: [0.05, 0.1, 0.2, 0.3, 0.35],
};
/** Reviews of a product with few: 1 to 6, fewer more likely. */
const FEW = [0.3, 0.22, 0.18, 0.12, 0.1, 0.08];

/** The index drawn from a list of weights adding up to 1. */
function weighted(r: Random, weights: readonly number[]): number {
  let u = r.next();
  for (const [index, weight] of weights.entries()) {
    if (u < weight) return index;
    u -= weight;
  }
  return weights.length - 1;
}

const toneOf = (stars: number): Tone =>
  stars === 5 ? 'praise' : stars === 4 ? 'good' : stars === 3 ? 'mixed' : 'poor';

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);
const sentences = (parts: readonly string[], kind: string): string =>
  parts.filter(Boolean).join(' ').replaceAll('{kind}', kind);

function nickname(r: Random, audience: Audience): string {
  const first = r.pick(FIRST_NAMES);
  const initial = () => `${first} ${String.fromCharCode(65 + r.int(0, 25))}.`;
  if (audience === 'P') {
    const form = r.int(0, 2);
    return form === 0 ? `${first}, ${r.pick(ROLES)}` : form === 1 ? initial() : `${first} (${r.pick(TOWNS)})`;
  }
  const form = r.int(0, 4);
  if (form === 0) return first;
  if (form === 1) return `${first} from ${r.pick(TOWNS)}`;
  if (form === 2) return initial();
  return form === 3 ? r.pick(HANDLES) : `${first}, ${r.pick(TOWNS)}`;
}

/** A review's title and text for its stars, worded for the product's family. */
function words(r: Random, product: ReviewedProduct, stars: number): { title: string; detail: string } {
  const tone = toneOf(stars);
  const family = FAMILY_REVIEWS[product.family];
  const context = r.chance(0.45) ? r.pick(CONTEXTS[product.audience]) : '';
  const body: readonly string[] =
    tone === 'praise'
      ? [...r.sample(family.praise, 2), context]
      : tone === 'good'
        ? [
            ...r.sample(family.praise, r.int(1, 2)),
            r.chance(0.35) ? `My only gripe: ${lowerFirst(r.pick(family.complaints))}` : '',
            context,
          ]
        : tone === 'mixed'
          ? [r.pick(family.praise), `On the other hand, ${lowerFirst(r.pick(family.complaints))}`, context]
          : r.sample(family.complaints, 2);
  const titles =
    tone === 'praise' || tone === 'good' ? family.good : tone === 'poor' ? family.bad : SUMMARIES.mixed;
  return {
    title: r.chance(0.6) ? r.pick(titles) : r.pick(SUMMARIES[tone]),
    detail: sentences([r.pick(OPENERS[tone]), ...body, r.pick(CLOSERS[tone])], product.kind),
  };
}

/** Each rating within a star of the review's overall stars, between 1 and 5. */
const votesFor = (r: Random, stars: number) =>
  RATING_IDS.map((ratingId) => {
    const u = r.next();
    const value = Math.min(5, Math.max(1, stars + (u < 0.15 ? -1 : u < 0.85 ? 0 : 1)));
    return [ratingId, value] as const;
  });

const pad = (value: number): string => String(value).padStart(2, '0');
/** `YYYY-MM-DD` of a day number (days since 1970), cached: many reviews share a day. */
const dayText = new Map<number, string>();
const dayOf = (day: number): string => {
  let text = dayText.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayText.set(day, text);
  }
  return text;
};

/** A moment between `from` and `to` (ms), in daytime hours, as Magento's date (UTC). */
function moment(r: Random, from: number, to: number): string {
  const day = Math.floor(from / DAY_MS) + r.int(0, Math.max(0, Math.floor((to - from) / DAY_MS) - 1));
  const second = r.int(7 * 3600, 22 * 3600);
  return `${dayOf(day)} ${pad(Math.floor(second / 3600))}:${pad(Math.floor(second / 60) % 60)}:${pad(second % 60)}`;
}

/** The reviews of one product: none for two products in three. */
export function productReviews(product: ReviewedProduct, now: Date): SeedReview[] {
  const r = createRandom(seedFor(REVIEW_SEED, product.sku));
  if (!r.chance(SHARE_REVIEWED)) return [];
  const bucket = r.next();
  const count = bucket < 0.06 ? r.int(25, 40) : bucket < 0.16 ? r.int(7, 15) : 1 + weighted(r, FEW);
  const mood =
    MOODS[
      weighted(
        r,
        MOODS.map(([, share]) => share),
      )
    ]?.[0] ?? 'great';
  const end = now.getTime() - DAY_MS;
  const created = Date.parse(`${product.createdAt.replace(' ', 'T')}Z`);
  const start = Math.max(end - REVIEW_DAYS * DAY_MS, Number.isNaN(created) ? 0 : created);
  const from = start < end ? start : end - 30 * DAY_MS;
  const reviews: SeedReview[] = [];
  for (let index = 0; index < count; index++) {
    const stars = 5 - weighted(r, STARS[mood]);
    reviews.push({
      productId: product.id,
      createdAt: moment(r, from, end),
      statusId: REVIEW_STATUS.approved,
      nickname: nickname(r, product.audience),
      ...words(r, product, stars),
      votes: votesFor(r, stars),
    });
  }
  if (r.chance(0.05)) {
    const stars = 5 - weighted(r, STARS[mood]);
    reviews.push({
      productId: product.id,
      createdAt: moment(r, now.getTime() - 6 * DAY_MS, now.getTime()),
      statusId: REVIEW_STATUS.pending,
      nickname: nickname(r, product.audience),
      ...(r.chance(0.5)
        ? { title: r.pick(SUMMARIES.good), detail: r.pick(FIRST_IMPRESSIONS) }
        : words(r, product, stars)),
      votes: votesFor(r, stars),
    });
  }
  if (r.chance(0.01)) {
    const noise = r.pick(NOT_REVIEWS);
    reviews.push({
      productId: product.id,
      createdAt: moment(r, from, end),
      statusId: REVIEW_STATUS.notApproved,
      nickname: r.pick(FIRST_NAMES),
      title: noise.summary,
      detail: noise.text,
      votes: votesFor(r, 5),
    });
  }
  return reviews;
}

const SUB_CATEGORY = new Map(SUB_CATEGORY_DEFS.map((def) => [def.id, def]));

/** Enabled and visible: the products the storefront gives a page. */
const hasPage = (status: number, visibility: number): boolean => status === 1 && visibility !== 1;

/** What the reviews need of a product: its family, audience and kind by its lowest sub-category. */
function reviewedProduct(id: number, sku: string, createdAt: string, categoryIds: readonly number[]) {
  const subCategory = Math.min(...categoryIds.filter((categoryId) => SUB_CATEGORY.has(categoryId)));
  const def = SUB_CATEGORY.get(subCategory);
  return {
    id,
    sku,
    createdAt,
    family: def?.family ?? 'accessory',
    audience: def?.audience ?? 'HG',
    kind: (def?.kind ?? 'product').toLowerCase(),
  } satisfies ReviewedProduct;
}

/** The products of a catalogue just written (its ids by sku) that have a page. */
export function catalogueProducts(
  catalogue: SeedCatalogue,
  ids: ReadonlyMap<string, number>,
): ReviewedProduct[] {
  return catalogue.products.flatMap((product) => {
    const id = ids.get(product.sku);
    return id !== undefined && hasPage(product.status, product.visibility)
      ? [reviewedProduct(id, product.sku, product.createdAt, product.categoryIds)]
      : [];
  });
}

const productRow = z.object({
  id: sqlNumber,
  sku: z.string(),
  created_at: z.string(),
  visibility: sqlNumber,
});
const categoryRow = z.object({ product_id: sqlNumber, category_id: sqlNumber });

/** The products in the database that have a page (an older database's, whatever its catalogue). */
function databaseProducts(db: Database): ReviewedProduct[] {
  const categories = new Map<number, number[]>();
  for (const row of db.all(categoryRow, 'SELECT product_id, category_id FROM category_products')) {
    const list = categories.get(row.product_id);
    if (list) list.push(row.category_id);
    else categories.set(row.product_id, [row.category_id]);
  }
  return db
    .all(productRow, 'SELECT id, sku, created_at, visibility FROM products WHERE status = 1 ORDER BY id')
    .filter((row) => hasPage(1, row.visibility))
    .map((row) => reviewedProduct(row.id, row.sku, row.created_at, categories.get(row.id) ?? []));
}

const optionRow = z.object({ option_id: sqlNumber, rating_id: sqlNumber, value: sqlNumber });

function writeReviews(db: Database, reviews: readonly SeedReview[]): void {
  const options = new Map(
    db
      .all(optionRow, 'SELECT option_id, rating_id, value FROM rating_option')
      .map((option) => [`${String(option.rating_id)}/${String(option.value)}`, option.option_id]),
  );
  const optionId = (ratingId: number, value: number): number => {
    const id = options.get(`${String(ratingId)}/${String(value)}`);
    if (id === undefined) throw new Error(`rating ${String(ratingId)} has no option ${String(value)}`);
    return id;
  };
  const first = (db.get(countRow, 'SELECT COALESCE(MAX(review_id), 0) AS n FROM review')?.n ?? 0) + 1;
  withoutIndexes(db, ['review', 'rating_option_vote'], () => {
    insertRows(
      db,
      'review',
      ['review_id', 'created_at', 'entity_pk_value', 'status_id', 'store_id', 'title', 'detail', 'nickname'],
      reviews.map((review, index) => [
        first + index,
        review.createdAt,
        review.productId,
        review.statusId,
        STORE_ID,
        review.title,
        review.detail,
        review.nickname,
      ]),
    );
    insertRows(
      db,
      'rating_option_vote',
      ['option_id', 'review_id', 'rating_id', 'entity_pk_value', 'percent', 'value'],
      reviews.flatMap((review, index) =>
        review.votes.map(([ratingId, value]) => [
          optionId(ratingId, value),
          first + index,
          ratingId,
          review.productId,
          (value / 5) * 100,
          value,
        ]),
      ),
    );
  });
}

export interface DemoReviewCounts {
  readonly products: number;
  readonly reviews: number;
  readonly pending: number;
  readonly rejected: number;
}

/** Writes the demo reviews of these products, dated back from `now`, and notes that the database has them. */
export function writeDemoReviews(
  db: Database,
  products: readonly ReviewedProduct[],
  now: Date,
): DemoReviewCounts {
  return db.transaction(() => {
    ensureRatings(db);
    const reviews = products.flatMap((product) => productReviews(product, now));
    writeReviews(db, reviews);
    db.setMeta('demo_reviews_at', magentoDate(now));
    return {
      products: new Set(reviews.map((review) => review.productId)).size,
      reviews: reviews.length,
      pending: reviews.filter((review) => review.statusId === REVIEW_STATUS.pending).length,
      rejected: reviews.filter((review) => review.statusId === REVIEW_STATUS.notApproved).length,
    };
  });
}

/**
 * The ratings and, once per database, the demo reviews of its products (a database seeded before reviews
 * existed gets them on its next start); undefined when it already had them.
 */
export function ensureDemoReviews(db: Database, now: Date): DemoReviewCounts | undefined {
  return db.transaction(() => {
    ensureRatings(db);
    return db.meta('demo_reviews_at') === undefined
      ? writeDemoReviews(db, databaseProducts(db), now)
      : undefined;
  });
}
