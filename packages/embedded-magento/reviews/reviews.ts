/**
 * Reviews and their votes in the database: writing one (a review, then a vote per rating), moderating
 * it, and the reads GraphQL and the moderation route make, each for many products or reviews at once.
 * What a shopper sees is computed from the approved rows when asked, as Magento's aggregates hold it after
 * every save and status change (`Review\Model\ResourceModel\Review::aggregate()`), so no summary table can
 * drift from the reviews.
 */
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { STORE_ID } from './ratings.ts';

/** `Review::STATUS_APPROVED`, `STATUS_PENDING`, `STATUS_NOT_APPROVED`. */
export const REVIEW_STATUS = { approved: 1, pending: 2, notApproved: 3 } as const;
export type ReviewStatusId = (typeof REVIEW_STATUS)[keyof typeof REVIEW_STATUS];

export const reviewRow = z.object({
  review_id: sqlNumber,
  created_at: z.string(),
  entity_pk_value: sqlNumber,
  status_id: sqlNumber,
  title: z.string(),
  detail: z.string(),
  nickname: z.string(),
  customer_id: sqlNumber.nullable(),
});
export type ReviewRow = z.output<typeof reviewRow>;

export interface NewReview {
  readonly productId: number;
  readonly customerId: number | null;
  readonly nickname: string;
  /** The summary (`title`). */
  readonly title: string;
  /** The text (`detail`). */
  readonly detail: string;
  readonly statusId: ReviewStatusId;
  readonly createdAt?: Date;
}

/** Inserts the review (`review` and its `review_detail`, in the default store view); returns its row. */
export function insertReview(db: Database, review: NewReview): ReviewRow {
  const createdAt = magentoDate(review.createdAt);
  const id = db.run(
    `INSERT INTO review (created_at, entity_pk_value, status_id, store_id, title, detail, nickname, customer_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    createdAt,
    review.productId,
    review.statusId,
    STORE_ID,
    review.title,
    review.detail,
    review.nickname,
    review.customerId,
  ).lastInsertRowid;
  return {
    review_id: id,
    created_at: createdAt,
    entity_pk_value: review.productId,
    status_id: review.statusId,
    title: review.title,
    detail: review.detail,
    nickname: review.nickname,
    customer_id: review.customerId,
  };
}

/**
 * `Rating\Option::addVote` (ResourceModel/Rating/Option.php): the vote keeps the rating it was given for,
 * and the option's value and percent (`value / 5 * 100`).
 */
export function insertVote(
  db: Database,
  vote: { reviewId: number; productId: number; ratingId: number; optionId: number; value: number },
): void {
  db.run(
    `INSERT INTO rating_option_vote (option_id, review_id, rating_id, entity_pk_value, percent, value)
     VALUES (?, ?, ?, ?, ?, ?)`,
    vote.optionId,
    vote.reviewId,
    vote.ratingId,
    vote.productId,
    (vote.value / 5) * 100,
    vote.value,
  );
}

/** Moves a review to another status; false when no review has that id. */
export const setReviewStatus = (db: Database, reviewId: number, statusId: ReviewStatusId): boolean =>
  db.run('UPDATE review SET status_id = ? WHERE review_id = ?', statusId, reviewId).changes > 0;

export const findReview = (db: Database, reviewId: number): ReviewRow | undefined =>
  db.get(reviewRow, 'SELECT * FROM review WHERE review_id = ?', reviewId);

/** Rows by key, each list in the rows' order. */
function groupBy<R, T>(rows: readonly R[], key: (row: R) => number, map: (row: R) => T): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const value = map(row);
    const group = groups.get(key(row));
    if (group) group.push(value);
    else groups.set(key(row), [value]);
  }
  return groups;
}

/** A JSON array for `IN (SELECT value FROM json_each(?))`: any number of ids in one bound parameter. */
const jsonList = (values: readonly (number | string)[]): string => JSON.stringify(values);

/** What a product shows of its approved reviews in the store view. */
export interface ReviewSummary {
  /** `review_count` (`Review::getTotalReviews($id, true, $storeId)`). */
  readonly reviewCount: number;
  /**
   * `rating_summary` (`review_entity_summary.rating_summary` as `aggregate()` writes it): the percents of
   * the approved reviews' votes for ratings assigned to the store view, averaged over the votes and rounded
   * to a whole number (PHP's round(), halves away from zero as SQLite's ROUND does); 0 without votes.
   */
  readonly ratingSummary: number;
}

export const NO_REVIEWS: ReviewSummary = { reviewCount: 0, ratingSummary: 0 };

const summaryRow = z.object({ product_id: sqlNumber, reviews: sqlNumber, rating_summary: sqlNumber });

/** The summaries of many products in one query; products without approved reviews are left out. */
export function approvedSummaries(db: Database, productIds: readonly number[]): Map<number, ReviewSummary> {
  const rows = db.all(
    summaryRow,
    // The votes are joined per review through their index; a join with rating_store inside the LEFT JOIN
    // made SQLite build every vote of the shop into a temporary table first (140 ms instead of 7 at 10,000).
    `SELECT r.entity_pk_value AS product_id, COUNT(DISTINCT r.review_id) AS reviews,
       COALESCE(ROUND(CAST(SUM(v.percent) AS REAL) / COUNT(v.vote_id)), 0) AS rating_summary
     FROM review r
     LEFT JOIN rating_option_vote v ON v.review_id = r.review_id
       AND v.rating_id IN (SELECT rating_id FROM rating_store WHERE store_id = ?)
     WHERE r.entity_pk_value IN (SELECT value FROM json_each(?)) AND r.status_id = ? AND r.store_id = ?
     GROUP BY r.entity_pk_value`,
    STORE_ID,
    jsonList(productIds),
    REVIEW_STATUS.approved,
    STORE_ID,
  );
  return new Map(
    rows.map((row) => [row.product_id, { reviewCount: row.reviews, ratingSummary: row.rating_summary }]),
  );
}

/**
 * One page of each product's approved reviews, newest first (`ProductReviewsDataProvider::getData`:
 * `addStatusFilter(APPROVED)->setPageSize()->setCurPage()->setDateOrder()`), in one query for all the
 * products. Like Magento's collection, a page past a product's last one is its last page again
 * (`Data\Collection::getCurPage()` clamps what `_renderLimit()` reads). Reviews of the same second come
 * newest id first (MySQL leaves that order open).
 */
export function approvedReviewPages(
  db: Database,
  productIds: readonly number[],
  pageSize: number,
  currentPage: number,
): Map<number, ReviewRow[]> {
  const rows = db.all(
    reviewRow,
    `SELECT * FROM (
       SELECT r.*, ROW_NUMBER() OVER newest AS place, COUNT(*) OVER (PARTITION BY r.entity_pk_value) AS total
       FROM review r
       WHERE r.entity_pk_value IN (SELECT value FROM json_each(?)) AND r.status_id = ? AND r.store_id = ?
       WINDOW newest AS (PARTITION BY r.entity_pk_value ORDER BY r.created_at DESC, r.review_id DESC)
     ) WHERE place > (MIN(?, (total + ? - 1) / ?) - 1) * ? AND place <= MIN(?, (total + ? - 1) / ?) * ?
     ORDER BY entity_pk_value, place`,
    jsonList(productIds),
    REVIEW_STATUS.approved,
    STORE_ID,
    currentPage,
    pageSize,
    pageSize,
    pageSize,
    currentPage,
    pageSize,
    pageSize,
    pageSize,
  );
  return groupBy(
    rows,
    (row) => row.entity_pk_value,
    (row) => row,
  );
}

/** One vote as a review shows it: its rating's name, its value and percent. */
export interface ReviewVote {
  readonly ratingCode: string;
  readonly value: number;
  readonly percent: number;
}

const voteRow = z.object({
  review_id: sqlNumber,
  rating_code: z.string(),
  value: sqlNumber,
  percent: sqlNumber,
});

/**
 * The votes of many reviews (`Rating\Option\Vote\Collection::setReviewFilter()->addRatingInfo()`): those
 * for ratings assigned to the store view, in the order they were given.
 */
export function reviewVotes(db: Database, reviewIds: readonly number[]): Map<number, ReviewVote[]> {
  const rows = db.all(
    voteRow,
    `SELECT v.review_id, r.rating_code, v.value, v.percent FROM rating_option_vote v
     JOIN rating r ON r.rating_id = v.rating_id
     JOIN rating_store s ON s.rating_id = v.rating_id AND s.store_id = ?
     WHERE v.review_id IN (SELECT value FROM json_each(?)) ORDER BY v.review_id, v.vote_id`,
    STORE_ID,
    jsonList(reviewIds),
  );
  return groupBy(
    rows,
    (row) => row.review_id,
    (row) => ({ ratingCode: row.rating_code, value: row.value, percent: row.percent }),
  );
}
