/**
 * The ratings a review is given (Quality, Value, Price) and their options 1 to 5: Magento's own rows
 * (Review/Setup/Patch/Data/InitReviewStatusesAndData.php: rating ids 1-3, option ids 1-15, option codes and
 * values "1"-"5", positions 1-5), with what a stock install lacks to show them. There the three ratings are
 * active but assigned to no store view (no `rating_store` row, position 0), so a storefront lists none and
 * every review is text only; the demo shop assigns them to the default store view in the order Quality,
 * Value, Price, as a merchant does under Stores > Rating.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';

/** The default store view (`store_id` 1), the one every GraphQL request is answered for. */
export const STORE_ID = 1;

const DEMO_RATINGS = [
  { id: 1, code: 'Quality', position: 1 },
  { id: 2, code: 'Value', position: 2 },
  { id: 3, code: 'Price', position: 3 },
] as const;

/** The option id of a rating's value: 5 options per rating, numbered on from rating 1's (Magento's ids). */
export const optionIdOf = (ratingId: number, value: number): number => (ratingId - 1) * 5 + value;

/** The demo's ratings, their options and their store view, when the database has none yet. */
export function ensureRatings(db: Database): void {
  for (const rating of DEMO_RATINGS) {
    const created = db.run(
      'INSERT INTO rating (rating_id, rating_code, position, is_active) VALUES (?, ?, ?, 1) ON CONFLICT DO NOTHING',
      rating.id,
      rating.code,
      rating.position,
    ).changes;
    if (created === 0) continue;
    for (let value = 1; value <= 5; value++) {
      db.run(
        'INSERT INTO rating_option (option_id, rating_id, code, value, position) VALUES (?, ?, ?, ?, ?)',
        optionIdOf(rating.id, value),
        rating.id,
        String(value),
        value,
        value,
      );
    }
    db.run('INSERT INTO rating_store (rating_id, store_id) VALUES (?, ?)', rating.id, STORE_ID);
  }
}

export interface RatingOption {
  readonly optionId: number;
  readonly value: number;
}

export interface Rating {
  readonly ratingId: number;
  readonly code: string;
  readonly options: readonly RatingOption[];
}

const ratingRow = z.object({ rating_id: sqlNumber, rating_code: z.string() });
const optionRow = z.object({ option_id: sqlNumber, rating_id: sqlNumber, value: sqlNumber });

/**
 * The ratings a store view's review form offers, as `ProductReviewRatingsMetadata` reads them
 * (Rating\Collection `addEntityFilter('product')->setStoreFilter()->setActiveFilter(true)
 * ->setPositionOrder()->addOptionToItems()`): active ones assigned to the store, by position, each with its
 * options by position (ties by id, as MySQL returns them by primary key).
 */
export function storeRatings(db: Database, storeId: number): Rating[] {
  const ratings = db.all(
    ratingRow,
    `SELECT r.rating_id, r.rating_code FROM rating r JOIN rating_store s ON s.rating_id = r.rating_id AND s.store_id = ?
     WHERE r.is_active = 1 ORDER BY r.position, r.rating_id`,
    storeId,
  );
  const options = db.all(
    optionRow,
    'SELECT option_id, rating_id, value FROM rating_option ORDER BY rating_id, position, option_id',
  );
  return ratings.map((rating) => ({
    ratingId: rating.rating_id,
    code: rating.rating_code,
    options: options
      .filter((option) => option.rating_id === rating.rating_id)
      .map((option) => ({ optionId: option.option_id, value: option.value })),
  }));
}

/** One option (`Rating\Option::loadDataById`), or undefined for an id no option has. */
export const findOption = (db: Database, optionId: number) =>
  db.get(optionRow, 'SELECT option_id, rating_id, value FROM rating_option WHERE option_id = ?', optionId);

export const ratingExists = (db: Database, ratingId: number): boolean =>
  db.get(ratingRow, 'SELECT rating_id, rating_code FROM rating WHERE rating_id = ?', ratingId) !== undefined;
