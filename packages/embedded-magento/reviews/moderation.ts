/**
 * Moderating reviews, the embedded back end's own stand-in for Magento's admin grid (Marketing > All
 * Reviews / Pending Reviews, ACL `Magento_Review::reviews_all`), which has no web API in Open Source 2.4:
 * the list newest first, by status or product, and a review's status changed. A status is a word here,
 * Magento's status id and label beside it: approved (1, Approved), pending (2, Pending), rejected
 * (3, Not Approved).
 */
import { z } from 'zod';
import { countRow, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import {
  findReview,
  REVIEW_STATUS,
  reviewRow,
  reviewVotes,
  setReviewStatus,
  type ReviewStatusId,
  type ReviewVote,
} from './reviews.ts';

export const STATUS_WORDS = ['approved', 'pending', 'rejected'] as const;
export type StatusWord = (typeof STATUS_WORDS)[number];

const STATUS_IDS: Readonly<Record<StatusWord, ReviewStatusId>> = {
  approved: REVIEW_STATUS.approved,
  pending: REVIEW_STATUS.pending,
  rejected: REVIEW_STATUS.notApproved,
};

const STATUS_LABELS: Readonly<Record<number, string>> = { 1: 'Approved', 2: 'Pending', 3: 'Not Approved' };

const wordOf = (statusId: number): StatusWord =>
  STATUS_WORDS.find((word) => STATUS_IDS[word] === statusId) ?? 'pending';

/** A status word as sent, or Magento's "Invalid value" refusal naming the field. */
export function statusWord(value: string, fieldName = 'status'): StatusWord {
  const word = STATUS_WORDS.find((candidate) => candidate === value);
  if (!word) throw errors.invalidFieldValue(fieldName, value);
  return word;
}

const listedRow = reviewRow.extend({ sku: z.string(), product_name: z.string() });
type ListedRow = z.output<typeof listedRow>;

/** A review as the moderation route shows it, with its votes. */
function moderationView(row: ListedRow, ratings: readonly ReviewVote[]) {
  return {
    id: row.review_id,
    status: wordOf(row.status_id),
    status_id: row.status_id,
    status_label: STATUS_LABELS[row.status_id] ?? '',
    product_id: row.entity_pk_value,
    sku: row.sku,
    product_name: row.product_name,
    customer_id: row.customer_id,
    nickname: row.nickname,
    summary: row.title,
    text: row.detail,
    created_at: row.created_at,
    ratings: ratings.map((vote) => ({ name: vote.ratingCode, value: vote.value })),
  };
}

export interface ReviewListQuery {
  readonly status?: StatusWord;
  readonly sku?: string;
  readonly pageSize: number;
  readonly currentPage: number;
}

const LISTED_COLUMNS = 'r.*, p.sku AS sku, p.name AS product_name';

/** One page of reviews newest first, with the number of reviews the filters keep. */
export function listReviews(db: Database, query: ReviewListQuery) {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (query.status) {
    where.push('r.status_id = ?');
    params.push(STATUS_IDS[query.status]);
  }
  if (query.sku !== undefined) {
    where.push('p.sku = ?');
    params.push(query.sku);
  }
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const from = `FROM review r JOIN products p ON p.id = r.entity_pk_value ${filter}`;
  const total = db.get(countRow, `SELECT COUNT(*) AS n ${from}`, ...params)?.n ?? 0;
  const rows = db.all(
    listedRow,
    `SELECT ${LISTED_COLUMNS} ${from} ORDER BY r.created_at DESC, r.review_id DESC LIMIT ? OFFSET ?`,
    ...params,
    query.pageSize,
    (query.currentPage - 1) * query.pageSize,
  );
  const votes = reviewVotes(
    db,
    rows.map((row) => row.review_id),
  );
  return {
    items: rows.map((row) => moderationView(row, votes.get(row.review_id) ?? [])),
    total_count: total,
    page_size: query.pageSize,
    current_page: query.currentPage,
  };
}

/** Sets a review's status; returns it as listed, with the sku of the product whose page changes. */
export function moderateReview(db: Database, reviewId: number, status: StatusWord) {
  return db.transaction(() => {
    const review = findReview(db, reviewId);
    if (!review) throw errors.noSuchEntity('id', reviewId);
    setReviewStatus(db, reviewId, STATUS_IDS[status]);
    const row = db.get(
      listedRow,
      `SELECT ${LISTED_COLUMNS} FROM review r JOIN products p ON p.id = r.entity_pk_value WHERE r.review_id = ?`,
      reviewId,
    );
    if (!row) throw errors.noSuchEntity('id', reviewId);
    return moderationView(row, reviewVotes(db, [reviewId]).get(reviewId) ?? []);
  });
}
