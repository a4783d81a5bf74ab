/**
 * The review fields of one GraphQL request, read a batch at a time: whatever number of products a
 * `products` page holds, `review_count` and `rating_summary` cost one query together, `reviews(...)` one
 * query per page size and number asked for, and the votes of every review shown one more.
 */
import type { Database } from '../db.ts';
import { BatchLoader } from '../graphql/loader.ts';
import {
  approvedReviewPages,
  approvedSummaries,
  NO_REVIEWS,
  reviewVotes,
  type ReviewRow,
  type ReviewSummary,
  type ReviewVote,
} from './reviews.ts';

export interface ReviewLoaders {
  /** By product id: its review count and rating summary. */
  readonly summaries: BatchLoader<number, ReviewSummary>;
  /** By product id: one page of its approved reviews, newest first. */
  page(pageSize: number, currentPage: number): BatchLoader<number, readonly ReviewRow[]>;
  /** By review id: its votes for the store view's ratings. */
  readonly votes: BatchLoader<number, readonly ReviewVote[]>;
}

export function createReviewLoaders(db: Database): ReviewLoaders {
  const pages = new Map<string, BatchLoader<number, readonly ReviewRow[]>>();
  return {
    summaries: new BatchLoader((ids) => approvedSummaries(db, ids), NO_REVIEWS),
    page(pageSize, currentPage) {
      const key = `${String(pageSize)}/${String(currentPage)}`;
      const known = pages.get(key);
      if (known) return known;
      const loader = new BatchLoader<number, readonly ReviewRow[]>(
        (ids) => approvedReviewPages(db, ids, pageSize, currentPage),
        [],
      );
      pages.set(key, loader);
      return loader;
    },
    votes: new BatchLoader<number, readonly ReviewVote[]>((ids) => reviewVotes(db, ids), []),
  };
}
