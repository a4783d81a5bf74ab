/** Magento_Review's tables: ratings, their options and store views, reviews and the votes they carry; created by the back end's database (db.ts) with every other module's. */
export const TABLES = `
-- Magento_Review's ratings (Review/etc/db_schema.xml, data patch InitReviewStatusesAndData): a stock
-- install has Quality, Value and Price (ids 1-3) with options 1-5 each (ids 1-15), all product ratings
-- (rating_entity is left out), is_active 1 but in no store view's rating_store, so no storefront shows
-- them. rating_title (per-store labels) is left out: the rating code is its label.
CREATE TABLE IF NOT EXISTS rating (
  rating_id INTEGER PRIMARY KEY,
  rating_code TEXT NOT NULL UNIQUE,
  position INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS rating_option (
  option_id INTEGER PRIMARY KEY,
  rating_id INTEGER NOT NULL REFERENCES rating (rating_id) ON DELETE CASCADE,
  code TEXT NOT NULL,
  value INTEGER NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS rating_option_rating ON rating_option (rating_id, position);
CREATE TABLE IF NOT EXISTS rating_store (
  rating_id INTEGER NOT NULL REFERENCES rating (rating_id) ON DELETE CASCADE,
  store_id INTEGER NOT NULL,
  PRIMARY KEY (rating_id, store_id)
);
-- Magento's review with its one review_detail row (title, detail, nickname, customer_id, store_id);
-- review_store is left out: every review is written in, and shown in, the default store view. A review
-- goes with its product (Review's product-delete observer) and keeps its text when its customer goes
-- (review_detail's SET NULL key). created_at is YYYY-MM-DD HH:MM:SS UTC (the resource model's gmtDate()).
CREATE TABLE IF NOT EXISTS review (
  review_id INTEGER PRIMARY KEY,
  created_at TEXT NOT NULL,
  entity_pk_value INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  -- 1 Approved, 2 Pending, 3 Not Approved (Review::STATUS_*).
  status_id INTEGER NOT NULL,
  store_id INTEGER NOT NULL DEFAULT 1,
  title TEXT NOT NULL,
  detail TEXT NOT NULL,
  nickname TEXT NOT NULL,
  customer_id INTEGER REFERENCES customers (id) ON DELETE SET NULL
);
-- A product's approved reviews newest first, and their count, straight from the index.
CREATE INDEX IF NOT EXISTS review_product ON review (entity_pk_value, status_id, created_at, review_id);
CREATE INDEX IF NOT EXISTS review_status ON review (status_id, created_at);
CREATE INDEX IF NOT EXISTS review_customer ON review (customer_id);
-- rating_option_vote: one rating of one review, with the option's value and percent (value / 5 * 100,
-- addVote() of Review/Model/ResourceModel/Rating/Option.php) copied in, as Magento does. rating_id is the rating the vote was given for,
-- which Magento never checks against the option's own.
CREATE TABLE IF NOT EXISTS rating_option_vote (
  vote_id INTEGER PRIMARY KEY,
  option_id INTEGER NOT NULL REFERENCES rating_option (option_id) ON DELETE CASCADE,
  review_id INTEGER NOT NULL REFERENCES review (review_id) ON DELETE CASCADE,
  rating_id INTEGER NOT NULL,
  entity_pk_value INTEGER NOT NULL,
  percent INTEGER NOT NULL,
  value INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS rating_option_vote_review ON rating_option_vote (review_id, rating_id, value, percent);
`;
